import type * as pulumi from "@pulumi/pulumi";
import { errorText } from "../../common/error-text";
import { validate } from "../../common/issues";
import { PENDING_CREATE_KEY } from "../../common/pending-create";
import { ApiError } from "../client";
import { ConfigError } from "../config";
import { context, type Context } from "../context";
import { COMMON, type Kind } from "./kind";
import { ruleFailures } from "./rules";
import {
  body,
  bodyName,
  DECLARED,
  declaredIn,
  outputsOf,
  pick,
  stamped,
  withChanges,
  withoutProvider,
  workspaceOf,
} from "./properties";
import {
  changedKeys,
  diffOf,
  isUnknown,
  overlaps,
  sameValue,
  unknownPaths,
  type DiffOutcome,
  type Props,
} from "./compare";
import {
  claimed,
  createOnce,
  idOf,
  LISTED_BEFORE,
  listedForCreate,
  listedIn,
  recoverPending,
} from "./recovery";

/**
 * Stage 4 of 5, first half, `Handlers`: the six methods Pulumi calls on every resource, written
 * once for every kind (check, diff, create then PATCH the rest, undone on failure, or adopt;
 * read, update, delete), in the dynamic provider's shape.
 */
export type Handlers = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

/** The dynamic-provider methods of one resource kind. */
export function handlersOf(kind: Kind): Handlers {
  return {
    check: (olds, news) => check(kind, olds as Props | undefined, news as Props),
    diff: async (_id, olds, news) => diff(kind, olds as Props, news as Props),
    create: (inputs) => create(kind, withoutProvider(inputs as Props)),
    read: (id, props) => read(kind, id, props as Props | undefined),
    update: (id, olds, news) => update(kind, id, olds as Props, news as Props),
    delete: (id, props) => remove(kind, id, withoutProvider(props as Props)),
  };
}

/**
 * Stage 4 of 5, `ServedKind`: the handlers, with what the native provider needs beside them: the
 * diff property by property, a read of an object no state records, and which outputs exist and
 * which hold secrets. Both doors serve a kind through this.
 */
export interface ServedKind extends Handlers {
  detailedDiff(olds: Props, news: Props): DiffOutcome;
  /**
   * Reads an object no state records (`pulumi import`, `Resource.get`): `known` holds what the
   * request says of it (its workspace, its organization, its parent).
   */
  readUnrecorded(id: string, known: Props): Promise<pulumi.dynamic.ReadResult>;
  inputKeys: readonly string[];
  /** Every output, inputs included: what a preview of a create shows as not yet known. */
  outputKeys: readonly string[];
  secretOutputs: readonly string[];
}

/** Stage 3 to 4: a kind's handlers, with what the native provider adds to them. */
export function servedKindOf(kind: Kind): ServedKind {
  return {
    ...handlersOf(kind),
    detailedDiff: (olds, news) => diffOf(kind, withoutProvider(olds), withoutProvider(news)),
    readUnrecorded: (id, known) => readUnrecorded(kind, id, known),
    inputKeys: kind.inputKeys,
    outputKeys: [
      ...new Set([
        ...kind.inputKeys.filter((k) => !COMMON.includes(k)),
        ...Object.keys(kind.outputs),
      ]),
    ],
    secretOutputs: kind.secretOutputs ?? [],
  };
}

/** Runs `step`; if it fails, runs `undo` before rethrowing, so a multi-request create leaves no orphan. */
export async function undoOnFailure<T>(
  undo: () => Promise<unknown>,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    try {
      await undo();
    } catch (undoError) {
      const reason = errorText(undoError);
      const original = errorText(error);
      throw new Error(`${original}; undoing the partial create also failed: ${reason}`, {
        cause: error,
      });
    }
    throw error;
  }
}

async function check(
  kind: Kind,
  olds: Props | undefined,
  rawNews: Props,
): Promise<pulumi.dynamic.CheckResult> {
  const news = withoutProvider(rawNews);
  // During preview some values are not known yet. Everything known is checked now; only a
  // failure at an unknown value, or at a property holding one, waits for the next check.
  const unknown = unknownPaths(news);
  const parsed = validate(kind.inputs, news);
  const issues = parsed.success
    ? []
    : parsed.issues.filter((issue) => !unknown.some((u) => overlaps(issue.path, u)));
  if (issues.length > 0) {
    return {
      inputs: rawNews,
      failures: issues.map((i) => ({ property: i.path, reason: i.reason })),
    };
  }
  const inputs = (parsed.success ? parsed.data : news) as Props;
  const failures = organizationFailures(inputs);
  // Rules across arguments wait until every argument is known (the check of `up`, before any
  // write): they never see the unknown sentinel.
  if (failures.length === 0 && unknown.length === 0)
    failures.push(...(await ruleFailures(kind, inputs, olds ?? {})));
  if (failures.length > 0) return { inputs: rawNews, failures };
  if (unknown.length === 0) {
    const listed = await listedForCreate(kind, withoutProvider(olds), inputs);
    if (listed !== undefined) inputs[LISTED_BEFORE] = listed;
  }
  return { inputs };
}

