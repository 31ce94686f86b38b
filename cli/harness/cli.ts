#!/usr/bin/env node
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs as nodeParseArgs, type ParseArgsOptionDescriptor } from "node:util";
import { errorText } from "../../common/error-text";
import { HarnessRunError, destroy, preview, refresh, unlock, up } from "./index";
import { formatStep, formatSummary } from "./report";
import type { HarnessOptions, Operation } from "./types";

export const USAGE = `Usage: docs-workspace-harness <command> <programDir> [options]

Runs a Pulumi program the way the Pulumi engine does, without the Pulumi CLI.

Commands:
  up        create, update and delete resources to match the program (a preview runs first)
  preview   show what up would change; changes nothing
  refresh   read every resource and record what changed outside the program
  destroy   delete every resource of the stack, dependents first
  unlock    remove the lock a run left on the state when its process is gone

Options:
  --stack NAME                 stack name; Pulumi.<NAME>.yaml is read (default dev)
  --state FILE                 state file (default <programDir>/.harness/<stack>.state.json)
  --config key=value           config value (repeatable)
  --secret-env key=VARIABLE    secret config value from an environment variable (repeatable)
  --secret-file key=FILE       secret config value from a file (repeatable)
  --secret key=value           secret config value on the command line: deprecated, since any
                               user of the machine can read it in the process list
  --skip-preview               up: do not run the preview pass first
  --refresh                    up, preview: refresh before planning
  --expect-no-changes          up, preview, refresh: fail (exit 7), naming each resource, when
                               anything would change; preview and refresh --preview-only change
                               nothing, up and refresh apply first, as the Pulumi CLI does
  --preview-only               refresh: report the drift, write nothing to the state
  --target URN                 only these resources (repeatable; ** matches any characters,
                               * any characters but ":")
  --target-dependents          with --target: their dependents too
  --parallel N, -p N           resource operations at once (default PULUMI_PARALLEL, else the
                               CPUs x 4, as the CLI's)
  --continue-on-error          up, destroy: keep starting independent steps after one fails
  --break-stale-lock           remove a lock whose run is no longer running, then run
  --clear-pending-creates      drop the creates an interrupted run left pending
  --import-pending-creates URN ID
                               take the object a pending create made into the state
  --adopt-pending-creates      re-run each pending create in recovery mode: its provider looks
                               for the object it made, which is taken (and, by up, brought to
                               the program's inputs); where none was made, up creates it
  --force                      unlock: remove the lock even if its holder may still run
  --yes, -y                    accepted for the Pulumi CLI's sake; the harness never prompts
  -h, --help                   show this help

Secrets in the state are encrypted with the passphrase in PULUMI_CONFIG_PASSPHRASE, or in the
file PULUMI_CONFIG_PASSPHRASE_FILE names. Ctrl-C once stops starting steps, lets the ones in
flight finish and saves the state; twice stops at once and records them as pending. Every
command but unlock settles pending creates first when given a pending-create option.`;

export interface ParsedArgs {
  command: Operation | "unlock" | "help";
  options: HarnessOptions;
  force: boolean;
  warnings: string[];
}

function keyValue(flag: string, text: string | undefined): [string, string] {
  const i = text?.indexOf("=") ?? -1;
  if (text === undefined || i <= 0) throw new Error(`${flag} wants key=value`);
  return [text.slice(0, i), text.slice(i + 1)];
}

function readSecretFile(flag: string, file: string): string {
  try {
    // A file written by `echo` or an editor ends in a newline that is no part of the value.
    return fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
  } catch (e) {
    throw new Error(`${flag}: cannot read ${file}: ${errorText(e)}`);
  }
}

/**
 * The options after `<command> <programDir>`, for node:util's parseArgs. `--import-pending-creates`
 * takes two values, a URN and an id, which parseArgs cannot say: it reads the URN as the option's
 * value and the id as the positional argument that follows, and `readFlags` pairs them.
 */
const FLAGS = {
  stack: { type: "string" },
  state: { type: "string" },
  config: { type: "string", multiple: true },
  "secret-env": { type: "string", multiple: true },
  "secret-file": { type: "string", multiple: true },
  secret: { type: "string", multiple: true },
  "skip-preview": { type: "boolean" },
  refresh: { type: "boolean" },
  "expect-no-changes": { type: "boolean" },
  "preview-only": { type: "boolean" },
  target: { type: "string", multiple: true },
  "target-dependents": { type: "boolean" },
  parallel: { type: "string", short: "p" },
  "continue-on-error": { type: "boolean" },
  "break-stale-lock": { type: "boolean" },
  "clear-pending-creates": { type: "boolean" },
  "import-pending-creates": { type: "string", multiple: true },
  "adopt-pending-creates": { type: "boolean" },
  force: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
} as const satisfies Record<string, ParseArgsOptionDescriptor>;

/** The values as a strict parse types them: `readFlags` refuses whatever else a loose one lets by. */
type FlagValues = ReturnType<
  typeof nodeParseArgs<{ options: typeof FLAGS; strict: true; allowPositionals: true }>
>["values"];

