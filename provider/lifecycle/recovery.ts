import type * as pulumi from "@pulumi/pulumi";
import { errorText } from "../../common/error-text";
import {
  LISTED_BEFORE,
  PENDING_CREATE_KEY,
  type PendingCreateAnswer,
} from "../../common/pending-create";
import { ApiError, DEFAULT_RETRY_POLICY, outcomeUnknown } from "../client";
import { context, type Context } from "../context";
import type { Candidate, Kind } from "./kind";
import { declaredIn, outputsOf, pick, stamped, withoutProvider, workspaceOf } from "./properties";
import { diffOf, type Props } from "./compare";

/**
 * Creates whose outcome is unknown, and the pending creates an interrupted run left: the object
 * such a create may have made is looked for by its natural key (`Declaration.naturalKey`), and
 * taken if found. Each function takes the kind it works for.
 */

/**
 * The margin on the service's clock when the provider asks which objects a create made: the time
 * the create was sent is read on the service's clock (`ApiClient.serverTime`, to about half a
 * second), and an object made more than this long before it is never taken for its work.
 */
export const CLOCK_TOLERANCE_MS = 2_000;

/**
 * How many times a create whose outcome is unknown, and which made nothing, is sent in all: as
 * many as any request the client retries. A POST found to have made nothing is as safe to send
 * again as an idempotent request, and a run of hundreds of creates against a service failing one
 * request in ten needs them (with 3, about one such run in fifty failed a create).
 */
export const CREATE_ATTEMPTS = DEFAULT_RETRY_POLICY.maxRetries + 1;

/**
 * Ids this process created or took over: a create never takes one of them for its own work
 * (two spaces of one title made side by side in one collection each keep their own).
 */
export const claimed = new Set<string>();

export { LISTED_BEFORE };

/**
 * Ids recovery already gave to a pending create in this process: no other pending create takes
 * them. Separate from `claimed`, which only the creates of a run fill.
 */
const recovered = new Set<string>();

/** The id of an object the API answered, as the kind names it. */
export function idOf(kind: Kind, wire: Props, inputs: Props): string {
  return kind.idOf ? kind.idOf(wire, inputs) : String(wire.id);
}

/**
 * The object behind the one candidate the create made, not claimed already; or none. What the
 * create may have made is what carries its key and was made since `sent` (this machine's
 * clock), or, for a kind with no creation time, what was not `before` it.
 */
async function findMade(
  kind: Kind,
  ctx: Context,
  inputs: Props,
  sent: number,
  before: ReadonlySet<string> | undefined,
  taken: ReadonlySet<string>,
): Promise<Props | undefined> {
  const key = kind.naturalKey!;
  const candidates = await key.find(ctx, inputs);
  if (candidates === undefined) throw noKeyDeclared(kind);
  // Read after the list answered: the client knows the service's clock by then.
  const since = ctx.client.serverTime(sent) - CLOCK_TOLERANCE_MS;
  const isNew =
    before === undefined
      ? (c: Candidate) => c.createdAt !== undefined && Date.parse(c.createdAt) >= since
      : (c: Candidate) => !before.has(c.id);
  const made = candidates.filter((c) => !taken.has(c.id) && isNew(c));
  if (made.length > 1) {
    throw new Error(
      `${made.length} objects made since it was sent have its ${key.describe} (${made.map((c) => c.id).join(", ")}): take over the right one with adoptId and delete the others`,
    );
  }
  if (made.length === 0) return undefined;
  const declares = (k: string) => inputs[k] !== undefined;
  return kind.read(ctx, made[0]!.id, inputs, declares);
}

function noKeyDeclared(kind: Kind): Error {
  return new Error(
    `no ${kind.naturalKey!.describe} is declared to look for the ${kind.kind} it may have made: check for it before the next up, and take it over with adoptId`,
  );
}

