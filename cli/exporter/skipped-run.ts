import { randomUUID } from "node:crypto";
import { z } from "zod";
import { LISTED_BEFORE, PENDING_CREATE_KEY } from "../../common/pending-create";
import { UNKNOWN } from "../../common/unknown";
import { nameOf, type PendingCreate, type Settlement, type StackExport } from "./pending";
import { readJson, TYPE } from "./unmanaged";

/**
 * `docs-workspace pending STATE --preview PREVIEW`: the objects a `pulumi up` whose checkpoints
 * were skipped (`PULUMI_SKIP_CHECKPOINTS=true`) made before it was killed. Such a run writes the
 * state only when it ends, so a kill leaves it as it was before the run, with no pending
 * operation to say what was started: every object the run made is unmanaged, and the next `up`
 * would make each one again.
 *
 * PREVIEW is `pulumi preview --json` of the same program against STATE: each resource of this
 * package it would create is taken for a create the killed run may have sent. The provider's
 * recovery looks for what each made (its natural key, among objects no resource of the stack
 * manages, made since STATE was last written: a run that skips checkpoints wrote nothing after
 * it started), and the state is written with each object found taken in, as for a pending create.
 * A create whose inputs wait on another create (a space in a collection the same run made) is
 * left for the next round: import the state, preview again, and run this again until it finds
 * nothing more.
 */

/** How `pulumi preview --json` shows a secret without `--show-secrets`. */
const SECRET_SHOWN = "[secret]";

const Resource = z.looseObject({
  urn: z.string(),
  type: z.string(),
  custom: z.boolean().optional(),
  parent: z.string().optional(),
  provider: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  dependencies: z.array(z.string()).nullish(),
  propertyDependencies: z.record(z.string(), z.array(z.string())).nullish(),
});
type Entry = z.output<typeof Resource>;

const Preview = z.looseObject({
  config: z.record(z.string(), z.unknown()).nullish(),
  steps: z
    .array(z.looseObject({ op: z.string(), urn: z.string(), newState: Resource.optional() }))
    .nullish(),
});

/** What the preview would create, in its order (an order the state may hold them in). */
export interface PreviewCreates {
  /** This package's creates whose inputs are all known, for the provider's recovery. */
  pending: PendingCreate[];
  /** Each create's resource as the preview shows it, by URN (any package's). */
  entries: Map<string, Entry>;
  /** This package's creates left for a later round: an input waits on another create. */
  waiting: Settlement[];
  /** The stack's configuration as the preview shows it (secrets left out). */
  config: Record<string, unknown>;
}

const holdsUnknown = (value: unknown): boolean =>
  value === UNKNOWN ||
  (typeof value === "object" && value !== null && Object.values(value).some(holdsUnknown));

/**
 * The inputs with what the preview could not show left out (its secrets), and the list check
 * made of what carried a create's key before it (`LISTED_BEFORE`): a preview after the killed run
 * lists what that run made among them, so recovery could never find it; without the list,
 * recovery cannot tell such a kind's object from an older one, and asks.
 */
function shown(inputs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(inputs).filter(([k, v]) => v !== SECRET_SHOWN && k !== LISTED_BEFORE),
  );
}

export function readPreview(file: string): PreviewCreates {
  const parsed = Preview.safeParse(readJson(file, "not the output of `pulumi preview --json`"));
  if (!parsed.success) throw new Error(`${file}: not the output of \`pulumi preview --json\``);
  const config = shown(parsed.data.config ?? {});
  const result: PreviewCreates = { pending: [], entries: new Map(), waiting: [], config };
  for (const step of parsed.data.steps ?? []) {
    if (step.op !== "create" || step.newState === undefined) continue;
    const entry = { ...step.newState, inputs: shown(step.newState.inputs ?? {}) };
    result.entries.set(step.urn, entry);
    const type = TYPE.exec(entry.type)?.[1];
    if (type === undefined) continue;
    const { __provider: _shim, ...inputs } = entry.inputs;
    const create = {
      urn: step.urn,
      type,
      name: nameOf(step.urn),
      inputs,
    };
    if (holdsUnknown(inputs)) {
      result.waiting.push({
        create,
        again: "an input waits on another create: the next round takes it",
      });
    } else {
      result.pending.push(create);
    }
  }
  return result;
}

