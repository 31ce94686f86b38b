// @slow: exports and applies the example workspace (`npm run test:fast` leaves it out; `npm test` runs it).
// An up interrupted at once (a second Ctrl-C) leaves objects its state does not manage: the
// creates in flight reached the server, and the state records them only as pending operations.
// `docs-workspace export --unmanaged` lists exactly those, and `--write` declares them.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { docsWorkspace } from "../support/cli-recovery";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { startCliOn, until } from "../support/harness-cli";
import { callApi } from "../support/provider";

const root = path.resolve(__dirname, "../..");
const program = path.join(root, "test/fixtures/spaces");

jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-unmanaged-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function spaces(): Promise<{ id: string; title: string }[]> {
  const response = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces?limit=1000`);
  return response.body.items as { id: string; title: string }[];
}

test("after an up stopped at once, --unmanaged lists exactly the objects the interruption left, and --write declares them with adoptId", async () => {
  const stateFile = path.join(dir, "state.json");
  const run = {
    program,
    stateFile,
    passphrase: "unmanaged-tests",
    config: { "spaces:count": "6", "spaces:collections": "1" },
  };
  // The collection is made; then each space create is held at the emulator until the run is gone.
  await emu.addFault({
    method: "POST",
    path: "/v1/orgs/*/spaces",
    kind: "latency",
    latencyMs: 4000,
  });
  const up = startCliOn(emu, "up", run, "--skip-preview");
  const posted = async () =>
    (await emu.requests()).filter((r) => r.method === "POST" && r.path.endsWith("/spaces"));
  await until("6 space creates in flight", async () => (await posted()).length === 6);
  process.kill(up.pid, "SIGINT");
  await up.waitForOutput(/Interrupt again to stop at once/);
  process.kill(up.pid, "SIGINT");
  expect((await up.exited).code).toBe(1); // as pulumi exits after an interrupt
  await until("the emulator to answer the held creates", async () =>
    (await emu.requests()).every((r) => r.status !== 0),
  );

  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
    resources: { type: string; id?: string }[];
  };
  const managed = new Set(state.resources.map((r) => r.id));
  const left = (await spaces()).filter((s) => !managed.has(s.id));
  expect(left).toHaveLength(6);

  const listed = await docsWorkspace(["export", "--unmanaged", stateFile], emu);
  expect(listed.code).toBe(0);
  const lines = listed.stdout.trimEnd().split("\n");
  expect(lines.map((line) => line.split(/\s{2,}/))).toEqual(
    expect.arrayContaining(left.map((s) => ["Space", s.id, s.title])),
  );
  expect(lines).toHaveLength(left.length);

  const out = path.join(dir, "adopt");
  const written = await docsWorkspace(
    ["export", "--unmanaged", stateFile, "--write", "--out", out],
    emu,
  );
  expect(written.code).toBe(0);
  const source = fs.readFileSync(path.join(out, "unmanaged.ts"), "utf8");
  for (const s of left) expect(source).toContain(`adoptId: "${s.id}"`);
  expect(source.match(/new Space\(/g)).toHaveLength(6);
  expect(source).not.toContain("new Collection(");
  // The collection the stack manages is named by its id, with a note saying to use its variable.
  const collection = state.resources.find((r) => r.type.endsWith(":Collection"))!;
  expect(source).toContain(`parent: "${collection.id}"`);
  expect(source).toContain("replace each with its variable");
});
