/**
 * The program-side guard against mixing the two forms of permissions on one object: a Space,
 * Collection or Site that declares `permissions` (authoritative) and a SpacePermission,
 * CollectionPermission or SitePermission (additive) on that same object. The authoritative list
 * would remove the additive grant at every `up` and the grant would add itself back, forever.
 *
 * What it sees: the target's id given as an Output of the object's own Resource (`space.id`, or
 * anything derived from it with `apply`), in one program. Construction of the additive resource
 * then throws, so the program fails at preview. An id given as a plain string cannot be traced
 * back to a Resource here; the native plugin's own guard (provider/native/mixing.ts) and the
 * README say what is caught there.
 */

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
 * Throws when `target`, the additive resource's `targetKey` argument, comes from a Resource that
 * declares `permissions`: the error names both.
 */
export function refuseMixing(type: string, name: string, targetKey: string, target: unknown): void {
  for (const resource of resourcesOf(target)) {
    const owner = authoritative.get(resource);
    if (owner === undefined) continue;
    throw new Error(
      `${type} "${name}": ${targetKey} is ${owner}'s, which declares permissions (authoritative): ` +
        `the two forms must not be mixed on one object. Move this grant into ${owner}'s permissions, ` +
        `or remove permissions from ${owner} and declare each grant as a ${type}.`,
    );
  }
}