/** The URNs a resource needs before it in the state: its parent, provider and dependencies. */
function needs(entry: Entry): string[] {
  const provider =
    entry.provider === undefined ? [] : [entry.provider.slice(0, entry.provider.lastIndexOf("::"))];
  return [
    ...(entry.parent === undefined ? [] : [entry.parent]),
    ...provider,
    ...(entry.dependencies ?? []),
    ...Object.values(entry.propertyDependencies ?? {}).flat(),
  ];
}

/**
 * A default provider the preview does not show (the engine reports no step of one): as the engine
 * writes it, its inputs the stack's configuration (Node.js dynamic providers: all of it; a
 * package's: its own keys, without the package's prefix). A secret is not in the preview: the
 * provider reads it from the environment until the next `up` writes the provider again.
 */
function defaultProvider(urn: string, config: Record<string, unknown>): Entry | undefined {
  const [, , type, name] = urn.split("::");
  if (!type?.startsWith("pulumi:providers:") || !name?.startsWith("default")) return undefined;
  const pkg = type.slice("pulumi:providers:".length);
  const inputs =
    pkg === "pulumi-nodejs"
      ? config
      : Object.fromEntries(
          Object.entries(config).flatMap(([k, v]) =>
            k.startsWith(`${pkg}:`) ? [[k.slice(pkg.length + 1), v]] : [],
          ),
        );
  return { urn, type, custom: true, inputs };
}

/** A resource that makes no object, which the state can hold without any: the stack, a component, a provider. */
const objectless = (entry: Entry) =>
  entry.custom !== true || entry.type.startsWith("pulumi:providers:");

/**
 * The state with each object found taken in, after every resource already there: what it needs
 * that the state lacks and that makes no object (the stack and the default provider of a first
 * run, a new provider getting an id of its own) is added before it, in the preview's order. A
 * found create that needs another create not taken (nor in the state) is left for the next round.
 */
export function takenFromPreview(
  exported: StackExport,
  preview: PreviewCreates,
  settled: readonly Settlement[],
): { state: StackExport; settled: Settlement[] } {
  const found = new Map(
    settled.flatMap((s) => ("found" in s ? [[s.create.urn, s.found] as const] : [])),
  );
  const held = new Set((exported.deployment.resources ?? []).map((r) => r.urn));
  const ids = new Map<string, string>();
  const added: Entry[] = [];
  const include = (urn: string): boolean => {
    if (held.has(urn)) return true;
    const entry = preview.entries.get(urn) ?? defaultProvider(urn, preview.config);
    if (entry === undefined || !(found.has(urn) || objectless(entry))) return false;
    if (!needs(entry).every(include)) return false;
    const id =
      found.get(urn) ?? (entry.type.startsWith("pulumi:providers:") ? randomUUID() : undefined);
    if (id !== undefined) ids.set(urn, id);
    added.push(entry);
    held.add(urn);
    return true;
  };
  const kept: Settlement[] = settled.map((s) =>
    "found" in s && !include(s.create.urn)
      ? { create: s.create, again: "it needs a create not yet taken: the next round takes it" }
      : s,
  );
  const resources = added.map((entry) => {
    const id = ids.get(entry.urn);
    const provider = entry.provider?.endsWith(`::${UNKNOWN}`)
      ? `${entry.provider.slice(0, -UNKNOWN.length)}${ids.get(entry.provider.slice(0, -UNKNOWN.length - 2))}`
      : entry.provider;
    const inputs = entry.inputs ?? {};
    const outputs = found.has(entry.urn) ? { ...inputs, [PENDING_CREATE_KEY]: "found" } : inputs;
    return {
      ...entry,
      ...(id === undefined ? {} : { id }),
      ...(provider === undefined ? {} : { provider }),
      inputs,
      outputs,
    };
  });
  return {
    state: {
      ...exported,
      deployment: {
        ...exported.deployment,
        resources: [...(exported.deployment.resources ?? []), ...resources],
      },
    },
    settled: kept,
  };
}
