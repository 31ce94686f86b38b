/**
 * The engine: the harness running a program of N spaces (test/fixtures/spaces) against the
 * emulator with 50 ms of latency on every API request, phase by phase: up (its preview pass
 * included, as `pulumi up` runs one), up --skip-preview, a no-op up, refresh and destroy. For each
 * phase: the requests it made against the API's minimum, its time against its floor, and the
 * peak resident memory of the worker and of the provider host.
 *
 * Floors: a phase that sends R requests cannot beat R x 50 ms / 8 (the provider's client keeps 8
 * in flight); a phase that runs the program cannot beat the program run alone under
 * `pulumi.runtime.setMocks` (the "bare" run, measured here in a process of its own, from spawn
 * to exit), and `up` runs it twice (preview, then update).
 */
import { fork } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type LoggedRequest, type RunningEmulator } from "../emulator/index";
import { destroy, refresh, up, type HarnessOptions, type RunResult } from "../cli/harness";
import { compileCacheEnv } from "../cli/harness/compile-cache";
import { ProviderHost } from "../cli/harness/provider-host";
import { spacesOf } from "../provider/api/spaces";
import { addLatency as addLatencyOf, clearRequests, loggedRequests } from "../drivers/admin";
import type { BenchModule } from "./types";

const SIZES = [100, 300, 1000];
/** The latency the emulator adds to every API request, here and in the real-CLI section. */
export const LATENCY_MS = 50;
/** The provider's client cap on requests in flight (docs-workspace:maxConcurrency default). */
export const IN_FLIGHT = 8;
/** The spaces a list page holds when the provider walks the organization's spaces. */
const LIST_PAGE = Number(spacesOf("organization").query?.limit);
const TIME_TARGET = 1.3;
const NO_OP_TARGET = 2;
const RSS_TARGET_MB = 400;
/** Where the absolute memory target sits below the bare program's own peak (DESIGN.md). */
const RSS_FLOOR_TARGET = 1.25;

const root = path.resolve(__dirname, "..", "..");
/** The program of N spaces every engine row runs. */
export const program = path.join(root, "test", "fixtures", "spaces");

export interface Bare {
  /** From spawn to exit. */
  ms: number;
  /** Peak resident memory in bytes. */
  rss: number;
}

/**
 * How long the SDK's dynamic-provider host takes from spawn to listening, the median of three:
 * every engine that runs a dynamic provider starts this same host (Pulumi's CLI through
 * `pulumi-resource-pulumi-nodejs`), so refresh and destroy pay it before their first request.
 */
async function hostStart(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const host = await ProviderHost.start(program, { ...compileCacheEnv(), ...process.env });
    times.push(performance.now() - start);
    host.stop();
  }
  return times.sort((a, b) => a - b)[1]!;
}

/**
 * The program alone under setMocks, in a fresh process: what any engine must at least spend
 * running it. The process runs this file with `--bare`.
 */
export function bareRun(count: number, dir: string = program): Promise<Bare> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // With the compile cache the harness gives its own processes, so both load alike.
    const child = fork(__filename, ["--bare", dir, String(count)], {
      env: { ...compileCacheEnv(), ...process.env },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - start;
      if (code !== 0) reject(new Error(`the bare program run exited with ${String(code)}`));
      else resolve({ ms, rss: (JSON.parse(out) as { maxRss: number }).maxRss });
    });
  });
}

async function runBare(dir: string, count: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require("tsx/cjs/api") as { register(): unknown }).register();
  const { createRequire } = await import("node:module");
  const req = createRequire(path.join(dir, "index.ts"));
  const pulumi = req("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => args.inputs,
    },
    "spaces",
    "dev",
    false,
  );
  const runtime = pulumi.runtime as unknown as {
    setAllConfig(config: Record<string, string>, secretKeys: string[]): void;
    runInPulumiStack(init: () => Promise<unknown>): Promise<unknown>;
  };
  runtime.setAllConfig({ "spaces:count": count }, []);
  process.chdir(dir);
  await runtime.runInPulumiStack(async () => req(path.join(dir, "index.ts")) as unknown);
  // The run ends when the process does: serializing the resources' providers outlives the
  // program's own code.
  process.on("exit", () => {
    process.stdout.write(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024 }));
  });
}

