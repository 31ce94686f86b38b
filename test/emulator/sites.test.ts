import { message, startSitesHarness, type Reply, type SitesHarness } from "./sites-helpers";
import { adminHeaders } from "../support/emulator";

let h: SitesHarness;
beforeAll(async () => {
  h = await startSitesHarness();
});
afterAll(() => h.t.close());

async function createSite(body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const reply = await h.call("POST", h.sites, { title: "Docs", ...body });
  expect(reply.status).toBe(201);
  return reply.body;
}

const urls = (reply: Reply | Record<string, unknown>) =>
  (("body" in reply ? reply.body : reply) as { urls: Record<string, string> }).urls;

describe("sites", () => {
  test("create answers 201 with a basic, unpublished site linking the given spaces", async () => {
    const space = await h.createSpace("Getting Started");
    const site = await createSite({
      title: "Product docs",
      visibility: "unlisted",
      spaces: [space],
    });
    expect(site).toMatchObject({
      object: "site",
      type: "basic",
      title: "Product docs",
      visibility: "unlisted",
      published: false,
      siteSpaces: 1,
      adaptiveContent: { enabled: false },
      agentsContext: "included",
    });
    expect(urls(site).location).toBe(`${h.t.url}/v1${h.sites}/${site.id as string}`);
    expect(urls(site).app).toContain(`/sites/${site.id as string}`);
    expect(urls(site).published).toBeUndefined();
    const spaces = await h.call("GET", `${h.sites}/${site.id as string}/site-spaces`);
    expect(spaces.body.items!.map((s) => [s.path, (s.space as { id: string }).id])).toEqual([
      ["getting-started", space],
    ]);
  });

  test("an empty body creates a public basic site", async () => {
    const reply = await h.call("POST", h.sites);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ type: "basic", visibility: "public", siteSpaces: 0 });
  });

  test("title is 2 to 128 characters on create and update", async () => {
    expect((await h.call("POST", h.sites, { title: "ab" })).status).toBe(201);
    const short = await h.call("POST", h.sites, { title: "a" });
    expect(short.status).toBe(400);
    expect(message(short)).toBe("title must be at least 2 characters");
    const site = await createSite({ title: "x".repeat(128) });
    expect(site.title).toBe("x".repeat(128));
    const long = await h.call("PATCH", `${h.sites}/${site.id as string}`, {
      title: "x".repeat(129),
    });
    expect(long.status).toBe(400);
    expect(message(long)).toBe("title must be at most 128 characters");
  });

  test("only basic is creatable on the free plan; other plans may create other types", async () => {
    const refused = await h.call("POST", h.sites, { title: "Premium", type: "premium" });
    expect(refused.status).toBe(403);
    expect(message(refused)).toContain("free_2024");
    expect(message(refused)).toContain("premium");
    const unknown = await h.call("POST", h.sites, { title: "Odd", type: "gold" });
    expect(unknown.status).toBe(400);
    expect(message(unknown)).toMatch(/^type must be one of "basic"/);
    // The admin seed has no plan field, so the test moves the second organization off the free plan.
    h.t.store.db
      .prepare("UPDATE organizations SET plan = 'business_2024' WHERE id = ?")
      .run(h.t.secondOrganizationId);
    const premium = await h.call("POST", `/orgs/${h.t.secondOrganizationId}/sites`, {
      title: "Premium",
      type: "premium",
    });
    expect(premium.status).toBe(201);
    expect(premium.body.type).toBe("premium");
  });

  test("create refuses a space that is not a live space of the organization", async () => {
    const foreign = await h.call(
      "POST",
      `/orgs/${h.t.foreignOrganizationId}/spaces`,
      { title: "Theirs" },
      h.t.foreignToken,
    );
    expect(foreign.status).toBe(201);
    const mine = await h.createSpace("Mine");
    const reply = await h.call("POST", h.sites, { title: "Docs", spaces: [mine, foreign.body.id] });
    expect(reply.status).toBe(400);
    expect(message(reply)).toBe(
      `spaces[1] ${foreign.body.id as string} is not a live space of this organization`,
    );
    const deleted = await h.createSpace("Gone");
    expect((await h.call("DELETE", `/spaces/${deleted}`)).status).toBe(205);
    const gone = await h.call("POST", h.sites, { title: "Docs", spaces: [deleted] });
    expect(gone.status).toBe(400);
    // The failed create left no site behind.
    const listed = await h.call("GET", `${h.sites}?space=${mine}`);
    expect(listed.body.count).toBe(0);
  });

  test("list filters by space, title and published, and pages", async () => {
    const space = await h.createSpace("Filtered");
    const a = await createSite({ title: "Filter Alpha", spaces: [space] });
    const b = await createSite({ title: "filter beta" });
    await h.call("POST", `${h.sites}/${b.id as string}/publish`);
    const bySpace = await h.call("GET", `${h.sites}?space=${space}`);
    expect(bySpace.body.items!.map((s) => s.id)).toEqual([a.id]);
    const byTitle = await h.call("GET", `${h.sites}?title=FILTER`);
    expect(byTitle.body.items!.map((s) => s.id)).toEqual([a.id, b.id]);
    const published = await h.call("GET", `${h.sites}?title=filter&published=true`);
    expect(published.body.items!.map((s) => s.id)).toEqual([b.id]);
    const unpublished = await h.call("GET", `${h.sites}?title=filter&published=false`);
    expect(unpublished.body.items!.map((s) => s.id)).toEqual([a.id]);
    expect((await h.call("GET", `${h.sites}?published=yes`)).status).toBe(400);

    const first = await h.call("GET", `${h.sites}?title=filter&limit=1`);
    expect(first.body).toMatchObject({ count: 2, items: [{ id: a.id }] });
    const page = (first.body.next as { page: string }).page;
    const second = await h.call("GET", `${h.sites}?title=filter&limit=1&page=${page}`);
    expect(second.body.items!.map((s) => s.id)).toEqual([b.id]);
    expect(second.body.next).toBeUndefined();
  });

  test("get answers the site; an unknown id is 404", async () => {
    const site = await createSite({ title: "Getter" });
    const reply = await h.call("GET", `${h.sites}/${site.id as string}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(site);
    const missing = await h.call("GET", `${h.sites}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 404, message: "site nope not found" } });
  });

  test("PATCH updates title, visibility, basename, adaptiveContent, agentsContext and proxy", async () => {
    const site = await createSite();
    const path = `${h.sites}/${site.id as string}`;
    const reply = await h.call("PATCH", path, {
      title: "Renamed",
      visibility: "share-link",
      basename: "b".repeat(100),
      adaptiveContent: { enabled: true },
      agentsContext: "excluded",
      proxy: "example.com/docs",
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      title: "Renamed",
      visibility: "share-link",
      basename: "b".repeat(100),
      adaptiveContent: { enabled: true },
      agentsContext: "excluded",
      proxy: { origin: "example.com/docs" },
    });
    expect((await h.call("GET", path)).body).toEqual(reply.body);
    const cleared = await h.call("PATCH", path, { proxy: null });
    expect(cleared.body.proxy).toBeUndefined();
  });

  test("PATCH validates its limits and refuses published", async () => {
    const path = `${h.sites}/${(await createSite()).id as string}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ basename: "" }, "basename must not be empty"],
      [{ basename: "b".repeat(101) }, "basename must be at most 100 characters"],
      [
        { visibility: "private" },
        'visibility must be one of "public", "unlisted", "share-link", "visitor-auth"',
      ],
      [{ agentsContext: "maybe" }, 'agentsContext must be one of "excluded", "included"'],
      [{ adaptiveContent: {} }, "adaptiveContent.enabled is required"],
      [{ proxy: "not a host" }, "proxy must match the pattern"],
      [
        { proxy: `${"a".repeat(500)}.com/${"p".repeat(8)}` },
        "proxy must be at most 512 characters",
      ],
      [{ published: true }, "published cannot be set through PATCH"],
      [{ defaultSiteSpace: "nope" }, "defaultSiteSpace nope is not a site space of this site"],
      [{ defaultSiteSection: "nope" }, "defaultSiteSection nope is not a section of this site"],
    ];
    for (const [body, text] of cases) {
      const reply = await h.call("PATCH", path, body);
      expect([reply.status, message(reply)]).toEqual([400, expect.stringContaining(text)]);
    }
    const atLimit = `${"a".repeat(497)}.com/${"p".repeat(10)}`;
    expect(atLimit).toHaveLength(512);
    expect((await h.call("PATCH", path, { proxy: atLimit })).status).toBe(200);
  });

  test("a basename used by another site of the organization is 409", async () => {
    await h.call("PATCH", `${h.sites}/${(await createSite()).id as string}`, { basename: "taken" });
    const reply = await h.call("PATCH", `${h.sites}/${(await createSite()).id as string}`, {
      basename: "taken",
    });
    expect(reply.status).toBe(409);
    expect(message(reply)).toContain("basename taken is already used");
  });

  test("publish and unpublish toggle published and the published URL", async () => {
    const site = await createSite({ title: "Toggle" });
    const path = `${h.sites}/${site.id as string}`;
    const published = await h.call("POST", `${path}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    expect(urls(published).published).toBe(
      `https://${h.org.toLowerCase()}.docs.emulator.local/${site.id as string}`,
    );
    await h.call("PATCH", path, { basename: "toggle" });
    expect(urls(await h.call("GET", path)).published).toBe(
      `https://${h.org.toLowerCase()}.docs.emulator.local/toggle`,
    );
    const unpublished = await h.call("POST", `${path}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.published).toBe(false);
    expect(urls(unpublished).published).toBeUndefined();
    expect((await h.call("POST", `${h.sites}/nope/publish`)).status).toBe(404);
  });

  test("DELETE answers 205 for a site that existed, 204 once it is gone", async () => {
    const site = await createSite();
    const path = `${h.sites}/${site.id as string}`;
    expect((await h.call("DELETE", path)).status).toBe(205);
    expect((await h.call("GET", path)).status).toBe(404);
    expect((await h.call("DELETE", path)).status).toBe(204);
  });

  test("deleting a site removes its structure and share links; the spaces remain", async () => {
    const rootSpace = await h.createSpace("Root space");
    const site = await createSite({ spaces: [rootSpace] });
    const path = `${h.sites}/${site.id as string}`;
    const sectionSpace = await h.createSpace("Section space");
    const section = await h.call("POST", `${path}/sections`, { spaceId: sectionSpace });
    const group = await h.call("POST", `${path}/section-groups`, {
      title: "Group",
      sections: [section.body.id],
    });
    const link = await h.call("POST", `${path}/share-links`, { name: "Partners" });
    expect([section.status, group.status, link.status]).toEqual([201, 201, 201]);
    const db = h.t.store.db;
    const rows = (table: string) =>
      (
        db
          .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE site_id = ?`)
          .get(site.id as string) as {
          n: number;
        }
      ).n;
    expect(
      ["site_spaces", "site_sections", "site_section_groups", "site_share_links"].map(rows),
    ).toEqual([2, 1, 1, 1]);

    expect((await h.call("DELETE", path)).status).toBe(205);
    expect(
      ["site_spaces", "site_sections", "site_section_groups", "site_share_links"].map(rows),
    ).toEqual([0, 0, 0, 0]);
    for (const id of [rootSpace, sectionSpace]) {
      const space = await h.call("GET", `/spaces/${id}`);
      expect(space.status).toBe(200);
      expect(space.body.deletedAt).toBeUndefined();
    }
    expect((await h.call("GET", `${path}/site-spaces`)).status).toBe(404);
  });
});

