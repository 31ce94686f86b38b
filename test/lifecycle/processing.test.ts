// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
// An `up` interrupted while the service processes an OpenAPI spec, the way a user meets it: a
// real `docs-workspace-harness` run killed at the moment its create waits on processing (seen in
// the emulator's request log), then the next run. The spec's slug is its natural key: the next
// run takes the spec the interrupted one made, and never sends a second create (which the
// service would refuse with a 409) nor leaves a spec that no resource manages.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { startCliOn, until, type CliRun } from "../support/harness-cli";
import { callApi } from "../support/provider";

const program = path.resolve(__dirname, "../fixtures/openapi-spec");
// Long enough that the run is surely still waiting when it is killed; the next run waits the rest.
const PROCESSING_DELAY_MS = 12_000;

jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;
let stateFile: string;

beforeEach(async () => {
  emu = await startTestEmulator({ processingDelayMs: PROCESSING_DELAY_MS });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "spec-interrupt-"));
  stateFile = path.join(dir, "state.json");
});
afterEach(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function harness(command: string, ...extra: string[]): CliRun {
  const run = { program, stateFile, passphrase: "processing-tests", config: {} };
  return startCliOn(emu, command, run, ...extra);
}

interface StateFile {
  resources: { name: string; id?: string; outputs?: Record<string, unknown> }[];
  pendingOperations?: { type: string; resource: { name: string } }[];
}
const state = () => JSON.parse(fs.readFileSync(stateFile, "utf8")) as StateFile;

async function specs(): Promise<{ slug: string; processingState: string }[]> {
  const res = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/openapi`);
  return res.body.items as unknown as { slug: string; processingState: string }[];
}

/** Until the run's create has been answered and it is polling the spec it made. */
async function waitingOnProcessing(): Promise<void> {
  await until("the create answered and the spec polled", async () => {
    const requests = await emu.requests();
    const created = requests.some(
      (r) => r.method === "POST" && /\/openapi$/.test(r.path) && r.status === 201,
    );
    const polled = requests.some(
      (r) => r.method === "GET" && r.path.endsWith("/openapi/payments-api"),
    );
    return created && polled;
  });
  // Still processing: the run is in the middle of its wait.
  expect((await specs()).map((s) => s.processingState)).not.toContain("complete");
}

const creates = async () =>
  (await emu.requests()).filter(
    (r) => (r.method === "POST" && /\/openapi$/.test(r.path)) || r.method === "PUT",
  );

test("stopped at once while a spec processes: the next up takes the spec it made, waits for it, and makes no second one", async () => {
  const run = harness("up", "--skip-preview");
  await waitingOnProcessing();
  process.kill(run.pid, "SIGINT");
  await run.waitForOutput(/Interrupt again to stop at once/);
  process.kill(run.pid, "SIGINT");
  expect((await run.exited).code).toBe(1); // as pulumi exits after an interrupt
  expect(state().pendingOperations?.map((p) => [p.type, p.resource.name])).toEqual([
    ["creating", "payments-api"],
  ]);
  expect((await specs()).map((s) => s.slug)).toEqual(["payments-api"]);

  // The next run names the pending create; with --adopt-pending-creates the provider finds the
  // spec by its slug (made since the create was sent), takes it and waits for its processing.
  await emu.clearRequests();
  const next = harness("up", "--adopt-pending-creates");
  expect((await next.exited).code).toBe(0);
  expect(await creates()).toEqual([]);
  expect((await emu.requests()).some((r) => r.status === 409)).toBe(false);
  const taken = state().resources.find((r) => r.name === "payments-api")!;
  expect(taken.id).toBe("payments-api");
  expect(taken.outputs).toMatchObject({ processingState: "complete" });
  expect(state().pendingOperations).toBeUndefined();
  expect(await specs()).toEqual([
    expect.objectContaining({ slug: "payments-api", processingState: "complete" }),
  ]);

  // And from there, nothing to do.
  const again = harness("up");
  expect((await again.exited).code).toBe(0);
  expect(again.stdout()).toMatch(/Resources: 2 same/);
});

test("a first Ctrl-C lets the wait finish: the spec is in the state, complete, and the next up is all same", async () => {
  const run = harness("up", "--skip-preview");
  await waitingOnProcessing();
  process.kill(run.pid, "SIGINT");
  expect((await run.exited).code).toBe(1); // as pulumi exits after an interrupt
  const made = state().resources.find((r) => r.name === "payments-api")!;
  expect(made.outputs).toMatchObject({ processingState: "complete" });
  expect(state().pendingOperations).toBeUndefined();

  await emu.clearRequests();
  const next = harness("up");
  expect((await next.exited).code).toBe(0);
  expect(next.stdout()).toMatch(/Resources: 2 same/);
  expect(await creates()).toEqual([]);
  expect(await specs()).toHaveLength(1);
});
