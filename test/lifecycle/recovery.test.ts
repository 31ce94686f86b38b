// Kills a real `docs-workspace-harness` run mid-create of collections, a kind whose objects carry
// no creation time, and shows what the next runs do with the creates it left pending: the
// provider drops those the server never received, and names, with the command that takes them,
// those it may have made; nothing is made twice. (The spaces' case, found and adopted by their
// creation time, is in test/harness/interrupt.test.ts.)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { startCliOn, until, type CliRun } from "../support/harness-cli";
import { callApi } from "../support/provider";

const program = path.resolve(__dirname, "../fixtures/spaces");
const config = { "spaces:count": "0", "spaces:collections": "10" };

// Four runs of the command, each starting Node, the program and the provider host.
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;
let stateFile: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "recovery-"));
  stateFile = path.join(dir, "state.json");
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function harness(command: string, ...extra: string[]): CliRun {
  const run = { program, stateFile, passphrase: "recovery-tests", config };
  return startCliOn(emu, command, run, ...extra);
}

const collectionsPath = () => `/v1/orgs/${emu.organizationId}/collections`;

async function collections(): Promise<{ id: string; title: string }[]> {
  const response = await callApi(emu, "GET", `${collectionsPath()}?limit=1000`);
  return response.body.items as { id: string; title: string }[];
}

const posts = async () =>
  (await emu.requests()).filter((r) => r.method === "POST" && r.path === collectionsPath());

interface State {
  resources: { name: string; id?: string }[];
  pendingOperations?: { resource: { urn: string; name: string } }[];
}
const state = () => JSON.parse(fs.readFileSync(stateFile, "utf8")) as State;

test("killed mid-create: adopt drops the creates the server never received and names what the others may have made; taken by import, the next up makes nothing twice", async () => {
  await emu.addFault({ method: "POST", path: collectionsPath(), kind: "latency", latencyMs: 8000 });
  // All 10 steps at once, whatever the machine's CPUs (the default is their number × 4): the
  // client sends 8 at once; the other 2 wait in the provider host.
  const run = harness("up", "--skip-preview", "--parallel", "10");
  await until("8 collection creates in flight", async () => (await posts()).length === 8);
  process.kill(run.pid, "SIGINT");
  await run.waitForOutput(/Interrupt again to stop at once/);
  process.kill(run.pid, "SIGINT");
  expect((await run.exited).code).toBe(1);
  expect(state().pendingOperations).toHaveLength(10);
  await until(
    "the server to make the 8 it received",
    async () => (await collections()).length === 8,
  );
  await emu.clearFaults();
  const made = new Map((await collections()).map((c) => [c.title, c.id]));

  // Recovery: absent is provable for the 2 the server never received; for the 8 it made, a
  // collection's lack of a creation time leaves the provider unable to tell them from older
  // ones, so it names each, with the command that takes it.
  const adopt = harness("refresh", "--adopt-pending-creates");
  expect((await adopt.exited).code).not.toBe(0);
  const said = adopt.output();
  expect(adopt.stdout()).toMatch(/2 discard/);
  const takes = [
    ...said.matchAll(
      /([\w-]+) with its title in its parent collection \(or at the top level\) may have been there before the interrupted create: if one is its work, take it with --import-pending-creates (\S+) <id>/g,
    ),
  ].map(([, id, urn]) => [urn!, id!] as const);
  expect(new Set(takes.map(([, id]) => id))).toEqual(new Set(made.values()));
  expect(state().pendingOperations).toHaveLength(8);

  // What the message says to run takes each into the state.
  const importing = harness(
    "refresh",
    ...takes.flatMap(([urn, id]) => ["--import-pending-creates", urn, id]),
  );
  expect((await importing.exited).code).toBe(0);
  expect(importing.stdout()).toMatch(/8 import/);
  expect(state().pendingOperations).toBeUndefined();

  const converge = harness("up");
  expect((await converge.exited).code).toBe(0);
  expect(converge.stdout()).toMatch(/Resources: 2 create, 9 same/);
  const listed = await collections();
  const titles = listed.map((c) => c.title).sort();
  expect(titles).toEqual(Array.from({ length: 10 }, (_, i) => `Collection ${i}`).sort());
  const managed = new Set(state().resources.map((r) => r.id));
  expect(listed.filter((c) => !managed.has(c.id))).toEqual([]);
  // The 8 the interrupted run made are the ones in the state.
  for (const [title, id] of made) expect(listed.find((c) => c.title === title)?.id).toBe(id);
});