describe("adaptive schema", () => {
  const schema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      isBeta: { type: "boolean", description: "Beta testers" },
      paid: { type: "boolean", description: "Paying customers" },
      unsigned: {
        type: "object",
        description: "Unsigned claims of the site visitor.",
        properties: { darkMode: { type: "boolean", description: "Prefers the dark theme" } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };

  test("GET answers an empty schema until one is written; PUT stores it", async () => {
    const site = await createSite();
    const path = `${h.sites}/${site.id as string}/adaptive-schema`;
    const empty = await h.call("GET", path);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      object: "site-adaptive-schema",
      jsonSchema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          unsigned: {
            type: "object",
            description: "Unsigned claims of the site visitor.",
            properties: {},
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      updatedAt: site.createdAt,
    });
    expect((await h.call("GET", `${path}/template-conditions`)).body).toEqual({ items: [] });

    const put = await h.call("PUT", path, { jsonSchema: schema });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ object: "site-adaptive-schema", jsonSchema: schema });
    expect((await h.call("GET", path)).body).toEqual(put.body);

    const conditions = await h.call("GET", `${path}/template-conditions`);
    expect(conditions.status).toBe(200);
    expect(conditions.body).toEqual({
      items: [
        { description: "Beta testers", condition: "visitor.claims.isBeta === true" },
        { description: "Paying customers", condition: "visitor.claims.paid === true" },
        {
          description: "Prefers the dark theme",
          condition: "visitor.claims.unsigned.darkMode === true",
        },
      ],
    });
  });

  test("PUT refuses documents outside the accepted shape with 400 naming the field", async () => {
    const path = `${h.sites}/${(await createSite()).id as string}/adaptive-schema`;
    const cases: [unknown, string][] = [
      [{}, "jsonSchema is required"],
      [
        { jsonSchema: { ...schema, additionalProperties: true } },
        "jsonSchema.additionalProperties must be false",
      ],
      [{ jsonSchema: { ...schema, type: "array" } }, 'jsonSchema.type must be "object"'],
      [
        { jsonSchema: { ...schema, properties: { plan: { type: "string" } } } },
        'jsonSchema.properties.plan.type must be "boolean"',
      ],
      [
        {
          jsonSchema: {
            ...schema,
            properties: { "bad-name": { type: "boolean", description: "Bad" } },
          },
        },
        "jsonSchema.properties.bad-name must be named by an identifier",
      ],
      // The hosted service requires a claim's description, and so does the emulator.
      [
        { jsonSchema: { ...schema, properties: { beta: { type: "boolean" } } } },
        "jsonSchema.properties.beta.description is required",
      ],
      [
        {
          jsonSchema: {
            ...schema,
            properties: {
              unsigned: {
                type: "object",
                properties: { dark: { type: "boolean" } },
                additionalProperties: false,
              },
            },
          },
        },
        "jsonSchema.properties.unsigned.properties.dark.description is required",
      ],
      [
        {
          jsonSchema: {
            ...schema,
            properties: {
              unsigned: { type: "object", properties: {}, additionalProperties: "no" },
            },
          },
        },
        "jsonSchema.properties.unsigned.additionalProperties ",
      ],
    ];
    for (const [body, text] of cases) {
      const reply = await h.call("PUT", path, body);
      expect([reply.status, message(reply)]).toEqual([400, expect.stringContaining(text)]);
    }
    // A keyword the document does not declare is an unknown field: ignored, not kept.
    const reply = await h.call("PUT", path, { jsonSchema: { ...schema, required: ["x"] } });
    expect([reply.status, "required" in (reply.body.jsonSchema as object)]).toEqual([200, false]);
  });
});

