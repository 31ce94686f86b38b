/**
 * The real engine at scale (issue 33): programs of 100, 1,000 and 3,000 spaces through the
 * `pulumi` CLI that scripts/pulumi-cli/build.sh builds, in both doors (the dynamic provider,
 * test/fixtures/spaces; the native plugin, test/fixtures/native-spaces), against the emulator in
 * this process with 50 ms of latency on every API request: up, a no-op up, refresh and destroy,
 * each beside the same phase through the harness and against its floor.
 *
 * Floors: a phase's requests x 50 ms / 8 (the engine runs 8 steps at once and the client keeps 8
 * requests in flight; a mode that raises both, the fewer of the two), plus, where it runs the
 * program, the program alone under mocks (bench/engine.ts's bare run, per door); refresh's pages
 * are read in sequence, so its floor is requests x 50 ms. A no-op up's
 * floor is the program alone plus the CLI's fixed start: a no-op up of the same door's program
 * with no spaces, measured once per CLI and door.
 *
 * For each `pulumi` run, per process role (bench/process-tree.ts): CPU seconds and peak RSS. For
 * each door after up: the bytes a resource adds to `pulumi stack export` and to the checkpoint
 * file each snapshot write rewrites. Then how each cost grows from one size to the next.
 *
 * BENCH_CLI_SIZES   the sizes, comma-separated (default 100,1000,3000)
 * BENCH_CLI_DOORS   dynamic, native or both (default dynamic,native)
 * BENCH_CLI_PHASES  which CLI phases to run (default up,noop,refresh,destroy)
 * BENCH_CLI_MODES   how pulumi runs, comma-separated (default default,skip): `default` as it
 *                   comes, or settings joined with +: `skip` (PULUMI_SKIP_CHECKPOINTS=true),
 *                   `par<N>` (--parallel N), `conc<N>` (docs-workspace:maxConcurrency N);
 *                   skip+conc16 is the README's large-stack mode
 * BENCH_CLI_HARNESS 0 to leave the harness rows out
 * BENCH_CLI_BASELINE the bin folder of another build of the CLI (an earlier pin's
 *                   .cache/pulumi-cli/<version>-<key>), measured beside the pinned one
 * BENCH_CLI_PROFILE a folder: each CLI `up` runs with `--profiling` into it (Go's pprof CPU profile)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator/index";
import { destroy, refresh, up, type RunResult } from "../cli/harness";
import { findPulumiCli, pulumiVersion } from "../scripts/pulumi-cli/run";
import { createStack, nativeProgram, ok, sampled, stateSize, type CliStack } from "./cli-stack";
import {
  growthLines,
  goalLines,
  runLines,
  stateLine,
  type Door,
  type PhaseName,
  type Row,
  type SizeReport,
} from "./cli-report";
import {
  addLatency,
  bareRun,
  harnessOptions,
  IN_FLIGHT,
  LATENCY_MS,
  measured,
  program,
  type Bare,
} from "./engine";
import { byRole } from "./process-tree";
import type { BenchModule } from "./types";

const list = (name: string, fallback: string) =>
  (process.env[name] || fallback).split(",").map((s) => s.trim());
const SIZES = list("BENCH_CLI_SIZES", "100,1000,3000").map(Number);
const DOORS = list("BENCH_CLI_DOORS", "dynamic,native") as Door[];
const PHASES = list("BENCH_CLI_PHASES", "up,noop,refresh,destroy") as PhaseName[];
const MODES = list("BENCH_CLI_MODES", "default,skip");
const HARNESS = process.env.BENCH_CLI_HARNESS !== "0";
const PROFILE = process.env.BENCH_CLI_PROFILE;

const programOf: Record<Door, string> = { dynamic: program, native: nativeProgram };
const CLI_ARGS: Record<PhaseName, string[]> = {
  up: ["up", "--yes"],
  noop: ["up", "--yes"],
  refresh: ["refresh", "--yes"],
  destroy: ["destroy", "--yes"],
};

/** How `pulumi` runs: its environment, its extra arguments, and the provider's config. */
interface Settings {
  env: NodeJS.ProcessEnv;
  args: string[];
  config: [string, string][];
  /** Requests in flight at most: the fewer of the engine's steps (--parallel, 8 by default) and the client's cap. */
  inFlight: number;
}

