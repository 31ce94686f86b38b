import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { managedBy, objectsOf, unmanagedObjects } from "../../cli/exporter/unmanaged";
import { ApiClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** The export of a site's external links, read in its structure. */
let emu: TestEmulator;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

test("links are declared in their group and after the site's first section; --unmanaged lists them by the same title", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const space = (await api("POST", `${org}/spaces`, { title: "Guides" })).body.id as string;
  const site = `${org}/sites/${(await api("POST", `${org}/sites`, { title: "Docs" })).body.id as string}`;
  expect((await api("POST", `${site}/sections`, { spaceId: space, title: "Guides" })).status).toBe(
    201,
  );
  const group = (await api("POST", `${site}/section-groups`, { title: "More" })).body.id as string;
  const root = await api("POST", `${site}/external-links`, {
    title: "Status",
    url: "https://status.example.com",
    localizedTitle: { fr: "Statut" },
  });
  const grouped = await api("POST", `${site}/external-links`, {
    title: "Blog",
    url: "https://blog.example.com",
    parent: group,
    draft: true,
    condition: "visitor.claims.staff",
  });

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const program = buildProgram(inventory);
  const links = program.declarations.filter((d) => d.type === "SiteExternalLink");
  expect(links.map((d) => [d.id, d.title])).toEqual([
    [grouped.body.id, "Docs link Blog"],
    [root.body.id, "Docs link Status"],
  ]);
  const section = program.declarations.find((d) => d.type === "SiteSection")!.variable;
  const groupVariable = program.declarations.find((d) => d.type === "SiteSectionGroup")!.variable;
  expect(links.map((d) => d.dependsOn)).toEqual([[section], [section]]);
  expect(links[0]!.args).toMatchObject({
    title: "Blog",
    url: "https://blog.example.com",
    draft: true,
    condition: "visitor.claims.staff",
  });
  expect(links[1]!.args).toMatchObject({ localizedTitle: { fr: "Statut" } });
  expect(program.source).toContain(`sectionGroupId: ${groupVariable}.id`);
  expect(program.source).toContain(`{ dependsOn: [${section}] }`);

  // In reading order: the group (and its link) comes before the root link made after it.
  const listed = objectsOf(inventory).filter((o) => o.type === "SiteExternalLink");
  expect(listed.map((o) => [o.id, o.title])).toEqual([
    [grouped.body.id, "Docs link Blog"],
    [root.body.id, "Docs link Status"],
  ]);
  // A SiteExternalLink manages its own link; a SiteExternalLinks every link of its site.
  const linksLeft = (resources: { type: string; id: string }[]) =>
    unmanagedObjects(inventory, managedBy(resources))
      .filter((o) => o.type === "SiteExternalLink")
      .map((o) => o.id);
  const siteId = site.split("/").pop()!;
  expect(
    linksLeft([{ type: "docs-workspace:index:SiteExternalLink", id: root.body.id as string }]),
  ).toEqual([grouped.body.id]);
  expect(linksLeft([{ type: "docs-workspace:index:SiteExternalLinks", id: siteId }])).toEqual([]);
  expect(linksLeft([{ type: "docs-workspace:index:SiteExternalLinks", id: "site_other" }])).toEqual(
    [grouped.body.id, root.body.id],
  );
  const clone = buildProgram(inventory, { clone: true });
  const cloned = clone.declarations.filter((d) => d.type === "SiteExternalLink");
  expect(cloned.map((d) => [d.adoptId, d.dependsOn])).toEqual([
    [undefined, [section]],
    [undefined, [section]],
  ]);
});
