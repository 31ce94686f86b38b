// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroy, refresh, up, type HarnessOptions } from "../../cli/harness";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";

/**
 * CustomFont and a SiteCustomization that uses it, through the harness: the customization is
 * written after the font exists, a refresh and a second up change nothing, a font deleted out of
 * band fails the customization's next write naming the font, and destroy empties the organization.
 */
const program = path.resolve(__dirname, "../fixtures/custom-font");
jest.setTimeout(300_000);

let emu: TestEmulator;
let dir: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-custom-font-"));
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
    passphrase: "custom-font-passphrase",
  };
}

const changed = (steps: { op: string; name: string }[]) =>
  steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name]);
const fonts = () => `/v1/orgs/${emu.organizationId}/fonts`;

test("the customization is written after its font; a deleted font fails its next write by name; destroy empties the organization", async () => {
  await emu.clearRequests();
  const first = await up(options());
  // The stack, the font, the site and the customization.
  expect(first.summary).toMatchObject({ create: 4 });
  const fontId = first.outputs.fontId as string;
  const siteId = first.outputs.siteId as string;
  const customization = `/v1/orgs/${emu.organizationId}/sites/${siteId}/customization`;
  const order = (await writes(emu)).map((w) => [w.method, w.path]);
  const fontAt = order.findIndex(([m, p]) => m === "PUT" && p === fonts());
  const lookAt = order.findIndex(([m, p]) => m === "PUT" && p === customization);
  expect(fontAt).toBeGreaterThanOrEqual(0);
  expect(lookAt).toBeGreaterThan(fontAt);
  const stored = await callApi(emu, "GET", customization);
  expect((stored.body.styling as { font: { id: string } }).font.id).toBe(fontId);

  await emu.clearRequests();
  expect(changed((await refresh(options())).steps)).toEqual([]);
  expect(changed((await up(options())).steps)).toEqual([]);
  expect(await writes(emu)).toEqual([]);

  expect((await callApi(emu, "DELETE", `${fonts()}/${fontId}`)).status).toBe(205);
  await emu.clearRequests();
  await expect(up(options({ "look:theme": "bold" }))).rejects.toThrow(
    `styling.customFontId names custom font ${fontId}, which organization ${emu.organizationId} no longer has`,
  );
  expect((await writes(emu)).filter((w) => w.path === customization)).toEqual([]);

  // A refresh drops the font; the next up makes it again and names the new one.
  await refresh(options({ "look:theme": "bold" }));
  const healed = await up(options({ "look:theme": "bold" }));
  const newFont = healed.outputs.fontId as string;
  expect(newFont).not.toBe(fontId);
  const after = await callApi(emu, "GET", customization);
  expect((after.body.styling as { font: { id: string }; theme: string }).font.id).toBe(newFont);

  await destroy(options({ "look:theme": "bold" }));
  expect((await callApi(emu, "GET", fonts())).body.items).toEqual([]);
  expect((await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/sites`)).body.items).toEqual(
    [],
  );
});
