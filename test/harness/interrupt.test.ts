// @slow: whole harness runs of Pulumi programs (`npm run test:fast` leaves it out; `npm test` runs it).
// Each test kills a real `docs-workspace-harness` run at a real moment, found by watching the
// emulator's request log (requests held in flight by its latency fault) or the command's output,
// then lists the organization through the API against the state: zero orphans, zero duplicates.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  descendants,
  isRunning,
  startCli,
  startCliOn,
  until,
  type CliRun,
} from "../support/harness-cli";
import { callApi } from "../support/provider";

const program = path.resolve(__dirname, "../fixtures/spaces");

// Each case runs the command two to five times, each starting Node, the program and the
// provider host; on a loaded machine that is a minute or more.
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;
let stateFile: string;

beforeEach(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-interrupt-"));
  stateFile = path.join(dir, "state.json");
});
afterEach(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function harness(command: string, config: Record<string, string>, ...extra: string[]): CliRun {
  const run = { program, stateFile, passphrase: "interrupt-tests", config };
  return startCliOn(emu, command, run, ...extra);
}

async function finished(run: CliRun): Promise<number | null> {
  return (await run.exited).code;
}

interface StateFile {
  resources: { urn: string; type: string; name: string; id?: string }[];
  pendingOperations?: {
    type: string;
    resource: { urn: string; name: string; type: string; inputs: { title?: string } };
  }[];
}

function state(): StateFile {
  return JSON.parse(fs.readFileSync(stateFile, "utf8")) as StateFile;
}

async function listed(kind: "spaces" | "collections"): Promise<{ id: string; title: string }[]> {
  const response = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}?limit=1000`);
  return response.body.items as { id: string; title: string }[];
}

/** Holds each create of that kind in flight at the emulator for `latencyMs`. */
async function holdCreates(kind: "spaces" | "collections", latencyMs: number): Promise<void> {
  await emu.addFault({ method: "POST", path: `/v1/orgs/*/${kind}`, kind: "latency", latencyMs });
}

async function posts(kind: "spaces" | "collections") {
  const re = new RegExp(`^/v1/orgs/[^/]+/${kind}$`);
  return (await emu.requests()).filter((r) => r.method === "POST" && re.test(r.path));
}

/** Waits until the emulator has answered every request it received (latency spent). */
async function serverSettled(): Promise<void> {
  await until("the emulator to finish the requests in flight", async () =>
    (await emu.requests()).every((r) => r.status !== 0 || r.fault === "drop"),
  );
}

/**
 * What the organization holds against the state: objects the state does not know (orphans,
 * unless a pending create in the state accounts for them by title), and titles made twice.
 */
async function audit(): Promise<{ orphans: string[]; duplicates: string[]; objects: number }> {
  const objects = [...(await listed("spaces")), ...(await listed("collections"))];
  const s = state();
  const known = new Set(s.resources.map((r) => r.id));
  const pendingTitles = new Set((s.pendingOperations ?? []).map((p) => p.resource.inputs.title));
  const orphans = objects
    .filter((o) => !known.has(o.id) && !pendingTitles.has(o.title))
    .map((o) => o.title);
  const titles = objects.map((o) => o.title);
  const duplicates = titles.filter((t, i) => titles.indexOf(t) !== i);
  return { orphans, duplicates, objects: objects.length };
}

/** Settles each pending create: imported by the id of the object it made, else cleared. */
async function settlePendingCreates(): Promise<CliRun> {
  const pending = state().pendingOperations ?? [];
  const spaces = await listed("spaces");
  const imports: string[] = [];
  for (const p of pending) {
    const made = spaces.find((s) => s.title === p.resource.inputs.title);
    if (made) imports.push("--import-pending-creates", p.resource.urn, made.id);
  }
  return harness("refresh", {}, ...imports, "--clear-pending-creates");
}

test("a first SIGINT starts nothing more, lets the steps in flight finish, saves the state and exits 1, as the CLI does", async () => {
  const config = { "spaces:count": "6", "spaces:collections": "2" };
  await holdCreates("collections", 1500);
  const run = harness("up", config, "--skip-preview");
  await until(
    "both collection creates in flight",
    async () => (await posts("collections")).length === 2,
  );
  process.kill(run.pid, "SIGINT");
  await run.waitForOutput(/SIGINT received: no new step will start/);
  expect(await finished(run)).toBe(1);
  expect(run.stdout()).toMatch(/^\+\s+create\s+docs-workspace:Collection {2}collection-[01]$/m);
  expect(run.stdout()).toContain(
    "The up was interrupted: no step started after the interruption, the steps in flight finished, and the state holds every step that finished.",
  );

  // The collections finished and are in the state; no space was started.
  expect(await posts("spaces")).toEqual([]);
  expect(
    state()
      .resources.map((r) => r.name)
      .sort(),
  ).toEqual(["collection-0", "collection-1", "spaces-dev"]);
  expect(state().pendingOperations).toBeUndefined();
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 2 });

  await emu.clearFaults();
  const next = harness("up", config);
  expect(await finished(next)).toBe(0);
  expect(next.stdout()).toMatch(/Resources: 6 create, 3 same/);
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 8 });
});

