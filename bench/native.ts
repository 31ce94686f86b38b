/**
 * A no-op `pulumi up` of 1,000 spaces through the native provider plugin, beside the same program
 * on the dynamic provider and beside the harness (issue 22's cost question). A no-op up sends no
 * request, so the emulator runs without latency; the stacks are made and destroyed unmeasured,
 * with the engine's checkpoints skipped (PULUMI_SKIP_CHECKPOINTS) to spare minutes of state
 * writes. One run each: wall time, then per process role the peak RSS and the CPU time used.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator/index";
import { destroy, up } from "../cli/harness";
import { findPulumiCli, pulumiVersion } from "../scripts/pulumi-cli/run";
import { createStack, ok, sampled, type CliStack } from "./cli-stack";
import { describe, harnessOptions, mb, measured, program, secs } from "./engine";
import { byRole, ROLES, type ProcessUsage, type Role } from "./process-tree";
import type { BenchModule } from "./types";

const COUNT = Number(process.env.BENCH_CLI_SPACES || 1000);
const root = path.resolve(__dirname, "..", "..");
const nativeProgram = path.join(root, "test", "fixtures", "native-spaces");

const heads: Record<Role, string> = {
  engine: "pulumi",
  languageHost: "lang host",
  program: "program",
  providerHost: "provider",
  other: "other",
};

/** A stack of `programDir` with its spaces made; the native one names this checkout's plugin. */
async function madeStack(
  cliDir: string,
  emulator: RunningEmulator,
  work: string,
  programDir: string,
): Promise<CliStack> {
  const stack = await createStack(cliDir, emulator, work, COUNT, programDir);
  const project = path.join(stack.dir, "Pulumi.yaml");
  const plugin = path.join(root, "provider", "native", "plugin");
  fs.writeFileSync(
    project,
    fs.readFileSync(project, "utf8").replace("../../../provider/native/plugin", plugin),
  );
  const fast = { ...stack, env: { ...stack.env, PULUMI_SKIP_CHECKPOINTS: "true" } };
  await ok(fast, ["up", "--yes", "--skip-preview"]);
  return stack;
}

/** A role's cell: peak RSS in MB and, where sampled, CPU time in s. */
function cellOf(rss: number | undefined, cpuMs?: number): string {
  if (rss === undefined) return "-".padStart(14);
  const cpu = cpuMs === undefined ? "" : ` / ${(cpuMs / 1000).toFixed(1)}`;
  return `${mb(rss).trim()}${cpu}`.padStart(14);
}

/** One run's row: a `pulumi` run's sampled processes, or the harness's own peaks per role. */
function line(
  name: string,
  ms: number,
  usage: ProcessUsage[] | Partial<Record<Role, number>>,
  requests: string,
): string {
  const roles = Array.isArray(usage) ? byRole(usage) : undefined;
  const cells = ROLES.map((role) => {
    if (roles === undefined) return cellOf((usage as Partial<Record<Role, number>>)[role]);
    const r = roles[role];
    return r.processes === 0 ? cellOf(undefined) : cellOf(r.peakRss, r.cpuMs);
  });
  return `${name.padEnd(18)} ${secs(ms)} ${cells.join(" ")}  ${requests}`;
}

export const nativeBench: BenchModule = {
  name: "native: a no-op up of 1,000 spaces through the native plugin, beside the dynamic provider and the harness",
  async run() {
    const cliDir = findPulumiCli();
    if (cliDir === undefined) {
      return ["skipped: no Pulumi CLI (build it with `bash scripts/pulumi-cli/build.sh`)"];
    }
    const emulator = await startEmulator({ port: 0, seed: "demo" });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-native-"));
    try {
      const options = harnessOptions(emulator, path.join(work, "state.json"), COUNT);
      await up(options);
      const harness = await measured(emulator, () => up(options));
      await destroy(options);
      const lines = [
        `${COUNT} spaces; pulumi ${pulumiVersion(cliDir)} with its default --parallel, the program transpiled without type check; one run each`,
        `time in s from start to exit; per role, peak RSS (VmHWM) in MB / CPU time in s; the harness runs engine and program in one worker`,
        `${"no-op up".padEnd(18)} ${"time".padStart(6)} ${ROLES.map((r) => heads[r].padStart(14)).join(" ")}  requests`,
        line(
          "harness",
          harness.ms,
          {
            program: harness.value.usage?.peakRss.worker,
            providerHost: harness.value.usage?.peakRss.providerHost,
          },
          describe(harness.made),
        ),
      ];
      for (const [name, dir] of [
        ["pulumi, dynamic", program],
        ["pulumi, native", nativeProgram],
      ] as const) {
        const stack = await madeStack(
          cliDir,
          emulator,
          path.join(work, name.replace(/\W+/g, "-")),
          dir,
        );
        const noop = await measured(emulator, () => sampled(stack, ["up", "--yes"]));
        lines.push(line(name, noop.ms, noop.value, describe(noop.made)));
        const fast = { ...stack, env: { ...stack.env, PULUMI_SKIP_CHECKPOINTS: "true" } };
        await ok(fast, ["destroy", "--yes", "--skip-preview"]);
      }
      return lines;
    } finally {
      await emulator.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
