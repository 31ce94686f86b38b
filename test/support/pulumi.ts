import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  findPulumiCli,
  pulumiEnv,
  runPulumi,
  spawnPulumi,
  type PulumiResult,
} from "../../scripts/pulumi-cli/run";
import { describeRequiring } from "./requires";

export type { PulumiResult } from "../../scripts/pulumi-cli/run";

const root = path.resolve(__dirname, "..", "..");

/** The CLI the real-CLI tier runs: the pinned build, else a `pulumi` on PATH. */
export const pulumiCliDir = findPulumiCli();

/**
 * `describe` for the real-CLI tier: skipped, saying so, without a CLI, except in CI, which always
 * builds one (.ci/run), where its absence fails.
 */
export function describeCli(name: string, fn: () => void): void {
  describeRequiring(
    {
      present: pulumiCliDir !== undefined,
      what: "the Pulumi CLI is built",
      missing:
        "no pulumi in .cache/pulumi-cli/bin or on PATH: .ci/run builds it with scripts/pulumi-cli/build.sh",
    },
    name,
    fn,
  );
}

export interface EmulatorTarget {
  url: string;
  organizationId: string;
  token: string;
}

export interface StackOptions {
  /**
   * A folder with Pulumi.yaml and the program (index.ts, or Python's .py files; a YAML program is
   * Pulumi.yaml itself): copied, so the CLI's writes stay in a temp folder.
   */
  program: string;
  emulator: EmulatorTarget;
  stack?: string;
  /**
   * How the token reaches the provider: the environment (DOCS_WORKSPACE_API_TOKEN, the default)
   * or the stack's config, set with `pulumi config set --secret` through stdin.
   */
  token?: "env" | "config";
  /** Stack config besides the endpoint and organization. */
  config?: Record<string, string>;
  /** Type-check the program with the host's ts-node (the user's default); off for speed. */
  typeCheck?: boolean;
  /**
   * The node_modules the program resolves its packages from: by default this checkout's (where
   * pulumi-docs-workspace links to provider/); a user's project with packed packages otherwise.
   */
  nodeModules?: string;
}

/** One step of a `--json` run: what the engine did to one resource. */
export interface JsonStep {
  op: string;
  urn: string;
  type: string;
  name: string;
  /** The inputs before and after, where the step has them. */
  oldInputs?: Record<string, unknown>;
  newInputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

export interface JsonRun {
  result: PulumiResult;
  steps: JsonStep[];
  changeSummary: Record<string, number>;
  diagnostics: { message: string; severity: string; urn?: string }[];
}

interface JsonState {
  type?: string;
  urn?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

interface JsonOutput {
  steps?: { op: string; urn: string; oldState?: JsonState; newState?: JsonState }[];
  changeSummary?: Record<string, number>;
  diagnostics?: { message: string; severity: string; urn?: string }[];
}

interface StepMetadata {
  op: string;
  urn: string;
  old?: JsonState | null;
  new?: JsonState | null;
}

/** One line of the engine's event stream, as `--json` prints it after the preview. */
interface EngineEvent {
  resOutputsEvent?: { metadata: StepMetadata };
  summaryEvent?: { resourceChanges: Record<string, number>; result?: string };
  diagnosticEvent?: { message: string; severity: string; urn?: string };
}

/** A `--json` output: the preview's document (pretty-printed), then one event a line. */
function splitJsonOutput(
  result: PulumiResult,
  command: string[],
): { document: JsonOutput; events: EngineEvent[] } {
  const text = result.stdout;
  // With --skip-preview there is no document: the events alone, one a line.
  if (text.startsWith('{"sequence"')) {
    return { document: {}, events: eventsOf(text) };
  }
  // The document is indented; it ends at the first line that closes it at the margin.
  const end = text.startsWith("{") ? text.indexOf("\n}") : -1;
  if (end < 0) {
    const excerpt = (result.stdout + result.stderr).slice(0, 4000);
    throw new Error(
      `pulumi ${command.join(" ")} --json printed no JSON (exit ${result.code}):\n${excerpt}`,
    );
  }
  const document = JSON.parse(text.slice(0, end + 2)) as JsonOutput;
  return { document, events: eventsOf(text.slice(end + 2)) };
}

function eventsOf(text: string): EngineEvent[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as EngineEvent);
}

/** A resource as `pulumi stack export` records it. */
export interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  protect?: boolean;
  provider?: string;
}

