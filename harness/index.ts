import { fork } from "node:child_process";
import * as path from "node:path";
import type {
  HarnessOptions,
  Operation,
  RunResult,
  StepFailure,
  WorkerRequest,
  WorkerResponse,
} from "./types";

export type {
  HarnessOptions,
  Operation,
  PropertyDiffKind,
  RunResult,
  StepFailure,
  StepOp,
  StepResult,
} from "./types";

/** An operation that failed; `result` holds the steps that did succeed and the failures. */
export class HarnessRunError extends Error {
  constructor(
    message: string,
    readonly result: RunResult,
  ) {
    super(message);
    this.name = "HarnessRunError";
  }
}

function failureText(failures: StepFailure[]): string {
  return failures.map((f) => f.message).join("\n");
}

/**
 * Forks the worker with the same Node binary. From dist the worker is JavaScript; when the
 * harness itself runs from TypeScript sources (jest), the worker is loaded through tsx.
 */
function runWorker(operation: Operation, options: HarnessOptions): Promise<RunResult> {
  const ext = path.extname(__filename);
  const worker = path.join(__dirname, `worker${ext}`);
  const fromSource = ext === ".ts";
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  if (fromSource) env.DOCS_WORKSPACE_HARNESS_TSX = "1";
  else delete env.DOCS_WORKSPACE_HARNESS_TSX;
  const request: WorkerRequest = {
    operation,
    options: {
      ...options,
      programDir: path.resolve(options.programDir),
      stateFile: path.resolve(options.stateFile),
    },
  };
  return new Promise((resolve, reject) => {
    const child = fork(worker, [], {
      execPath: process.execPath,
      execArgv: fromSource ? ["--require", require.resolve("tsx/cjs")] : [],
      env,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    let log = "";
    let response: WorkerResponse | undefined;
    child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
    child.on("message", (m: WorkerResponse) => (response = m));
    child.on("error", reject);
    child.on("close", (code) => {
      if (!response) {
        reject(new Error(`harness worker exited (code ${String(code)}) without a result:\n${log}`));
      } else if (response.result && response.result.failures) {
        const result: RunResult = { ...response.result, log };
        reject(
          new HarnessRunError(
            `${operation} failed:\n${failureText(response.result.failures)}`,
            result,
          ),
        );
      } else if (!response.ok || !response.result) {
        reject(
          new Error(`${operation} failed: ${response.ok ? "no result" : response.message}\n${log}`),
        );
      } else {
        resolve({ ...response.result, log });
      }
    });
    child.send(request);
  });
}

/**
 * Runs the program and makes the stack match it: create, update, replace, then delete what is
 * no longer declared. Like `pulumi up`, a preview runs first (unless `skipPreview`), so invalid
 * inputs anywhere stop the update before anything is touched.
 *
 * @example
 * const result = await up({
 *   programDir: "examples/basic",
 *   stateFile: "/tmp/basic.state.json",
 *   config: { "docs-workspace:apiUrl": url },
 *   secrets: { "docs-workspace:apiToken": token },
 * });
 */
export async function up(options: HarnessOptions): Promise<RunResult> {
  if (!options.skipPreview) await runWorker("preview", options);
  return runWorker("up", options);
}

/** Check and Diff every resource; creates, updates and deletes nothing, writes no state. */
export function preview(options: HarnessOptions): Promise<RunResult> {
  return runWorker("preview", options);
}

/** Read every resource in state: drop those read reports gone, record drift. */
export function refresh(options: HarnessOptions): Promise<RunResult> {
  return runWorker("refresh", options);
}

/** Delete everything in state, dependents first. */
export function destroy(options: HarnessOptions): Promise<RunResult> {
  return runWorker("destroy", options);
}
