import type { GrantTarget } from "../lifecycle/facts";

/**
 * The rule against mixing the two forms of permissions on one object: a Space, Collection or Site
 * that declares `permissions` (authoritative) and a SpacePermission, CollectionPermission or
 * SitePermission (additive) on that same object. The authoritative list would remove the additive
 * grant at every `up` and the grant would add itself back, forever. Which grant is on which
 * object, and which type lists that object's grants, is each grant's definition's `grantTarget`.
 *
 * Both doors refuse a mix, with {@link mixingError}'s one wording; each sees it where it can:
 * - the program side (here): the target's id given as an Output of the object's own Resource
 *   (`space.id`, or anything derived from it with `apply`), in one program. Construction of the
 *   grant then throws, so the program fails at preview. An id given as a plain string cannot be
 *   traced back to a Resource here;
 * - the native plugin (provider/native/mixing.ts): the objects' and targets' ids, as the engine
 *   sends them to its one process.
 */

/** A grant resource as the rule reads it: its type and target (its definition). */
export interface GrantKind {
  type: string;
  grantTarget: GrantTarget | undefined;
}

/**
 * The one wording of a mix: the grant (`SpacePermission "extra"`), its target property, the
 * object's id where it is known, and the object declaring `permissions` (`Space "owned"`).
 */
export function mixingError(
  grant: { type: string; name: string; target: GrantTarget },
  targetId: string | undefined,
  owner: string,
): string {
  const { key, kind } = grant.target;
  return (
    `${grant.type} "${grant.name}": ${key}${targetId === undefined ? "" : ` ${targetId}`} is ${owner}'s, ` +
    `which declares permissions (authoritative): the two forms must not be mixed on one ${kind}. ` +
    `Move this grant into ${owner}'s permissions, or remove permissions from ${owner} and declare ` +
    `each grant as a ${grant.type}.`
  );
}

/** Each Resource that declares `permissions`, with how to name it in an error. */
const authoritative = new WeakMap<object, string>();

/** Records a Space, Collection or Site that declares `permissions`. */
export function recordPermissions(
  resource: object,
  type: string,
  name: string,
  permissions: unknown,
): void {
  if (permissions !== undefined) authoritative.set(resource, `${type} "${name}"`);
}

/**
 * The resources an Output depends on. `resources()` is present on every Output of
 * @pulumi/pulumi 3.x but not in its public type; a value that is no Output depends on none.
 */
function resourcesOf(value: unknown): Iterable<object> {
  if (typeof value !== "object" || value === null) return [];
  const resources = (value as { resources?: () => Iterable<object> }).resources;
  return typeof resources === "function" ? resources.call(value) : [];
}

/**
 * Throws when the grant `name` of `kind` targets, through its target argument in `args`, a
 * Resource that declares `permissions`: the error names both.
 */
export function refuseMixing(kind: GrantKind, name: string, args: object): void {
  const target = kind.grantTarget;
  if (target === undefined) throw new Error(`${kind.type} is no grant: it has no grantTarget`);
  const value = (args as Record<string, unknown>)[target.key];
  for (const resource of resourcesOf(value)) {
    const owner = authoritative.get(resource);
    if (owner === undefined) continue;
    throw new Error(mixingError({ type: kind.type, name, target }, undefined, owner));
  }
}
