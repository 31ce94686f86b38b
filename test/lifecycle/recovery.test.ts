// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
// Kills a real `docs-workspace-harness` run mid-create of collections, a kind whose objects carry
// no creation time, and shows what the next runs do with the creates it left pending: check
// listed what carried each one's key before it, which the pending create keeps, so the provider
// takes what each made and drops those the server never received; nothing is made twice. (The
// spaces' case, found by their creation time, is in test/harness/interrupt.test.ts.)
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

test("killed mid-create: adopt takes what the creates the server received made, drops the others, and the next up makes nothing twice", async () => {
  // One collection with a title of the program's is there before the run: no create takes it.
  const older = (await callApi(emu, "POST", collectionsPath(), { title: "Collection 3" })).body
    .id as string;
  await emu.clearRequests();
  await emu.addFault({ method: "POST", path: collectionsPath(), kind: "latency", latencyMs: 8000 });
  // All 10 creates start (the default --parallel is the CPUs x 4, 8 on two cores); the client
  // sends 8 at once, and the other 2 wait in the provider host.
  const run = harness("up", "--skip-preview", "--parallel", "10");
  await until("8 collection creates in flight", async () => (await posts()).length === 8);
  process.kill(run.pid, "SIGINT");
  await run.waitForOutput(/Interrupt again to stop at once/);
  process.kill(run.pid, "SIGINT");
  expect((await run.exited).code).toBe(1); // as pulumi exits after an interrupt
  expect(state().pendingOperations).toHaveLength(10);
  await until(
    "the server to make the 8 it received",
    async () => (await collections()).length === 9,
  );
  await emu.clearFaults();
  const made = (await collections()).filter((c) => c.id !== older);

  // Recovery: each create's pending operation holds what carried its key before it, so the 8
  // the server made are found and taken, and the 2 it never received are dropped.
  const adopt = harness("refresh", "--adopt-pending-creates");
  expect((await adopt.exited).code).toBe(0);
  expect(adopt.stdout()).toMatch(/8 import/);
  expect(adopt.stdout()).toMatch(/2 discard/);
  expect(state().pendingOperations).toBeUndefined();
  const ids = new Set(state().resources.map((r) => r.id));
  for (const c of made) expect(ids.has(c.id)).toBe(true);
  expect(ids.has(older)).toBe(false);

  const converge = harness("up");
  expect((await converge.exited).code).toBe(0);
  expect(converge.stdout()).toMatch(/Resources: 2 create, 9 same/);
  const listed = await collections();
  const titles = listed
    .filter((c) => c.id !== older)
    .map((c) => c.title)
    .sort();
  expect(titles).toEqual(Array.from({ length: 10 }, (_, i) => `Collection ${i}`).sort());
  const managed = new Set(state().resources.map((r) => r.id));
  expect(listed.filter((c) => !managed.has(c.id)).map((c) => c.id)).toEqual([older]);
});
