/**
 * The processes a `pulumi` run starts, watched from /proc while it runs (Linux): for each role,
 * the peak resident memory of its processes (VmHWM, each process's own high-water mark), how
 * long they were alive and the CPU time they used.
 *
 * Each sample walks /proc for the descendants of the root (parent links from /proc/<pid>/stat),
 * classifies each by its command line and reads its VmHWM and CPU ticks. A process that exits
 * between two samples loses at most one interval of growth and CPU, and its lifetime is measured
 * from the first sample that saw it to the last.
 */
import { promises as fsp } from "node:fs";
import * as path from "node:path";
import { setTimeout } from "node:timers/promises";

/** What a process of a `pulumi` run does. */
export type Role = "engine" | "languageHost" | "program" | "providerHost" | "other";

export const ROLES: readonly Role[] = ["engine", "languageHost", "program", "providerHost"];

/**
 * A process's role from its argv: the Go engine (`pulumi`), the Node.js language host
 * (`pulumi-language-nodejs`), the Node process that runs the program (@pulumi/pulumi's
 * `cmd/run`) and the provider host: the dynamic one (`@pulumi/pulumi/cmd/dynamic-provider`, started
 * by the `pulumi-resource-pulumi-nodejs` launcher script, which is "other", as is anything else) or
 * the native plugin (`dist/provider/native/main.js`, started by its launcher).
 */
export function roleOf(argv: readonly string[]): Role {
  const command = path.basename(argv[0] ?? "");
  if (command === "pulumi") return "engine";
  if (command === "pulumi-language-nodejs") return "languageHost";
  if (command === "node" || command === "nodejs") {
    // The script's path, not a `node -e` that resolves it (the launcher and the language host
    // each start one of those first).
    const script = (name: string) =>
      new RegExp(`^[^\\s'"()]*[\\\\/]cmd[\\\\/]${name}([\\\\/]index\\.js)?$`);
    const args = argv.slice(1);
    if (args.some((a) => script("dynamic-provider").test(a))) return "providerHost";
    // The native plugin's server (provider/native/plugin's launcher starts it).
    if (args.some((a) => /[\\/]provider[\\/]native[\\/]main\.js$/.test(a))) return "providerHost";
    if (args.some((a) => script("run").test(a))) return "program";
  }
  return "other";
}

/** One process of the tree, over the samples that saw it. */
export interface ProcessUsage {
  pid: number;
  role: Role;
  /** The command line, as last sampled. */
  argv: string[];
  /** VmHWM in bytes, the highest sampled. */
  peakRss: number;
  /** utime + stime in ms, as last sampled. */
  cpuMs: number;
  firstSeen: number;
  lastSeen: number;
}

export interface RoleUsage {
  processes: number;
  /** The highest VmHWM of any of its processes, in bytes. */
  peakRss: number;
  /** The sum of its processes' lifetimes, in ms. */
  aliveMs: number;
  cpuMs: number;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times: 100 on every architecture. */
const TICK_MS = 10;

interface Stat {
  ppid: number;
  cpuMs: number;
  /** Clock ticks since boot when the process started: with the pid, names one process. */
  start: string;
}

/** /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function parseStat(text: string): Stat | undefined {
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // Fields from the state (3rd in proc(5)): ppid is the 4th, utime the 14th, stime the 15th,
  // starttime the 22nd.
  const ppid = Number(fields[1]);
  const cpuTicks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ppid) || !Number.isFinite(cpuTicks)) return undefined;
  return { ppid, cpuMs: cpuTicks * TICK_MS, start: fields[19] ?? "" };
}

async function readOrUndefined(file: string): Promise<string | undefined> {
  try {
    return await fsp.readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Samples the tree under `rootPid` every `intervalMs` until `stop()`. */
export class ProcessTreeSampler {
  private readonly seen = new Map<string, ProcessUsage>();
  private stopped = false;
  private readonly loop: Promise<void>;

  constructor(
    private readonly rootPid: number,
    private readonly intervalMs = 75,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.sample();
      if (this.stopped) break;
      await setTimeout(this.intervalMs);
    }
  }

  private async sample(): Promise<void> {
    const now = performance.now();
    const pids = (await fsp.readdir("/proc")).filter((name) => /^\d+$/.test(name));
    const stats = new Map<number, Stat>();
    await Promise.all(
      pids.map(async (pid) => {
        const text = await readOrUndefined(`/proc/${pid}/stat`);
        const stat = text === undefined ? undefined : parseStat(text);
        if (stat) stats.set(Number(pid), stat);
      }),
    );
    const children = new Map<number, number[]>();
    for (const [pid, stat] of stats) {
      const list = children.get(stat.ppid) ?? [];
      list.push(pid);
      children.set(stat.ppid, list);
    }
    const tree: number[] = [];
    // The pids form a tree, so the walk visits each at most once.
    const queue = stats.has(this.rootPid) ? [this.rootPid] : [];
    while (queue.length > 0) {
      const pid = queue.shift()!;
      tree.push(pid);
      queue.push(...(children.get(pid) ?? []));
    }
    await Promise.all(tree.map((pid) => this.record(pid, stats.get(pid)!, now)));
  }

  private async record(pid: number, stat: Stat, now: number): Promise<void> {
    const [status, cmdline] = await Promise.all([
      readOrUndefined(`/proc/${pid}/status`),
      readOrUndefined(`/proc/${pid}/cmdline`),
    ]);
    if (status === undefined || cmdline === undefined) return;
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    const argv = cmdline.split("\0").filter((a) => a !== "");
    // A zombie has no command line and no memory left to measure.
    if (argv.length === 0) return;
    const role = roleOf(argv);
    // An exec keeps the pid and resets VmHWM: a new role is a new entry.
    const key = `${pid}:${stat.start}:${role}`;
    const entry = this.seen.get(key) ?? {
      pid,
      role,
      argv,
      peakRss: 0,
      cpuMs: 0,
      firstSeen: now,
      lastSeen: now,
    };
    entry.argv = argv;
    entry.peakRss = Math.max(entry.peakRss, kb === undefined ? 0 : Number(kb) * 1024);
    entry.cpuMs = Math.max(entry.cpuMs, stat.cpuMs);
    entry.lastSeen = now;
    this.seen.set(key, entry);
  }

  /** Stops sampling (the sample in progress finishes) and returns every process it saw. */
  async stop(): Promise<ProcessUsage[]> {
    this.stopped = true;
    await this.loop;
    return [...this.seen.values()];
  }
}

/** The usage of each role, summed over its processes (peak RSS: the highest of them). */
export function byRole(processes: readonly ProcessUsage[]): Record<Role, RoleUsage> {
  const usage = Object.fromEntries(
    [...ROLES, "other" as const].map((role) => [
      role,
      { processes: 0, peakRss: 0, aliveMs: 0, cpuMs: 0 },
    ]),
  ) as Record<Role, RoleUsage>;
  for (const p of processes) {
    const u = usage[p.role];
    u.processes++;
    u.peakRss = Math.max(u.peakRss, p.peakRss);
    u.aliveMs += p.lastSeen - p.firstSeen;
    u.cpuMs += p.cpuMs;
  }
  return usage;
}
