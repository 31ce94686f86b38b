/** How a run reads on a terminal: each step as it finishes, then the summary. */
import { displayType } from "./engine";
import type { PendingOperationSummary, RunResult, StepOp, StepResult } from "./types";

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