export interface ExportedDeployment {
  version: number;
  deployment: {
    resources?: ExportedResource[];
    pending_operations?: { resource: ExportedResource; type: string }[];
  };
}

export function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/**
 * A stack of a program copy, run through the real `pulumi` against an emulator: its own
 * PULUMI_HOME and `file://` backend in a temp folder, and `node_modules` linked to the project's.
 */
export class PulumiStack {
  private constructor(
    readonly work: string,
    /** The program's copy: edit it to change the program. */
    readonly dir: string,
    readonly stack: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  static async create(options: StackOptions): Promise<PulumiStack> {
    if (pulumiCliDir === undefined) throw new Error("no Pulumi CLI");
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-pulumi-"));
    const dir = path.join(work, "program");
    fs.mkdirSync(dir);
    const stackName = options.stack ?? "test";
    for (const file of fs.readdirSync(options.program)) {
      // The program, and its stack's config file when it has one (`stack init` adds the salt).
      const source = file.endsWith(".ts") || file.endsWith(".py");
      if (file === "Pulumi.yaml" || file === `Pulumi.${stackName}.yaml` || source) {
        fs.copyFileSync(path.join(options.program, file), path.join(dir, file));
      }
    }
    // As a user's project: a package.json naming its dependencies, which resolve to this
    // checkout (node_modules/pulumi-docs-workspace links to it).
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify(
        {
          name: path.basename(options.program),
          private: true,
          dependencies: { "@pulumi/pulumi": "*", "pulumi-docs-workspace": "*" },
        },
        null,
        2,
      ),
    );
    fs.symlinkSync(
      options.nodeModules ?? path.join(root, "node_modules"),
      path.join(dir, "node_modules"),
      "dir",
    );
    const tokenInEnv = (options.token ?? "env") === "env";
    const env = pulumiEnv({
      cliDir: pulumiCliDir,
      home: path.join(work, "home"),
      backend: path.join(work, "backend"),
      passphrase: "real-cli-test-passphrase",
      transpileOnly: !options.typeCheck,
      extra: tokenInEnv ? { DOCS_WORKSPACE_API_TOKEN: options.emulator.token } : {},
    });
    fs.mkdirSync(path.join(work, "backend"));
    const stack = new PulumiStack(work, dir, stackName, env);
    await stack.ok(["stack", "init", stack.stack]);
    await stack.setConfig("docs-workspace:apiUrl", options.emulator.url);
    await stack.setConfig("docs-workspace:organizationId", options.emulator.organizationId);
    if (!tokenInEnv) {
      await stack.setConfig("docs-workspace:apiToken", options.emulator.token, { secret: true });
    }
    for (const [key, value] of Object.entries(options.config ?? {})) {
      await stack.setConfig(key, value);
    }
    return stack;
  }

  /** `pulumi <args> --non-interactive` in the program's copy. */
  run(args: string[], input?: string): Promise<PulumiResult> {
    return runPulumi([...args, "--non-interactive"], {
      cwd: this.dir,
      env: this.env,
      ...(input === undefined ? {} : { input }),
    });
  }