/**
 * Every resource lives in an organization: its workspace's unless its own is set, filled in here.
 * Only that key is read: check needs no endpoint and no token.
 */
function organizationFailures(inputs: Props): pulumi.dynamic.CheckFailure[] {
  const failures: pulumi.dynamic.CheckFailure[] = [];
  if (isUnknown(inputs.workspace)) return failures;
  let ctx: Context | undefined;
  try {
    ctx = context(workspaceOf(inputs));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    failures.push({ property: "workspace", reason: error.message });
  }
  if (ctx && inputs.organizationId === undefined) {
    try {
      inputs.organizationId = ctx.config.requireOrganizationId();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      failures.push({ property: "organizationId", reason: error.message });
    }
  }
  return failures;
}

function diff(kind: Kind, olds: Props, news: Props): pulumi.dynamic.DiffResult {
  const { changes, replaces, deleteBeforeReplace } = diffOf(kind, olds, news);
  return { changes: Object.keys(changes).length > 0, replaces, deleteBeforeReplace };
}

async function create(kind: Kind, checked: Props): Promise<pulumi.dynamic.CreateResult> {
  const { [LISTED_BEFORE]: _listed, ...inputs } = checked;
  const ctx = context(workspaceOf(inputs));
  const adoptId = (inputs.adoptId ?? undefined) as string | undefined;
  const { id, outs } =
    adoptId === undefined
      ? await createNew(kind, ctx, inputs, listedIn(checked))
      : await adopt(kind, ctx, adoptId, inputs);
  // Create, then PATCH the rest: what the create body could not carry, or the object it
  // answered does not show. A failure then deletes what this create made.
  const rest = changedKeys(kind, outs, inputs).filter((k) => !kind.replaces.includes(k));
  if (rest.length === 0) return { id, outs: stamped(outs, inputs) };
  const step = () => apply(kind, ctx, id, outs, inputs, rest);
  const applied =
    adoptId === undefined
      ? await undoOnFailure(() => kind.delete(ctx, id, outs), step)
      : await step();
  return { id, outs: stamped(applied, inputs) };
}

/** The create request (and the wait for what the service does after it), for a new object. */
async function createNew(
  kind: Kind,
  ctx: Context,
  inputs: Props,
  listed: ReadonlySet<string> | undefined,
) {
  // A new object has nothing to remove: a null is not sent, and its outputs then show it.
  const sent = body(
    kind,
    kind.createBody,
    inputs,
    kind.inputKeys.filter((k) => inputs[k] !== null),
  );
  const made = await createOnce(kind, ctx, inputs, sent, listed);
  const id = idOf(kind, made, inputs);
  claimed.add(id);
  const settle = kind.settle;
  const wire = settle
    ? await undoOnFailure(
        () => kind.delete(ctx, id, inputs),
        () => settle(ctx, id, made, inputs),
      )
    : made;
  const sentKeys = kind.inputKeys.filter((k) => bodyName(kind, k) in sent);
  const outs = outputsOf(
    kind,
    wire,
    pick(inputs, [...kind.fixed, ...sentKeys]),
    declaredIn(inputs),
  );
  return { id, outs };
}

/** Takes over the existing object `id`: its outputs as read, before the declared inputs apply. */
async function adopt(kind: Kind, ctx: Context, id: string, inputs: Props) {
  claimed.add(id);
  const declares = (key: string) => inputs[key] !== undefined;
  const wire = await kind.read(ctx, id, inputs, declares).catch((error: unknown) => {
    if (error instanceof ApiError && error.isNotFound) {
      throw new Error(`adoptId ${id}: no such ${kind.kind} is visible to this token`);
    }
    throw error;
  });
  const outs = outputsOf(kind, wire, pick(inputs, kind.fixed), declaredIn(inputs));
  // Update cannot change what only a replacement changes: taking the object over would
  // silently leave it different from what is declared.
  const differ = changedKeys(kind, outs, inputs).filter((k) => kind.replaces.includes(k));
  if (differ.length > 0) {
    throw new Error(
      `adoptId ${id}: ${differ.join(", ")} of the existing ${kind.kind} differ from the declared value, and cannot change in place`,
    );
  }
  return { id, outs };
}

/**
 * Makes the object match `news` in `changed`: operations and the PATCH, sending each change
 * once. The outputs come from the last answer that shows the object; when no request answers
 * it, they are the old ones with the changes applied.
 */
async function apply(
  kind: Kind,
  ctx: Context,
  id: string,
  olds: Props,
  news: Props,
  changed: readonly string[],
): Promise<Props> {
  let current: Props | undefined;
  const run = async (afterPatch: boolean) => {
    for (const op of kind.operations ?? []) {
      if ((op.afterPatch ?? false) !== afterPatch || !changed.includes(op.input)) continue;
      current = (await op.run(ctx, id, news, olds, current)) ?? current;
    }
  };
  await run(false);
  const patch = body(kind, kind.patchBody, news, changed);
  if (kind.patch && Object.keys(patch).length > 0) {
    current = await kind.patch(ctx, id, olds, patch);
  }
  await run(true);
  const known = withChanges(kind, olds, news, changed);
  return current === undefined ? known : outputsOf(kind, current, known, declaredIn(news));
}

