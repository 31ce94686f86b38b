// The lock on a state file, alone.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  StateLock,
  StateLockedError,
  breakLock,
  lockFileOf,
  readLock,
  type LockInfo,
} from "../../cli/harness/lock";

let dir: string;
let stateFile: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lock-"));
  stateFile = path.join(dir, "state.json");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

function writeLock(info: Partial<LockInfo>): void {
  const lock: LockInfo = {
    pid: deadPid(),
    hostname: os.hostname(),
    operation: "up",
    startedAt: "2025-01-01T00:00:00.000Z",
    ...info,
  };
  fs.writeFileSync(lockFileOf(stateFile), JSON.stringify(lock));
}

test("a lock refuses a second run while its holder runs, and goes when released", () => {
  const lock = StateLock.acquire(stateFile, "up");
  expect(readLock(stateFile)).toMatchObject({ pid: process.pid, operation: "up" });
  const second = (() => {
    try {
      StateLock.acquire(stateFile, "destroy");
    } catch (e) {
      return e;
    }
  })();
  expect(second).toBeInstanceOf(StateLockedError);
  expect((second as StateLockedError).stale).toBe(false);
  expect((second as Error).message).toMatch(
    new RegExp(
      `state\\.json is locked by a up run by process ${process.pid}, started .*\\. Wait for it to finish`,
    ),
  );
  lock.release();
  expect(fs.existsSync(lockFileOf(stateFile))).toBe(false);
  StateLock.acquire(stateFile, "destroy").release();
});

test("a lock left by a process that is gone is stale: refused with the way out, broken on request", () => {
  writeLock({});
  expect(() => StateLock.acquire(stateFile, "up")).toThrow(
    /which is no longer running\. If no other run uses this state, break the lock with `docs-workspace-harness unlock <programDir> --state .*state\.json`, or run again with --break-stale-lock/,
  );
  const lock = StateLock.acquire(stateFile, "up", { breakStale: true });
  expect(readLock(stateFile)?.pid).toBe(process.pid);
  lock.release();
});

test("a lock is not stale while the worker it names still runs", () => {
  writeLock({ workerPid: process.pid });
  expect(() => StateLock.acquire(stateFile, "up", { breakStale: true })).toThrow(
    /Wait for it to finish/,
  );
});

test("unlock removes a stale lock, and a live or foreign one only with force", () => {
  expect(breakLock(stateFile)).toBeUndefined();
  writeLock({});
  expect(breakLock(stateFile)?.operation).toBe("up");
  expect(fs.existsSync(lockFileOf(stateFile))).toBe(false);

  writeLock({ pid: process.pid });
  expect(() => breakLock(stateFile)).toThrow(StateLockedError);
  writeLock({ hostname: "another-host" });
  expect(() => breakLock(stateFile)).toThrow(/on another-host/);
  expect(breakLock(stateFile, { force: true })?.hostname).toBe("another-host");
});

test("release leaves a lock someone else took meanwhile", () => {
  const lock = StateLock.acquire(stateFile, "up");
  writeLock({ pid: process.pid + 1, startedAt: "later" });
  lock.release();
  expect(readLock(stateFile)?.startedAt).toBe("later");
});