test.each([
  { what: "SIGTERM interrupts like a first Ctrl-C and exits 1", signals: ["SIGTERM"], code: 1 },
  {
    what: "a Ctrl-C delivered twice at once (the terminal's copy and a forwarding wrapper's) counts once",
    signals: ["SIGINT", "SIGINT"],
    code: 1,
  },
] as const)("$what", async ({ signals, code }) => {
  await holdCreates("spaces", 1500);
  const run = harness("up", { "spaces:count": "6" }, "--skip-preview", "--parallel", "2");
  await until("two space creates in flight", async () => (await posts("spaces")).length === 2);
  for (const signal of signals) process.kill(run.pid, signal);
  expect(await finished(run)).toBe(code);
  expect(run.output()).toContain(`${signals[0]} received: no new step will start`);
  expect(run.output()).toContain("The up was interrupted");
  expect(run.output()).not.toContain("stopping at once");
  // --parallel 2: two creates ran, and none began after the signal.
  expect(await posts("spaces")).toHaveLength(2);
  expect(state().resources.filter((r) => r.name.startsWith("space-"))).toHaveLength(2);
  expect(state().pendingOperations).toBeUndefined();
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 2 });
});

test("a second SIGINT stops at once and records the creates in flight as pending; the next run names them, and the provider adopts what they made", async () => {
  const config = { "spaces:count": "10" };
  await holdCreates("spaces", 8000);
  // All 10 steps at once, whatever the machine's CPUs (the default is their number × 4): the
  // provider's client sends 8 at once; the other 2 wait in the provider host.
  const run = harness("up", config, "--skip-preview", "--parallel", "10");
  await until("8 space creates in flight", async () => (await posts("spaces")).length === 8);
  process.kill(run.pid, "SIGINT");
  await run.waitForOutput(/Interrupt again to stop at once/);
  process.kill(run.pid, "SIGINT");
  expect(await finished(run)).toBe(1);
  // It did not wait for the server: creates were still in flight when it exited.
  expect((await posts("spaces")).some((r) => r.status === 0)).toBe(true);
  expect(run.output()).toMatch(/SIGINT received again: stopping at once/);
  expect(run.stdout()).toMatch(
    /stopped at once\. These operations were in flight; their outcome is unknown and the state records them as pending:\n(\s+creating docs-workspace:Space "space-\d"\s+\(urn:[^)]+\)\n){10}/,
  );

  const pending = state().pendingOperations ?? [];
  expect(pending.map((p) => p.type)).toEqual(Array.from({ length: 10 }, () => "creating"));
  await serverSettled();
  // The 8 the server received exist; the state accounts for each as a pending create.
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 8 });

  // The next up reports each by name and kind, says how to settle them, and touches nothing.
  await emu.clearFaults();
  await emu.clearRequests();
  const refused = harness("up", config);
  expect(await finished(refused)).toBe(1);
  const said = refused.output();
  for (let i = 0; i < 10; i++) {
    expect(said).toMatch(
      new RegExp(`docs-workspace:Space "space-${i}" \\(urn:[^)]+\\), interrupted while creating`),
    );
  }
  expect(said).toContain("--import-pending-creates <urn> <id>");
  expect(said).toContain("--clear-pending-creates");
  expect(said).toContain("--adopt-pending-creates");
  expect((await emu.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  // The provider finds what each interrupted create made by its natural key (a space's title in
  // its parent, made since the create was sent) and takes it; the two the server never received
  // are dropped, for the next up to create.
  const adopt = harness("refresh", {}, "--adopt-pending-creates");
  expect(await finished(adopt)).toBe(0);
  expect(adopt.stdout()).toMatch(/Resources: .*8 import/);
  expect(adopt.stdout()).toMatch(/2 discard/);
  expect(state().pendingOperations).toBeUndefined();
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 8 });

  const converge = harness("up", config);
  expect(await finished(converge)).toBe(0);
  expect(converge.stdout()).toMatch(/Resources: 2 create, 9 same/);
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 10 });
});

