import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { objectsOf } from "../../cli/exporter/unmanaged";
import { ApiClient } from "../../provider/client";
import { inviteHandle } from "../../provider/api/organization-invites";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** The export of custom fonts, a customization that uses one, and standing invite links. */
let emu: TestEmulator;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

test("fonts read their storage keys from config, the customization names its font by reference, and links by handle, never by id", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const font = await api("PUT", `${org}/fonts`, {
    fontFamily: "Acme Sans",
    fontFaces: [
      { weight: 400, storageKey: "fonts/acme-regular.woff2" },
      { weight: 700, storageKey: "fonts/acme-bold.woff2" },
    ],
  });
  const fontId = font.body.id as string;
  const space = (await api("POST", `${org}/spaces`, { title: "Guides" })).body.id as string;
  const site = (await api("POST", `${org}/sites`, { title: "Docs" })).body.id as string;
  const settings = (await api("GET", `${org}/sites/${site}/customization`)).body;
  const { updatedAt: _, ...doc } = settings;
  const styling = { ...(doc.styling as Record<string, unknown>), font: font.body };
  delete (styling.font as Record<string, unknown>).permissions;
  expect((await api("PUT", `${org}/sites/${site}/customization`, { ...doc, styling })).status).toBe(
    200,
  );
  const toSpace = (await api("POST", `${org}/link-invites`, { level: "read", space })).body
    .id as string;
  const toOrg = (await api("POST", `${org}/link-invites`, { role: null })).body.id as string;

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const program = buildProgram(inventory);

  const byType = (type: string) => program.declarations.filter((d) => d.type === type);
  expect(byType("CustomFont").map((d) => [d.id, d.title])).toEqual([[fontId, "Acme Sans font"]]);
  expect(program.source).toContain('config.require("acmeSans400StorageKey")');
  expect(program.source).toContain('config.require("acmeSans700StorageKey")');
  expect(program.notes).toContain(
    `Font Acme Sans, weight 400: the service answers its file (${emu.url}/files/fonts/fonts/acme-regular.woff2), not its storage key: set it with \`pulumi config set acmeSans400StorageKey <storage key>\`.`,
  );
  const fontVariable = byType("CustomFont")[0]!.variable;
  expect(program.source).toMatch(new RegExp(`customFontId: ${fontVariable}\\.id`));

  const links = byType("OrganizationInviteLink");
  expect(links.map((d) => [d.id, d.title]).sort()).toEqual(
    [
      [inviteHandle(toOrg), `${inventory.organization.title} guest invite link`],
      [inviteHandle(toSpace), "Guides read invite link"],
    ].sort(),
  );
  expect(program.source).not.toContain(toOrg);
  expect(program.source).not.toContain(toSpace);
  expect(JSON.stringify(inventory)).not.toContain(toSpace);

  const listed = objectsOf(inventory).filter((o) => o.type === "OrganizationInviteLink");
  expect(listed.map((o) => o.id).sort()).toEqual(
    [inviteHandle(toOrg), inviteHandle(toSpace)].sort(),
  );
  expect(objectsOf(inventory)).toContainEqual({
    type: "CustomFont",
    id: fontId,
    title: "Acme Sans font",
  });
});