/**
 * For a kind whose objects carry no creation time: the ids that carry the create's key now, so
 * that none of them is ever taken for its work. Undefined when there is nothing to guard (no key,
 * or a kind with creation times) or no key to look for.
 */
export async function listedBefore(
  kind: Kind,
  ctx: Context,
  inputs: Props,
): Promise<string[] | undefined> {
  if (kind.naturalKey?.guard !== "listedBefore") return undefined;
  // Creates under one parent that start together share one list in flight: it was sent before
  // each of their POSTs, which is all this list needs.
  const sharing: Context = { config: ctx.config, client: ctx.client.sharingReads() };
  const candidates = await kind.naturalKey.find(sharing, inputs);
  return candidates?.map((c) => c.id);
}

/**
 * For check: what carries the key of a create that may follow (a new resource, or one that diff
 * will replace), for a kind with no creation time, listed there so that the engine records it
 * with the create (docs/departures.md: check's one read). A list that cannot be read now (no
 * token in a preview, an organization not made yet, the service failing) is no failure of check:
 * the create lists it again before its POST, and only the recovery of an interrupted create lacks
 * it, which then leaves the decision to the user.
 */
export async function listedForCreate(
  kind: Kind,
  olds: Props,
  news: Props,
): Promise<string[] | undefined> {
  if (kind.naturalKey?.guard !== "listedBefore") return undefined;
  const { [LISTED_BEFORE]: _listed, ...old } = olds;
  const createMayFollow =
    Object.keys(old).length === 0 || diffOf(kind, old, news).replaces.length > 0;
  if (!createMayFollow) return undefined;
  try {
    return await listedBefore(kind, context(workspaceOf(news)), news);
  } catch {
    return undefined;
  }
}

/** The ids check listed before the create (`LISTED_BEFORE`), when the inputs carry them. */
export function listedIn(inputs: Props): Set<string> | undefined {
  const ids = inputs[LISTED_BEFORE];
  return Array.isArray(ids) ? new Set(ids.filter((id) => typeof id === "string")) : undefined;
}

/**
 * The create's POST. When its outcome is unknown, the object it may have made is looked for by
 * its natural key (or, for a repeatable kind, the create is simply sent again): found, it is
 * taken; not found, the POST is sent again, up to `CREATE_ATTEMPTS` in all. `listed` is what
 * check found carrying the key (`LISTED_BEFORE`); without it, the kind's list is read now.
 */
export async function createOnce(
  kind: Kind,
  ctx: Context,
  inputs: Props,
  sent: Props,
  listed: ReadonlySet<string> | undefined,
): Promise<Props> {
  const before = listed ?? new Set((await listedBefore(kind, ctx, inputs)) ?? []);
  const since = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await kind.create(ctx, inputs, sent);
    } catch (error) {
      if (!(error instanceof ApiError) || !outcomeUnknown(error)) throw error;
      const outcome = `the outcome of ${error.message} is unknown`;
      let found: Props | undefined;
      if (kind.naturalKey) {
        try {
          const guard = kind.naturalKey.guard === "listedBefore" ? before : undefined;
          found = await findMade(kind, ctx, inputs, since, guard, claimed);
        } catch (lookup) {
          const reason = errorText(lookup);
          throw new Error(`${outcome}; ${reason}`, { cause: error });
        }
      }
      if (found !== undefined) return found;
      if (attempt >= CREATE_ATTEMPTS) {
        throw new Error(`${outcome}, it made nothing, and ${attempt} attempts failed`, {
          cause: error,
        });
      }
    }
  }
}

/**
 * A pending create of a kind with no creation time whose inputs carry no list from before it
 * (state written before check recorded one): only "absent" can be told, when nothing that is
 * not taken carries its key. Anything that does may have been there before; the error names it.
 */
