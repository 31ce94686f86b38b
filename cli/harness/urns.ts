/**
 * URNs as the engine forms them (sdk/go/common/resource/urn.go):
 * `urn:pulumi:<stack>::<project>::<qualified type>::<name>`, where a resource whose parent is not
 * the root stack has the parent's qualified type, then `$`, then its own type.
 */
export const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

export interface UrnParts {
  stack: string;
  project: string;
  /** The parent types and the resource's own, joined by `$`. */
  qualifiedType: string;
  name: string;
}

export function parseUrn(urn: string): UrnParts {
  const parts = urn.split("::");
  const [prefix, project, qualifiedType] = parts;
  if (!prefix?.startsWith("urn:pulumi:") || project === undefined || qualifiedType === undefined) {
    throw new Error(`"${urn}" is not a Pulumi URN`);
  }
  // A name may itself contain "::": it is everything after the type.
  return {
    stack: prefix.slice("urn:pulumi:".length),
    project,
    qualifiedType,
    name: parts.slice(3).join("::"),
  };
}

export function createUrn(
  stack: string,
  project: string,
  parentUrn: string | undefined,
  type: string,
  name: string,
): string {
  let qualified = type;
  if (parentUrn) {
    const parentType = parseUrn(parentUrn).qualifiedType;
    if (parentType !== ROOT_STACK_TYPE) qualified = `${parentType}$${type}`;
  }
  return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

/** The resource's own type: the last part of its qualified type. */
export function urnType(urn: string): string {
  const qualified = parseUrn(urn).qualifiedType;
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

/** An alias as the SDK sends it: an old URN, or the parts of the old identity that differ. */
export interface AliasSpec {
  urn?: string;
  name?: string;
  type?: string;
  stack?: string;
  project?: string;
  parentUrn?: string;
  noParent?: boolean;
}

export interface AliasContext {
  stack: string;
  project: string;
  /** New URN -> the old URN it was found under, for resources that matched an alias this run. */
  aliased: ReadonlyMap<string, string>;
}

function collapse(
  ctx: AliasContext,
  name: string,
  type: string,
  parentUrn: string | undefined,
  alias: AliasSpec,
): string {
  if (alias.urn) return alias.urn;
  let parent = alias.parentUrn || parentUrn;
  // A parent that was itself found under an alias had that old URN when this resource was made.
  if (alias.parentUrn) parent = ctx.aliased.get(alias.parentUrn) ?? alias.parentUrn;
  if (alias.noParent || (parent && parseUrn(parent).qualifiedType === ROOT_STACK_TYPE)) {
    parent = undefined;
  }
  return createUrn(
    alias.stack || ctx.stack,
    alias.project || ctx.project,
    parent,
    alias.type || type,
    alias.name || name,
  );
}

/**
 * A child's old URN when its parent was found under an alias. A child named after its parent
 * (`app-function` under `app`) is assumed to have been renamed with it, as the engine assumes.
 */
function inheritedAlias(
  ctx: AliasContext,
  childType: string,
  childName: string,
  parentName: string,
  parentAlias: string,
): string {
  const aliasName = childName.startsWith(parentName)
    ? parseUrn(parentAlias).name + childName.slice(parentName.length)
    : childName;
  return createUrn(ctx.stack, ctx.project, parentAlias, childType, aliasName);
}

/**
 * Every old URN the resource may have had, in the engine's order
 * (pkg/resource/deploy/step_generator.go, generateAliases): its own aliases, then those its
 * parent's alias implies.
 */
export function aliasUrns(
  ctx: AliasContext,
  name: string,
  type: string,
  parentUrn: string | undefined,
  aliases: readonly AliasSpec[],
): string[] {
  const result = new Set<string>();
  for (const alias of aliases) result.add(collapse(ctx, name, type, parentUrn, alias));
  const parentAlias = parentUrn ? ctx.aliased.get(parentUrn) : undefined;
  if (parentUrn && parentAlias) {
    const parentName = parseUrn(parentUrn).name;
    result.add(inheritedAlias(ctx, type, name, parentName, parentAlias));
    for (const alias of aliases) {
      const old = collapse(ctx, name, type, parentUrn, alias);
      result.add(inheritedAlias(ctx, urnType(old), parseUrn(old).name, parentName, parentAlias));
    }
  }
  return [...result];
}