/** A mode of BENCH_CLI_MODES: `default`, or settings joined with `+` (skip, par<N>, conc<N>). */
function settingsOf(mode: string): Settings {
  const settings: Settings = { env: {}, args: [], config: [], inFlight: IN_FLIGHT };
  if (mode === "default") return settings;
  let parallel = IN_FLIGHT;
  let concurrency = IN_FLIGHT;
  for (const part of mode.split("+")) {
    const n = /^(par|conc)(\d+)$/.exec(part);
    if (part === "skip") settings.env.PULUMI_SKIP_CHECKPOINTS = "true";
    else if (n?.[1] === "par") {
      settings.args.push("--parallel", n[2]!);
      parallel = Number(n[2]);
    } else if (n?.[1] === "conc") {
      settings.config.push(["docs-workspace:maxConcurrency", n[2]!]);
      concurrency = Number(n[2]);
    } else throw new Error(`BENCH_CLI_MODES: unknown setting ${JSON.stringify(part)} in ${mode}`);
  }
  settings.inFlight = Math.min(parallel, concurrency);
  return settings;
}

/** A build of the CLI: its bin folder and the version it reports. */
interface Cli {
  dir: string;
  version: string;
}

/** The requests' latency, `inFlight` at a time. */
const requestFloor = (made: Record<string, number>, inFlight: number) =>
  (Object.values(made).reduce((a, b) => a + b, 0) * LATENCY_MS) / inFlight;

/**
 * A phase's floor, from the requests it made, the program alone, and the CLI's fixed start.
 * Refresh reads the organization's list of spaces a page after the other: its requests are in
 * sequence, so its floor is each one's latency.
 */
function floorOf(
  phase: PhaseName,
  made: Record<string, number>,
  { bare, start, inFlight }: { bare: Bare; start: number; inFlight: number },
) {
  if (phase === "up") return requestFloor(made, inFlight) + bare.ms;
  if (phase === "noop") return bare.ms + start;
  if (phase === "refresh") return requestFloor(made, 1);
  return requestFloor(made, inFlight);
}

/** The CLI's fixed start in a door: a no-op up of its program with no spaces, after one up. */
async function fixedStart(cli: Cli, door: Door, emulator: RunningEmulator, work: string) {
  const stack = await createStack(cli.dir, emulator, work, 0, programOf[door]);
  await ok(stack, ["up", "--yes"]);
  const noop = await measured(emulator, () => sampled(stack, ["up", "--yes"]));
  return noop.ms;
}

/** One CLI's phases in one door at one size; the state's size after its up. */
async function cliRows(
  cli: Cli,
  door: Door,
  mode: string,
  count: number,
  context: { emulator: RunningEmulator; work: string; bare: Bare; start: number },
): Promise<{ rows: Row[]; state?: SizeReport["states"][number] }> {
  const { emulator, work, bare, start } = context;
  const run = `${cli.version} ${door}${mode === "default" ? "" : ` ${mode}`}`;
  const made = await createStack(
    cli.dir,
    emulator,
    path.join(work, `${cli.version}-${door}-${mode}-${count}`),
    count,
    programOf[door],
  );
  const settings = settingsOf(mode);
  const stack: CliStack = { ...made, env: { ...made.env, ...settings.env } };
  for (const [key, value] of settings.config) await ok(stack, ["config", "set", key, value]);
  const rows: Row[] = [];
  let state: SizeReport["states"][number] | undefined;
  for (const phase of PHASES) {
    const args = [...CLI_ARGS[phase], ...settings.args];
    if (PROFILE !== undefined && phase === "up") {
      fs.mkdirSync(PROFILE, { recursive: true });
      args.push("--profiling", path.join(PROFILE, `${cli.version}-${door}-${mode}-${count}-up`));
    }
    const m = await measured(emulator, () => sampled(stack, args));
    const floor = floorOf(phase, m.made, { bare, start, inFlight: settings.inFlight });
    rows.push({ phase, run, door, ms: m.ms, floor, made: m.made, usage: byRole(m.value) });
    if (phase === "up") state = { run, ...(await stateSize(stack)) };
  }
  // Whatever the phases left (all of it when destroy is not among them) goes unmeasured.
  const fast = { ...stack, env: { ...stack.env, PULUMI_SKIP_CHECKPOINTS: "true" } };
  await ok(fast, ["destroy", "--yes", "--skip-preview"]);
  return { rows, ...(state === undefined ? {} : { state }) };
}

