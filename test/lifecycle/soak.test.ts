import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { up, type HarnessOptions } from "../../harness";
import { faultMix } from "../../emulator/faults";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * The small soak: one `up` of many spaces against an emulator that answers about one request in
 * ten with a fault (429, 503, a dropped connection; the 503s and drops both before the route runs
 * and after its write commits) converges, with no duplicate and no orphan. The faults are seeded,
 * so a failure replays. The large soak, 300 resources, is in the bench.
 */
const program = path.resolve(__dirname, "../fixtures/spaces");
const COUNT = 200;
const SEED = 20261123;

jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-soak-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test(`one up of ${COUNT} spaces under 10% injected faults converges with no duplicate and no orphan`, async () => {
  for (const rule of faultMix({ rate: 0.1, seed: SEED })) await emu.addFault(rule);
  const stateFile = path.join(dir, "state.json");
  const options: HarnessOptions = {
    programDir: program,
    stateFile,
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      "spaces:count": String(COUNT),
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "soak-test-passphrase",
  };
  const result = await up(options);
  // The spaces and the stack itself.
  expect(result.summary).toEqual({ create: COUNT + 1 });

  // Every fault kind struck the creates themselves.
  const posts = (await emu.requests()).filter((r) => r.method === "POST");
  const struck = (status: number) => posts.filter((r) => r.status === status).length;
  expect(struck(429)).toBeGreaterThan(0);
  expect(struck(503)).toBeGreaterThan(0);
  expect(struck(0)).toBeGreaterThan(0);

  await emu.clearFaults();
  const listed = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces?limit=1000`);
  const spaces = listed.body.items as { id: string; title: string }[];
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
    resources: { id?: string; custom?: boolean }[];
    pendingOperations?: unknown[];
  };
  const managed = new Set(state.resources.filter((r) => r.custom).map((r) => r.id));
  const titles = spaces.map((s) => s.title);
  expect({
    objects: spaces.length,
    duplicates: titles.filter((t, i) => titles.indexOf(t) !== i),
    orphans: spaces.filter((s) => !managed.has(s.id)).map((s) => s.title),
    pending: state.pendingOperations ?? [],
  }).toEqual({ objects: COUNT, duplicates: [], orphans: [], pending: [] });
});
