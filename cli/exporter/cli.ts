#!/usr/bin/env node
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ApiError } from "pulumi-docs-workspace/tools";
import { ConfigError, providerConfig, type ConfigSource } from "pulumi-docs-workspace/tools";
import { clientFor, useConfig } from "pulumi-docs-workspace/tools";
import { formatSettlements, readPending, settle, settledState, type Decisions } from "./pending";
import { readPreview, takenFromPreview } from "./skipped-run";
import { readInventory, type Progress } from "./inventory";
import { buildProgram } from "./program";
import { IMPORT_KINDS, importFile } from "./import-file";
import { formatSource, projectFiles, writeProject } from "./project";
import { printable } from "./printable";
import { formatObjects, readManaged, selects, unmanagedObjects } from "./unmanaged";
import { errorText } from "../../common/error-text";

export const USAGE = `Usage: docs-workspace export --out DIR [options]
       docs-workspace export --unmanaged STATE [--write --out DIR] [options]
       docs-workspace pending STATE [--preview FILE] [--since TIME] [--out FILE] [--take URN=ID] [--drop URN] [options]

Reads an organization through the Documentation Workspace Management API and writes a Pulumi
TypeScript project that declares every object in it (Pulumi.yaml, package.json, tsconfig.json,
index.ts). Each resource carries adoptId, so the first up takes the objects over instead of
making them again. Beside it, import.json lists every object for the native provider's
\`pulumi import --file import.json\`, which takes them over from a program in any language.

Options:
  --out DIR              where the project is written (made if missing)
  --clone                leave adoptId out: the program makes a copy of the workspace in the
                         organization its stack is configured for
  --only KINDS           import.json lists only these resource kinds, comma-separated
                         (Collection,Space,Site,SiteSection); by default every kind but
                         OrganizationSettings and OrganizationMember
  --unmanaged STATE      list the objects no resource in this state file manages (a harness
                         state file, or the output of \`pulumi stack export\`): one line each,
                         its kind, id and title
  --write                with --unmanaged: write them to DIR/unmanaged.ts as resources that
                         adopt them
  --name NAME            the project's name (default: the name of DIR)
  --api-url URL          the API's base URL (default DOCS_WORKSPACE_API_URL)
  --organization ID      the organization (default DOCS_WORKSPACE_ORGANIZATION_ID)
  --progress             show progress on stderr even when it is not a terminal
  -h, --help             show this help

pending: after a \`pulumi up\` was killed, STATE (the output of \`pulumi stack export\`) holds the
operations it started as pending. For each create, the provider looks for the object it made by
its natural key, among those no resource of the stack manages; with --out, the state is written
with the objects found taken in and the rest dropped (a create that made nothing, or that the
next up sends again, and each pending update or delete, which the next up does again), for
\`pulumi stack import --file FILE\`, then \`pulumi refresh\` and \`pulumi up\`. When a create
cannot be settled, nothing is written and the exit code is 1: decide it with --take or --drop.
  --since TIME           only objects made since TIME (ISO 8601): when the killed run started,
                         as its stale lock says (\`pulumi up\` names it before \`pulumi cancel\`);
                         with --preview, by default when STATE was last written
  --preview FILE         the output of \`pulumi preview --json\` of the program against STATE,
                         after an \`up\` run with PULUMI_SKIP_CHECKPOINTS was killed: that run
                         left no pending operation, so each create the preview shows is settled
                         as a pending create (one that waits on another create's output is left
                         for the next round: import, preview and run this again until it finds
                         nothing)
  --out FILE             with pending: where the settled state is written
  --take URN=ID          with pending: the create URN made the object ID; take it (repeatable)
  --drop URN             with pending: the create URN made nothing; drop it (repeatable)

The API token is read from DOCS_WORKSPACE_API_TOKEN only: a command-line argument would show
in the machine's process list.`;

/** A mistake in the command line: the usage is shown, and the exit code is 2. */
class UsageError extends Error {}

export interface ExportArgs {
  out?: string | undefined;
  clone: boolean;
  /** `--only`: the kinds import.json lists. */
  only?: ReadonlySet<string> | undefined;
  unmanaged?: string | undefined;
  write: boolean;
  name?: string | undefined;
  apiUrl?: string | undefined;
  organization?: string | undefined;
  progress: boolean;
}

export interface PendingArgs {
  state: string;
  preview?: string | undefined;
  since?: Date | undefined;
  out?: string | undefined;
  decided: Decisions;
  apiUrl?: string | undefined;
  organization?: string | undefined;
}