function readTokens(rest: string[]) {
  return nodeParseArgs({
    args: rest,
    options: FLAGS,
    // Not strict: an unknown option, a missing value or a stray argument gets the harness's own
    // message, below, rather than parseArgs's.
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
}

function isFlag(name: string): name is keyof typeof FLAGS {
  return Object.hasOwn(FLAGS, name);
}

/** What the flags say beyond their values: pending-create imports, secrets, warnings. */
interface Flags {
  values: FlagValues;
  parallel?: number;
  imports: Record<string, string>;
  secrets: Record<string, string>;
  warnings: string[];
}

function secretValue(flag: Token, env: NodeJS.ProcessEnv, warnings: string[]): [string, string] {
  const [k, v] = keyValue(flag.rawName, flag.value);
  if (flag.name === "secret-file") return [k, readSecretFile(flag.rawName, v)];
  if (flag.name === "secret-env") {
    if (env[v] === undefined) throw new Error(`--secret-env ${k}=${v}: ${v} is not set`);
    return [k, env[v]];
  }
  warnings.push(
    `--secret ${k}=... puts the value on the command line, where any user of this machine can read it; use --secret-env ${k}=VARIABLE or --secret-file ${k}=FILE`,
  );
  return [k, v];
}

type Token = { name: string; rawName: string; value?: string };

/** The flags in the order given, each refused with the message it has always had. */
function readFlags(rest: string[], env: NodeJS.ProcessEnv): Flags {
  const { values, tokens } = readTokens(rest);
  const flags: Flags = { values: values as FlagValues, imports: {}, secrets: {}, warnings: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === "option-terminator") throw new Error("unknown option --");
    if (t.kind === "positional") throw new Error(`unknown option ${t.value}`);
    const inline = t.inlineValue ? `${t.rawName}=${t.value}` : t.rawName;
    if (!isFlag(t.name) || (FLAGS[t.name].type === "boolean" && t.value !== undefined)) {
      throw new Error(`unknown option ${inline}`);
    }
    if (t.name === "config") keyValue(t.rawName, t.value);
    else if (t.name.startsWith("secret")) {
      const [k, v] = secretValue(t, env, flags.warnings);
      flags.secrets[k] = v;
    } else if (FLAGS[t.name].type === "string" && t.value === undefined) {
      throw new Error(`${t.rawName} wants a value`);
    } else if (t.name === "parallel") {
      const n = Number(t.value);
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`${t.rawName} wants a whole number of at least 1, got ${t.value}`);
      flags.parallel = n;
    } else if (t.name === "import-pending-creates") {
      const id = tokens[++i];
      if (id?.kind !== "positional") throw new Error(`${t.rawName} wants a value`);
      flags.imports[t.value!] = id.value;
    }
  }
  return flags;
}

/** The options as the harness takes them. */
function harnessOptions(programDir: string, flags: Flags): HarnessOptions {
  const v = flags.values;
  const stack = v.stack ?? "dev";
  const pendingCreates = {
    ...(v["clear-pending-creates"] ? { clear: true } : {}),
    ...(Object.keys(flags.imports).length > 0 ? { import: flags.imports } : {}),
    ...(v["adopt-pending-creates"] ? { adopt: true } : {}),
  };
  return {
    ...(v["skip-preview"] ? { skipPreview: true } : {}),
    ...(v.refresh ? { refresh: true } : {}),
    ...(v["expect-no-changes"] ? { expectNoChanges: true } : {}),
    ...(v["preview-only"] ? { previewOnly: true } : {}),
    ...(v["target-dependents"] ? { targetDependents: true } : {}),
    ...(flags.parallel !== undefined ? { parallel: flags.parallel } : {}),
    ...(v["continue-on-error"] ? { continueOnError: true } : {}),
    ...(v["break-stale-lock"] ? { breakStaleLock: true } : {}),
    ...(Object.keys(pendingCreates).length > 0 ? { pendingCreates } : {}),
    programDir,
    // Beside the program by default, like a local backend's per-stack checkpoint.
    stateFile: v.state ?? path.join(programDir, `.harness`, `${stack}.state.json`),
    stack,
    config: Object.fromEntries((v.config ?? []).map((text) => keyValue("--config", text))),
    secrets: flags.secrets,
    ...(v.target && v.target.length > 0 ? { targets: v.target } : {}),
  };
}

