#!/usr/bin/env node
import * as fs from "node:fs";
import * as path from "node:path";
import { displayType } from "./engine";
import { HarnessRunError, destroy, preview, refresh, unlock, up } from "./index";
import type {
  HarnessOptions,
  Operation,
  PendingOperationSummary,
  RunResult,
  StepOp,
  StepResult,
} from "./types";
import { errorText } from "../common/error-text";

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

const SYMBOL: Record<StepOp, string> = {
  create: "+",
  update: "~",
  replace: "+-",
  delete: "-",
  same: " ",
  read: ">",
  "refresh-update": "~",
  "refresh-delete": "-",
  import: "=",
  discard: "-",
};

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
  let stack: string | undefined;
  let stateFile: string | undefined;
  const config: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const targets: string[] = [];
  const imports: Record<string, string> = {};
  const options: Partial<HarnessOptions> = {};
  const warnings: string[] = [];
  let force = false;
  const value = (flag: string, i: number): string => {
    const v = rest[i];
    if (v === undefined) throw new Error(`${flag} wants a value`);
    return v;
  };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    switch (flag) {
      case "--stack":
        stack = value(flag, ++i);
        break;
      case "--state":
        stateFile = value(flag, ++i);
        break;
      case "--config": {
        const [k, v] = keyValue(flag, rest[++i]);
        config[k] = v;
        break;
      }
      case "--secret": {
        const [k, v] = keyValue(flag, rest[++i]);
        secrets[k] = v;
        warnings.push(
          `--secret ${k}=... puts the value on the command line, where any user of this machine can read it; use --secret-env ${k}=VARIABLE or --secret-file ${k}=FILE`,
        );
        break;
      }
      case "--secret-env": {
        const [k, variable] = keyValue(flag, rest[++i]);
        const v = env[variable];
        if (v === undefined)
          throw new Error(`--secret-env ${k}=${variable}: ${variable} is not set`);
        secrets[k] = v;
        break;
      }
      case "--secret-file": {
        const [k, file] = keyValue(flag, rest[++i]);
        secrets[k] = readSecretFile(flag, file);
        break;
      }
      case "--skip-preview":
        options.skipPreview = true;
        break;
      case "--refresh":
        options.refresh = true;
        break;
      case "--expect-no-changes":
        options.expectNoChanges = true;
        break;
      case "--preview-only":
        options.previewOnly = true;
        break;
      case "--target":
        targets.push(value(flag, ++i));
        break;
      case "--target-dependents":
        options.targetDependents = true;
        break;
      case "--parallel":
      case "-p": {
        const text = value(flag, ++i);
        const n = Number(text);
        if (!Number.isInteger(n) || n < 1)
          throw new Error(`${flag} wants a whole number of at least 1, got ${text}`);
        options.parallel = n;
        break;
      }
      case "--continue-on-error":
        options.continueOnError = true;
        break;
      case "--break-stale-lock":
        options.breakStaleLock = true;
        break;
      case "--clear-pending-creates":
        options.pendingCreates = { ...options.pendingCreates, clear: true };
        break;
      case "--adopt-pending-creates":
        options.pendingCreates = { ...options.pendingCreates, adopt: true };
        break;
      case "--import-pending-creates": {
        const urn = value(flag, ++i);
        imports[urn] = value(flag, ++i);
        options.pendingCreates = { ...options.pendingCreates, import: imports };
        break;
      }
      case "--force":
        force = true;
        break;
      case "--yes":
      case "-y":
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
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
  if (options.expectNoChanges && !["up", "preview", "refresh"].includes(command!)) {
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
  const stackName = stack ?? "dev";
  return {
    command: command as ParsedArgs["command"],
    options: {
      ...options,
      programDir,
      // Beside the program by default, like a local backend's per-stack checkpoint.
      stateFile: stateFile ?? path.join(programDir, `.harness`, `${stackName}.state.json`),
      stack: stackName,
      config,
      secrets,
      ...(targets.length > 0 ? { targets } : {}),
    },
    force,
    warnings,
  };
}

function show(v: unknown): string {
  return typeof v === "string" && /^(\[secret\]|output<string>)$/.test(v) ? v : JSON.stringify(v);
}

/** One step as the CLI prints it, with the old and new value of each property that changed. */
export function formatStep(s: StepResult): string {
  const op = s.retain ? `${s.op}[retain]` : s.op;
  const diffs = s.diffs && s.diffs.length > 0 ? `  [${s.diffs.join(", ")}]` : "";
  const alias = s.aliasOf ? `  (was ${s.aliasOf})` : "";
  const lines = [
    `${SYMBOL[s.op].padEnd(2)} ${op.padEnd(15)} ${displayType(s.type)}  ${s.name}${diffs}${alias}`,
  ];
  for (const [key, change] of Object.entries(s.changes ?? {})) {
    const kind = s.detailedDiff?.[key] ?? "update";
    if (kind.startsWith("add")) lines.push(`       + ${key}: ${show(change.new)}`);
    else if (kind.startsWith("delete")) lines.push(`       - ${key}: ${show(change.old)}`);
    else lines.push(`       ~ ${key}: ${show(change.old)} => ${show(change.new)}`);
  }
  return lines.join("\n");
}

function pendingLine(p: PendingOperationSummary): string {
  return `  ${p.operation} ${displayType(p.type)} "${p.name}"  (${p.urn})`;
}

/** Everything after the steps: counts, outputs, warnings, interruption and errors. */
export function formatSummary(result: RunResult): string {
  const lines: string[] = [];
  const counts = Object.entries(result.summary).map(([op, n]) => `${n} ${op}`);
  lines.push(`Resources: ${counts.length > 0 ? counts.join(", ") : "none"}`);
  const outputs = Object.entries(result.outputs);
  if (outputs.length > 0) {
    lines.push("", "Outputs:");
    for (const [k, v] of outputs) {
      lines.push(`  ${k}: ${result.secretOutputs.includes(k) ? "[secret]" : JSON.stringify(v)}`);
    }
  }
  for (const w of result.warnings ?? []) lines.push("", `warning: ${w}`);
  const interrupted = result.interrupted;
  if (interrupted?.by === "cancel") {
    lines.push(
      "",
      `The ${result.operation} was interrupted: no step started after the interruption, the steps in flight finished, and the state holds every step that finished.`,
    );
  } else if (interrupted?.by === "terminate") {
    lines.push(
      "",
      interrupted.pending.length === 0
        ? `The ${result.operation} was stopped at once, with no operation in flight.`
        : `The ${result.operation} was stopped at once. These operations were in flight; their outcome is unknown and the state records them as pending:\n${interrupted.pending.map(pendingLine).join("\n")}\nThe next run reports them and says how to settle them.`,
    );
  } else if (result.pendingOperations && result.pendingOperations.length > 0) {
    lines.push(
      "",
      `Still pending from an interrupted run:\n${result.pendingOperations.map(pendingLine).join("\n")}`,
    );
  }
  for (const f of result.failures ?? []) lines.push("", `error: ${f.message}`);
  return lines.join("\n");
}

/** The whole report: every step, then the summary. */
export function formatResult(result: RunResult): string {
  return [...result.steps.map(formatStep), "", formatSummary(result)].join("\n");
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
  if (parsed.command === "unlock") {
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

  // Ctrl-C (or SIGTERM) once: start nothing more, let what runs finish, save. Twice: stop at
  // once, recording what runs as pending. A third gives up waiting for the worker.
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

  const run = { up, preview, refresh, destroy }[parsed.command];
  try {
    const result = await run({
      ...parsed.options,
      signal: cancel.signal,
      killSignal: kill.signal,
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

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
