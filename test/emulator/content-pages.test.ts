import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  seedContent,
} from "../support/emulator";

/** The app pages of content, change requests and search, in process (the browser test reads them). */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

/** A page as a viewer logged in with `token` (the test's API token by default) sees it. */
async function page(url: string, token = t.token): Promise<{ status: number; html: string }> {
  const res = await t.fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return { status: res.status, html: await res.text() };
}

const INSTALL = [
  "# Install",
  "",
  "Run the **installer**. Then read [the reference](../reference) and [nothing](../nowhere.md).",
  "",
  "## Verify",
  "",
  "```sh",
  "docs --version",
  "```",
  "",
  "<script>alert(1)</script> and [bad](javascript:alert(1)) and ![logo](../logo.png)",
].join("\n");

const TREE = {
  pages: [
    {
      title: "Guides",
      markdown: "# Guides\n\nStart here.",
      pages: [{ title: "Install", markdown: INSTALL }],
    },
    { title: "Reference", markdown: "# Reference\n\nEvery option." },
  ],
  files: [{ name: "logo.png", contentType: "image/png", base64: "iVBORw0KGgo=" }],
};

async function spaceWithContent(): Promise<{ space: ApiBody; app: string }> {
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Docs" })).body;
  await seedContent(t, `/spaces/${space.id}/content`, TREE);
  return { space, app: (space.urls as { app: string }).app };
}

test("every content urls.app is a page: the revision, each page, a change request and its pages", async () => {
  const { space } = await spaceWithContent();
  const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
  const cr = (await api("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "S" })).body;
  const crPages = (await api("GET", `/v1/spaces/${space.id}/change-requests/1/content/pages`)).body;
  const urls: string[] = [];
  const collect = (pages: ApiBody[]) =>
    pages.forEach((p) => {
      urls.push((p.urls as { app: string }).app);
      collect(p.pages as ApiBody[]);
    });
  urls.push((revision.urls as { app: string }).app, (cr.urls as { app: string }).app);
  collect(revision.pages as ApiBody[]);
  collect(crPages.pages as ApiBody[]);
  expect(urls.some((u) => u.endsWith("/cr/1/guides/install"))).toBe(true);
  for (const url of urls) expect([url, (await page(url)).status]).toEqual([url, 200]);
});

test("a page is its Markdown rendered: headings with anchors, links to pages and files, raw HTML as text", async () => {
  const { app } = await spaceWithContent();
  const { status, html } = await page(`${app}/guides/install`);
  expect(status).toBe(200);
  expect(html).toContain("<strong>installer</strong>");
  expect(html).toContain('<h2 id="verify">Verify</h2>');
  expect(html).toContain('<code class="language-sh">docs --version\n</code>');
  // Links lead to the app pages they name, a missing one marked, files to their download.
  expect(html).toContain(`<a href="${app}/reference">the reference</a>`);
  expect(html).toContain('<a href="../nowhere.md" class="broken">nothing</a>');
  expect(html).toMatch(new RegExp(`<img src="${t.url}/app/files/[^"]+/logo.png" alt="logo"`));
  // Raw HTML is text, and a javascript: link is no link.
  expect(html).not.toContain("<script>alert");
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).not.toContain('href="javascript:');
  // The tree beside it, the page marked, and where it sits.
  expect(html).toContain(`<a href="${app}/guides/install" aria-current="page"`);
  expect(html).toMatch(/Ancestors[\s\S]*>Docs<\/a>[\s\S]*>Guides<\/a>/);
});

test("the space's page shows its page tree, its change requests and a search box", async () => {
  const { space, app } = await spaceWithContent();
  await api("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Fix <typos>" });
  const { html } = await page(app);
  expect(html).toContain(`<a href="${app}/guides"`);
  expect(html).toContain(`<a href="${app}/guides/install"`);
  expect(html).toContain(`href="${app}/cr/1"`);
  expect(html).toContain("#1 Fix &lt;typos&gt;");
  expect(html).toContain(`action="/app/o/${t.organizationId}/search"`);
  expect(html).toContain(`name="space" value="${space.id}"`);
});

