/**
 * Runs the real `pulumi` CLI on a program, offline: a private PULUMI_HOME, a `file://` backend,
 * a passphrase for the secrets, no update check and no plugin download. Used by `npm start`, the
 * real-CLI test tier and the bench; users run their own `pulumi`.
 *
 * The CLI is the one `scripts/pulumi-cli/build.sh` built into `.cache/pulumi-cli/bin`, else a
 * `pulumi` on PATH with its Node.js language host beside it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** The project's folder: the nearest above this file with a package.json (from source or dist/). */
function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return dir;
}

const root = projectRoot();

/** The folder holding `pulumi` and `pulumi-language-nodejs`, or undefined when there is none. */
export function findPulumiCli(): string | undefined {
  const built = path.join(root, ".cache", "pulumi-cli", "bin");
  if (isExecutable(path.join(built, "pulumi"))) return built;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    if (
      isExecutable(path.join(dir, "pulumi")) &&
      isExecutable(path.join(dir, "pulumi-language-nodejs"))
    ) {
      return dir;
    }
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The `pulumi version` of a CLI folder, e.g. `v3.248.0`. */
export function pulumiVersion(cliDir: string): string {
  const result = spawnSync(path.join(cliDir, "pulumi"), ["version"], {
    encoding: "utf8",
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  return result.stdout.trim();
}

export interface PulumiEnvOptions {
  cliDir: string;
  /** PULUMI_HOME: plugins, credentials and workspace settings, kept apart from the user's. */
  home: string;
  /** The `file://` backend's folder. */
  backend: string;
  passphrase: string;
  /** Skip ts-node's type check of the program (PULUMI_NODEJS_TRANSPILE_ONLY). */
  transpileOnly?: boolean;
  /** Set last, over everything else (DOCS_WORKSPACE_API_TOKEN, say). */
  extra?: NodeJS.ProcessEnv;
}

/**
 * The Python venv `scripts/pulumi-cli/python-venv.sh` made (the `pulumi` package at the CLI's
 * release), or undefined when there is none.
 */
export function findPythonVenv(): string | undefined {
  const venv = path.join(root, ".cache", "python", "venv");
  return isExecutable(path.join(venv, "bin", "python")) ? venv : undefined;
}

/**
 * The environment `pulumi` runs in. PATH leads with the CLI, then the project's Python venv
 * (when made: Python programs run in it, and PULUMI_PYTHON_CMD names its interpreter to the
 * Python host), then the folder of @pulumi/pulumi, which holds the
 * `pulumi-resource-pulumi-nodejs` launcher dynamic providers need, then this Node (24:
 * @pulumi/pulumi needs 22 or later). The caller's DOCS_WORKSPACE_* and PULUMI_* variables are
 * dropped, so only what the caller passes reaches the program.
 */
export function pulumiEnv(options: PulumiEnvOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("DOCS_WORKSPACE_") || key.startsWith("PULUMI_")) continue;
    env[key] = value;
  }
  const launcherDir = path.dirname(
    require.resolve("@pulumi/pulumi/package.json", { paths: [root] }),
  );
  const venv = findPythonVenv();
  env.PATH = [
    options.cliDir,
    ...(venv === undefined ? [] : [path.join(venv, "bin")]),
    launcherDir,
    path.dirname(process.execPath),
    ...(process.env.PATH ?? "").split(path.delimiter),
  ].join(path.delimiter);
  Object.assign(env, {
    PULUMI_HOME: options.home,
    PULUMI_BACKEND_URL: `file://${options.backend}`,
    PULUMI_CONFIG_PASSPHRASE: options.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...(options.transpileOnly ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}),
    ...(venv === undefined ? {} : { PULUMI_PYTHON_CMD: path.join(venv, "bin", "python") }),
    ...options.extra,
  });
  return env;
}

export interface PulumiResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface PulumiSpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to the command's stdin (a secret for `config set --secret`). */
  input?: string;
  /**
   * Passed through to the terminal instead of captured; the command then stays in the caller's
   * process group, so a Ctrl-C at the terminal reaches it.
   */
  inherit?: boolean;
}

/**
 * Starts `pulumi`. Captured, it runs in a process group of its own (as a shell starts a job), so
 * the whole tree it starts (language host, program, provider host) can be signalled at once.
 */
export function spawnPulumi(args: string[], options: PulumiSpawnOptions): ChildProcess {
  const child = spawn("pulumi", args, {
    cwd: options.cwd,
    env: options.env,
    detached: !options.inherit,
    stdio: [
      options.input === undefined ? "ignore" : "pipe",
      options.inherit ? "inherit" : "pipe",
      options.inherit ? "inherit" : "pipe",
    ],
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  return child;
}

export function runPulumi(args: string[], options: PulumiSpawnOptions): Promise<PulumiResult> {
  const child = spawnPulumi(args, options);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
