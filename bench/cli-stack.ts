/**
 * A stack of the real `pulumi` for the bench sections that run it (cli.ts, native.ts): a copy of
 * a program of N spaces against the emulator, and one command run with its process tree sampled.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../emulator/index";
import { pulumiEnv, runPulumi, spawnPulumi, type PulumiResult } from "../scripts/pulumi-cli/run";
import { program } from "./engine";
import { ProcessTreeSampler, type ProcessUsage } from "./process-tree";

/** How often the process tree is sampled. */
export const SAMPLE_MS = 75;
/** A bound on any one `pulumi` command: far above what 1,000 spaces take, so only a hang hits it. */
const COMMAND_TIMEOUT_MS = 30 * 60 * 1000;

const root = path.resolve(__dirname, "..", "..");

/** A stack of a copy of the program, with its own PULUMI_HOME and `file://` backend. */
export interface CliStack {
  work: string;
  dir: string;
  env: NodeJS.ProcessEnv;
}

/** The native program of N spaces: each Space registered by its token, served by the plugin. */
export const nativeProgram = path.join(root, "test", "fixtures", "native-spaces");

/**
 * As test/support/pulumi.ts sets up a stack for the real-CLI tier, without jest: the program
 * copied into a temp folder with a package.json and the project's node_modules linked, the
 * endpoint and organization in the stack's config, the token in DOCS_WORKSPACE_API_TOKEN.
 * The program is transpiled without ts-node's type check (PULUMI_NODEJS_TRANSPILE_ONLY), as the
 * harness loads it.
 */
export async function createStack(
  cliDir: string,
  emulator: RunningEmulator,
  work: string,
  count: number,
  programDir: string = program,
): Promise<CliStack> {
  const dir = path.join(work, "program");
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ["Pulumi.yaml", "index.ts"]) {
    fs.copyFileSync(path.join(programDir, file), path.join(dir, file));
  }
  // The native program names this checkout's plugin relative to its own folder.
  const project = path.join(dir, "Pulumi.yaml");
  const plugin = path.join(root, "provider", "native", "plugin");
  fs.writeFileSync(
    project,
    fs.readFileSync(project, "utf8").replace("../../../provider/native/plugin", plugin),
  );
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "spaces",
      private: true,
      dependencies: { "@pulumi/pulumi": "*", "pulumi-docs-workspace": "*" },
    }),
  );
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  fs.mkdirSync(path.join(work, "backend"));
  const env = pulumiEnv({
    cliDir,
    home: path.join(work, "home"),
    backend: path.join(work, "backend"),
    passphrase: "bench-passphrase",
    transpileOnly: true,
    extra: { DOCS_WORKSPACE_API_TOKEN: emulator.token! },
  });
  const stack = { work, dir, env };
  await ok(stack, ["stack", "init", "bench"]);
  const config: [string, string][] = [
    ["docs-workspace:apiUrl", emulator.url],
    ["docs-workspace:organizationId", emulator.organizationId!],
    ["spaces:count", String(count)],
  ];
  for (const [key, value] of config) await ok(stack, ["config", "set", key], value);
  return stack;
}

function failure(args: string[], result: PulumiResult): Error {
  const output = `${result.stdout}\n${result.stderr}`.trim();
  return new Error(
    `pulumi ${args.join(" ")} exited ${String(result.code ?? result.signal)}:\n${output.slice(-3000)}`,
  );
}

export async function ok(stack: CliStack, args: string[], input?: string): Promise<void> {
  const result = await runPulumi([...args, "--non-interactive"], {
    cwd: stack.dir,
    env: stack.env,
    ...(input === undefined ? {} : { input }),
  });
  if (result.code !== 0) throw failure(args, result);
}

/** `pulumi <args>` with its process tree sampled until it exits; fails unless it exits 0. */
export async function sampled(stack: CliStack, args: string[]): Promise<ProcessUsage[]> {
  const full = [...args, "--non-interactive"];
  const child = spawnPulumi(full, { cwd: stack.dir, env: stack.env });
  const sampler = new ProcessTreeSampler(child.pid!, SAMPLE_MS);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), COMMAND_TIMEOUT_MS);
  const result = await new Promise<PulumiResult>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  }).finally(() => clearTimeout(timer));
  const processes = await sampler.stop();
  if (result.code !== 0) throw failure(args, result);
  return processes;
}

/** What a stack's state holds: its resources, and its size as exported and as checkpointed. */
export interface StateSize {
  resources: number;
  /** `pulumi stack export`, in bytes. */
  exported: number;
  /** The backend's checkpoint file, what each snapshot write rewrites, in bytes. */
  checkpoint: number;
}

export async function stateSize(stack: CliStack): Promise<StateSize> {
  const args = ["stack", "export"];
  const result = await runPulumi(args, { cwd: stack.dir, env: stack.env });
  if (result.code !== 0) throw failure(args, result);
  const exported = JSON.parse(result.stdout) as { deployment: { resources?: unknown[] } };
  const stacks = path.join(stack.work, "backend", ".pulumi", "stacks");
  const files = fs
    .readdirSync(stacks, { recursive: true, encoding: "utf8" })
    .filter((f) => /(^|[\\/])bench\.json(\.gz)?$/.test(f));
  if (files.length !== 1)
    throw new Error(`no one checkpoint file in ${stacks}: ${files.join(", ")}`);
  return {
    resources: exported.deployment.resources?.length ?? 0,
    exported: Buffer.byteLength(result.stdout),
    checkpoint: fs.statSync(path.join(stacks, files[0]!)).size,
  };
}
