// @slow: whole harness runs of Pulumi programs (`npm run test:fast` leaves it out; `npm test` runs it).
// The engine's parallelism against the emulator: independent steps at once, bounded by the
// provider's client (8 requests) or by --parallel, dependents first. Requests are held in flight
// by the emulator's latency fault and counted in its request log while the run goes on.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HarnessRunError, destroy, refresh, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type LoggedRequest, type TestEmulator } from "../support/emulator";

const program = path.resolve(__dirname, "../fixtures/spaces");

jest.setTimeout(180_000);

let emu: TestEmulator;
let dir: string;

beforeEach(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-parallel-"));
});
afterEach(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(
  config: Record<string, string>,
  extra: Partial<HarnessOptions> = {},
): HarnessOptions {
  return {
    programDir: program,
    stateFile: path.join(dir, "state.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    skipPreview: true,
    ...extra,
  };
}

/** The most requests matching `which` the emulator held in flight at once while `run` ran. */
async function mostInFlight(
  which: (r: LoggedRequest) => boolean,
  run: Promise<unknown>,
): Promise<number> {
  let done = false;
  const finished = run.finally(() => (done = true));
  let most = 0;
  while (!done) {
    const inFlight = (await emu.requests()).filter((r) => which(r) && r.status === 0).length;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await finished;
  return most;
}

/** The error a run that must fail rejects with. */
async function failure(run: Promise<unknown>): Promise<HarnessRunError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HarnessRunError))
    throw new Error(`expected the run to fail: ${String(error)}`);
  return error;
}

const siteRead = (r: LoggedRequest) =>
  r.method === "GET" && /^\/v1\/orgs\/[^/]+\/sites\/[^/]+$/.test(r.path);
const deletes = (r: LoggedRequest) => r.method === "DELETE";

test("refresh reads every resource at once: as many GETs in flight as the provider's client allows", async () => {
  // Sites, which no list serves (spaces would be read from their organization's list).
  const sites = { programDir: path.resolve(__dirname, "../fixtures/sites") };
  const config = { "sites:count": "12", "sites:spaces": "0" };
  await up(options(config, sites));
  await emu.addFault({
    method: "GET",
    path: "/v1/orgs/*/sites/*",
    kind: "latency",
    latencyMs: 1000,
  });
  await emu.clearRequests();
  const most = await mostInFlight(siteRead, refresh(options(config, sites)));
  // The client's cap (docs-workspace:maxConcurrency, default 8), not one at a time.
  expect(most).toBe(8);
  expect((await emu.requests()).filter(siteRead)).toHaveLength(12);
});

test("destroy deletes in parallel, each collection only after every space in it", async () => {
  const config = { "spaces:count": "12", "spaces:collections": "3" };
  const first = await up(options(config));
  const parentOf = new Map<string, string>();
  const collections = first.steps.filter((s) => s.type.endsWith(":Collection"));
  for (const s of first.steps.filter((s) => s.type.endsWith(":Space"))) {
    const index = Number(s.name.split("-")[1]) % 3;
    parentOf.set(s.id!, collections.find((c) => c.name === `collection-${index}`)!.id!);
  }
  await emu.addFault({ method: "DELETE", path: "/v1/**", kind: "latency", latencyMs: 600 });
  await emu.clearRequests();
  const most = await mostInFlight(deletes, destroy(options(config)));
  expect(most).toBe(8);

  const order = (await emu.requests()).filter(deletes).map((r) => r.path.split("/").pop()!);
  expect(order).toHaveLength(15);
  for (const [space, collection] of parentOf) {
    expect(order.indexOf(space)).toBeLessThan(order.indexOf(collection));
  }
});

test("--parallel bounds the operations in flight", async () => {
  const config = { "spaces:count": "6" };
  await up(options(config));
  await emu.addFault({ method: "DELETE", path: "/v1/**", kind: "latency", latencyMs: 400 });
  const most = await mostInFlight(deletes, destroy(options(config, { parallel: 2 })));
  expect(most).toBe(2);
});

/** The next space create fails: a 500, which a POST never retries. */
const failNextCreate = () =>
  emu.addFault({
    method: "POST",
    path: "/v1/orgs/*/spaces",
    kind: "status",
    status: 500,
    count: 1,
  });

test("after a failed step no new step starts, unless --continue-on-error", async () => {
  const config = { "spaces:count": "4" };
  // One step at a time.
  await failNextCreate();
  const stopped = await failure(up(options(config, { parallel: 1 })));
  expect(stopped.result.failures).toHaveLength(1);
  // The stack, and no space: the other three never started.
  expect(stopped.result.summary).toEqual({ create: 1 });
  expect((await emu.requests()).filter((r) => r.method === "POST")).toHaveLength(1);

  await failNextCreate();
  const kept = await failure(up(options(config, { parallel: 1, continueOnError: true })));
  expect(kept.result.failures).toHaveLength(1);
  expect(kept.result.summary).toMatchObject({ create: 3 });
});