test("SIGKILL of the command's process group: the worker still records what was in flight, and no process outlives it", async () => {
  const config = { "spaces:count": "6" };
  await holdCreates("spaces", 8000);
  const run = harness("up", config, "--skip-preview");
  await until("6 space creates in flight", async () => (await posts("spaces")).length === 6);
  // The command, its worker and the provider host the worker started.
  const processes = await until("the worker and the provider host", () => {
    const found = descendants(run.pid);
    return found.length >= 2 ? found : undefined;
  });
  process.kill(-run.pid, "SIGKILL");
  await run.exited;
  await until("every process of the run to end", () => processes.every((pid) => !isRunning(pid)));

  expect(
    state()
      .pendingOperations?.map((p) => p.resource.name)
      .sort(),
  ).toEqual(Array.from({ length: 6 }, (_, i) => `space-${i}`));
  await serverSettled();
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 6 });

  // The lock of the killed command stays; it is stale, and says how to break it.
  await emu.clearFaults();
  const locked = harness("up", config);
  expect(await finished(locked)).toBe(1);
  expect(locked.output()).toContain(`is locked by a up run by process ${run.pid}, started`);
  expect(locked.output()).toMatch(
    /which is no longer running\. If no other run uses this state, break the lock with `docs-workspace-harness unlock <programDir> --state /,
  );
  const unlock = startCli(["unlock", program, "--state", stateFile], {});
  expect(await finished(unlock)).toBe(0);
  expect(unlock.stdout()).toContain(`Removed the lock of the up run by process ${run.pid}`);

  const settle = await settlePendingCreates();
  expect(await finished(settle)).toBe(0);
  const converge = harness("up", config);
  expect(await finished(converge)).toBe(0);
  expect(converge.stdout()).toMatch(/Resources: 7 same/);
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 6 });
});

test("a second run on a locked state refuses, names the run that holds it, and sends nothing", async () => {
  const config = { "spaces:count": "4" };
  await holdCreates("spaces", 2000);
  const first = harness("up", config, "--skip-preview");
  await until("the first run's creates in flight", async () => (await posts("spaces")).length > 0);
  const second = harness("up", config, "--skip-preview");
  expect(await finished(second)).toBe(1);
  expect(second.output()).toMatch(
    new RegExp(
      `state\\.json is locked by a up run by process ${first.pid}, started .*\\. Wait for it to finish`,
    ),
  );
  expect(await finished(first)).toBe(0);
  // Only the first run's four creates reached the API.
  expect(await posts("spaces")).toHaveLength(4);
  expect(await audit()).toEqual({ orphans: [], duplicates: [], objects: 4 });
  expect(fs.existsSync(`${stateFile}.lock`)).toBe(false);
});

describe("a worker that dies (out of memory) takes the provider host with it", () => {
  const notes = path.resolve(__dirname, "../fixtures/notes-program");

  test("no process outlives it, and the next run finds in the state what it had made", async () => {
    const env = {
      NOTES_DB: path.join(dir, "db.json"),
      NOTE_PASSWORD: "oom-test-password",
      PULUMI_CONFIG_PASSPHRASE: "interrupt-tests",
      NODE_OPTIONS: "--max-old-space-size=160",
    };
    const base = [
      "up",
      notes,
      "--state",
      stateFile,
      "--secret-env",
      "fixture:notePassword=NOTE_PASSWORD",
    ];
    const run = startCli(
      [...base, "--skip-preview", "--config", "fixture:exhaustMemory=true"],
      env,
    );
    const created = () => {
      const file = path.join(dir, "db.json");
      return fs.existsSync(file) && fs.readFileSync(file, "utf8").includes('"op": "create"');
    };
    await until("the folder's create", created);
    const processes = await until("the worker and the provider host", () => {
      const found = descendants(run.pid);
      return found.length >= 2 ? found : undefined;
    });
    expect(await finished(run)).toBe(1);
    expect(run.output()).toMatch(/the harness worker was killed by SIGABRT before it reported/);
    await until("every process of the run to end", () => processes.every((pid) => !isRunning(pid)));

    // The folder's create was journaled with its result: the next run keeps it.
    const next = startCli(base, env);
    expect(await finished(next)).toBe(0);
    expect(next.stdout()).toMatch(/^\s+same\s+fixture:Folder {2}handbook$/m);
    const db = JSON.parse(fs.readFileSync(path.join(dir, "db.json"), "utf8")) as {
      objects: Record<string, { kind: string }>;
    };
    expect(Object.values(db.objects).filter((o) => o.kind === "folder")).toHaveLength(1);
  });
});