async function unlistedPending(
  kind: Kind,
  ctx: Context,
  inputs: Props,
  taken: ReadonlySet<string>,
): Promise<undefined> {
  const key = kind.naturalKey!;
  const candidates = await key.find(ctx, inputs);
  if (candidates === undefined) throw noKeyDeclared(kind);
  const open = candidates.filter((c) => !taken.has(c.id)).map((c) => c.id);
  if (open.length === 0) return undefined;
  throw new Error(
    `a ${kind.kind} carries no creation time and this create recorded no list of what had its ${key.describe} before it, so ${open.join(", ")} may have been there before it: decide whether one is its work`,
  );
}

/**
 * What the interrupted create was waiting for when it died (a spec's processing, a translation's
 * run) is waited for now, and the object then read the way a refresh reads it, so that what it
 * holds is compared with the program whole. A wait that fails is what a create undoes: the
 * object is deleted and undefined answered (absent), so the next up creates it again and
 * reports the failure there. Taken as found, its outputs would match the program, and no later
 * up would show a change or the failure.
 */
async function settleFound(
  kind: Kind,
  ctx: Context,
  id: string,
  found: Props,
  inputs: Props,
): Promise<Props | undefined> {
  try {
    await kind.settle!(ctx, id, found, inputs);
  } catch {
    try {
      await kind.delete(ctx, id, inputs);
    } catch (error) {
      if (!(error instanceof ApiError && error.isNotFound)) throw error;
    }
    claimed.delete(id);
    return undefined;
  }
  return kind.read(ctx, id, inputs, (key) => inputs[key] !== undefined);
}

/** What a recovery request (`PENDING_CREATE_KEY`) carries beside the declared inputs. */
interface RecoveryRequest {
  startedAt?: unknown;
  exclude?: unknown;
}

const answer = (verdict: PendingCreateAnswer): pulumi.dynamic.ReadResult => ({
  id: "",
  props: { [PENDING_CREATE_KEY]: verdict },
});

/**
 * The recovery request of a pending create (`PENDING_CREATE_KEY`): found, absent, or, for a
 * repeatable kind, to be sent again.
 */
export async function recoverPending(kind: Kind, props: Props): Promise<pulumi.dynamic.ReadResult> {
  const { [PENDING_CREATE_KEY]: raw, [LISTED_BEFORE]: _listed, ...inputs } = withoutProvider(props);
  const request = raw as RecoveryRequest;
  if (kind.repeatable) return answer("again");
  if (!kind.naturalKey) {
    throw new Error(`a ${kind.kind} has no natural key to find what an interrupted create made`);
  }
  const startedAt = Date.parse(String(request.startedAt));
  if (Number.isNaN(startedAt)) throw new Error("the recovery request has no valid startedAt");
  // Objects the stack already manages are no create's work (`docs-workspace pending` names them).
  const excluded = Array.isArray(request.exclude) ? request.exclude : [];
  const taken = new Set([...recovered, ...excluded.filter((id) => typeof id === "string")]);
  const ctx = context(workspaceOf(inputs));
  const before = listedIn(props);
  const found =
    kind.naturalKey.guard === "createdAt"
      ? await findMade(kind, ctx, inputs, startedAt, undefined, taken)
      : before === undefined
        ? await unlistedPending(kind, ctx, inputs, taken)
        : await findMade(kind, ctx, inputs, startedAt, before, taken);
  if (found === undefined) return answer("absent");
  const id = idOf(kind, found, inputs);
  recovered.add(id);
  claimed.add(id);
  const wire = kind.settle ? await settleFound(kind, ctx, id, found, inputs) : found;
  if (wire === undefined) return answer("absent");
  const outs = outputsOf(kind, wire, pick(inputs, kind.fixed), declaredIn(inputs));
  // What the object holds for each declared input: the next up updates what the interrupted
  // create did not finish.
  const held = pick(
    outs,
    [...declaredIn(inputs)].filter((k) => k !== "adoptId"),
  );
  return { id, props: { ...stamped(outs, inputs), [PENDING_CREATE_KEY]: "found" }, inputs: held };
}