describe("published view and share links", () => {
  test("an unpublished site has no published view", async () => {
    const site = await createSite();
    const reply = await h.call("GET", `${h.sites}/${site.id as string}/published`);
    expect(reply.status).toBe(404);
  });

  test("a site with sections publishes its sections with their site spaces", async () => {
    const site = await createSite();
    const path = `${h.sites}/${site.id as string}`;
    const guides = await h.createSpace("Guides");
    const api = await h.createSpace("API");
    const first = await h.call("POST", `${path}/sections`, { spaceId: guides, title: "Guides" });
    const second = await h.call("POST", `${path}/sections`, { spaceId: api, title: "Reference" });
    await h.call("POST", `${path}/publish`);
    const reply = await h.call("GET", `${path}/published`);
    expect(reply.status).toBe(200);
    expect(reply.body.object).toBe("published-content-site");
    expect((reply.body.site as { id: string }).id).toBe(site.id);
    const structure = reply.body.structure as {
      type: string;
      structure: Record<string, unknown>[];
    };
    expect(structure.type).toBe("sections");
    expect(
      structure.structure.map((s) => [
        s.id,
        s.default,
        (s.siteSpaces as { space: { id: string } }[]).map((ss) => ss.space.id),
      ]),
    ).toEqual([
      [first.body.id, true, [guides]],
      [second.body.id, false, [api]],
    ]);
    const base = `https://${h.org.toLowerCase()}.docs.emulator.local/${site.id as string}`;
    expect(urls(structure.structure[1]!).published).toBe(`${base}/reference`);
  });

  test("a share-link site needs an active shareKey, and its URLs carry the key", async () => {
    const space = await h.createSpace("Secret");
    const site = await createSite({ visibility: "share-link", spaces: [space] });
    const path = `${h.sites}/${site.id as string}`;
    await h.call("POST", `${path}/publish`);
    const created = await h.call("POST", `${path}/share-links`, { name: "Partners" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "share-link", name: "Partners", active: true });
    const linkUrl = new URL(urls(created).published!);
    const key = linkUrl.searchParams.get("share")!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(`${linkUrl.origin}${linkUrl.pathname}`).toBe(
      `https://${h.org.toLowerCase()}.docs.emulator.local/${site.id as string}`,
    );

    expect((await h.call("GET", `${path}/published`)).status).toBe(404);
    expect((await h.call("GET", `${path}/published?shareKey=wrong`)).status).toBe(404);
    const view = await h.call("GET", `${path}/published?shareKey=${key}`);
    expect(view.status).toBe(200);
    expect(urls(view.body.site as Record<string, unknown>).published).toBe(
      `https://${h.org.toLowerCase()}.docs.emulator.local/${site.id as string}?share=${key}`,
    );
    const structure = view.body.structure as { type: string; structure: Record<string, unknown>[] };
    expect(structure.type).toBe("siteSpaces");
    expect(urls(structure.structure[0]!).published).toBe(
      `https://${h.org.toLowerCase()}.docs.emulator.local/${site.id as string}/secret?share=${key}`,
    );

    // With two active links, shareKey picks which key the URLs carry; without it, the oldest.
    const second = await h.call("POST", `${path}/share-links`, { name: "Press" });
    const key2 = new URL(urls(second).published!).searchParams.get("share")!;
    expect(key2).not.toBe(key);
    const listed = await h.call("GET", `${path}/site-spaces?shareKey=${key2}`);
    expect(urls(listed.body.items![0]!).published).toContain(`?share=${key2}`);
    expect(urls(await h.call("GET", path)).published).toContain(`?share=${key}`);

    // A deactivated link no longer opens the published view.
    const off = await h.call("PATCH", `${path}/share-links/${created.body.id as string}`, {
      active: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await h.call("GET", `${path}/published?shareKey=${key}`)).status).toBe(404);
    expect((await h.call("GET", `${path}/published?shareKey=${key2}`)).status).toBe(200);
    expect(urls(await h.call("GET", path)).published).toContain(`?share=${key2}`);
  });

  test("share links list, rename, validate and delete", async () => {
    const path = `${h.sites}/${(await createSite()).id as string}/share-links`;
    const a = await h.call("POST", path, { name: "n".repeat(50) });
    expect(a.status).toBe(201);
    const tooLong = await h.call("POST", path, { name: "n".repeat(51) });
    expect([tooLong.status, message(tooLong)]).toEqual([400, "name must be at most 50 characters"]);
    expect(message(await h.call("POST", path, {}))).toBe("name is required");
    const b = await h.call("POST", path, { name: "Second" });
    const renamed = await h.call("PATCH", `${path}/${b.body.id as string}`, { name: "Renamed" });
    expect(renamed.body).toMatchObject({ name: "Renamed", active: true });
    // The message names the field; its wording for a wrong type comes from the shared validator.
    const wrongType = await h.call("PATCH", `${path}/${b.body.id as string}`, { active: "no" });
    expect([wrongType.status, message(wrongType)]).toEqual([
      400,
      expect.stringMatching(/^active /),
    ]);
    const list = await h.call("GET", `${path}?limit=1`);
    expect(list.body).toMatchObject({ count: 2, items: [{ id: a.body.id }] });
    expect((await h.call("DELETE", `${path}/${a.body.id as string}`)).status).toBe(205);
    expect((await h.call("DELETE", `${path}/${a.body.id as string}`)).status).toBe(204);
    expect((await h.call("PATCH", `${path}/${a.body.id as string}`, { name: "x" })).status).toBe(
      404,
    );
    expect((await h.call("GET", path)).body.items!.map((l) => l.name)).toEqual(["Renamed"]);
  });
});