/** Refuses an option the command has no use for, as the Pulumi CLI does. */
function refuseMisplaced(command: string, options: HarnessOptions): void {
  if (options.pendingCreates && command === "unlock") {
    throw new Error("the pending-create options do not apply to unlock");
  }
  if (
    (options.refresh || options.skipPreview) &&
    command !== "up" &&
    !(options.refresh && command === "preview")
  ) {
    throw new Error(
      `${options.refresh ? "--refresh" : "--skip-preview"} does not apply to ${command}`,
    );
  }
  if (options.expectNoChanges && !["up", "preview", "refresh"].includes(command)) {
    throw new Error(`--expect-no-changes does not apply to ${command}`);
  }
  if (options.continueOnError && (command === "preview" || command === "refresh")) {
    throw new Error(
      `--continue-on-error applies to up and destroy only, as in the Pulumi CLI: a ${command} changes nothing in the service, so it has nothing to continue past`,
    );
  }
  if (options.previewOnly && command !== "refresh") {
    throw new Error(`--preview-only applies to refresh only; a preview never writes the state`);
  }
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedArgs {
  if (argv.includes("--help") || argv.includes("-h") || argv[0] === "help") {
    return {
      command: "help",
      options: { programDir: "", stateFile: "" },
      force: false,
      warnings: [],
    };
  }
  const [command, programDir, ...rest] = argv;
  const commands = ["up", "preview", "refresh", "destroy", "unlock"];
  if (!commands.includes(command ?? "")) {
    throw new Error(command ? `unknown command ${command}` : "a command is required");
  }
  if (!programDir || programDir.startsWith("-"))
    throw new Error(`${command}: <programDir> is required`);
  const flags = readFlags(rest, env);
  const options = harnessOptions(programDir, flags);
  refuseMisplaced(command!, options);
  return {
    command: command as ParsedArgs["command"],
    options,
    force: flags.values.force === true,
    warnings: flags.warnings,
  };
}

/**
 * An interrupted run's exit code: 1, as the Pulumi CLI's, which takes SIGINT and SIGTERM alike
 * (pkg/backend/cancellation_scope.go), once to cancel and twice to terminate, and fails the
 * command either way. Not 130 or 143: a script cannot tell an interrupted run from a failed one
 * by its code under the CLI either.
 */
export const EXIT_INTERRUPTED = 1;
/** The Pulumi CLI's exit code (3.227.0 and later) when `--expect-no-changes` saw changes. */
export const EXIT_CHANGES_NOT_EXPECTED = 7;
/** How long after the first interruption another one counts as a second. */
const REPEAT_AFTER_MS = 250;

function runUnlock(parsed: ParsedArgs): number {
  try {
    const removed = unlock(parsed.options.stateFile, { force: parsed.force });
    process.stdout.write(
      removed
        ? `Removed the lock of the ${removed.operation} run by process ${removed.pid} (started ${removed.startedAt}).\n`
        : `${parsed.options.stateFile} is not locked.\n`,
    );
    return 0;
  } catch (e) {
    process.stderr.write(`error: ${errorText(e)}\n`);
    return 1;
  }
}

/**
 * Ctrl-C (or SIGTERM) once: start nothing more, let what runs finish, save. Twice: stop at once,
 * recording what runs as pending. A third gives up waiting for the worker.
 */
function interruptions(): { signal: AbortSignal; killSignal: AbortSignal } {
  const cancel = new AbortController();
  const kill = new AbortController();
  let firstSignal: string | undefined;
  // A terminal's Ctrl-C reaches every process of the foreground job, and a wrapper that forwards
  // signals to this one adds its copy: a signal counts as the second only a moment after the
  // first, when the line saying so is printed.
  let armed = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!firstSignal) {
      firstSignal = signal;
      process.stderr.write(
        `\n${signal} received: no new step will start; waiting for the steps in flight to finish, then saving the state.\n`,
      );
      cancel.abort();
      setTimeout(() => {
        armed = true;
        process.stderr.write(
          "Interrupt again to stop at once (what is in flight is then recorded as pending).\n",
        );
      }, REPEAT_AFTER_MS).unref();
    } else if (!armed) {
      return;
    } else if (!kill.signal.aborted) {
      process.stderr.write(`\n${signal} received again: stopping at once.\n`);
      kill.abort();
    } else {
      process.exit(EXIT_INTERRUPTED);
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return { signal: cancel.signal, killSignal: kill.signal };
}

async function runOperation(command: Operation, options: HarnessOptions): Promise<number> {
  const run = { up, preview, refresh, destroy }[command];
  try {
    const result = await run({
      ...options,
      ...interruptions(),
      onStep: (step) => process.stdout.write(`${formatStep(step)}\n`),
    });
    if (result.log.trim() !== "") process.stderr.write(result.log);
    process.stdout.write(`\n${formatSummary(result)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof HarnessRunError) {
      if (e.result.log.trim() !== "") process.stderr.write(e.result.log);
      process.stdout.write(`\n${formatSummary(e.result)}\n`);
      if (e.result.interrupted) return EXIT_INTERRUPTED;
      const failures = e.result.failures ?? [];
      if (failures.length > 0 && failures.every((f) => f.op === "expect-no-changes")) {
        process.stderr.write(`error: ${e.message.split("\n")[0]}\n`);
        return EXIT_CHANGES_NOT_EXPECTED;
      }
      return 1;
    }
    process.stderr.write(`error: ${errorText(e)}\n`);
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed: ParsedArgs;
  try {
    parsed = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`error: ${errorText(e)}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  for (const w of parsed.warnings) process.stderr.write(`warning: ${w}\n`);
  if (parsed.command === "unlock") return runUnlock(parsed);
  return runOperation(parsed.command, parsed.options);
}

/** The command: what the bin (cli/bin/docs-workspace-harness.cjs) runs once the Node.js version fits. */
export function runCommand(argv: string[]): void {
  main(argv).then((code) => process.exit(code));
}

if (require.main === module) runCommand(process.argv.slice(2));