/** The emulator's fault rule adding LATENCY_MS to every API request. */
export const addLatency = (emulator: RunningEmulator) => addLatencyOf(emulator, LATENCY_MS);

/** The harness's options for the program of `count` spaces against the emulator. */
export function harnessOptions(
  emulator: RunningEmulator,
  stateFile: string,
  count: number,
): HarnessOptions {
  return {
    programDir: program,
    stateFile,
    config: {
      "docs-workspace:apiUrl": emulator.url,
      "docs-workspace:organizationId": emulator.organizationId!,
      "spaces:count": String(count),
    },
    secrets: { "docs-workspace:apiToken": emulator.token! },
  };
}

export interface Measured<T> {
  value: T;
  ms: number;
  /** The requests it made, by method, from the emulator's request log. */
  made: Record<string, number>;
}

/** Runs one phase from an empty request log: its wall time and the requests it made. */
export async function measured<T>(
  emulator: RunningEmulator,
  run: () => Promise<T>,
): Promise<Measured<T>> {
  await clearRequests(emulator);
  const start = performance.now();
  const value = await run();
  const ms = performance.now() - start;
  const made = counts(await loggedRequests(emulator));
  return { value, ms, made };
}

interface Phase {
  name: string;
  /** The requests it must make at least, by method. */
  minimum: Record<string, number>;
  run(): Promise<RunResult>;
  /** Its floor in ms, given the requests it made and the bare run. */
  floor(requests: number, bare: Bare): number;
  /** Whether it starts the provider host before its first request with no program to overlap. */
  startsHost?: boolean;
  /** How many times its floor it may take; none where another section holds its target. */
  target?: number;
}

export const mb = (bytes: number | undefined) =>
  bytes === undefined ? "    -" : `${Math.round(bytes / 2 ** 20)}`.padStart(5);
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)}`.padStart(6);

function counts(requests: LoggedRequest[]): Record<string, number> {
  const by: Record<string, number> = {};
  for (const r of requests) by[r.method] = (by[r.method] ?? 0) + 1;
  return by;
}

export function describe(by: Record<string, number>): string {
  const parts = Object.entries(by).map(([m, n]) => `${n} ${m}`);
  return parts.length > 0 ? parts.join(" + ") : "none";
}

/** What one size's phases are measured against: the bare run, and the host's start in ms. */
interface Baseline {
  count: number;
  bare: Bare;
  host: number;
}

/** Runs one phase: its line of the table; what it misses of its targets goes to `missed`. */
async function measurePhase(
  emulator: RunningEmulator,
  phase: Phase,
  { count, bare, host }: Baseline,
  missed: string[],
): Promise<string> {
  const { value: result, ms, made } = await measured(emulator, () => phase.run());
  const total = Object.values(made).reduce((a, b) => a + b, 0);
  const floor = phase.floor(total, bare);
  const ratio = ms / floor;
  const atMinimum = describe(made) === describe(phase.minimum);
  const rss = result.usage?.peakRss;
  const rssRatio = (rss?.worker ?? 0) / bare.rss;
  if (!atMinimum) missed.push(`${count} ${phase.name}: ${describe(made)}`);
  if (phase.target !== undefined && ratio > phase.target)
    missed.push(`${count} ${phase.name}: ${ratio.toFixed(2)}x its floor`);
  const withHost = phase.startsHost
    ? `; ${(ms / (floor + host)).toFixed(2)}x with the host's start`
    : "";
  if (count === SIZES[SIZES.length - 1] && rss && rss.worker > RSS_TARGET_MB * 2 ** 20) {
    if (rssRatio > RSS_FLOOR_TARGET) {
      missed.push(`${count} ${phase.name}: worker peak ${mb(rss.worker).trim()} MB`);
    }
  }
  return `  ${phase.name.padEnd(20)} ${secs(ms)} ${secs(floor)} ${ratio.toFixed(2).padStart(5)}x ${(phase.target === undefined ? "(lists)" : `(<= ${phase.target})`).padEnd(8)} ${mb(rss?.worker)} ${mb(rss?.providerHost)} ${rssRatio.toFixed(2).padStart(5)}x  ${describe(made)}${atMinimum ? "" : ` (minimum ${describe(phase.minimum)})`}${withHost}`;
}

