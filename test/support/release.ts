import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { releaseVersion } from "../../scripts/release/types";

/**
 * The release as `npm run release` builds it (`node dist/scripts/release.js`, after the build
 * `npm test` makes first), for every test that needs it: built once per run of the suite and
 * shared by its workers. A lock directory keeps two workers from building at once; a stamp beside
 * it names the run that built it, so a later run rebuilds (the code may have changed) and a
 * folder removed meanwhile is built again.
 */
const root = path.resolve(__dirname, "..", "..");
const releases = path.join(root, "dist", "release");

/** The jest run this process belongs to: its main process (a worker's parent), by pid. */
function runKey(): string {
  const main = process.send === undefined ? process.pid : process.ppid;
  // The start time tells a pid reused by a later run from the same one.
  const stat = fs.existsSync(`/proc/${main}/stat`)
    ? fs.readFileSync(`/proc/${main}/stat`, "utf8").split(") ")[1]?.split(" ")[19]
    : undefined;
  return `${main}@${stat ?? "?"}`;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid written in a lock directory; 0 while its holder has not written it yet (or just left). */
function holderOf(lock: string): number {
  try {
    return Number(fs.readFileSync(path.join(lock, "pid"), "utf8")) || 0;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the lock directory while `work` runs; waits for another holder, takes a dead one's. */
async function locked<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(lock);
      if (holder > 0 && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is still held by ${holder}`);
      else await sleep(1000);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "dist", "scripts", "release.js")], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run release failed (${code}):\n${output}`)),
    );
  });
}

/** `dist/release/<version>/`, built by this run of the suite (once, whichever test asks first). */
export async function releaseDir(): Promise<string> {
  const version = releaseVersion(root);
  const out = path.join(releases, version);
  fs.mkdirSync(releases, { recursive: true });
  const stamp = path.join(releases, `.built-${version}`);
  const key = runKey();
  await locked(path.join(releases, `.lock-${version}`), async () => {
    const built = fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === key;
    if (built && fs.existsSync(path.join(out, "manifest.json"))) return;
    fs.rmSync(stamp, { force: true });
    await build();
    fs.writeFileSync(stamp, key);
  });
  return out;
}