test("a change request's page: its changes, its own content, its comments with replies and reactions", async () => {
  const { space, app } = await spaceWithContent();
  const base = `/v1/spaces/${space.id}/change-requests`;
  await api("POST", base, { subject: "Rewrite the guides" });
  await seedContent(t, `/spaces/${space.id}/change-requests/1/content`, {
    pages: [
      { ...TREE.pages[0]!, markdown: "# Guides\n\nRewritten by the change." },
      TREE.pages[1]!,
      { title: "Changelog", markdown: "New." },
    ],
  });
  const guides = ((await api("GET", `${base}/1/content/pages`)).body.pages as ApiBody[])[0]!;
  const comment = (
    await api("POST", `${base}/1/comments`, {
      body: { markdown: "Looks **good**" },
      page: guides.id,
    })
  ).body;
  await api("POST", `${base}/1/comments/${comment.id}/replies`, { body: { markdown: "Thanks" } });
  await api("PUT", `${base}/1/comments/${comment.id}`, { addedReactions: ["🎉"] });
  await api("POST", `${base}/1/comments`, { body: { markdown: "Resolved one" } }).then((c) =>
    api("PUT", `${base}/1/comments/${c.body.id}`, { resolved: true }),
  );

  const { status, html } = await page(`${app}/cr/1`);
  expect(status).toBe(200);
  expect(html).toContain("<h1>Rewrite the guides</h1>");
  expect(html).toMatch(
    /<span class="badge">edited<\/span>\s*<a href="[^"]+\/cr\/1\/guides">Guides<\/a>/,
  );
  expect(html).toMatch(
    /<span class="badge">added<\/span>\s*<a href="[^"]+\/cr\/1\/changelog">Changelog<\/a>/,
  );
  expect(html).toContain("<strong>good</strong>");
  expect(html).toMatch(/data-kind="reply"[\s\S]*Thanks/);
  expect(html).toContain("🎉 1");
  expect(html).toMatch(/Resolved by /);
  expect(html).toContain(`on <a href="${app}/cr/1/guides">Guides</a>`);

  // Its pages read its revision; the space's read the space's.
  expect((await page(`${app}/cr/1/guides`)).html).toContain("Rewritten by the change.");
  expect((await page(`${app}/guides`)).html).not.toContain("Rewritten by the change.");

  // Once the space moves on, the change request says it is outdated.
  await seedContent(t, `/spaces/${space.id}/content`, { pages: [{ title: "Other" }] });
  expect((await page(`${app}/cr/1`)).html).toContain("Outdated");
});

test("the search page finds what the API finds, links each hit and section, and escapes the query", async () => {
  const { space, app } = await spaceWithContent();
  const org = `${t.url}/app/o/${t.organizationId}`;
  const { status, html } = await page(`${org}/search?q=installer&space=${space.id}`);
  expect(status).toBe(200);
  expect(html).toContain('data-count="1"');
  expect(html).toContain(`<a href="${app}/guides/install">Install</a>`);
  expect(html).toMatch(/Docs ›\s+Guides › Install/);
  expect(html).toContain('value="installer"');
  const across = (await page(`${org}/search?q=${encodeURIComponent('installer "><b')}`)).html;
  expect(across).not.toContain('"><b');
  expect(across).toContain('value="installer &quot;&gt;&lt;b"');
  // `b` is a word of the query too: across the organization, no page holds both.
  expect(across).toContain('data-count="0"');
  expect((await page(`${org}/search`)).html).not.toContain("data-count");
  expect((await page(`${org}/search?q=x&space=nope`)).status).toBe(404);
});

test("a missing page, change request or space is a 404 page", async () => {
  const { app } = await spaceWithContent();
  for (const url of [
    `${app}/guides/nowhere`,
    `${app}/cr/9`,
    `${app}/cr/abc`,
    `${app}/cr/9/guides`,
    `${t.url}/app/o/${t.organizationId}/s/nope/guides`,
    `${t.url}/app/o/nope/search?q=x`,
  ]) {
    const { status, html } = await page(url);
    expect([url, status]).toEqual([url, 404]);
    expect(html).toContain("<h1>Not found</h1>");
  }
});