describe("access", () => {
  test("a foreign token gets 404 on this organization's sites", async () => {
    const site = await createSite();
    const path = `${h.sites}/${site.id as string}`;
    for (const [method, p] of [
      ["GET", h.sites],
      ["GET", path],
      ["PATCH", path],
      ["POST", `${path}/publish`],
      ["GET", `${path}/site-spaces`],
      ["GET", `${path}/share-links`],
    ] as const) {
      const reply = await h.call(
        method,
        p,
        method === "PATCH" ? { title: "Hijack" } : undefined,
        h.t.foreignToken,
      );
      expect([method, p, reply.status]).toEqual([method, p, 404]);
    }
    // Nor does the site appear through the foreign organization's path.
    const foreignPath = `/orgs/${h.t.foreignOrganizationId}/sites/${site.id as string}`;
    expect((await h.call("GET", foreignPath, undefined, h.t.foreignToken)).status).toBe(404);
    expect((await h.call("GET", path)).body.title).toBe("Docs");
  });

  test("a reader can list sites but not create them (403)", async () => {
    const seeded = await h.t.fetch(`${h.t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(h.t.adminToken, true),
      body: JSON.stringify({
        users: [{ displayName: "Reader", email: "reader@example.com" }],
      }),
    });
    const { users } = (await seeded.json()) as { users: string[] };
    const token = "reader_token_for_sites_tests";
    const members = await h.t.fetch(`${h.t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(h.t.adminToken, true),
      body: JSON.stringify({
        members: [{ organization: h.org, user: users[0], role: "read" }],
        tokens: [{ token, user: users[0] }],
      }),
    });
    expect(members.status).toBe(201);
    expect((await h.call("GET", h.sites, undefined, token)).status).toBe(200);
    const refused = await h.call("POST", h.sites, { title: "Nope" }, token);
    expect(refused.status).toBe(403);
    expect(message(refused)).toContain("admin role");
  });
});