/** The harness's phases (the dynamic door: it has no other). */
async function harnessRows(emulator: RunningEmulator, work: string, count: number, bare: Bare) {
  const options = harnessOptions(emulator, path.join(work, `harness-${count}.json`), count);
  const runs: Record<PhaseName, () => Promise<RunResult>> = {
    up: () => up(options),
    noop: () => up(options),
    refresh: () => refresh(options),
    destroy: () => destroy(options),
  };
  const rows: Row[] = [];
  for (const phase of PHASES) {
    const m = await measured(emulator, runs[phase]);
    const floor = floorOf(phase, m.made, { bare, start: 0, inFlight: IN_FLIGHT });
    const peak = m.value.usage?.peakRss;
    rows.push({ phase, run: "harness", door: "dynamic", ms: m.ms, floor, made: m.made, peak });
  }
  if (!PHASES.includes("destroy")) await destroy(options);
  return rows;
}

async function measureSize(
  clis: Cli[],
  count: number,
  emulator: RunningEmulator,
  work: string,
  starts: Map<string, number>,
): Promise<SizeReport> {
  const bares = {} as Record<Door, Bare>;
  for (const door of DOORS) {
    // The first run fills Node's compile cache; the measured one finds it.
    await bareRun(count, programOf[door]);
    bares[door] = await bareRun(count, programOf[door]);
  }
  const report: SizeReport = { count, bares, rows: [], states: [] };
  if (HARNESS && DOORS.includes("dynamic")) {
    report.rows.push(...(await harnessRows(emulator, work, count, bares.dynamic)));
  }
  for (const cli of clis) {
    for (const door of DOORS) {
      for (const mode of MODES) {
        const start = starts.get(`${cli.version} ${door}`)!;
        const context = { emulator, work, bare: bares[door], start };
        const { rows, state } = await cliRows(cli, door, mode, count, context);
        report.rows.push(...rows);
        if (state) report.states.push(state);
      }
    }
  }
  return report;
}

export const cliBench: BenchModule = {
  name: "cli: up, no-op up, refresh and destroy of 100, 1,000 and 3,000 spaces through the real pulumi, dynamic and native, beside the harness and their floors",
  async run() {
    const pinned = findPulumiCli();
    if (pinned === undefined) {
      return [
        "skipped: no Pulumi CLI in .cache/pulumi-cli/bin or on PATH (build it with `bash scripts/pulumi-cli/build.sh`)",
      ];
    }
    const dirs = [
      pinned,
      ...(process.env.BENCH_CLI_BASELINE ? [process.env.BENCH_CLI_BASELINE] : []),
    ];
    const clis = dirs.map((dir) => ({ dir, version: pulumiVersion(dir) }));
    const emulator = await startEmulator({ port: 0, seed: "demo" });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cli-"));
    try {
      const starts = new Map<string, number>();
      for (const cli of clis) {
        for (const door of DOORS) {
          const at = path.join(work, `start-${cli.version}-${door}`);
          starts.set(`${cli.version} ${door}`, await fixedStart(cli, door, emulator, at));
        }
      }
      await addLatency(emulator);
      const reports: SizeReport[] = [];
      const lines = [
        `${LATENCY_MS} ms of emulator latency on every API request, ${IN_FLIGHT} in flight (the client's cap and pulumi's default --parallel) unless a mode raises both; the TypeScript program transpiled without type check; one run each`,
        `the CLI's fixed start (a no-op up of no spaces): ${[...starts].map(([run, ms]) => `${run} ${(ms / 1000).toFixed(1)} s`).join(", ")}`,
      ];
      for (const count of SIZES) {
        const report = await measureSize(clis, count, emulator, work, starts);
        reports.push(report);
        lines.push("", ...runLines(report), ...report.states.map((s) => stateLine(s)));
      }
      return [...lines, "", ...growthLines(reports), "", ...goalLines(reports)];
    } finally {
      await emulator.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
