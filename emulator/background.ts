import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Store } from "./store";

/** How long the emulator's background work takes: options of `startEmulator` and the command. */
export interface BackgroundOptions {
  /**
   * How long processing takes once it has its input: an OpenAPI spec's text becoming a version,
   * a translation run producing its space. Default 1000 ms.
   */
  processingDelayMs?: number;
  /** How long fetching an OpenAPI spec's `source.url` may take before `FETCH_TIMEOUT`. Default 10000 ms. */
  fetchTimeoutMs?: number;
  /** How long one Git sync operation (§4.15) may run before it ends in `timeout`. Default 60000 ms. */
  gitTimeoutMs?: number;
  /**
   * The folders Git sync may reach repositories under (`--git-root`); no other repository on
   * this machine is reached. Default: a temporary folder made for this app, removed when its
   * store closes (`startEmulator` with a data file defaults to a folder beside it).
   */
  gitRoots?: readonly string[];
  /**
   * The hosts an OpenAPI spec's `source.url` may be fetched from, redirects included
   * (`--fetch-allow`; a name or address, or `host:port`). Default: the loopback names.
   */
  fetchAllow?: readonly string[];
}

/** The hosts fetched from when the operator names none: this machine's loopback. */
export const DEFAULT_FETCH_ALLOW: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

export const DEFAULT_PROCESSING_DELAY_MS = 1000;
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_GIT_TIMEOUT_MS = 60_000;

/** One unit of background work. It stops when `signal` aborts: superseded, or the store closed. */
export type Job = (signal: AbortSignal) => Promise<void>;

/**
 * Work the API starts and answers before it ends (§2.12's processing and runs). Jobs run in this
 * process after the request that started them has been answered; each has a key (the object it
 * works on), and a new job on the same key aborts the one before it, so only the latest change
 * of an object is worked on. Everything stops when the store closes. What a job has reached is
 * in the store, never only here: a restart finds it there (`Family.resume`).
 */
export class Background {
  readonly processingDelayMs: number;
  readonly fetchTimeoutMs: number;
  readonly gitTimeoutMs: number;
  readonly gitRoots: readonly string[];
  readonly fetchAllow: readonly string[];
  private readonly jobs = new Map<
    string,
    { controller: AbortController; done: Promise<void>; again?: Job }
  >();

  constructor(
    private readonly store: Store,
    options: BackgroundOptions = {},
  ) {
    this.processingDelayMs = nonNegative(
      "processingDelayMs",
      options.processingDelayMs ?? DEFAULT_PROCESSING_DELAY_MS,
    );
    this.fetchTimeoutMs = nonNegative(
      "fetchTimeoutMs",
      options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    );
    this.gitTimeoutMs = nonNegative("gitTimeoutMs", options.gitTimeoutMs ?? DEFAULT_GIT_TIMEOUT_MS);
    this.gitRoots = options.gitRoots ?? [temporaryGitRoot(store)];
    this.fetchAllow = options.fetchAllow ?? DEFAULT_FETCH_ALLOW;
  }

  /** Starts `job` on the next turn of the event loop, aborting the job that held `key`. */
  start(key: string, job: Job): void {
    this.jobs.get(key)?.controller.abort();
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, this.store.closed]);
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (signal.aborted ? undefined : job(signal)))
      .catch((error: unknown) => {
        // An aborted job stops where it is; anything else is an emulator bug worth seeing.
        if (!signal.aborted) console.error(`docs-workspace-emulator: job ${key} failed:`, error);
      })
      .finally(() => {
        const entry = this.jobs.get(key);
        if (entry?.controller !== controller) return;
        this.jobs.delete(key);
        if (entry.again !== undefined && !this.store.closed.aborted) this.start(key, entry.again);
      });
    this.jobs.set(key, { controller, done });
  }

  /**
   * Starts `job` unless a job holds `key`, never aborting it: then `job` runs once more after it
   * ends. For a worker that takes queued work from the store (Git sync's operations, in their
   * order): whatever arrives while it runs is still picked up.
   */
  drain(key: string, job: Job): void {
    const entry = this.jobs.get(key);
    if (entry === undefined) this.start(key, job);
    else entry.again = job;
  }

  /** Resolves once no job is running: for a clean close and for tests that must know. */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.all([...this.jobs.values()].map((j) => j.done));
  }
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A Git root for an app whose operator named none: empty, private to it, gone with its store. */
export function temporaryGitRoot(store: Store): string {
  const dir = mkdtempSync(join(tmpdir(), "docs-workspace-git-root-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (store.closed.aborted) remove();
  else store.closed.addEventListener("abort", remove, { once: true });
  return dir;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number of milliseconds, 0 or more; got ${value}`);
  return value;
}
