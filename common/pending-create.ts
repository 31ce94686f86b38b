// Neutral ground: the one contract between the harness (and `docs-workspace pending`), which
// asks a provider to recover a create an interrupted run left pending, and the provider's
// lifecycle, which answers. Both import it from here.

/**
 * The recovery mode of a pending create: the one contract between the harness and a provider
 * that can find the object an interrupted create made.
 *
 * The harness calls the provider's `read(id, props)` (the dynamic provider's `read`, through the
 * provider host's Read) with:
 * - `id`: `""`, which no object has;
 * - `props`: the inputs the interrupted create was sent (checked, `__provider` included, secrets
 *   in clear), plus this key holding a `PendingCreateRequest`.
 *
 * The provider looks for the object by its natural key among the objects made no earlier than
 * `startedAt`, and answers, with this key in the `props` it returns set to a
 * `PendingCreateAnswer`:
 * - `"found"`: `id` is the object's id, `props` its outputs as a create would return them, and
 *   `inputs` (optional, as for a refresh) what the object holds for the keys of the inputs sent,
 *   so that an `up` updates what the interrupted create did not finish; without `inputs`, the
 *   inputs sent are kept;
 * - `"absent"`: `id` is `""`: no object was made, and the pending create is dropped;
 * - `"again"`: `id` is `""`: the kind's create names the one object it acts on and takes over
 *   whatever that holds, so whatever the interrupted one did, the pending create is dropped and
 *   the next `up` sends it again.
 * Anything else (an error, a non-empty id without `"found"`, no such key) means the provider
 * cannot tell, and the pending create is kept. The harness removes the key before it stores
 * anything, and never sends it to `create`, `update` or `delete`.
 */
export const PENDING_CREATE_KEY = "__pendingCreate";

/** What the provider receives under `PENDING_CREATE_KEY`. */
export interface PendingCreateRequest {
  urn: string;
  /** The resource's name in the program. */
  name: string;
  /** When the interrupted create was sent (ISO 8601): older objects are not its work. */
  startedAt: string;
  /** Ids of objects the stack already manages, which are no create's work. */
  exclude?: string[];
}

/** What a provider that can recover answers under `PENDING_CREATE_KEY`. */
export type PendingCreateAnswer = "found" | "absent" | "again";

/**
 * Where check hands on, with the inputs it answers, the ids that carried a create's natural key
 * before it, for a kind that has no creation time (`NaturalKey.guard` `"listedBefore"`). The engine
 * records the checked inputs with each create it starts, also as a pending operation when its
 * run is killed, so the recovery of that create knows them too. Internal (`__`): the CLI does not
 * display it, and it leaves the state at the resource's next check.
 */
export const LISTED_BEFORE = "__listedBefore";
