import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const cli = path.resolve(__dirname, "..", "..", "cli", "harness", "cli.ts");

/** `docs-workspace-harness` run from source, as a user runs it: a process of its own. */
export interface CliRun {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr so far, interleaved as they came. */
  output(): string;
  stdout(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the output matches, fails if the process ends first. */
  waitForOutput(pattern: RegExp): Promise<void>;
}

/**
 * Starts the command in a process group of its own (as a shell starts a job), so a test can
 * signal the command alone or its whole group.
 */
export function startCli(args: string[], env: NodeJS.ProcessEnv): CliRun {
  const child = spawn(process.execPath, ["--require", require.resolve("tsx/cjs"), cli, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let all = "";
  let out = "";
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    all += d.toString();
  });
  child.stderr!.on("data", (d: Buffer) => (all += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    child,
    pid: child.pid!,
    output: () => all,
    stdout: () => out,
    exited,
    waitForOutput: (pattern) =>
      until(`output matching ${pattern}`, async () => {
        if (pattern.test(all)) return true;
        if (ended) throw new Error(`the command ended without printing ${pattern}:\n${all}`);
        return undefined;
      }).then(() => undefined),
  };
}

/**
 * The command on `program` against an emulator, as a user runs it: the emulator's URL and
 * organization as stack config beside `config`, its token from the environment (never from
 * argv), and a passphrase for the state's secrets.
 */
export function startCliOn(
  emu: { url: string; organizationId: string; token: string },
  command: string,
  run: { program: string; stateFile: string; passphrase: string; config?: Record<string, string> },
  ...extra: string[]
): CliRun {
  const args = [command, run.program, "--state", run.stateFile];
  const config = {
    "docs-workspace:apiUrl": emu.url,
    "docs-workspace:organizationId": emu.organizationId,
    ...run.config,
  };
  for (const [k, v] of Object.entries(config)) args.push("--config", `${k}=${v}`);
  args.push("--secret-env", "docs-workspace:apiToken=TEST_API_TOKEN", ...extra);
  return startCli(args, { TEST_API_TOKEN: emu.token, PULUMI_CONFIG_PASSPHRASE: run.passphrase });
}

/**
 * Polls until `probe` answers a value: for waiting on events a test can observe (a request in
 * the emulator's log, a line of output, a process gone), never on a guessed delay.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function isRunning(pid: number): boolean {
  try {
    // A zombie still answers signals; its /proc status says it is dead.
    process.kill(pid, 0);
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

/** Every process below `pid`, read from /proc (Linux). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
