import { z } from "zod";
import { PENDING_CREATE_KEY } from "../../common/pending-create";
import { definitions, type RegisteredResource } from "pulumi-docs-workspace/tools";
import { printable } from "./printable";
import { managedBy, readJson, TYPE, type Managed } from "./unmanaged";
import { errorText } from "../../common/error-text";

/**
 * `docs-workspace pending`: settles the operations a `pulumi up` that was killed left pending. The
 * engine records each create it started as a pending operation and, when the run dies, keeps it:
 * the object may or may not exist. Its `up` only warns about them (and would make a second
 * object). Its `refresh --import-pending-creates` (v3.248) turns such a create into a pending
 * import that the refresh then drops, so the object would be left unmanaged; `--clear-pending-
 * creates` drops them all; `pulumi stack import` drops every pending operation of the file it
 * imports. So this command settles every one before anything is imported: it reads `pulumi stack
 * export`, asks the provider's recovery (`PENDING_CREATE_KEY`) what each create made, and writes
 * the state with each object found taken in (its id, the inputs the create was sent), and each
 * create that made nothing, each create the next `up` sends again and each pending update or
 * delete (which the next `up` does again) dropped, for `pulumi stack import`; a `pulumi refresh`
 * then reads the objects taken in, and `pulumi up` makes what is still missing. What recovery
 * cannot tell, the user decides (`--take`, `--drop`); until then nothing is written.
 */
/** A create the state records as pending: what the killed run sent. */
export interface PendingCreate {
  urn: string;
  /** The resource class: `Space` in `pulumi-nodejs:dynamic/docs-workspace:Space`. */
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

/**
 * What becomes of one pending operation: its object `found` (taken in), `absent` (dropped: it made
 * nothing), `again` (dropped: the next `up` does it again), or an `error` saying why it stays
 * undecided.
 */
export type Settlement =
  | { create: PendingCreate; found: string }
  | { create: PendingCreate; absent: true }
  | { create: PendingCreate; again: string }
  | { create: PendingCreate; error: string };

/** What the user decided for creates recovery could not settle: `--take URN=ID`, `--drop URN`. */
export interface Decisions {
  take: ReadonlyMap<string, string>;
  drop: ReadonlySet<string>;
}

const Resource = z.looseObject({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  custom: z.boolean().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});

const Operation = z.looseObject({ resource: Resource, type: z.string() });

const Export = z.looseObject({
  deployment: z.looseObject({
    /** When the state was last written. */
    manifest: z.looseObject({ time: z.string().optional() }).optional(),
    resources: z.array(Resource).nullish(),
    pending_operations: z.array(Operation).nullish(),
  }),
});

/** A resource's name in its program: the last part of its URN. */
export const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

/** The resource class of one of this package's resources, through either door. */
const typeOf = (type: string) => TYPE.exec(type)?.[1];

/** Pulumi's marker of a secret value in a checkpoint. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/**
 * A value as the program sent it: a secret exported with `--show-secrets` is unwrapped; one still
 * encrypted (a plain `pulumi stack export`) is left out, as no natural key is a secret.
 */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  if (SECRET_SIG in record) {
    return typeof record.plaintext === "string" ? JSON.parse(record.plaintext) : undefined;
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, plain(v)]));
}

/** A `pulumi stack export`, as read: written back whole, but for the pending creates settled. */
export type StackExport = z.output<typeof Export>;

/**
 * The pending operations of this package's resources in a `pulumi stack export` (creates first
 * among them), and what the stack manages.
 */
export function readPending(file: string): {
  exported: StackExport;
  pending: PendingCreate[];
  others: Settlement[];
  managed: Managed;
} {
  const raw = readJson(file, "not the output of `pulumi stack export`");
  const parsed = Export.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not the output of \`pulumi stack export\``);
  const { resources, pending_operations: operations } = parsed.data.deployment;
  const pending: PendingCreate[] = [];
  const others: Settlement[] = [];
  for (const op of operations ?? []) {
    const type = typeOf(op.resource.type);
    if (type === undefined) continue;
    const inputs = plain(op.resource.inputs ?? {}) as Record<string, unknown>;
    delete inputs.__provider;
    const create = {
      urn: op.resource.urn,
      type,
      name: nameOf(op.resource.urn),
      inputs,
    };
    if (op.type === "creating") pending.push(create);
    // The resource stays in the state as it was: the next up compares it with the program again.
    else others.push({ create, again: `an interrupted ${op.type.replace(/ing$/, "e")}` });
  }
  return {
    exported: parsed.data,
    pending,
    others,
    managed: managedBy((resources ?? []).filter((r) => r.id)),
  };
}

/**
 * Asks the provider's recovery, one pending create at a time (two creates never take one
 * object), which object each made: among those carrying its natural key that no resource of the
 * stack manages and, with `since`, made no earlier than it (the start of the killed run: the
 * stale lock `pulumi cancel` removes names it). A create the user decided is settled as decided:
 * an object to take is read first, so that a wrong id fails here rather than in the state.
 */
