/**
 * The report of the real-engine section (bench/cli.ts): each size's runs against their floors
 * with CPU and peak RSS per process role, the state's bytes per resource, how each cost grows
 * from one size to the next, and issue 33's goals.
 */
import type { StateSize } from "./cli-stack";
import { describe, mb, secs, type Bare } from "./engine";
import { ROLES, type Role, type RoleUsage } from "./process-tree";

export type Door = "dynamic" | "native";
export type PhaseName = "up" | "noop" | "refresh" | "destroy";

/** One phase of one run: a CLI build in a door (`v3.276.0 native`), or the harness. */
export interface Row {
  phase: PhaseName;
  run: string;
  door: Door;
  ms: number;
  floor: number;
  made: Record<string, number>;
  /** A `pulumi` run's processes, per role. */
  usage?: Record<Role, RoleUsage>;
  /** The harness's own peaks: its worker (engine and program) and the provider host. */
  peak?: { worker: number; providerHost?: number };
}

export interface SizeReport {
  count: number;
  bares: Partial<Record<Door, Bare>>;
  rows: Row[];
  states: (StateSize & { run: string })[];
}

const PHASE_NAMES: Record<PhaseName, string> = {
  up: "up",
  noop: "up, no change",
  refresh: "refresh",
  destroy: "destroy",
};
const heads: Record<Role, string> = {
  engine: "pulumi",
  languageHost: "lang host",
  program: "program",
  providerHost: "provider",
  other: "other",
};
const roles = [...ROLES, "other" as const];
const cell = (text: string) => text.padStart(12);
const s = (ms: number) => (ms / 1000).toFixed(1);

/** A role's CPU seconds / peak RSS in MB. */
function roleCell(row: Row, role: Role): string {
  if (row.usage) {
    const u = row.usage[role];
    return cell(u.processes === 0 ? "-" : `${s(u.cpuMs)} / ${mb(u.peakRss).trim()}`);
  }
  const peak =
    role === "program" ? row.peak?.worker : role === "providerHost" ? row.peak?.providerHost : 0;
  return cell(peak ? `- / ${mb(peak).trim()}` : "-");
}

export function runLines(report: SizeReport): string[] {
  const bares = Object.entries(report.bares).map(
    ([door, b]) => `${door} ${s(b.ms)} s (peak ${mb(b.rss).trim()} MB)`,
  );
  const lines = [
    `${report.count.toLocaleString("en")} spaces; the program alone under mocks: ${bares.join(", ")}`,
    `${"phase".padEnd(14)} ${"run".padEnd(28)} ${"time".padStart(6)} ${"floor".padStart(6)} ${"x".padStart(6)} ${roles.map((r) => cell(heads[r])).join("")}  requests`,
    `${"".padEnd(14)} ${"".padEnd(28)} ${"s".padStart(6)} ${"s".padStart(6)} ${"".padStart(6)} ${cell("CPU s / MB")}`,
  ];
  for (const row of report.rows) {
    const ratio = (row.ms / row.floor).toFixed(2).padStart(6);
    const cells = roles.map((r) => roleCell(row, r)).join("");
    lines.push(
      `${PHASE_NAMES[row.phase].padEnd(14)} ${row.run.padEnd(28)} ${secs(row.ms)} ${secs(row.floor)} ${ratio} ${cells}  ${describe(row.made)}`,
    );
  }
  return lines;
}

export function stateLine(state: StateSize & { run: string }): string {
  const per = (bytes: number) => Math.round(bytes / Math.max(state.resources, 1));
  return `state after up, ${state.run}: ${state.resources} resources; per resource ${per(state.exported)} bytes in \`pulumi stack export\`, ${per(state.checkpoint)} in the checkpoint file (${(state.checkpoint / 2 ** 20).toFixed(2)} MB, rewritten at each snapshot write)`;
}

/** The costs whose growth is shown: wall time, and CPU of the engine and of what is ours. */
const costs: [string, (row: Row) => number | undefined][] = [
  ["time", (row) => row.ms],
  ["pulumi CPU", (row) => row.usage?.engine.cpuMs],
  ["program CPU", (row) => row.usage?.program.cpuMs],
  ["provider CPU", (row) => row.usage?.providerHost.cpuMs],
];

/**
 * For each run and phase, a cost's marginal ms per space between consecutive sizes, and the
 * ratio of the last marginal to the first: 1 is linear, above it worse (quadratic gives about
 * 3.6 from 100 -> 1,000 -> 3,000), below it a fixed cost amortized.
 */
export function growthLines(reports: SizeReport[]): string[] {
  if (reports.length < 2) return ["growth: one size measured; set BENCH_CLI_SIZES to two or more"];
  const sizes = reports.map((r) => r.count.toLocaleString("en")).join(" -> ");
  const quadratic =
    reports.length < 3
      ? "needs three sizes"
      : `quadratic is about ${((reports.at(-1)!.count + reports.at(-2)!.count) / (reports[0]!.count + reports[1]!.count)).toFixed(1)}`;
  const lines = [
    `growth ${sizes}: each cost's ms per added space between consecutive sizes, then the last of them over the first (1.00 = linear; ${quadratic})`,
  ];
  for (const row of reports[0]!.rows) {
    for (const [name, of] of costs) {
      const values = reports.map((r) =>
        r.rows.find((x) => x.run === row.run && x.phase === row.phase),
      );
      if (values.some((v) => v === undefined || of(v) === undefined)) continue;
      const marginal = values.slice(1).map((v, i) => {
        const before = reports[i]!;
        return (of(v!)! - of(values[i]!)!) / (reports[i + 1]!.count - before.count);
      });
      const ratio = marginal.length < 2 ? NaN : marginal.at(-1)! / marginal[0]!;
      lines.push(
        `  ${PHASE_NAMES[row.phase].padEnd(14)} ${row.run.padEnd(28)} ${name.padEnd(13)} ${marginal.map((m) => m.toFixed(2).padStart(7)).join(" ")}  ${Number.isFinite(ratio) ? ratio.toFixed(2) : "-"}`,
      );
    }
  }
  return lines;
}

/** Issue 33's goals at 1,000 spaces, for each run of a CLI (each build, door and mode). */
export function goalLines(reports: SizeReport[]): string[] {
  const at = reports.find((r) => r.count === 1000);
  if (at === undefined) return ["goals: 1,000 spaces not measured"];
  const limits: [PhaseName, Door, number, string][] = [
    ["up", "native", 3, "up"],
    ["up", "dynamic", 5, "up"],
    ["noop", "native", 2, "no-op up (over the program alone + the CLI's fixed start)"],
    ["destroy", "native", 3, "destroy"],
    ["destroy", "dynamic", 3, "destroy"],
  ];
  const lines = ["goals at 1,000 spaces (time over floor):"];
  const runs = [...new Set(at.rows.filter((r) => r.run !== "harness").map((r) => r.run))];
  for (const run of runs) {
    for (const [phase, door, limit, name] of limits) {
      const row = at.rows.find((r) => r.run === run && r.phase === phase && r.door === door);
      if (row === undefined) continue;
      const ratio = row.ms / row.floor;
      const verdict = ratio <= limit ? "met" : "missed";
      lines.push(`  ${run} ${name}: ${ratio.toFixed(2)}x, at most ${limit}x: ${verdict}`);
    }
  }
  return lines;
}
