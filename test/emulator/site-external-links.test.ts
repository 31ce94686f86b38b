import {
  apiClient,
  createTestEmulator,
  seedRoles,
  seedSeparateOrganization,
  type ApiBody,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

let t: TestEmulator;
let call: ReturnType<typeof apiClient>;
let roles: RoleClients;
let sites: string;

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "links");
  sites = `/v1/orgs/${t.organizationId}/sites`;
});
afterAll(() => t.close());

/** A new site with one section; its path and the section's id. */
async function siteWithSection(): Promise<{ site: string; section: string }> {
  const site = `${sites}/${(await call("POST", sites, { title: "Links" })).body.id as string}`;
  const section = await call("POST", `${site}/sections`, { spaceId: null, title: "Guides" });
  expect(section.status).toBe(201);
  return { site, section: section.body.id as string };
}

const structureOf = async (site: string) => {
  const res = await call("GET", `${site}/structure`);
  expect(res.status).toBe(200);
  return res.body as unknown as { type: string; structure: ApiBody[] };
};
const ids = (items: ApiBody[]) => items.map((i) => `${i.object as string}:${i.id as string}`);

describe("site external links", () => {
  test("create answers 201 with the link and its Location; the structure lists it after the section", async () => {
    const { site, section } = await siteWithSection();
    const created = await call("POST", `${site}/external-links`, {
      title: "Status",
      url: "https://status.example.com",
      description: "Is it up?",
      localizedTitle: { fr: "Statut" },
      icon: "signal",
      condition: "visitor.claims.staff",
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      object: "site-external-link",
      id: created.body.id,
      title: "Status",
      url: "https://status.example.com",
      description: "Is it up?",
      localizedTitle: { fr: "Statut" },
      icon: "signal",
      draft: false,
      condition: "visitor.claims.staff",
    });
    expect(created.headers.get("location")).toBe(
      `${t.url}${site}/external-links/${created.body.id as string}`,
    );
    const structure = await structureOf(site);
    expect(structure.type).toBe("sections");
    expect(ids(structure.structure)).toEqual([
      `site-section:${section}`,
      `site-external-link:${created.body.id as string}`,
    ]);
    expect(structure.structure[1]).toEqual(created.body);
  });

  test("a link in a group is among its children; sort orders it; parent null moves it to the root", async () => {
    const { site, section } = await siteWithSection();
    const group = (
      await call("POST", `${site}/section-groups`, { title: "More", sections: [section] })
    ).body.id as string;
    const link = await call("POST", `${site}/external-links`, {
      title: "Blog",
      url: "https://blog.example.com/",
      parent: group,
      draft: true,
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ sectionGroup: group, draft: true });
    const linkId = link.body.id as string;
    const children = async () =>
      ids(((await structureOf(site)).structure[0]!.children as ApiBody[]) ?? []);
    expect(await children()).toEqual([`site-section:${section}`, `site-external-link:${linkId}`]);

    const sorted = await call("PATCH", `${site}/structure/sort`, {
      item: { type: "site-external-link", id: linkId },
      position: { before: { type: "site-section", id: section } },
    });
    expect(sorted.status).toBe(200);
    expect(sorted.body).toMatchObject({ object: "site-external-link", id: linkId });
    expect(await children()).toEqual([`site-external-link:${linkId}`, `site-section:${section}`]);
    const groupJson = (await structureOf(site)).structure[0]!;
    expect(ids(groupJson.sections as ApiBody[])).toEqual([`site-section:${section}`]);

    const moved = await call("PATCH", `${site}/external-links/${linkId}`, { parent: null });
    expect(moved.status).toBe(200);
    expect(moved.body.sectionGroup).toBeUndefined();
    expect(ids((await structureOf(site)).structure)).toEqual([
      `site-section-group:${group}`,
      `site-external-link:${linkId}`,
    ]);
    // Sorting changes sibling order only: a sibling in another level is an invalid position.
    const across = await call("PATCH", `${site}/structure/sort`, {
      item: { type: "site-external-link", id: linkId },
      position: { after: { type: "site-section", id: section } },
    });
    expect(across.status).toBe(400);
    const first = await call("PATCH", `${site}/structure/sort`, {
      item: { type: "site-external-link", id: linkId },
      position: { before: { type: "site-section-group", id: group } },
    });
    expect(first.status).toBe(200);
    expect(ids((await structureOf(site)).structure)[0]).toBe(`site-external-link:${linkId}`);
  });

  test("deleting a group leaves its links in its place on the top level, in order", async () => {
    const { site, section } = await siteWithSection();
    const group = (
      await call("POST", `${site}/section-groups`, { title: "G", sections: [section] })
    ).body.id as string;
    const a = (
      await call("POST", `${site}/external-links`, {
        title: "A1",
        url: "https://a.example",
        parent: group,
      })
    ).body.id as string;
    const tail = (
      await call("POST", `${site}/external-links`, { title: "Tail", url: "https://t.example" })
    ).body.id as string;
    expect((await call("DELETE", `${site}/section-groups/${group}`)).status).toBe(205);
    expect(ids((await structureOf(site)).structure)).toEqual([
      `site-section:${section}`,
      `site-external-link:${a}`,
      `site-external-link:${tail}`,
    ]);
  });

  test("a simple site, a section as parent and an unknown group are 400; the hosted limits are 400 naming the field", async () => {
    const simple = `${sites}/${(await call("POST", sites, { title: "Simple" })).body.id as string}`;
    const body = { title: "Ok", url: "https://ok.example" };
    const refused = await call("POST", `${simple}/external-links`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("simple structure");
    expect((await structureOf(simple)).type).toBe("siteSpaces");

    const { site, section } = await siteWithSection();
    const bad = async (patch: Record<string, unknown>) => {
      const res = await call("POST", `${site}/external-links`, { ...body, ...patch });
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await bad({ parent: section })).toContain("is a section");
    expect(await bad({ parent: "nope" })).toContain("not a section group");
    expect(await bad({ title: "x" })).toContain("title");
    expect(await bad({ title: "t".repeat(129) })).toContain("title");
    expect(await bad({ url: "ftp://ok.example" })).toContain("url");
    expect(await bad({ url: "/relative" })).toContain("url");
    expect(await bad({ url: `https://ok.example/${"a".repeat(2048)}` })).toContain("url");
    expect(await bad({ description: "d".repeat(257) })).toContain("description");
    expect(await bad({ localizedTitle: { klingon: "x" } })).toContain("localizedTitle");
    expect(await bad({ localizedTitle: { fr: "t".repeat(129) } })).toContain("localizedTitle");
    expect(await bad({ icon: "i".repeat(51) })).toContain("icon");
    expect(await bad({ condition: "c".repeat(1025) })).toContain("condition");
    expect((await structureOf(site)).structure).toHaveLength(1);
  });

  test("PATCH changes only what it sends, null removes; delete answers 205, then 204; a deleted link is 404", async () => {
    const { site } = await siteWithSection();
    const created = await call("POST", `${site}/external-links`, {
      title: "Docs",
      url: "https://docs.example",
      description: "More",
      condition: "true",
    });
    const path = `${site}/external-links/${created.body.id as string}`;
    const renamed = await call("PATCH", path, { title: "Docs v2", description: null, draft: true });
    expect(renamed.status).toBe(200);
    const { description: _gone, ...rest } = created.body;
    expect(renamed.body).toEqual({ ...rest, title: "Docs v2", draft: true });
    expect((await structureOf(site)).structure[1]).toEqual(renamed.body);
    expect((await call("DELETE", path)).status).toBe(205);
    expect((await call("DELETE", path)).status).toBe(204);
    expect((await call("PATCH", path, { title: "Back" })).status).toBe(404);
    expect((await structureOf(site)).structure).toHaveLength(1);
  });

  test("members read the structure; links are the create role's; another tenant sees 404", async () => {
    const { site } = await siteWithSection();
    const body = { title: "Roles", url: "https://roles.example" };
    expect((await roles.reader("GET", `${site}/structure`)).status).toBe(200);
    expect((await roles.editor("POST", `${site}/external-links`, body)).status).toBe(403);
    const created = await call("POST", `${site}/external-links`, body);
    const path = `${site}/external-links/${created.body.id as string}`;
    expect((await roles.editor("PATCH", path, { title: "xx" })).status).toBe(403);
    expect((await roles.editor("DELETE", path)).status).toBe(403);
    const sort = { item: { type: "site-external-link", id: created.body.id }, position: {} };
    expect((await roles.editor("PATCH", `${site}/structure/sort`, sort)).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", `${site}/structure`)).status).toBe(404);
    expect((await other("DELETE", path)).status).toBe(404);
    expect((await structureOf(site)).structure).toHaveLength(2);
  });

  test("the site's page shows its links in the structure; its preview leaves a draft out", async () => {
    const { site } = await siteWithSection();
    await call("POST", `${site}/external-links`, {
      title: "Live one",
      url: "https://live.example",
    });
    await call("POST", `${site}/external-links`, {
      title: "Draft one",
      url: "https://draft.example",
      draft: true,
    });
    const urls = (await call("GET", site)).body.urls as { app: string; preview: string };
    const items = async (url: string) => {
      const res = await t.fetch(url, { headers: { authorization: `Bearer ${t.token}` } });
      expect(res.status).toBe(200);
      const html = await res.text();
      return [...html.matchAll(/<li data-kind="site-external-link">([\s\S]*?)<\/li>/g)].map(
        (m) => m[1]!,
      );
    };
    const management = await items(urls.app);
    expect(management).toHaveLength(2);
    expect(management[0]).toContain("https://live.example");
    expect(management[1]).toContain("Draft one");
    expect(management[1]).toContain("draft");
    const preview = await items(urls.preview);
    expect(preview).toHaveLength(1);
    expect(preview[0]).toContain("Live one");
  });

  test("the published view carries the hosted SiteStructure: groups with their children, live links, no draft", async () => {
    const { site, section } = await siteWithSection();
    const group = (await call("POST", `${site}/section-groups`, { title: "More" })).body.id;
    const link = async (title: string, extra: Record<string, unknown> = {}) =>
      (
        await call("POST", `${site}/external-links`, {
          title,
          url: `https://${title}.example`,
          ...extra,
        })
      ).body.id as string;
    const live = await link("live");
    const grouped = await link("grouped", { parent: group });
    await link("draft", { draft: true });
    await link("hidden", { parent: group, draft: true });
    expect((await call("POST", `${site}/publish`)).status).toBe(200);

    const published = await call("GET", `${site}/published`);
    expect(published.status).toBe(200);
    const { type, structure } = published.body.structure as { type: string; structure: ApiBody[] };
    expect(type).toBe("sections");
    expect(ids(structure)).toEqual([
      `site-section:${section}`,
      `site-section-group:${group as string}`,
      `site-external-link:${live}`,
    ]);
    expect(ids(structure[1]!.children as ApiBody[])).toEqual([`site-external-link:${grouped}`]);
    // The structure itself, for editors, still lists the drafts.
    expect((await structureOf(site)).structure).toHaveLength(4);
  });

  test("sort orders a site space among its container's; an item the site lacks is 404", async () => {
    const org = `/v1/orgs/${t.organizationId}`;
    const space = async (title: string) =>
      (await call("POST", `${org}/spaces`, { title })).body.id as string;
    const [a, b] = [await space("Alpha"), await space("Beta")];
    const created = await call("POST", sites, { title: "Spaces", spaces: [a, b] });
    const site = `${sites}/${created.body.id as string}`;
    const before = (await structureOf(site)).structure;
    expect(before.map((s) => s.path)).toEqual(["alpha", "beta"]);
    const sorted = await call("PATCH", `${site}/structure/sort`, {
      item: { type: "site-space", id: before[1]!.id },
      position: { before: { type: "site-space", id: before[0]!.id } },
    });
    expect(sorted.status).toBe(200);
    expect(sorted.body).toMatchObject({ object: "site-space", id: before[1]!.id });
    expect((await structureOf(site)).structure.map((s) => s.path)).toEqual(["beta", "alpha"]);
    const missing = await call("PATCH", `${site}/structure/sort`, {
      item: { type: "site-external-link", id: "nope" },
      position: {},
    });
    expect(missing.status).toBe(404);
  });
});
