import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
} from "../support/emulator";

/**
 * The response shapes the hosted service sends where workspace-api.md is silent (issue 8): each
 * field the service always sends is here, and nothing neither document has.
 */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

const org = () => `/v1/orgs/${t.organizationId}`;

async function created(path: string, body: unknown): Promise<ApiBody> {
  const res = await api("POST", path, body);
  expect(res.status).toBe(201);
  return res.body;
}

/** A site with a group holding one section, which holds one site space. */
async function siteWithStructure() {
  const space = await created(`${org()}/spaces`, { title: "Guide" });
  const site = await created(`${org()}/sites`, { title: "Shapes" });
  const sites = `${org()}/sites/${site.id}`;
  const section = await created(`${sites}/sections`, { spaceId: space.id, title: "Guides" });
  const group = await created(`${sites}/section-groups`, {
    title: "Handbook",
    sections: [section.id],
  });
  return { space, site, section, group, sites };
}

describe("organization", () => {
  test("sends mergeRules, trial and permissions.access, as the hosted service always does", async () => {
    const { body } = await api("GET", org());
    expect(body.mergeRules).toEqual({ type: "none" });
    expect(body.trial).toEqual({ status: "notapplicable", count: 0 });
    expect(body.permissions).toMatchObject({ view: true, access: true, admin: true });
  });

  test("leaves defaultContent out while unset, and sends it once set", async () => {
    expect((await api("GET", org())).body).not.toHaveProperty("defaultContent");
    const site = (await api("POST", `${org()}/sites`, { title: "Home" })).body.id;
    const set = await api("PATCH", org(), { defaultContent: { type: "site", site } });
    expect(set.body.defaultContent).toEqual({ type: "site", site });
    const cleared = await api("PATCH", org(), { defaultContent: null });
    expect(cleared.body).not.toHaveProperty("defaultContent");
  });

  test("adds no field that neither the API document nor the service sends", async () => {
    const { body } = await api("GET", org());
    expect(body).not.toHaveProperty("internal_isOnNewTrial");
    expect(body.permissions).not.toHaveProperty("ingestConversations");
  });
});

describe("space", () => {
  test("sends mergeRules: a space inherits its organization's", async () => {
    const space = await created(`${org()}/spaces`, { title: "Rules" });
    expect(space.mergeRules).toEqual({ type: "inherit" });
    expect((await api("GET", `/v1/spaces/${space.id}`)).body.mergeRules).toEqual({
      type: "inherit",
    });
  });
});

describe("site", () => {
  test("sends appliedType, defaultLevel, features, permissions and urls.preview", async () => {
    const site = await created(`${org()}/sites`, { title: "Plain" });
    expect(site).toMatchObject({
      type: "basic",
      appliedType: "basic",
      defaultLevel: "inherit",
      features: [],
      permissions: {
        view: true,
        access: true,
        edit: true,
        create: true,
        admin: true,
        installIntegration: true,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: true,
      },
      urls: { preview: `${t.url}/app/o/${t.organizationId}/sites/${site.id}/preview` },
    });
  });

  test("the preview URL is a page the emulator serves", async () => {
    const site = await created(`${org()}/sites`, { title: "Previewed" });
    const preview = await t.fetch((site.urls as { preview: string }).preview, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await preview.text()).toContain("Previewed");
  });

  test("features lists the premium features the site uses, frozen below their plan", async () => {
    const { sites } = await siteWithStructure();
    const patched = await api("PATCH", sites, {
      visibility: "share-link",
      adaptiveContent: { enabled: true },
      proxy: "example.com/docs",
    });
    expect(patched.body.features).toEqual([
      { id: "sites-sections", plan: "premium", frozen: true },
      { id: "sites-share-links", plan: "ultimate", frozen: true },
      { id: "sites-adaptive-content", plan: "ultimate", frozen: true },
      { id: "sites-custom-subdirectory", plan: "ultimate", frozen: true },
    ]);
  });

  test("proxy.origin is the host and path as set, without a scheme", async () => {
    const site = await created(`${org()}/sites`, { title: "Proxied" });
    const patched = await api("PATCH", `${org()}/sites/${site.id}`, { proxy: "example.com/docs" });
    expect(patched.body.proxy).toEqual({
      origin: "example.com/docs",
      target: `https://${t.organizationId.toLowerCase()}.docs.emulator.local/${site.id}`,
    });
  });
});

