import { z } from "zod";
import { PENDING_CREATE_KEY } from "../../common/pending-create";
import { definitions } from "pulumi-docs-workspace/tools";
import { printable } from "./printable";
import { managedBy, readJson, TYPE, type Managed } from "./unmanaged";
import { errorText } from "../../common/error-text";

/**
 * `docs-workspace pending`: settles the creates a `pulumi up` that was killed left pending. The
 * engine records each create it started as a pending operation and, when the run dies, keeps it:
 * the object may or may not exist. Its `up` only warns about them (and would make a second
 * object). Its `refresh --import-pending-creates` (v3.248) turns such a create into a pending
 * import that the refresh then drops, so the object would be left unmanaged; `--clear-pending-
 * creates` drops them all. This command reads `pulumi stack export`, asks the provider's recovery
 * (the natural-key lookup of `PENDING_CREATE_KEY`) which object each create made, and writes the
 * state with each object found taken in (its id, the inputs the create was sent) and each create
 * that made nothing dropped, for `pulumi stack import`; a `pulumi refresh` then reads the objects
 * taken in, and `pulumi up` makes what is still missing.
 */
/** A create the state records as pending: what the killed run sent. */
export interface PendingCreate {
  urn: string;
  /** The resource class: `Space` in `pulumi-nodejs:dynamic/docs-workspace:Space`. */
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

export type Settlement =
  | { create: PendingCreate; found: string }
  | { create: PendingCreate; absent: true }
  | { create: PendingCreate; error: string };

const Resource = z.looseObject({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  custom: z.boolean().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});

const Export = z.looseObject({
  deployment: z.looseObject({
    resources: z.array(Resource).nullish(),
    pending_operations: z.array(z.looseObject({ resource: Resource, type: z.string() })).nullish(),
  }),
});

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

/** The pending creates of this package's resources in a `pulumi stack export`, and what it manages. */
export function readPending(file: string): {
  exported: StackExport;
  pending: PendingCreate[];
  managed: Managed;
} {
  const raw = readJson(file, "not the output of `pulumi stack export`");
  const parsed = Export.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not the output of \`pulumi stack export\``);
  const { resources, pending_operations: operations } = parsed.data.deployment;
  const pending: PendingCreate[] = [];
  for (const op of operations ?? []) {
    const type = TYPE.exec(op.resource.type)?.[1];
    if (op.type !== "creating" || type === undefined) continue;
    const inputs = plain(op.resource.inputs ?? {}) as Record<string, unknown>;
    delete inputs.__provider;
    pending.push({
      urn: op.resource.urn,
      type,
      name: op.resource.urn.slice(op.resource.urn.lastIndexOf("::") + 2),
      inputs,
    });
  }
  return {
    exported: parsed.data,
    pending,
    managed: managedBy((resources ?? []).filter((r) => r.id)),
  };
}

/**
 * Asks the provider's recovery, one pending create at a time (two creates never take one
 * object), which object each made: among those carrying its natural key that no resource of the
 * stack manages and, with `since`, made no earlier than it (the start of the killed run: the
 * stale lock `pulumi cancel` removes names it).
 */
export async function settle(
  pending: readonly PendingCreate[],
  managed: Managed,
  since?: Date,
): Promise<Settlement[]> {
  const settled: Settlement[] = [];
  for (const create of pending) {
    const definition = definitions.find((d) => d.type === create.type);
    if (definition === undefined) {
      settled.push({ create, error: `pulumi-docs-workspace has no resource ${create.type}` });
      continue;
    }
    const exclude = [...managed]
      .filter((entry) => entry.startsWith(`${create.type} `))
      .map((entry) => entry.slice(create.type.length + 1));
    try {
      const answer = await definition.handlers.read!("", {
        ...create.inputs,
        [PENDING_CREATE_KEY]: {
          urn: create.urn,
          name: create.name,
          startedAt: (since ?? new Date(0)).toISOString(),
          exclude,
        },
      });
      const verdict = (answer.props as Record<string, unknown> | undefined)?.[PENDING_CREATE_KEY];
      if (verdict === "found" && answer.id) settled.push({ create, found: answer.id });
      else if (verdict === "absent") settled.push({ create, absent: true });
      else settled.push({ create, error: "the provider could not tell" });
    } catch (error) {
      settled.push({ create, error: errorText(error) });
    }
  }
  return settled;
}

/**
 * The state with the pending creates settled: each one found becomes a resource (everything the
 * engine recorded of it, its id, and as outputs the inputs it was sent, secrets still encrypted,
 * until a refresh reads the object); each one absent is dropped; any other stays pending.
 */
export function settledState(exported: StackExport, settled: readonly Settlement[]): StackExport {
  const byUrn = new Map(settled.map((s) => [s.create.urn, s]));
  const taken: z.output<typeof Resource>[] = [];
  const kept = (exported.deployment.pending_operations ?? []).filter((op) => {
    const settlement = op.type === "creating" ? byUrn.get(op.resource.urn) : undefined;
    if (settlement === undefined || "error" in settlement) return true;
    if ("found" in settlement) {
      const inputs = op.resource.inputs ?? {};
      taken.push({ ...op.resource, id: settlement.found, inputs, outputs: { ...inputs } });
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
 * The report: one line per pending create, then what to run. A lookup that failed is left
 * pending, never dropped: the user looks for that object by hand.
 */
export function formatSettlements(settled: readonly Settlement[], written?: string): string {
  if (settled.length === 0)
    return "No pending creates of docs-workspace resources in this state.\n";
  const lines = settled.map((s) => {
    // Names, ids and the service's messages are printed with their control characters escaped.
    const what = printable(`${s.create.type} ${s.create.name}`);
    if ("found" in s) return `found   ${what}: ${printable(s.found)}`;
    if ("absent" in s) return `absent  ${what}: its create made nothing`;
    return `unknown ${what}: ${printable(s.error)}`;
  });
  const unknown = settled.filter((s) => "error" in s).length;
  if (unknown > 0) {
    lines.push(
      "",
      `${unknown} pending create(s) could not be settled and stay pending: look for their objects by hand.`,
    );
  }
  if (written === undefined) {
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
      "  pulumi up              # makes what is still missing",
    );
  }
  return `${lines.join("\n")}\n`;
}
