#!/usr/bin/env node
import * as path from "node:path";
import { displayType } from "./engine";
import { HarnessRunError, destroy, preview, refresh, up } from "./index";
import type { HarnessOptions, Operation, RunResult, StepOp } from "./types";

const USAGE = `usage: docs-workspace-harness up|preview|refresh|destroy <programDir>
  [--stack NAME] [--state FILE] [--config key=value ...] [--secret key=value ...] [--skip-preview]`;

const SYMBOL: Record<StepOp, string> = {
  create: "+",
  update: "~",
  replace: "+-",
  delete: "-",
  same: " ",
  read: ">",
  "refresh-update": "~",
  "refresh-delete": "-",
};

function keyValue(flag: string, text: string | undefined): [string, string] {
  const i = text?.indexOf("=") ?? -1;
  if (text === undefined || i <= 0) throw new Error(`${flag} wants key=value`);
  return [text.slice(0, i), text.slice(i + 1)];
}

export function parseArgs(argv: string[]): { operation: Operation; options: HarnessOptions } {
  const [operation, programDir, ...rest] = argv;
  if (!["up", "preview", "refresh", "destroy"].includes(operation ?? "") || !programDir) {
    throw new Error(USAGE);
  }
  let stack: string | undefined;
  let stateFile: string | undefined;
  const config: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  let skipPreview = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === "--stack") stack = rest[++i];
    else if (flag === "--state") stateFile = rest[++i];
    else if (flag === "--config") {
      const [k, v] = keyValue(flag, rest[++i]);
      config[k] = v;
    } else if (flag === "--secret") {
      const [k, v] = keyValue(flag, rest[++i]);
      secrets[k] = v;
    } else if (flag === "--skip-preview") skipPreview = true;
    else throw new Error(`unknown argument ${String(flag)}\n${USAGE}`);
  }
  const stackName = stack ?? "dev";
  return {
    operation: operation as Operation,
    options: {
      programDir,
      // Beside the program by default, like a local backend's per-stack checkpoint.
      stateFile: stateFile ?? path.join(programDir, `.harness`, `${stackName}.state.json`),
      stack: stackName,
      config,
      secrets,
      skipPreview,
    },
  };
}

export function formatResult(result: RunResult): string {
  const lines: string[] = [];
  for (const s of result.steps) {
    const diffs = s.diffs && s.diffs.length > 0 ? `  [${s.diffs.join(", ")}]` : "";
    lines.push(
      `${SYMBOL[s.op].padEnd(2)} ${s.op.padEnd(15)} ${displayType(s.type)}  ${s.name}${diffs}`,
    );
  }
  const counts = Object.entries(result.summary).map(([op, n]) => `${n} ${op}`);
  lines.push("", `Resources: ${counts.length > 0 ? counts.join(", ") : "none"}`);
  const outputs = Object.entries(result.outputs);
  if (outputs.length > 0) {
    lines.push("", "Outputs:");
    for (const [k, v] of outputs) {
      lines.push(`  ${k}: ${result.secretOutputs.includes(k) ? "[secret]" : JSON.stringify(v)}`);
    }
  }
  for (const f of result.failures ?? []) lines.push("", `error: ${f.message}`);
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const run = { up, preview, refresh, destroy }[parsed.operation];
  try {
    const result = await run(parsed.options);
    if (result.log.trim() !== "") process.stderr.write(result.log);
    process.stdout.write(`${formatResult(result)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof HarnessRunError) {
      if (e.result.log.trim() !== "") process.stderr.write(e.result.log);
      process.stdout.write(`${formatResult(e.result)}\n`);
    } else {
      process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
