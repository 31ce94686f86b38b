import { fork, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import { compileCacheEnv } from "./compile-cache";
import { label } from "./engine";
import { StateLock, breakLock, type LockInfo } from "./lock";
import { passphraseFrom } from "./secrets";
import type {
  HarnessOptions,
  Operation,
  RunResult,
  StepFailure,
  StepResult,
  WorkerMessage,
  WorkerOptions,
  WorkerRequest,
  WorkerResult,
} from "./types";

export type {
  HarnessOptions,
  Interruption,
  Operation,
  PendingCreateAnswer,
  PendingCreateRequest,
  PendingCreateResolution,
  PendingOperationSummary,
  PropertyChange,
  PropertyDiffKind,
  RunResult,
  StepFailure,
  StepOp,
  StepResult,
} from "./types";
export { PENDING_CREATE_KEY } from "./types";
export { StateLockedError, type LockInfo } from "./lock";

/**
 * An operation that failed or was interrupted; `result` holds the steps that did succeed, the
 * failures, and what the interruption left pending.
 */
export class HarnessRunError extends Error {
  constructor(
    message: string,
    readonly result: RunResult,
  ) {
    super(message);
    this.name = "HarnessRunError";
  }
}

/** What the drift gate calls a change: every step but those that leave things as they are. */
export function changingSteps(result: Pick<RunResult, "steps">): StepResult[] {
  return result.steps.filter((s) => s.op !== "same" && s.op !== "read");
}

/** How the gate words what it saw: a dry run proposes; a run that applied it, made it. */
function gateVerb(operation: Operation, dryRun: boolean): string {
  if (dryRun)
    return operation === "refresh" ? "this refresh would record" : "this preview proposes";
  return operation === "refresh" ? "this refresh recorded" : "this update made";
}

/**
 * The drift gate (`expectNoChanges`): a run that would change anything, or (up, refresh) did,
 * fails with one failure per resource saying what its step is, as `pulumi preview
 * --expect-no-changes` does. The steps stay in the result as they were.
 */
function gate(result: RunResult, options: HarnessOptions, dryRun: boolean): RunResult {
  if (!options.expectNoChanges) return result;
  const changed = changingSteps(result);
  if (changed.length === 0) return result;
  const verb = gateVerb(result.operation, dryRun);
  const failures: StepFailure[] = changed.map((s) => ({
    urn: s.urn,
    type: s.type,
    name: s.name,
    op: "expect-no-changes",
    message: `${label(s)}: no changes were expected, but ${verb} ${s.op}${s.diffs && s.diffs.length > 0 ? ` [${s.diffs.join(", ")}]` : ""}`,
  }));
  const gated: RunResult = { ...result, failures };
  throw new HarnessRunError(
    `no changes were expected but changes ${dryRun ? "were proposed" : "occurred"}:\n${failures.map((f) => f.message).join("\n")}`,
    gated,
  );
}

function describeFailure(result: RunResult): string {
  if (result.interrupted) {
    const pending = result.interrupted.pending;
    return pending.length === 0
      ? `${result.operation} was interrupted; the state holds every step that finished`
      : `${result.operation} was stopped with ${pending.length} operation${pending.length === 1 ? "" : "s"} in flight, recorded as pending in the state`;
  }
  return `${result.operation} failed:\n${(result.failures ?? []).map((f) => f.message).join("\n")}`;
}

/** The passphrase a run uses: the option, else the environment (options.env first). */
function passphraseOf(options: HarnessOptions): string | undefined {
  if (options.passphrase !== undefined) return options.passphrase;
  return passphraseFrom({ ...process.env, ...options.env });
}

/**
 * One harness call: the lock on the state, the workers it forks one after the other, and the
 * interruptions it passes on to whichever worker is running.
 */
class Session {
  private child: ChildProcess | undefined;
  private cancelled = false;
  private terminated = false;
  private readonly passphrase: string | undefined;

  constructor(
    private readonly options: HarnessOptions,
    private readonly lock: StateLock,
  ) {
    this.passphrase = passphraseOf(options);
    const { signal, killSignal } = options;
    if (signal?.aborted) this.cancelled = true;
    else signal?.addEventListener("abort", () => this.cancel(), { once: true });
    if (killSignal?.aborted) this.terminated = true;
    else killSignal?.addEventListener("abort", () => this.terminate(), { once: true });
  }

  get interrupted(): boolean {
    return this.cancelled || this.terminated;
  }

  private cancel(): void {
    this.cancelled = true;
    this.message({ type: "cancel" });
  }

  private terminate(): void {
    this.terminated = true;
    this.message({ type: "terminate" });
  }

  private message(m: WorkerRequest): void {
    if (this.child?.connected) this.child.send(m);
  }

  /**
   * Runs one operation in a fresh worker; rejects when it failed or was interrupted. Forks the worker with the same Node binary, in a process group of its own so a terminal's
   * Ctrl-C reaches only this process, which decides what the worker does. From dist the worker
   * is JavaScript; when the harness itself runs from TypeScript sources (jest), through tsx.
   */
  run(operation: Operation, onStep?: (step: StepResult) => void): Promise<RunResult> {
    const ext = path.extname(__filename);
    const worker = path.join(__dirname, `worker${ext}`);
    const fromSource = ext === ".ts";
    const env: NodeJS.ProcessEnv = { ...compileCacheEnv(), ...process.env, ...this.options.env };
    if (fromSource) env.DOCS_WORKSPACE_HARNESS_TSX = "1";
    else delete env.DOCS_WORKSPACE_HARNESS_TSX;
    const {
      signal: _signal,
      killSignal: _killSignal,
      onStep: _onStep,
      passphrase: _passphrase,
      ...plain
    } = this.options;
    const options: WorkerOptions = {
      ...plain,
      programDir: path.resolve(this.options.programDir),
      stateFile: path.resolve(this.options.stateFile),
    };
    return new Promise((resolve, reject) => {
      const child = fork(worker, [], {
        execPath: process.execPath,
        execArgv: fromSource ? ["--require", require.resolve("tsx/cjs")] : [],
        env,
        stdio: ["ignore", "pipe", "pipe", "ipc"],
        detached: true,
      });
      this.child = child;
      this.lock.setWorker(child.pid);
      let log = "";
      let reported: WorkerResult | undefined;
      let error: string | undefined;
      child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
      child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
      child.on("message", (m: WorkerMessage) => {
        if (m.type === "step") onStep?.(m.step);
        else if (m.type === "result") reported = m.result;
        else if (m.type === "error") error = m.message;
      });
      child.on("error", reject);
      child.on("close", (code, signal) => {
        this.child = undefined;
        if (reported) {
          const result: RunResult = { ...reported, log };
          if (result.failures || result.interrupted) {
            reject(new HarnessRunError(describeFailure(result), result));
          } else {
            resolve(result);
          }
        } else if (error !== undefined) {
          reject(new Error(`${operation} failed: ${error}${log.trim() ? `\n${log}` : ""}`));
        } else {
          const how = signal ? `was killed by ${signal}` : `exited with code ${String(code)}`;
          reject(
            new Error(
              `the harness worker ${how} before it reported; the state keeps what its journal recorded:\n${log}`,
            ),
          );
        }
      });
      const request: WorkerRequest = {
        type: "run",
        operation,
        options,
        ...(this.passphrase !== undefined ? { passphrase: this.passphrase } : {}),
      };
      child.send(request);
      if (this.terminated) this.message({ type: "terminate" });
      else if (this.cancelled) this.message({ type: "cancel" });
    });
  }
}

async function withSession(
  operation: Operation,
  options: HarnessOptions,
  body: (session: Session) => Promise<RunResult>,
): Promise<RunResult> {
  const lock = StateLock.acquire(path.resolve(options.stateFile), operation, {
    breakStale: options.breakStaleLock,
  });
  try {
    return await body(new Session(options, lock));
  } finally {
    lock.release();
  }
}

/**
 * Runs the program and makes the stack match it: create, update, replace, then delete what is
 * no longer declared. Like `pulumi up`, a preview runs first (unless `skipPreview`), so invalid
 * inputs anywhere stop the update before anything is touched; the update runs after it even when
 * it found nothing to change, as the CLI's does.
 *
 * @example
 * const result = await up({
 *   programDir: "examples/workspace",
 *   stateFile: "/tmp/workspace.state.json",
 *   config: { "docs-workspace:apiUrl": url },
 *   secrets: { "docs-workspace:apiToken": token },
 * });
 */
export function up(options: HarnessOptions): Promise<RunResult> {
  return withSession("up", options, async (session) => {
    if (!options.skipPreview) {
      let planned;
      try {
        planned = await session.run("preview");
      } catch (e) {
        if (!(e instanceof HarnessRunError)) throw e;
        // Nothing was done: the preview's planned steps are not the update's.
        const result: RunResult = { ...e.result, operation: "up", steps: [], summary: {} };
        throw new HarnessRunError(describeFailure(result), result);
      }
      // As `pulumi up`, the update runs after its preview even when the preview found nothing
      // to change: it runs the program again and writes the state.
      const applied = await session.run("up", options.onStep);
      return gate({ ...applied, usage: peakOf(planned.usage, applied.usage) }, options, false);
    }
    return gate(await session.run("up", options.onStep), options, false);
  });
}

/** The peak of two runs' usage, process by process. */
function peakOf(a: RunResult["usage"], b: RunResult["usage"]): RunResult["usage"] {
  if (!a || !b) return a ?? b;
  const host = Math.max(a.peakRss.providerHost ?? 0, b.peakRss.providerHost ?? 0);
  return {
    peakRss: {
      worker: Math.max(a.peakRss.worker, b.peakRss.worker),
      ...(host > 0 ? { providerHost: host } : {}),
    },
  };
}

/**
 * Check and Diff every resource; creates, updates and deletes nothing, writes no state. With
 * `expectNoChanges`, rejects when anything would change.
 */
export function preview(options: HarnessOptions): Promise<RunResult> {
  return withSession("preview", options, async (session) =>
    gate(await session.run("preview", options.onStep), options, true),
  );
}

/**
 * Read every resource in state: drop those read reports gone, record drift. With
 * `pendingCreates`, first settle the creates an interrupted run left pending (as `up`, `preview`
 * and `destroy` also do). With `previewOnly`, report all that and write nothing.
 *
 * @example
 * // The scheduled drift check: rejects, naming each resource, when anything drifted.
 * await refresh({ programDir, stateFile, previewOnly: true, expectNoChanges: true });
 */
export function refresh(options: HarnessOptions): Promise<RunResult> {
  return withSession("refresh", options, async (session) =>
    gate(await session.run("refresh", options.onStep), options, options.previewOnly === true),
  );
}

/** Delete everything in state, dependents first. */
export function destroy(options: HarnessOptions): Promise<RunResult> {
  return withSession("destroy", options, (session) => session.run("destroy", options.onStep));
}

/**
 * Removes the lock a run left on the state when its process is gone (`docs-workspace-harness
 * unlock`). With `force`, also a lock whose holder still runs or ran on another host.
 * Answers the lock that was removed, if there was one.
 */
export function unlock(stateFile: string, options: { force?: boolean } = {}): LockInfo | undefined {
  return breakLock(path.resolve(stateFile), options);
}