export async function settle(
  pending: readonly PendingCreate[],
  managed: Managed,
  since?: Date,
  decided: Decisions = { take: new Map(), drop: new Set() },
): Promise<Settlement[]> {
  const unmatched = [...decided.take.keys(), ...decided.drop].filter(
    (urn) => !pending.some((p) => p.urn === urn),
  );
  if (unmatched.length > 0) throw new Error(`no pending create has the URN ${unmatched[0]}`);
  const settled: Settlement[] = [];
  for (const create of pending) {
    const definition = definitions.find((d) => d.type === create.type);
    if (definition === undefined) {
      settled.push({ create, error: `pulumi-docs-workspace has no resource ${create.type}` });
      continue;
    }
    if (decided.drop.has(create.urn)) {
      settled.push({ create, absent: true });
      continue;
    }
    const exclude = [...managed]
      .filter((entry) => entry.startsWith(`${create.type} `))
      .map((entry) => entry.slice(create.type.length + 1));
    try {
      const take = decided.take.get(create.urn);
      settled.push(
        take === undefined
          ? await recover(definition, create, { startedAt: since, exclude })
          : await taken(definition, create, take),
      );
    } catch (error) {
      settled.push({ create, error: errorText(error) });
    }
  }
  return settled;
}

/** The provider's recovery of one pending create. */
async function recover(
  definition: RegisteredResource,
  create: PendingCreate,
  request: { startedAt: Date | undefined; exclude: string[] },
): Promise<Settlement> {
  const answer = await definition.handlers.read!("", {
    ...create.inputs,
    [PENDING_CREATE_KEY]: {
      urn: create.urn,
      name: create.name,
      startedAt: (request.startedAt ?? new Date(0)).toISOString(),
      exclude: request.exclude,
    },
  });
  const verdict = (answer.props as Record<string, unknown> | undefined)?.[PENDING_CREATE_KEY];
  if (verdict === "found" && answer.id) return { create, found: answer.id };
  if (verdict === "absent") return { create, absent: true };
  if (verdict === "again") return { create, again: "its create acts on the object it names" };
  return { create, error: "the provider could not tell" };
}

/** An object the user says a pending create made, read first: it must exist, as that kind. */
async function taken(
  definition: RegisteredResource,
  create: PendingCreate,
  id: string,
): Promise<Settlement> {
  const read = await definition.handlers.read!(id, create.inputs);
  if (!read.id) throw new Error(`--take: no ${create.type} ${id} is visible to this token`);
  return { create, found: read.id };
}

/**
 * The state with the pending operations settled: each create found becomes a resource
 * (everything the engine recorded of it, its id, and as outputs the inputs it was sent, secrets
 * still encrypted, marked with `PENDING_CREATE_KEY` so that the refresh that follows reads every
 * output the object has); every other one is dropped. Only a state
 * with nothing undecided is written: `pulumi stack import` would drop what stays pending.
 */
export function settledState(exported: StackExport, settled: readonly Settlement[]): StackExport {
  const undecided = settled.filter((s) => "error" in s);
  if (undecided.length > 0) {
    throw new Error(`${undecided.length} pending create(s) are undecided: nothing is written`);
  }
  const found = new Map(
    settled.flatMap((s) => ("found" in s ? [[s.create.urn, s.found] as const] : [])),
  );
  const taken: z.output<typeof Resource>[] = [];
  const kept = (exported.deployment.pending_operations ?? []).filter((op) => {
    if (typeOf(op.resource.type) === undefined) return true;
    const id = op.type === "creating" ? found.get(op.resource.urn) : undefined;
    if (id !== undefined) {
      const inputs = op.resource.inputs ?? {};
      taken.push({
        ...op.resource,
        id,
        inputs,
        outputs: { ...inputs, [PENDING_CREATE_KEY]: "found" },
      });
    }
    return false;
  });
  return {
    ...exported,
    deployment: {
      ...exported.deployment,
      // After every resource already there: what a pending create depends on was made before it.
      resources: [...(exported.deployment.resources ?? []), ...taken],
      pending_operations: kept,
    },
  };
}

/**
 * The report: one line per pending operation, then what to run. A create recovery could not
 * settle is never dropped: the user decides it, and until then no state is written.
 */
export function formatSettlements(settled: readonly Settlement[], written?: string): string {
  if (settled.length === 0)
    return "No pending operations of docs-workspace resources in this state.\n";
  const lines = settled.map((s) => {
    // Names, ids and the service's messages are printed with their control characters escaped.
    const what = printable(`${s.create.type} ${s.create.name}`);
    if ("found" in s) return `found   ${what}: ${printable(s.found)}`;
    if ("absent" in s) return `absent  ${what}: its create made nothing`;
    if ("again" in s) return `again   ${what}: ${s.again}: the next up does it again`;
    return `unknown ${what}: ${printable(s.error)}`;
  });
  const undecided = settled.filter((s) => "error" in s);
  if (undecided.length > 0) {
    lines.push(
      "",
      `${undecided.length} pending create(s) could not be settled, so no state was written. For each, look at the objects named above and decide, then run this command again with the same arguments and:`,
      ...undecided.flatMap((s) => [
        `  --take ${printable(s.create.urn)}=<id>   if <id> is the object its create made`,
        `  --drop ${printable(s.create.urn)}        if its create made nothing (or you deleted what it made)`,
      ]),
    );
  } else if (written === undefined) {
    lines.push(
      "",
      "Pass --out FILE to write the state with them settled, for `pulumi stack import`.",
    );
  } else {
    lines.push(
      "",
      `Wrote ${written}. With no other pulumi command running on the stack:`,
      `  pulumi stack import --file ${written}`,
      "  pulumi refresh --yes   # reads the objects taken in",
      "  pulumi up --yes        # makes what is still missing",
    );
  }
  return `${lines.join("\n")}\n`;
}
