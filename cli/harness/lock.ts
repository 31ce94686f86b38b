import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** What a lock file says about the run that holds the state. */
export interface LockInfo {
  /** The process that took the lock: the command, or the program that called the harness API. */
  pid: number;
  /** The worker running the operation, which outlives its parent long enough to save the state. */
  workerPid?: number;
  hostname: string;
  operation: string;
  /** ISO 8601. */
  startedAt: string;
  /** Linux: the process's start time in clock ticks, so a reused pid is not taken for it. */
  pidStart?: number;
}

export function lockFileOf(stateFile: string): string {
  return `${stateFile}.lock`;
}

function processStart(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[19]);
  } catch {
    return undefined;
  }
}

function alive(pid: number | undefined, start?: number): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  return start === undefined || processStart(pid) === undefined || processStart(pid) === start;
}

/** Whether the run holding the lock is gone: only decidable for a lock taken on this host. */
export function isStale(info: LockInfo): boolean {
  return (
    info.hostname === os.hostname() && !alive(info.pid, info.pidStart) && !alive(info.workerPid)
  );
}

export function readLock(stateFile: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockFileOf(stateFile), "utf8")) as LockInfo;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

function describe(info: LockInfo): string {
  const where = info.hostname === os.hostname() ? "" : ` on ${info.hostname}`;
  return `${info.operation} run by process ${info.pid}${where}, started ${info.startedAt}`;
}

/** How to break a lock, for the error messages and the README. */
export function unlockCommand(stateFile: string): string {
  return `docs-workspace-harness unlock <programDir> --state ${stateFile}`;
}

/** The lock's content in a file of its own beside it, to be linked or renamed into place. */
function writeAside(file: string, info: LockInfo): string {
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, JSON.stringify(info, null, 2) + "\n");
  return aside;
}

/**
 * Creates the lock file with its content in one step, or answers false if it exists: a link
 * fails where the name is taken, so another run never reads a lock file half written.
 */
function createWhole(file: string, info: LockInfo): boolean {
  const aside = writeAside(file, info);
  try {
    fs.linkSync(aside, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return false;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/** The state is held by another run. */
export class StateLockedError extends Error {
  constructor(
    readonly stateFile: string,
    readonly holder: LockInfo,
    readonly stale: boolean,
  ) {
    super(
      stale
        ? `${stateFile} is locked by a ${describe(holder)}, which is no longer running. If no other run uses this state, break the lock with \`${unlockCommand(stateFile)}\`, or run again with --break-stale-lock.`
        : `${stateFile} is locked by a ${describe(holder)}. Wait for it to finish; if that process is gone (another host's lock cannot be checked), break the lock with \`${unlockCommand(stateFile)} --force\`.`,
    );
    this.name = "StateLockedError";
  }
}

/**
 * A lock on a state file, as the engine locks a stack for the length of an operation: a file
 * beside the state, created only if absent, so two runs never interleave their changes.
 */
export class StateLock {
  private released = false;

  private constructor(
    readonly stateFile: string,
    private info: LockInfo,
  ) {}

  static acquire(
    stateFile: string,
    operation: string,
    options: { breakStale?: boolean } = {},
  ): StateLock {
    const info: LockInfo = {
      pid: process.pid,
      hostname: os.hostname(),
      operation,
      startedAt: new Date().toISOString(),
      pidStart: processStart(process.pid),
    };
    const file = lockFileOf(stateFile);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (let attempt = 0; ; attempt++) {
      if (createWhole(file, info)) return new StateLock(stateFile, info);
      const holder = readLock(stateFile);
      if (holder === undefined) continue; // released meanwhile
      const stale = isStale(holder);
      if (!stale || !options.breakStale || attempt > 0) {
        throw new StateLockedError(stateFile, holder, stale);
      }
      fs.rmSync(file, { force: true });
    }
  }

  /** Records the worker's pid: the lock is not stale while the worker still runs. */
  setWorker(pid: number | undefined): void {
    if (this.released) return;
    this.info = { ...this.info, workerPid: pid };
    const file = lockFileOf(this.stateFile);
    const aside = writeAside(file, this.info);
    fs.renameSync(aside, file);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    const current = readLock(this.stateFile);
    if (current?.pid === this.info.pid && current.startedAt === this.info.startedAt) {
      fs.rmSync(lockFileOf(this.stateFile), { force: true });
    }
  }
}

/**
 * `docs-workspace-harness unlock`: removes the lock if the run that holds it is gone. A lock
 * whose holder still runs, or that another host took, is removed only with `force`.
 */
export function breakLock(
  stateFile: string,
  options: { force?: boolean } = {},
): LockInfo | undefined {
  const holder = readLock(stateFile);
  if (holder === undefined) return undefined;
  if (!options.force && !isStale(holder)) throw new StateLockedError(stateFile, holder, false);
  fs.rmSync(lockFileOf(stateFile), { force: true });
  return holder;
}
