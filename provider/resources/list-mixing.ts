import type { AdditiveTarget } from "../lifecycle/facts";

/**
 * The rule against mixing the two forms of one list on one object: a resource that lists the
 * object's items authoritatively (a Space, Collection or Site declaring `permissions`; a
 * SiteExternalLinks' `links`) and an additive resource adding one item to the same object (a
 * SpacePermission, CollectionPermission or SitePermission; a SiteExternalLink). The list would
 * remove the additive item at every `up` and the item would add itself back, forever. What each
 * additive resource adds to, and which type lists it, is its definition's `additiveTarget`.
 *
 * Both doors refuse a mix, with {@link mixingError}'s one wording; each sees it where it can:
 * - the program side (here): the object's id given as an Output of the object's own Resource
 *   (`space.id`, or anything derived from it with `apply`), in one program. Construction of the
 *   second of the two then throws, so the program fails at preview. An id given as a plain string
 *   cannot be traced back to a Resource here;
 * - the native plugin (provider/native/mixing.ts): the objects' and targets' ids, as the engine
 *   sends them to its one process.
 */

/** An additive resource as the rule reads it: its type and target (its definition). */
export interface AdditiveKind {
  type: string;
  additiveTarget: AdditiveTarget | undefined;
}

/**
 * The one wording of a mix: the additive resource (`SpacePermission "extra"`), its target
 * property, the object's id where it is known, and the resource listing the object's items
 * (`Space "owned"`).
 */
export function mixingError(
  added: { type: string; name: string; target: AdditiveTarget },
  targetId: string | undefined,
  owner: string,
): string {
  const { key, kind, list, item, ownerKey } = added.target;
  const target = `${key}${targetId === undefined ? "" : ` ${targetId}`}`;
  const holder =
    ownerKey === undefined
      ? `${target} is ${owner}'s, which declares ${list} (authoritative)`
      : `${target} has its ${list} listed by ${owner} (authoritative)`;
  const instead =
    ownerKey === undefined ? `remove ${list} from ${owner}` : `remove ${owner} from the program`;
  return (
    `${added.type} "${added.name}": ${holder}: the two forms must not be mixed on one ${kind}. ` +
    `Move this ${item} into ${owner}'s ${list}, or ${instead} and declare each ${item} as a ` +
    `${added.type}.`
  );
}

/**
 * The wording of two resources of one type listing one object's items (two SiteExternalLinks on
 * one site): each would remove the other's at every `up`.
 */
export function twoListsError(
  owner: { type: string; target: AdditiveTarget },
  first: string,
  second: string,
  targetId: string | undefined,
): string {
  const { ownerKey, kind, list } = owner.target;
  const target = `${ownerKey ?? "id"}${targetId === undefined ? "" : ` ${targetId}`}`;
  return (
    `${second}: ${target} has its ${list} listed by ${first} already: one ${kind} has one list ` +
    `of its ${list}, or each would remove the other's at every up. Merge the two into ${first}.`
  );
}

/** Per object Resource, each list held of it, by the owner's type: how to name the owner. */
const lists = new WeakMap<object, Map<string, string>>();
/** Per object Resource, each additive resource on it, by the owner's type. */
const additives = new WeakMap<object, Map<string, { type: string; name: string }>>();

function entry<V>(map: WeakMap<object, Map<string, V>>, resource: object): Map<string, V> {
  const found = map.get(resource) ?? new Map<string, V>();
  map.set(resource, found);
  return found;
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

/** Records a Space, Collection or Site that declares `permissions`: it is the object. */
export function recordPermissions(
  resource: object,
  type: string,
  name: string,
  permissions: unknown,
): void {
  if (permissions !== undefined) entry(lists, resource).set(type, `${type} "${name}"`);
}

/**
 * Records a resource of its own that lists an object's items (a SiteExternalLinks), by the
 * object's id in `args`; throws when an additive resource already adds to that object.
 */
export function recordList(
  owner: { type: string; target: AdditiveTarget },
  name: string,
  args: object,
): void {
  const value = (args as Record<string, unknown>)[owner.target.ownerKey ?? "id"];
  const named = `${owner.type} "${name}"`;
  for (const resource of resourcesOf(value)) {
    const added = additives.get(resource)?.get(owner.type);
    if (added !== undefined)
      throw new Error(mixingError({ ...added, target: owner.target }, undefined, named));
    const first = lists.get(resource)?.get(owner.type);
    if (first !== undefined && first !== named)
      throw new Error(twoListsError(owner, first, named, undefined));
    entry(lists, resource).set(owner.type, named);
  }
}

/**
 * Throws when the additive resource `name` of `kind` adds, through its target argument in
 * `args`, to an object whose items a resource lists: the error names both. Otherwise records it,
 * for a list declared after it.
 */
export function refuseMixing(kind: AdditiveKind, name: string, args: object): void {
  const target = kind.additiveTarget;
  if (target === undefined) throw new Error(`${kind.type} is not additive: no additiveTarget`);
  const value = (args as Record<string, unknown>)[target.key];
  for (const resource of resourcesOf(value)) {
    const owner = lists.get(resource)?.get(target.owner);
    if (owner !== undefined)
      throw new Error(mixingError({ type: kind.type, name, target }, undefined, owner));
    entry(additives, resource).set(target.owner, { type: kind.type, name });
  }
}