async function read(
  kind: Kind,
  id: string,
  props: Props | undefined,
): Promise<pulumi.dynamic.ReadResult> {
  if (id === "" && props?.[PENDING_CREATE_KEY] !== undefined) return recoverPending(kind, props);
  const olds = withoutProvider(props);
  const recorded = olds[DECLARED];
  // State written before the declared inputs were recorded: what was declared is read from
  // the outputs the way that release did (an output it kept only when declared is set).
  const declared: ReadonlySet<string> = Array.isArray(recorded)
    ? new Set(recorded as string[])
    : new Set(kind.inputKeys.filter((k) => olds[k] !== undefined && olds[k] !== null));
  let wire: Props;
  try {
    const ctx = context(workspaceOf(olds));
    const direct = () => kind.read(ctx, id, olds, (key) => declared.has(key));
    const listed = kind.listedIn?.(olds);
    wire = listed ? await ctx.client.readListed(listed, id, direct) : await direct();
  } catch (error) {
    // Gone: an empty id makes refresh drop it and the next up create it again.
    if (error instanceof ApiError && error.isNotFound) return { id: "" };
    throw error;
  }
  const fresh = outputsOf(kind, wire, olds, declared);
  if (olds[PENDING_CREATE_KEY] !== undefined) {
    // Taken in by `docs-workspace pending` with the inputs as outputs: now it has every output.
    const inputs = pick(olds, kind.inputKeys);
    return { id, props: stamped(fresh, inputs), inputs: pick(fresh, [...declaredIn(inputs)]) };
  }
  // The state's set of outputs is kept: one a later release no longer reads stays as it was
  // written, and one it added appears at the next create or update, so that an upgrade
  // shows no change on refresh.
  const outs = Object.fromEntries(
    Object.keys(olds).map((k) => [k, k in fresh && k !== DECLARED ? fresh[k] : olds[k]]),
  );
  if (!Array.isArray(recorded)) return { id, props: outs };
  // As inputs, exactly the declared ones, plus an absence that now means something else
  // (a space moved out of its top level): a later preview then lists only real changes.
  const inputs = pick(outs, [...declared]);
  for (const [key, absent] of Object.entries(kind.absentMeans ?? {})) {
    if (!declared.has(key) && !sameValue(outs[key], absent)) inputs[key] = outs[key];
  }
  return { id, props: outs, inputs };
}

/**
 * Reads an object no state records. As inputs, every input the object sets (an optional list the
 * program would manage, such as a team's members, is left out): a program that declares them, as
 * `pulumi import` writes it, then shows no change.
 */
async function readUnrecorded(
  kind: Kind,
  id: string,
  known: Props,
): Promise<pulumi.dynamic.ReadResult> {
  const ctx = context(workspaceOf(known));
  const olds = { ...known, organizationId: known.organizationId ?? ctx.config.organizationId() };
  let wire: Props;
  try {
    wire = await kind.read(ctx, id, olds, () => false);
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return { id: "" };
    throw error;
  }
  const outs = outputsOf(kind, wire, olds, new Set());
  const inputs = pick(
    outs,
    kind.inputKeys.filter((k) => !COMMON.includes(k) && outs[k] !== null),
  );
  if (workspaceOf(known) !== undefined) inputs.workspace = known.workspace;
  withoutRefused(kind, inputs);
  return { id, props: stamped(outs, inputs), inputs };
}

/**
 * Drops, one at a time, an optional input the kind's rules refuse beside the others (a member
 * named by both `userId` and `email`, where one of them is asked for): what is left is a
 * declaration check accepts.
 */
function withoutRefused(kind: Kind, inputs: Props): void {
  for (let i = 0; i < kind.inputKeys.length; i++) {
    const refused = (kind.rules?.(inputs, {}) ?? [])
      .map((f) => f.property)
      .find((p) => p in inputs && kind.inputs.shape[p]?.safeParse(undefined).success);
    if (refused === undefined) return;
    delete inputs[refused];
  }
}

async function update(
  kind: Kind,
  id: string,
  rawOlds: Props,
  rawNews: Props,
): Promise<pulumi.dynamic.UpdateResult> {
  const olds = withoutProvider(rawOlds);
  const news = withoutProvider(rawNews);
  const changed = changedKeys(kind, olds, news);
  const outs =
    changed.length > 0
      ? await apply(kind, context(workspaceOf(news)), id, olds, news, changed)
      : olds;
  return { outs: stamped(outs, news) };
}

async function remove(kind: Kind, id: string, olds: Props): Promise<void> {
  try {
    await kind.delete(context(workspaceOf(olds)), id, olds);
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return;
    throw error;
  }
}