  /** Like `run`, failing with the CLI's output unless it exits 0. */
  async ok(args: string[], input?: string): Promise<PulumiResult> {
    const result = await this.run(args, input);
    if (result.code !== 0) {
      const output = `${result.stdout}\n${result.stderr}`;
      throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${output.slice(-4000)}`);
    }
    return result;
  }

  /**
   * Starts a command without waiting, in a process group of its own (to be signalled), its
   * stdout and stderr gathered as they come.
   */
  start(args: string[]): { pid: number; output(): string; exited: Promise<number | null> } {
    const child = spawnPulumi([...args, "--non-interactive"], { cwd: this.dir, env: this.env });
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    return { pid: child.pid!, output: () => output, exited };
  }

  /** A value through stdin, never argv: a secret must not show in a process listing. */
  async setConfig(
    key: string,
    value: string,
    options: { secret?: boolean; path?: boolean } = {},
  ): Promise<void> {
    const flags = [...(options.secret ? ["--secret"] : []), ...(options.path ? ["--path"] : [])];
    await this.ok(["config", "set", ...flags, key], value);
  }

  /**
   * `pulumi <command> --json`, whatever the exit. A preview prints one JSON document; `up`,
   * `refresh` and `destroy` print their preview's document, then the engine's events, one a
   * line: the steps are then those the engine applied (its `resOutputsEvent`s) and the summary
   * its `summaryEvent`'s.
   */
  async json(command: string[]): Promise<JsonRun> {
    const yes = command[0] === "preview" ? [] : ["--yes"];
    const result = await this.run([...command, ...yes, "--json"]);
    const { document, events } = splitJsonOutput(result, command);
    const applied = events.filter((e) => e.resOutputsEvent).map((e) => e.resOutputsEvent!.metadata);
    const summary = events.find((e) => e.summaryEvent)?.summaryEvent;
    const planned = (document.steps ?? []).map((s) => ({
      op: s.op,
      urn: s.urn,
      old: s.oldState,
      new: s.newState,
    }));
    const steps = (summary ? applied : planned).map((s): JsonStep => {
      const state = s.new ?? s.old;
      return {
        op: s.op,
        urn: s.urn,
        type: state?.type ?? "",
        name: nameOf(s.urn),
        ...(s.old?.inputs ? { oldInputs: s.old.inputs } : {}),
        ...(s.new?.inputs ? { newInputs: s.new.inputs } : {}),
        ...(state?.outputs ? { outputs: state.outputs } : {}),
      };
    });
    return {
      result,
      steps,
      changeSummary: summary?.resourceChanges ?? document.changeSummary ?? {},
      diagnostics: [
        ...(document.diagnostics ?? []),
        ...events.filter((e) => e.diagnosticEvent).map((e) => e.diagnosticEvent!),
      ],
    };
  }

  /** `pulumi stack export`: the checkpoint as the engine keeps it. */
  async exportState(): Promise<ExportedDeployment> {
    const result = await this.ok(["stack", "export"]);
    return JSON.parse(result.stdout) as ExportedDeployment;
  }

  /** The custom resources the state holds, by name (the stack and providers left out). */
  async resources(): Promise<Map<string, ExportedResource>> {
    const exported = await this.exportState();
    const byName = new Map<string, ExportedResource>();
    for (const r of exported.deployment.resources ?? []) {
      if (r.custom && !r.type.startsWith("pulumi:providers:")) byName.set(nameOf(r.urn), r);
    }
    return byName;
  }

  /** Replaces `from` with `to` in a file of the program's copy; `from` must be there. */
  edit(file: string, from: string, to: string): void {
    const target = path.join(this.dir, file);
    const text = fs.readFileSync(target, "utf8");
    if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
    fs.writeFileSync(target, text.replace(from, to));
  }

  close(): void {
    fs.rmSync(this.work, { recursive: true, force: true });
  }
}

/** The steps of a run that change something (what `--expect-no-changes` refuses). */
export function changing(run: JsonRun): JsonStep[] {
  return run.steps.filter((s) => !["same", "read", "refresh"].includes(s.op));
}

/**
 * The input keys whose values differ between a step's old and new inputs (what `--diff` lists: the
 * engine's display leaves out internal keys, `__provider` and the rest of `__`).
 */
export function changedInputs(step: JsonStep): string[] {
  const before = step.oldInputs ?? {};
  const after = step.newInputs ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !k.startsWith("__"))
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}
