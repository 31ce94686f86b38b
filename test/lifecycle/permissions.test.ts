// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, refresh, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * Both forms of permissions through the harness (test/fixtures/permissions), against a grant
 * made by hand on each space: refresh shows it on the space whose `permissions` are declared,
 * the next `up` removes it there, and the additive SpacePermission's space keeps it.
 */
const program = path.resolve(__dirname, "../fixtures/permissions");
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-permissions-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const options = (): HarnessOptions => ({
  programDir: program,
  stateFile: path.join(dir, "state.json"),
  config: {
    "docs-workspace:apiUrl": emu.url,
    "docs-workspace:organizationId": emu.organizationId,
  },
  secrets: { "docs-workspace:apiToken": emu.token },
});

async function writes() {
  return (await emu.requests()).filter((r) => r.method !== "GET");
}

async function userIdOf(email: string): Promise<string> {
  const members = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/members`)).body
    .items as { id: string; user: { email: string } }[];
  return members.find((m) => m.user.email === email)!.id;
}

async function users(spaceId: string): Promise<[string, string][]> {
  const listed = (await callApi(emu, "GET", `/v1/spaces/${spaceId}/permissions/users`)).body
    .items as { user: { id: string }; permission: string }[];
  return listed.map((u): [string, string] => [u.user.id, u.permission]).sort();
}

test("refresh shows a grant made by hand on the authoritative space; up removes it there and leaves it on the additive one", async () => {
  const first = await up(options());
  // The stack, the team, two spaces and the grant.
  expect(first.summary).toMatchObject({ create: 5 });
  const { ownedId, sharedId } = first.outputs as { ownedId: string; sharedId: string };
  const linus = await userIdOf("linus@example.com");
  const ada = await userIdOf("ada@example.com");
  expect(await users(ownedId)).toEqual([[linus, "read"]]);

  // By hand, as someone clicking in the app: ada may edit both spaces.
  for (const spaceId of [ownedId, sharedId]) {
    const res = await callApi(emu, "POST", `/v1/spaces/${spaceId}/permissions`, {
      role: "edit",
      users: [ada],
    });
    expect(res.status).toBe(204);
  }
  const refreshed = await refresh(options());
  const changed = refreshed.steps.filter((s) => s.op !== "same");
  expect(changed.map((s) => [s.op, s.name])).toEqual([["refresh-update", "owned"]]);

  await emu.clearRequests();
  const restored = await up(options());
  expect(restored.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name])).toEqual([
    ["update", "owned"],
  ]);
  expect((await writes()).map((r) => [r.method, r.path])).toEqual([
    ["DELETE", `/v1/spaces/${ownedId}/permissions/users/${ada}`],
  ]);
  expect(await users(ownedId)).toEqual([[linus, "read"]]);
  expect(await users(sharedId)).toEqual([[ada, "edit"]]);

  await emu.clearRequests();
  const again = await up(options());
  expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
  expect((await refresh(options())).steps.filter((s) => s.op !== "same")).toEqual([]);
  expect(await writes()).toEqual([]);

  await destroy(options());
  expect((await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces`)).body.items).toEqual(
    [],
  );
});

test("a refresh straight after up keeps every output it wrote (no output a grant changes is kept)", async () => {
  const opts = { ...options(), stateFile: path.join(dir, "outputs.json") };
  const outputs = () =>
    new Map(
      (
        JSON.parse(fs.readFileSync(opts.stateFile, "utf8")) as {
          resources: { name: string; outputs: unknown }[];
        }
      ).resources.map((r) => [r.name, r.outputs]),
    );
  await up(opts);
  const written = outputs();
  // The team was made before the grants on it: an output counting them would be stale here.
  expect(written.get("writers")).toBeDefined();
  expect((await refresh(opts)).steps.filter((s) => s.op !== "same")).toEqual([]);
  expect(outputs()).toEqual(written);
  await destroy(opts);
});
