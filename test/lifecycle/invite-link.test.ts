// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, refresh, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * OrganizationInviteLink through the harness: the link's id (what a person joins with) is never
 * in the state in clear, the resource's id is its handle, a role change is an update in place,
 * and destroy deletes the link.
 */
const program = path.resolve(__dirname, "../fixtures/invite-link");
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-invite-link-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(config: Record<string, string> = {}): HarnessOptions {
  return {
    programDir: program,
    stateFile: path.join(dir, "state.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "invite-link-passphrase",
  };
}

const changed = (steps: { op: string; name: string }[]) =>
  steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name]);
const links = async () =>
  (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/link-invites`)).body.items as {
    id: string;
    level: string;
  }[];

test("the link's id is a secret in state; the resource's id is its handle; a role change is in place; destroy deletes the link", async () => {
  const first = await up(options());
  const [link] = await links();
  expect(link).toMatchObject({ level: "read" });
  expect(first.outputs.inviteId).toBe(link!.id);
  expect(first.outputs.handle).toMatch(/^inv_[0-9a-f]{24}$/);
  expect(fs.readFileSync(path.join(dir, "state.json"), "utf8")).not.toContain(link!.id);

  expect(changed((await refresh(options())).steps)).toEqual([]);
  const roled = await up(options({ "invite:role": "comment" }));
  expect(changed(roled.steps)).toEqual([["update", "readers"]]);
  expect(await links()).toEqual([expect.objectContaining({ id: link!.id, level: "comment" })]);
  expect(fs.readFileSync(path.join(dir, "state.json"), "utf8")).not.toContain(link!.id);

  await destroy(options({ "invite:role": "comment" }));
  expect(await links()).toEqual([]);
});