export function parseExportArgs(
  argv: readonly string[],
): ExportArgs | { pending: PendingArgs } | "help" {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        out: { type: "string" },
        clone: { type: "boolean", default: false },
        only: { type: "string", multiple: true },
        unmanaged: { type: "string" },
        write: { type: "boolean", default: false },
        name: { type: "string" },
        "api-url": { type: "string" },
        organization: { type: "string" },
        progress: { type: "boolean", default: false },
        since: { type: "string" },
        preview: { type: "string" },
        take: { type: "string", multiple: true },
        drop: { type: "string", multiple: true },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const [command, ...rest] = positionals;
  if (command === "pending") {
    if (rest.length !== 1) throw new UsageError("pending takes one STATE file");
    const since = values.since === undefined ? undefined : new Date(values.since);
    if (since !== undefined && Number.isNaN(since.getTime())) {
      throw new UsageError(`--since must be an ISO 8601 time, got ${JSON.stringify(values.since)}`);
    }
    return {
      pending: {
        state: rest[0]!,
        preview: values.preview,
        since,
        out: values.out,
        decided: decisions(values.take ?? [], values.drop ?? []),
        apiUrl: values["api-url"],
        organization: values.organization,
      },
    };
  }
  for (const flag of ["since", "take", "drop", "preview"] as const) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with pending`);
  }
  if (command !== "export") {
    throw new UsageError(
      command === undefined ? "no command given" : `unknown command ${JSON.stringify(command)}`,
    );
  }
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  if (values.write && values.unmanaged === undefined) {
    throw new UsageError("--write goes with --unmanaged STATE");
  }
  if (values.clone && values.unmanaged !== undefined) {
    throw new UsageError("--clone and --unmanaged do not go together");
  }
  if (values.out === undefined && (values.unmanaged === undefined || values.write)) {
    throw new UsageError("--out DIR is required");
  }
  return {
    out: values.out,
    clone: values.clone,
    only: onlyKinds(values.only, values.clone || values.unmanaged !== undefined),
    unmanaged: values.unmanaged,
    write: values.write,
    name: values.name,
    apiUrl: values["api-url"],
    organization: values.organization,
    progress: values.progress,
  };
}

/** `--only`'s kinds, each a resource class; only for an export that writes import.json. */
function onlyKinds(given: string[] | undefined, noImportFile: boolean) {
  if (given === undefined) return undefined;
  if (noImportFile) throw new UsageError("--only goes with an export that writes import.json");
  const kinds = given.flatMap((v) => v.split(",")).map((k) => k.trim());
  const unknown = kinds.filter((k) => !IMPORT_KINDS.includes(k));
  if (unknown.length > 0 || kinds.length === 0) {
    throw new UsageError(
      `--only takes resource kinds (${IMPORT_KINDS.join(", ")}); not ${unknown.join(", ") || "nothing"}`,
    );
  }
  return new Set(kinds);
}

/** `--take URN=ID` and `--drop URN`, each URN decided once. */
function decisions(take: readonly string[], drop: readonly string[]): Decisions {
  const taken = new Map<string, string>();
  for (const pair of take) {
    const at = pair.lastIndexOf("=");
    if (at <= 0 || at === pair.length - 1) {
      throw new UsageError(`--take wants URN=ID, got ${JSON.stringify(pair)}`);
    }
    taken.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const both = drop.find((urn) => taken.has(urn));
  if (both !== undefined) throw new UsageError(`${both} is both taken and dropped`);
  return { take: taken, drop: new Set(drop) };
}

/** The project's name: Pulumi's rules, from the output folder's name when none is given. */
function projectName(args: ExportArgs): string {
  const raw = args.name ?? path.basename(path.resolve(args.out ?? "."));
  const name = raw.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[-.]+|-+$/g, "");
  return name === "" ? "docs-workspace" : name;
}

/**
 * The progress line: rewritten in place on a terminal, one line per step otherwise (asked for
 * with --progress), nothing when neither.
 */
function progressLine(
  stream: NodeJS.WriteStream,
  forced: boolean,
): {
  report: Progress;
  done(): void;
} {
  const tty = stream.isTTY === true;
  if (!tty && !forced) return { report: () => {}, done: () => {} };
  const counts = new Map<string, number>();
  const line = () =>
    `reading: ${[...counts].map(([what, n]) => `${n.toLocaleString("en-US")} ${what}`).join(", ")}`;
  return {
    report(what, count) {
      counts.set(what, (counts.get(what) ?? 0) + count);
      stream.write(tty ? `\r\x1b[K${line()}` : `${line()}\n`);
    },
    done() {
      if (tty && counts.size > 0) stream.write(`\r\x1b[K${line()}\n`);
    },
  };
}

/** Runs the command; answers the exit code. */
export async function main(
  argv: readonly string[],
  io: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream; env: NodeJS.ProcessEnv } = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  },
): Promise<number> {
  let args: ExportArgs | { pending: PendingArgs } | "help";
  try {
    args = parseExportArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`docs-workspace: ${printable(error.message)}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === "help") {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    if ("pending" in args) return await settlePending(args.pending, io);
    await run(args, io);
    return 0;
  } catch (error) {
    // ApiError and ConfigError messages name what failed and never hold the token.
    const known = error instanceof ApiError || error instanceof ConfigError;
    const message = errorText(error);
    // The API's own message comes from the service: shown, never acted on by the terminal.
    io.stderr.write(
      `docs-workspace: ${printable(known ? message : `export failed: ${message}`)}\n`,
    );
    return 1;
  }
}

/**
 * `pending`: the provider's recovery asked about each pending create; the command printed. Exits 1
 * when a create stays undecided (then nothing is written).
 */
async function settlePending(
  args: PendingArgs,
  io: { stdout: NodeJS.WriteStream; env: NodeJS.ProcessEnv },
): Promise<number> {
  const { exported, pending, others, managed } = readPending(args.state);
  const flags: Record<string, string | undefined> = {
    "docs-workspace:apiUrl": args.apiUrl,
    "docs-workspace:organizationId": args.organization,
  };
  useConfig((key) => flags[key]);
  // A run that skipped its checkpoints wrote nothing after it started: its objects are newer
  // than the state.
  const lastWritten = exported.deployment.manifest?.time;
  const preview = args.preview === undefined ? undefined : readPreview(args.preview);
  const fromPreview = (preview?.pending ?? []).filter((c) => !pending.some((p) => p.urn === c.urn));
  const since = args.since ?? (preview && lastWritten ? new Date(lastWritten) : undefined);
  let settled = [
    ...(await settle([...pending, ...fromPreview], managed, since, args.decided)),
    ...others,
  ];
  const undecided = settled.some((s) => "error" in s);
  const write = args.out !== undefined && !undecided;
  let state = write ? settledState(exported, settled) : exported;
  if (preview !== undefined) {
    const taken = takenFromPreview(
      state,
      preview,
      settled.filter((s) => fromPreview.includes(s.create)),
    );
    settled = [
      ...settled.filter((s) => !fromPreview.includes(s.create)),
      ...taken.settled,
      ...preview.waiting,
    ];
    state = taken.state;
  }
  if (write) {
    fs.writeFileSync(args.out!, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  }
  io.stdout.write(formatSettlements(settled, write ? args.out : undefined));
  return undecided ? 1 : 0;
}

async function run(
  args: ExportArgs,
  io: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream; env: NodeJS.ProcessEnv },
): Promise<void> {
  const flags: Record<string, string | undefined> = {
    "docs-workspace:apiUrl": args.apiUrl,
    "docs-workspace:organizationId": args.organization,
  };
  const source: ConfigSource = (key) => flags[key];
  const config = providerConfig(source, io.env);
  const organizationId = config.organizationId();
  if (organizationId === undefined) {
    throw new ConfigError(
      "no organization to export: pass --organization ID, or set DOCS_WORKSPACE_ORGANIZATION_ID",
    );
  }
  // Read before anything is asked of the API: a state file that cannot be read fails first.
  const managed = args.unmanaged === undefined ? undefined : readManaged(args.unmanaged);
  const progress = progressLine(io.stderr, args.progress);
  const inventory = await readInventory(clientFor(config), organizationId, progress.report);
  progress.done();

  if (managed !== undefined) {
    const unmanaged = unmanagedObjects(inventory, managed);
    io.stdout.write(formatObjects(unmanaged));
    if (args.write) {
      const program = buildProgram(inventory, { only: selects(unmanaged) });
      const file = path.join(args.out!, "unmanaged.ts");
      writeProject(args.out!, { "unmanaged.ts": await formatSource(program.source) });
      io.stderr.write(
        `Wrote ${printable(file)}: ${program.declarations.length} resources that adopt them; import it from your program.\n`,
      );
    }
    return;
  }

  const program = buildProgram(inventory, { clone: args.clone });
  const files: Record<string, string> = { ...(await projectFiles(program, projectName(args))) };
  // A clone makes new objects: there is nothing of this organization for it to import.
  if (!args.clone)
    files["import.json"] =
      `${JSON.stringify(importFile(program.declarations, args.only), null, 2)}\n`;
  const written = writeProject(args.out!, files);
  io.stderr.write(
    [
      `Wrote ${program.declarations.length} resources to ${written.map((f) => printable(path.relative(process.cwd(), f) || f)).join(", ")}.`,
      ...program.notes.map((n) => `Note: ${printable(n)}`),
      ...program.secrets.map(
        (s) =>
          `Before the first up: pulumi config set --secret ${printable(s.key)} < FILE (${printable(s.description)})`,
      ),
      "",
    ].join("\n"),
  );
}

/** The command: what the bin (cli/bin/docs-workspace.cjs) runs once the Node.js version fits. */
export function runCommand(argv: string[]): void {
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`docs-workspace: ${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) runCommand(process.argv.slice(2));
