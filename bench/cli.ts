/**
 * The real engine: the program of 1,000 spaces (test/fixtures/spaces) through the `pulumi` CLI
 * that scripts/pulumi-cli/build.sh builds, against the emulator in this process with the engine
 * section's 50 ms of latency on every API request, phase by phase (up, a no-op up, refresh,
 * destroy), each beside the same phase through the harness and beside the program run alone
 * under mocks. One run each.
 *
 * For each `pulumi` run: its wall time, the requests it made (the emulator's request log), and
 * per process role (the engine, the Node.js language host, the Node process running the program,
 * the dynamic-provider host) the peak resident memory, how long its processes lived and the CPU
 * they used, sampled from /proc (bench/process-tree.ts). These are the anchors the harness's
 * performance goals are set against.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator/index";
import { destroy, refresh, up, type RunResult } from "../cli/harness";
import { findPulumiCli, pulumiVersion } from "../scripts/pulumi-cli/run";
import { createStack, sampled, SAMPLE_MS } from "./cli-stack";
import {
  addLatency,
  bareRun,
  describe,
  harnessOptions,
  LATENCY_MS,
  mb,
  measured,
  secs,
  type Bare,
  type Measured,
} from "./engine";
import type { BenchModule } from "./types";
import { byRole, ROLES, type ProcessUsage, type Role } from "./process-tree";

/** BENCH_CLI_SPACES runs fewer while working on this file; the figures quoted are at 1,000. */
const COUNT = Number(process.env.BENCH_CLI_SPACES || 1000);

interface Phase {
  name: string;
  harness(): Promise<RunResult>;
  cli: string[];
}

const roleHeads: Record<Role, string> = {
  engine: "pulumi",
  languageHost: "lang host",
  program: "program",
  providerHost: "provider",
  other: "other",
};

const cell = (text: string, width: number) => text.padStart(width);

function row(
  phase: string,
  run: string,
  ms: number,
  rss: Partial<Record<Role, number>>,
  requests: string,
): string {
  const columns = ROLES.map((role) => cell(mb(rss[role]).trim(), 9)).join(" ");
  return `${phase.padEnd(20)} ${run.padEnd(7)} ${secs(ms)} ${columns}  ${requests}`;
}

/** A role's processes: how many, their summed lifetime and CPU time, in seconds. */
function timeCell(processes: number, aliveMs: number, cpuMs: number): string {
  if (processes === 0) return cell("-", 17);
  return cell(`${processes}x ${(aliveMs / 1000).toFixed(1)} ${(cpuMs / 1000).toFixed(1)}`, 17);
}

/** What one `pulumi` phase and the same phase through the harness measured. */
interface PhaseRuns {
  phase: Phase;
  cli: Measured<ProcessUsage[]>;
  harness: Measured<RunResult>;
}

/** Each phase's time and peak memory per role: through pulumi, then through the harness. */
function memoryTable(runs: PhaseRuns[], bare: Bare, cliDir: string): string[] {
  const lines = [
    `${COUNT} spaces, ${LATENCY_MS} ms of emulator latency on every API request; pulumi ${pulumiVersion(cliDir)} with its default --parallel, the program transpiled without type check; one run each`,
    `time in s from start to exit; peak RSS (VmHWM) in MB per role; the harness's worker runs its engine and the program in one process, shown under program`,
    `${"phase".padEnd(20)} ${"run".padEnd(7)} ${"time".padStart(6)} ${ROLES.map((r) => cell(roleHeads[r], 9)).join(" ")}  requests`,
    row("program alone", "bare", bare.ms, { program: bare.rss }, "none (mocks)"),
  ];
  for (const { phase, cli, harness } of runs) {
    const usage = byRole(cli.value);
    const rss = Object.fromEntries(ROLES.map((r) => [r, usage[r].peakRss || undefined]));
    lines.push(row(phase.name, "pulumi", cli.ms, rss, describe(cli.made)));
    const peak = harness.value.usage?.peakRss;
    lines.push(
      row(
        "",
        "harness",
        harness.ms,
        { program: peak?.worker, providerHost: peak?.providerHost },
        describe(harness.made),
      ),
    );
  }
  return lines;
}

/** pulumi's processes per role and phase, and the peak memory of those of no known role. */
function processTable(runs: PhaseRuns[]): string[] {
  const lines = [
    `pulumi's processes per role: how many, their summed lifetime and CPU time in s (sampled every ${SAMPLE_MS} ms)`,
    `${"phase".padEnd(20)} ${"wall".padStart(6)} ${ROLES.map((r) => cell(roleHeads[r], 17)).join(" ")} ${cell("other", 17)}`,
  ];
  for (const { phase, cli } of runs) {
    const usage = byRole(cli.value);
    const cells = [...ROLES, "other" as const].map((r) =>
      timeCell(usage[r].processes, usage[r].aliveMs, usage[r].cpuMs),
    );
    lines.push(`${phase.name.padEnd(20)} ${secs(cli.ms)} ${cells.join(" ")}`);
  }
  const others = new Map<string, number>();
  for (const p of runs.flatMap((r) => r.cli.value).filter((p) => p.role === "other")) {
    const name = p.argv
      .slice(0, 2)
      .map((a) => path.basename(a))
      .join(" ");
    others.set(name, Math.max(others.get(name) ?? 0, p.peakRss));
  }
  if (others.size > 0) {
    lines.push(
      `other: ${[...others].map(([name, rss]) => `${name} (peak ${mb(rss).trim()} MB)`).join(", ")}`,
    );
  }
  return lines;
}

export const cliBench: BenchModule = {
  name: "cli: up, no-op up, refresh and destroy of 1,000 spaces through the real pulumi, beside the harness and the bare program",
  async run() {
    const cliDir = findPulumiCli();
    if (cliDir === undefined) {
      return [
        "skipped: no Pulumi CLI in .cache/pulumi-cli/bin or on PATH (build it with `bash scripts/pulumi-cli/build.sh`)",
      ];
    }
    const emulator = await startEmulator({ port: 0, seed: "demo" });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cli-"));
    try {
      // The first run fills Node's compile cache; the measured one finds it, as in the engine section.
      await bareRun(COUNT);
      const bare = await bareRun(COUNT);
      await addLatency(emulator);
      const options = harnessOptions(emulator, path.join(work, "state.json"), COUNT);
      const phases: Phase[] = [
        { name: "up", harness: () => up(options), cli: ["up", "--yes"] },
        { name: "up, nothing changed", harness: () => up(options), cli: ["up", "--yes"] },
        { name: "refresh", harness: () => refresh(options), cli: ["refresh", "--yes"] },
        { name: "destroy", harness: () => destroy(options), cli: ["destroy", "--yes"] },
      ];
      const harnessRuns: Measured<RunResult>[] = [];
      for (const phase of phases) harnessRuns.push(await measured(emulator, phase.harness));
      const stack = await createStack(cliDir, emulator, path.join(work, "cli"), COUNT);
      const runs: PhaseRuns[] = [];
      for (const [i, phase] of phases.entries()) {
        const cli = await measured(emulator, () => sampled(stack, phase.cli));
        runs.push({ phase, cli, harness: harnessRuns[i]! });
      }
      return [...memoryTable(runs, bare, cliDir), "", ...processTable(runs)];
    } finally {
      await emulator.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