async function measureSize(
  count: number,
  host: number,
  lines: string[],
  missed: string[],
): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: "demo" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-engine-"));
  try {
    // The first run fills the compile cache; the measured one finds it, as a user's runs do.
    if (count === SIZES[0]) await bareRun(count);
    const bare = await bareRun(count);
    await addLatency(emulator);
    const options = harnessOptions(emulator, path.join(dir, "state.json"), count);
    const requestsFloor = (n: number) => (n * LATENCY_MS) / IN_FLIGHT;
    const phases: Phase[] = [
      {
        name: "up",
        minimum: { POST: count },
        run: () => up(options),
        floor: (n, b) => b.ms + Math.max(requestsFloor(n), b.ms),
        target: TIME_TARGET,
      },
      {
        name: "up, nothing changed",
        minimum: {},
        run: () => up(options),
        floor: (_, b) => b.ms,
        target: NO_OP_TARGET,
      },
      {
        // Refresh reads from the organization's list of spaces, a page of 1,000 a request, each
        // page after the other: its floor is that walk, and its target is the lists section's.
        name: "refresh",
        minimum: { GET: Math.ceil(count / LIST_PAGE) },
        run: () => refresh(options),
        floor: (n) => n * LATENCY_MS,
        startsHost: true,
      },
      {
        name: "destroy",
        minimum: { DELETE: count },
        run: () => destroy(options),
        floor: (n) => requestsFloor(n),
        startsHost: true,
        target: TIME_TARGET,
      },
      {
        name: "up --skip-preview",
        minimum: { POST: count },
        run: () => up({ ...options, skipPreview: true }),
        floor: (n, b) => Math.max(requestsFloor(n), b.ms),
        target: TIME_TARGET,
      },
    ];
    lines.push(
      `${count} spaces; bare program run ${secs(bare.ms).trim()} s, peak RSS ${mb(bare.rss).trim()} MB`,
    );
    for (const phase of phases) {
      lines.push(await measurePhase(emulator, phase, { count, bare, host }, missed));
    }
    await destroy(options);
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const engineBench: BenchModule = {
  name: "engine: up, no-op up, refresh and destroy through the harness",
  async run() {
    const lines = [
      `with ${LATENCY_MS} ms of emulator latency on every request, ${IN_FLIGHT} in flight (the client's cap)`,
      `  ${"phase".padEnd(20)} ${"time".padStart(6)} ${"floor".padStart(6)} ${"ratio".padStart(6)} ${"target".padEnd(8)} ${"worker".padStart(5)} ${"host".padStart(5)} ${"/bare".padStart(6)}  requests`,
      `  ${"".padEnd(20)} ${"s".padStart(6)} ${"s".padStart(6)} ${"".padStart(6)} ${"".padEnd(8)} ${"MB".padStart(5)} ${"MB".padStart(5)} ${"".padStart(6)}`,
    ];
    const missed: string[] = [];
    const host = await hostStart();
    lines.push(
      `the SDK's dynamic-provider host starts in ${secs(host).trim()} s (median of 3): refresh and destroy pay it before their first request, under any engine`,
    );
    for (const count of SIZES) await measureSize(count, host, lines, missed);
    lines.push(
      `targets: destroy and up within ${TIME_TARGET}x their floor (refresh's is in the lists section), a no-op up within ${NO_OP_TARGET}x the bare program run, the requests at the minimum, worker peak RSS under ${RSS_TARGET_MB} MB at ${SIZES[SIZES.length - 1]} (or within ${RSS_FLOOR_TARGET}x the bare run's peak where that is above it)`,
      missed.length === 0 ? "every target met" : `missed: ${missed.join("; ")}`,
    );
    return lines;
  },
};

if (require.main === module && process.argv[2] === "--bare") {
  runBare(process.argv[3]!, process.argv[4]!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
