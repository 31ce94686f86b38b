// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, preview, refresh, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * SiteVisitorAuth and SiteRedirect through the harness: the private key is a secret in the state,
 * a change of `rotation` is an update that gives the site a new key, a change of a redirect's
 * source replaces it, and destroy empties the organization.
 */
const program = path.resolve(__dirname, "../fixtures/visitor-auth");
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-visitor-auth-"));
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
    passphrase: "visitor-auth-passphrase",
  };
}

const liveKey = async (siteId: string) =>
  (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/sites/${siteId}/publishing/auth`)).body
    .privateKey as string;
const stateText = () => fs.readFileSync(path.join(dir, "state.json"), "utf8");
const changed = (steps: { op: string; name: string }[]) =>
  steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name]);

test("the key is secret in state; rotation regenerates it in place; a new source replaces the redirect; destroy empties the organization", async () => {
  const first = await up(options());
  expect(first.summary).toMatchObject({ create: 4 });
  const siteId = first.outputs.siteId as string;
  const key = await liveKey(siteId);
  expect(first.outputs.signingKey).toBe(key);
  expect(stateText()).not.toContain(key);

  const refreshed = await refresh(options());
  expect(changed(refreshed.steps)).toEqual([]);

  const previewed = await preview(options({ "auth:rotation": "2" }));
  expect(previewed.steps.find((s) => s.name === "members-auth")).toMatchObject({
    op: "update",
    diffs: ["rotation"],
  });
  const rotated = await up(options({ "auth:rotation": "2" }));
  expect(changed(rotated.steps)).toEqual([["update", "members-auth"]]);
  const newKey = await liveKey(siteId);
  expect(newKey).not.toBe(key);
  expect(rotated.outputs.signingKey).toBe(newKey);
  expect(stateText()).not.toContain(newKey);

  const moved = await up(options({ "auth:rotation": "2", "auth:source": "/start" }));
  expect(changed(moved.steps)).toEqual([["replace", "old-home"]]);
  const redirects = await callApi(
    emu,
    "GET",
    `/v1/orgs/${emu.organizationId}/sites/${siteId}/redirects`,
  );
  expect((redirects.body.items as { source: string }[]).map((r) => r.source)).toEqual(["/start"]);

  await destroy(options({ "auth:rotation": "2", "auth:source": "/start" }));
  const sites = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/sites`);
  expect(sites.body.items).toEqual([]);
});