describe("site structure", () => {
  test("sections and site spaces send draft", async () => {
    const { section, sites } = await siteWithStructure();
    expect(section.draft).toBe(false);
    const siteSpaces = section.siteSpaces as ApiBody[];
    expect(siteSpaces[0]!.draft).toBe(false);
    const listed = await api("GET", `${sites}/site-spaces`);
    expect(listed.body.items.map((s) => s.draft)).toEqual([false]);
  });

  test("section groups send children and draft", async () => {
    const { group, section, sites } = await siteWithStructure();
    expect(group.draft).toBe(false);
    expect((group.children as ApiBody[]).map((c) => [c.object, c.id])).toEqual([
      ["site-section", section.id],
    ]);
    const listed = (await api("GET", `${sites}/section-groups`)).body.items[0]!;
    expect(listed.children).toEqual(listed.sections);
  });

  test("the published view sends customizations for the site and each site space, and scripts", async () => {
    const { section, sites } = await siteWithStructure();
    const other = await created(`${org()}/spaces`, { title: "Root" });
    const root = await created(`${sites}/site-spaces`, { spaceId: other.id });
    expect((await api("POST", `${sites}/publish`)).status).toBe(200);
    const { body } = await api("GET", `${sites}/published`);
    // The hosted document's SiteCustomizationSettings: these seventeen sections are required.
    const required = [
      "styling",
      "internationalization",
      "favicon",
      "header",
      "footer",
      "themes",
      "feedback",
      "ai",
      "advancedCustomization",
      "pageActions",
      "externalLinks",
      "pagination",
      "trademark",
      "privacyPolicy",
      "socialPreview",
      "socialAccounts",
      "insights",
    ].sort();
    const customizations = body.customizations as {
      site: ApiBody;
      siteSpaces: Record<string, ApiBody>;
    };
    expect(Object.keys(customizations.site).sort()).toEqual(required);
    const inSection = (section.siteSpaces as ApiBody[])[0]!.id as string;
    // One entry per site space the structure shows (in its sections, at the top level or in a
    // group: the hosted SiteStructure), each the site's while it has none of its own.
    type Item = { object: string; siteSpaces?: ApiBody[]; children?: Item[] };
    const items = (body.structure as { structure: Item[] }).structure;
    expect(items.map((i) => i.object)).toContain("site-section-group");
    const shown = items
      .flatMap((i) => (i.object === "site-section-group" ? i.children! : [i]))
      .flatMap((s) => (s.siteSpaces ?? []).map((siteSpace) => siteSpace.id as string));
    expect(shown).toEqual(expect.arrayContaining([inSection, root.id as string]));
    expect(Object.keys(customizations.siteSpaces).sort()).toEqual(shown.sort());
    for (const id of shown) expect(customizations.siteSpaces[id]).toEqual(customizations.site);
    expect(body.scripts).toEqual([]);
  });
});

describe("DELETE", () => {
  test("answers 205 when the object existed and 204 when it is absent, for every object", async () => {
    const { space, site, section, group, sites } = await siteWithStructure();
    const link = await created(`${sites}/share-links`, { name: "Readers" });
    const other = await created(`${org()}/spaces`, { title: "Linked" });
    const siteSpace = await created(`${sites}/site-spaces`, { spaceId: other.id });
    const collection = await created(`${org()}/collections`, { title: "Gone" });
    const targets = [
      `${sites}/share-links/${link.id}`,
      `${sites}/site-spaces/${siteSpace.id}`,
      `${sites}/section-groups/${group.id}`,
      `${sites}/sections/${section.id}`,
      `${org()}/sites/${site.id}`,
      `/v1/spaces/${space.id}`,
      `/v1/collections/${collection.id}`,
    ];
    for (const path of targets) {
      const first = await api("DELETE", path);
      expect([path, first.status, first.text]).toEqual([path, 205, ""]);
      expect([path, (await api("DELETE", path)).status]).toEqual([path, 204]);
    }
  });
});

describe("adaptive schema", () => {
  test("a claim without a description is refused, as the service refuses it", async () => {
    const site = await created(`${org()}/sites`, { title: "Claims" });
    const res = await api("PUT", `${org()}/sites/${site.id}/adaptive-schema`, {
      jsonSchema: {
        type: "object",
        properties: { beta: { type: "boolean" } },
        additionalProperties: false,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("jsonSchema.properties.beta.description is required");
  });
});
