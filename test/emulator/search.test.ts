import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  seedContent,
} from "../support/emulator";

/** §4.2's organization search and §4.5's space search, over the FTS5 index, in process. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

const seed = (spaceId: string, body: unknown) => seedContent(t, `/spaces/${spaceId}/content`, body);

async function newSpace(title: string, organizationId = t.organizationId): Promise<ApiBody> {
  const created = await api("POST", `/v1/orgs/${organizationId}/spaces`, { title });
  expect(created.status).toBe(201);
  return created.body;
}

const NESTED = (verify: string) => ({
  pages: [
    {
      title: "Guides",
      description: "How to do things",
      markdown: "# Guides\n\nStart here.",
      pages: [
        {
          title: "Install",
          markdown: `# Install\n\nRun the installer.\n\n## Verify\n\n${verify}\n\n## Uninstall\n\nRemove it.`,
        },
      ],
    },
  ],
});

const search = (path: string, query: string, extra = "") =>
  api("GET", `${path}/search?query=${encodeURIComponent(query)}${extra}`);

test("a word on a nested page is found in its space, with the section it is in", async () => {
  const space = await newSpace("Handbook");
  await seed(space.id as string, NESTED("Check the zephyrine checksum."));

  const found = await search(`/v1/spaces/${space.id}`, "Zephyrine");
  expect(found.status).toBe(200);
  expect(found.body.count).toBe(1);
  const [hit] = found.body.items as ApiBody[];
  const pageUrl = `${t.url}/app/o/${t.organizationId}/s/${space.id}/guides/install`;
  expect(hit).toMatchObject({
    title: "Install",
    path: "guides/install",
    description: "",
    rank: 1,
    resultType: "section",
    ancestors: [{ title: "Guides" }],
    urls: { app: pageUrl },
  });
  expect(hit!.score).toBeGreaterThan(0);
  expect(hit!.sections).toEqual([
    {
      id: `${hit!.id}#verify`,
      title: "Verify",
      path: "guides/install#verify",
      score: hit!.score,
      resultType: "section",
      body: "Check the zephyrine checksum.",
      urls: { app: `${pageUrl}#verify` },
    },
  ]);
  // The hit's page is the page the content operations serve.
  const page = await api("GET", `/v1/spaces/${space.id}/content/page/${hit!.id}`);
  expect(page.body.path).toBe("guides/install");
});

test("the organization search finds it too, grouped under its space", async () => {
  const space = await newSpace("Runbooks");
  await seed(space.id as string, NESTED("The quokkalith dial reads green."));
  const other = await newSpace("Elsewhere");
  await seed(other.id as string, { pages: [{ title: "Quokkalith", markdown: "A title hit." }] });

  const found = await search(`/v1/orgs/${t.organizationId}`, "quokkalith");
  expect(found.status).toBe(200);
  expect(found.body.count).toBe(2);
  const groups = found.body.items as ApiBody[];
  expect(groups.map((g) => g.id).sort()).toEqual([space.id, other.id].sort());
  for (const group of groups) {
    expect(group).toMatchObject({ type: "space" });
    expect(group.score).toBe(Math.max(...(group.pages as ApiBody[]).map((p) => p.score as number)));
  }
  const runbooks = groups.find((g) => g.id === space.id)!;
  expect(runbooks).toMatchObject({
    title: "Runbooks",
    pages: [{ title: "Install", path: "guides/install", ancestors: [{ title: "Guides" }] }],
  });
  // A word in the title weighs more than one in the text: the title hit ranks first.
  expect((groups[0]!.pages as ApiBody[])[0]).toMatchObject({ title: "Quokkalith", rank: 1 });
  expect((groups[1]!.pages as ApiBody[])[0]).toMatchObject({ rank: 2 });
  // Matched on its title alone, a page carries its first section, marked as a page result.
  expect((groups[0]!.pages as ApiBody[])[0]).toMatchObject({
    resultType: "page",
    sections: [{ resultType: "page", score: 0, body: "A title hit." }],
  });
});

test("an edited page is no longer found, in the space or the organization; its new words are", async () => {
  const space = await newSpace("Edited");
  await seed(space.id as string, NESTED("Turn the brontoswitch off."));
  expect((await search(`/v1/spaces/${space.id}`, "brontoswitch")).body.count).toBe(1);

  await seed(space.id as string, NESTED("Turn the main switch off, then the vellichor lamp."));
  for (const path of [`/v1/spaces/${space.id}`, `/v1/orgs/${t.organizationId}`]) {
    expect((await search(path, "brontoswitch")).body).toEqual({ count: 0, items: [] });
    expect((await search(path, "vellichor")).body.count).toBe(1);
  }
});

test("every word is required, and query syntax is only words", async () => {
  const space = await newSpace("Words");
  await seed(space.id as string, {
    pages: [
      { title: "One", markdown: "alpha bravo" },
      { title: "Two", markdown: "alpha charlie" },
    ],
  });
  const path = `/v1/spaces/${space.id}`;
  expect((await search(path, "alpha")).body.count).toBe(2);
  expect(((await search(path, "ALPHA bravo")).body.items as ApiBody[]).map((i) => i.title)).toEqual(
    ["One"],
  );
  // FTS5 operators and quotes are words here, never a syntax error.
  expect((await search(path, 'alpha AND "bravo')).body.count).toBe(0);
  expect((await search(path, "alpha* NEAR(")).body.count).toBe(0);
  // Nothing searchable left: no hits, not an error.
  expect((await search(path, "!!! ***")).body).toEqual({ count: 0, items: [] });
  // A whole word: `alph` finds nothing.
  expect((await search(path, "alph")).body.count).toBe(0);
});

test("a deleted space's pages are not found across the organization", async () => {
  const space = await newSpace("Gone");
  await seed(space.id as string, { pages: [{ title: "Page", markdown: "a snollygoster here" }] });
  expect((await search(`/v1/orgs/${t.organizationId}`, "snollygoster")).body.count).toBe(1);
  expect((await api("DELETE", `/v1/spaces/${space.id}`)).status).toBe(205);
  expect((await search(`/v1/orgs/${t.organizationId}`, "snollygoster")).body.count).toBe(0);
});

test("pagination: limit and the cursor walk the hits in rank order, in both searches", async () => {
  const space = await newSpace("Many");
  await seed(space.id as string, {
    pages: Array.from({ length: 5 }, (_, i) => ({
      title: `Page ${i}`,
      markdown: `${"gallimaufry ".repeat(i + 1)}and filler text`,
    })),
  });
  for (const path of [`/v1/spaces/${space.id}`, `/v1/orgs/${t.organizationId}`]) {
    const seen: ApiBody[] = [];
    let cursor = "";
    for (let round = 0; round < 5; round++) {
      const page = await search(path, "gallimaufry", `&limit=2${cursor}`);
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(5);
      const items = path.includes("/orgs/")
        ? (page.body.items as ApiBody[]).flatMap((g) => g.pages as ApiBody[])
        : (page.body.items as ApiBody[]);
      seen.push(...items);
      if (page.body.next === undefined) break;
      cursor = `&page=${(page.body.next as { page: string }).page}`;
    }
    expect(seen.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(seen.map((h) => h.id)).size).toBe(5);
    const scores = seen.map((h) => h.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  }
});

test("errors: a missing or too long query, a bad limit or cursor, an unknown or foreign space or organization", async () => {
  const space = await newSpace("Errors");
  const path = `/v1/spaces/${space.id}/search`;
  const bad = [
    [path, 400, "query"],
    [`${path}?query=${"a".repeat(513)}`, 400, "query"],
    [`${path}?query=x&limit=0`, 400, "limit"],
    [`${path}?query=x&page=nonsense`, 400, "page"],
    [`/v1/spaces/nope/search?query=x`, 404, "nope"],
    [`/v1/orgs/${t.organizationId}/search`, 400, "query"],
    [`/v1/orgs/${t.foreignOrganizationId}/search?query=x`, 404, t.foreignOrganizationId],
  ] as const;
  for (const [url, status, named] of bad) {
    const answer = await api("GET", url);
    expect([url, answer.status]).toEqual([url, status]);
    expect((answer.body.error as { message: string }).message).toContain(named);
  }
  expect((await api("GET", `${path}?query=${"a".repeat(512)}`)).status).toBe(200);
  const anonymous = await apiClient(t.url, undefined, t.fetch)("GET", `${path}?query=x`);
  expect(anonymous.status).toBe(401);
});
