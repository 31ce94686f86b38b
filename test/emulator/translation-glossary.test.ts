import { glossaryRewriter } from "../../emulator/translation-glossary-terms";
import { until } from "../support/harness-cli";
import {
  apiClient,
  createTestEmulator,
  seedContent,
  seedRoles,
  type ApiBody,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

/** The translation glossary (the hosted service's `glossary` operations), in process. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let roles: RoleClients;
let base: string;

const put = (operations: unknown[], caller = api) => caller("PUT", base, { operations });
const terms = (list: ApiBody) => list.items.map((e) => e.translations);

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0 });
  api = apiClient(t.url, t.token, t.fetch);
  roles = await seedRoles(t, "gloss");
  base = `/v1/orgs/${t.organizationId}/translations-glossary`;
});
afterAll(() => t.close());
beforeEach(async () => {
  const all = (await api("GET", `${base}?limit=1000`)).body.items;
  expect((await put(all.map((e) => ({ type: "delete", id: e.id })))).status).toBe(204);
});

test("a batch inserts entries, which the list and a GET answer in the hosted service's shape", async () => {
  const answer = await put([
    { type: "insert", translations: { en: "Workspace", fr: "Espace de travail" } },
    { type: "insert", translations: { en: "Space", de: "Bereich" } },
  ]);
  expect(answer.status).toBe(204);
  expect(answer.text).toBe("");
  const list = (await api("GET", base)).body;
  expect(list.count).toBe(2);
  expect(terms(list)).toEqual([
    { en: "Workspace", fr: "Espace de travail" },
    { en: "Space", de: "Bereich" },
  ]);
  const first = list.items[0]!;
  expect(first).toEqual({
    object: "glossary-entry",
    id: expect.any(String),
    translations: { en: "Workspace", fr: "Espace de travail" },
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
    urls: { location: `${t.url}${base}/${first.id}` },
  });
  expect((await api("GET", `${base}/${first.id}`)).body).toEqual(first);
});

test("update replaces an entry's terms, delete removes it, and a delete of an absent id is no change", async () => {
  await put([{ type: "insert", translations: { en: "Site", fr: "Site", de: "Seite" } }]);
  const [entry] = (await api("GET", base)).body.items;
  expect(
    (
      await put([
        { type: "update", id: entry!.id, translations: { en: "Site", es: "Sitio" } },
        { type: "delete", id: "no-such-entry" },
      ])
    ).status,
  ).toBe(204);
  const updated = (await api("GET", `${base}/${entry!.id}`)).body;
  expect(updated.translations).toEqual({ en: "Site", es: "Sitio" });
  expect(updated.createdAt).toBe(entry!.createdAt);
  expect((await put([{ type: "delete", id: entry!.id }])).status).toBe(204);
  expect((await api("GET", `${base}/${entry!.id}`)).status).toBe(404);
  expect((await api("GET", base)).body.count).toBe(0);
});

test("a batch is all or nothing: an update of an unknown id is a 400 naming it, and nothing is kept", async () => {
  const answer = await put([
    { type: "insert", translations: { en: "Kept?" } },
    { type: "update", id: "missing", translations: { en: "x" } },
  ]);
  expect(answer.status).toBe(400);
  expect(answer.body.error.message).toBe(
    "operations[1].id: no glossary entry missing in this organization",
  );
  expect((await api("GET", base)).body.count).toBe(0);
});

test.each([
  [{ en: "Ok", xx: "Nope" }, "operations[0].translations.xx", "is not a language"],
  [{}, "operations[0].translations", "must name at least one language"],
  [{ en: "a".repeat(256) }, "operations[0].translations.en", "at most 255 characters"],
  [{ en: "two\nlines" }, "operations[0].translations.en", "must match the pattern"],
])("terms %j are refused, naming the field and the limit", async (translations, field, reason) => {
  const answer = await put([{ type: "insert", translations }]);
  expect(answer.status).toBe(400);
  expect(answer.body.error.message).toContain(field);
  expect(answer.body.error.message).toContain(reason);
});

test("one batch holds at most 1000 operations, and the body must be a batch", async () => {
  const many = Array.from({ length: 1001 }, () => ({ type: "delete", id: "x" }));
  const answer = await put(many);
  expect(answer.status).toBe(400);
  expect(answer.body.error.message).toContain("operations");
  expect(answer.body.error.message).toContain("1000");
  expect((await api("PUT", base, { entries: [] })).status).toBe(400);
  expect((await put([{ type: "upsert", translations: { en: "a" } }])).status).toBe(400);
});

test("orderBy sorts by a language's term, entries without it last; pages follow next.page", async () => {
  await put([
    { type: "insert", translations: { en: "b-term", fr: "Zèbre" } },
    { type: "insert", translations: { en: "c-term" } },
    { type: "insert", translations: { en: "a-term", fr: "abeille" } },
  ]);
  const byFr = (await api("GET", `${base}?orderBy=fr`)).body;
  expect(byFr.items.map((e) => (e.translations as Record<string, string>).en)).toEqual([
    "a-term",
    "b-term",
    "c-term",
  ]);
  expect((await api("GET", `${base}?orderBy=klingon`)).status).toBe(400);
  const first = (await api("GET", `${base}?limit=2&orderBy=en`)).body;
  expect(first.count).toBe(3);
  expect(first.items).toHaveLength(2);
  const second = (await api("GET", `${base}?limit=2&orderBy=en&page=${first.next!.page}`)).body;
  expect(second.items.map((e) => (e.translations as Record<string, string>).en)).toEqual([
    "c-term",
  ]);
  expect(second.next).toBeUndefined();
});

test("members read the glossary; editing needs the create role; another tenant sees nothing", async () => {
  await put([{ type: "insert", translations: { en: "Team", fr: "Équipe" } }]);
  const [entry] = (await api("GET", base)).body.items;
  const insert = [{ type: "insert", translations: { en: "Nope" } }];
  for (const caller of [roles.reader, roles.commenter, roles.editor, roles.reviewer]) {
    expect((await caller("GET", base)).body.count).toBe(1);
    expect((await caller("GET", `${base}/${entry!.id}`)).status).toBe(200);
    const refused = await put(insert, caller);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("needs the create role");
  }
  expect((await roles.foreign("GET", base)).status).toBe(404);
  expect((await roles.foreign("GET", `${base}/${entry!.id}`)).status).toBe(404);
  expect((await put(insert, roles.foreign)).status).toBe(404);
  // The foreign organization's own glossary does not reach this one's entries either.
  const foreignOrg = (await roles.foreign("GET", "/v1/orgs")).body.items[0]!.id;
  const theirs = `/v1/orgs/${foreignOrg}/translations-glossary`;
  expect((await roles.foreign("GET", `${theirs}/${entry!.id}`)).status).toBe(404);
  const cross = await roles.foreign("PUT", theirs, {
    operations: [{ type: "update", id: entry!.id, translations: { en: "Hijacked" } }],
  });
  expect(cross.status).toBe(400);
  expect((await api("GET", `${base}/${entry!.id}`)).body.translations).toEqual({
    en: "Team",
    fr: "Équipe",
  });
  expect((await api("GET", base)).body.count).toBe(1);
});

test("the rewriter replaces whole source terms by target terms, longest first, once", () => {
  const rewrite = glossaryRewriter(
    [
      { en: "Space", fr: "Espace" },
      { en: "Workspace", fr: "Espace de travail" },
      { en: "Site", de: "Seite" },
      { en: "Space", fr: "Second entry, not used" },
    ],
    "en",
    "fr",
  )!;
  expect(rewrite("A Workspace holds a Space; Spaces and space stay; (Space).")).toBe(
    "A Espace de travail holds a Espace; Spaces and space stay; (Espace).",
  );
  expect(rewrite("Site")).toBe("Site");
  expect(glossaryRewriter([{ en: "Site", de: "Seite" }], "en", "fr")).toBeUndefined();
});

test("a translation run writes the glossary's target terms where the source terms appear", async () => {
  await put([
    { type: "insert", translations: { en: "Workspace", fr: "Espace de travail" } },
    { type: "insert", translations: { en: "Install", de: "Installieren" } },
  ]);
  const org = t.organizationId;
  const space = (await api("POST", `/v1/orgs/${org}/spaces`, { title: "Guide", language: "en" }))
    .body;
  await seedContent(t, `/spaces/${space.id}/content`, {
    pages: [{ title: "Install the Workspace", markdown: "Open your Workspace, then Install." }],
  });
  const translations = `/v1/orgs/${org}/translations`;
  const created = await api("POST", translations, {
    source: { space: space.id, language: "en" },
    language: "fr",
  });
  expect(created.status).toBe(201);
  const done = await until("the translation's run", async () => {
    const { body } = await api("GET", `${translations}/${created.body.id}`);
    return body.status === "completed" ? body : undefined;
  });
  const result = (done.result as { space: string }).space;
  const pages = (await api("GET", `/v1/spaces/${result}/content/pages`)).body.pages as ApiBody[];
  expect(pages.map((p) => p.title)).toEqual(["Install the Espace de travail"]);
  const page = (await api("GET", `/v1/spaces/${result}/content/page/${pages[0]!.id}`)).body;
  expect(page.markdown).toContain("Open your Espace de travail, then Install.");
});

test("/openapi.json lists the glossary's operations and its GlossaryEntry schema", async () => {
  const doc = (await (await t.fetch(`${t.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string }>>;
    components: { schemas: Record<string, { required?: string[] }> };
  };
  const list = doc.paths["/v1/orgs/{organizationId}/translations-glossary"]!;
  expect(list.get!.operationId).toBe("listGlossaryEntries");
  expect(list.put!.operationId).toBe("updateGlossaryEntries");
  const one = doc.paths["/v1/orgs/{organizationId}/translations-glossary/{glossaryEntryId}"]!;
  expect(one.get!.operationId).toBe("getGlossaryEntry");
  expect(doc.components.schemas.GlossaryEntry!.required).toEqual(
    expect.arrayContaining(["object", "id", "translations", "createdAt", "updatedAt", "urls"]),
  );
});

test("the glossary page, linked from the organization's page, shows each entry's terms by language", async () => {
  await put([
    { type: "insert", translations: { en: "Workspace <b>", fr: "Espace de travail" } },
    { type: "insert", translations: { en: "Space", de: "Bereich" } },
  ]);
  const page = async (url: string) => {
    const res = await t.fetch(url, { headers: { authorization: `Bearer ${t.token}` } });
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    return { status: res.status, html: await res.text() };
  };
  const home = await page(`${t.url}/app/o/${t.organizationId}`);
  expect(home.html).toContain(`href="${t.url}/app/o/${t.organizationId}/glossary"`);
  const { status, html } = await page(`${t.url}/app/o/${t.organizationId}/glossary`);
  expect(status).toBe(200);
  expect(html).toMatch(/<th>en<\/th>\s*<th>fr<\/th>\s*<th>de<\/th>/);
  expect(html).toContain("Workspace &lt;b&gt;");
  expect(html).toContain("Espace de travail");
  expect(html.match(/data-kind="glossary-entry"/g)).toHaveLength(2);
  expect((await page(`${t.url}/app/o/nope/glossary`)).status).toBe(404);
});
