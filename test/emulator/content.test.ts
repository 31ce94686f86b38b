import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  adminClient,
} from "../support/emulator";

/** §2.11 and §4.5 space content, §4.6 and §4.7 change requests, §4.8 and §4.9 comments, in process. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

/** Content written through the admin API, its answer whatever the status. */
const seedContent = (path: string, body: unknown) => adminClient(t)("PUT", path, body);

const TREE = {
  pages: [
    {
      title: "Guides",
      markdown: "# Guides\n\nRead [install](install) and [the missing one](nowhere).",
      pages: [
        { title: "Install", markdown: "# Install\n\nRun the installer.\n\n## Verify\n\nCheck it." },
      ],
    },
    { title: "Reference", markdown: "See [guides](guides) and [the logo](logo.png)." },
  ],
  files: [{ name: "logo.png", contentType: "image/png", base64: "iVBORw0KGgo=" }],
};

async function newSpace(): Promise<ApiBody> {
  return (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Docs" })).body;
}

test("seeded content is the space's new revision: nested pages with paths, files and links", async () => {
  const space = await newSpace();
  const empty = await api("GET", `/v1/spaces/${space.id}/content`);
  expect(empty.body).toMatchObject({ object: "revision", id: space.revision, pages: [] });

  const seeded = await seedContent(`/spaces/${space.id}/content`, TREE);
  expect(seeded.status).toBe(200);
  const after = (await api("GET", `/v1/spaces/${space.id}`)).body;
  expect(after.revision).toBe(seeded.body.revision);
  expect(after.revision).not.toBe(space.revision);

  const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
  expect(revision).toMatchObject({ id: after.revision, parents: [space.revision], type: "edits" });
  const [guides, reference] = revision.pages as ApiBody[];
  expect(guides).toMatchObject({ title: "Guides", slug: "guides", path: "guides" });
  expect((guides!.pages as ApiBody[])[0]).toMatchObject({
    slug: "install",
    path: "guides/install",
  });
  expect(reference).toMatchObject({ path: "reference" });

  const install = (guides!.pages as ApiBody[])[0]!;
  const page = await api("GET", `/v1/spaces/${space.id}/content/page/${install.id}`);
  expect(page.body.markdown).toContain("Run the installer.");

  const files = (await api("GET", `/v1/spaces/${space.id}/content/files`)).body;
  expect(files.items).toMatchObject([{ name: "logo.png", contentType: "image/png", size: 8 }]);
  const file = (files.items as ApiBody[])[0]!;
  const download = await t.fetch(file.downloadURL as string, {
    headers: { authorization: `Bearer ${t.token}` },
  });
  expect(download.headers.get("content-type")).toBe("image/png");
  expect(Buffer.from(await download.arrayBuffer()).toString("base64")).toBe("iVBORw0KGgo=");

  const links = (await api("GET", `/v1/spaces/${space.id}/links`)).body;
  expect(links.stats).toEqual({ total: 4, broken: { total: 1, changeRequest: 0 } });
  const broken = (await api("GET", `/v1/spaces/${space.id}/links?status=broken`)).body;
  expect(broken.items).toEqual([
    {
      status: "broken",
      relation: "reference",
      targetReference: { kind: "url", url: "nowhere" },
      sources: [{ kind: "page", page: guides!.id }],
    },
  ]);
  const backlinks = (await api("GET", `/v1/spaces/${space.id}/content/files/${file.id}/backlinks`))
    .body;
  expect(backlinks.items).toMatchObject([{ page: reference!.id, file: file.id }]);

  // A second write keeps the ids of pages on the same path.
  const again = await seedContent(`/spaces/${space.id}/content`, { pages: TREE.pages.slice(0, 1) });
  const pages = (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[];
  expect(pages.map((p) => p.id)).toEqual([guides!.id]);
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(again.body.revision);
});

/** Every page of a tree, depth first. */
const allPages = (pages: ApiBody[]): ApiBody[] =>
  pages.flatMap((page) => [page, ...allPages((page.pages as ApiBody[] | undefined) ?? [])]);

test("every page of every content read, at every level, has the service's full layout and its Markdown", async () => {
  const space = await newSpace();
  await seedContent(`/spaces/${space.id}/content`, TREE);
  const cr = (await api("POST", `/v1/spaces/${space.id}/change-requests`, {})).body;
  const markdownOf = new Map<string, string>([
    ["guides", TREE.pages[0]!.markdown],
    ["guides/install", TREE.pages[0]!.pages![0]!.markdown],
    ["reference", TREE.pages[1]!.markdown],
  ]);
  const layout = {
    width: "default",
    cover: false,
    coverSize: "hero",
    coverMask: "none",
    title: true,
    description: true,
    tableOfContents: true,
    outline: true,
    pagination: true,
    metadata: true,
    tags: true,
    actions: true,
    anchors: true,
  };
  for (const root of [
    `/v1/spaces/${space.id}`,
    `/v1/spaces/${space.id}/change-requests/${cr.id}`,
  ]) {
    const guides = (await api("GET", `${root}/content/pages`)).body.pages as ApiBody[];
    const page = (await api("GET", `${root}/content/page/${guides[0]!.id}`)).body;
    expect((page.pages as ApiBody[]).map((child) => child.path)).toEqual(["guides/install"]);
    const reads = [(await api("GET", `${root}/content`)).body.pages as ApiBody[], guides, [page]];
    for (const pages of reads) {
      expect(allPages(pages).length).toBeGreaterThan(1);
      for (const page of allPages(pages)) {
        expect(page.layout).toEqual(layout);
        expect(page.markdown).toBe(markdownOf.get(page.path as string));
      }
    }
  }
});

test("content errors: a path used twice, an unknown page, a document format", async () => {
  const space = await newSpace();
  const twice = await seedContent(`/spaces/${space.id}/content`, {
    pages: [{ title: "A" }, { title: "a" }],
  });
  expect(twice.status).toBe(400);
  expect(twice.body.error).toMatchObject({ message: expect.stringContaining("pages[1].slug") });
  expect((await api("GET", `/v1/spaces/${space.id}/content/page/nope`)).status).toBe(404);
  expect((await api("GET", `/v1/spaces/${space.id}/content/files/nope`)).status).toBe(404);
});

test("a change request's life: create, edit its content, comment, resolve, merge", async () => {
  const space = await newSpace();
  await seedContent(`/spaces/${space.id}/content`, TREE);
  const main = (await api("GET", `/v1/spaces/${space.id}`)).body;
  const base = `/v1/spaces/${space.id}/change-requests`;

  const created = await api("POST", base, { subject: "Rewrite the guides" });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    number: 1,
    status: "draft",
    revision: main.revision,
    revisionInitial: main.revision,
    outdated: false,
    comments: 0,
  });
  expect((await api("POST", base, {})).body.number).toBe(2);
  expect((await api("GET", `/v1/spaces/${space.id}`)).body).toMatchObject({
    changeRequests: 2,
    changeRequestsDraft: 2,
    changeRequestsOpen: 0,
  });

  const opened = await api("PATCH", `${base}/1`, { status: "open" });
  expect(opened.body.status).toBe("open");
  expect((await api("GET", base)).body.items).toMatchObject([{ number: 1 }]);
  expect((await api("GET", `${base}?status=draft`)).body.items).toMatchObject([{ number: 2 }]);
  expect((await api("GET", `${base}?contributor=nobody`)).body.count).toBe(0);

  // Its content is its own revision; the space's stays.
  const edited = await seedContent(`/spaces/${space.id}/change-requests/1/content`, {
    pages: [{ ...TREE.pages[0]!, markdown: "# Guides\n\nRewritten." }, TREE.pages[1]!],
  });
  const cr = (await api("GET", `${base}/${created.body.id}`)).body;
  expect(cr.revision).toBe(edited.body.revision);
  const crPages = (await api("GET", `${base}/1/content/pages`)).body.pages as ApiBody[];
  const guides = crPages[0]!;
  expect((await api("GET", `${base}/1/content/page/${guides.id}`)).body.markdown).toContain(
    "Rewritten.",
  );
  expect(
    (await api("GET", `/v1/spaces/${space.id}/content/page/${guides.id}`)).body.markdown,
  ).not.toContain("Rewritten.");

  const comment = await api("POST", `${base}/1/comments`, {
    body: { markdown: "Looks good" },
    page: guides.id,
  });
  expect(comment.status).toBe(200);
  expect(comment.body).toMatchObject({ status: "open", target: { page: { id: guides.id } } });
  expect((await api("GET", `${base}/1`)).body.comments).toBe(1);
  const resolved = await api("PUT", `${base}/1/comments/${comment.body.id}`, { resolved: true });
  expect(resolved.body).toMatchObject({ status: "resolved", resolvedBy: { object: "user" } });
  expect((await api("GET", `${base}/1`)).body.comments).toBe(0);

  const merged = await api("POST", `${base}/1/merge`);
  expect(merged.body).toEqual({ revision: expect.any(String), result: "merge" });
  const after = (await api("GET", `/v1/spaces/${space.id}`)).body;
  expect(after).toMatchObject({ revision: merged.body.revision, changeRequestsOpen: 0 });
  expect(
    (await api("GET", `/v1/spaces/${space.id}/content/page/${guides.id}`)).body.markdown,
  ).toContain("Rewritten.");
  expect((await api("GET", `${base}/1`)).body).toMatchObject({
    status: "merged",
    revisionMerged: merged.body.revision,
  });
  expect((await api("POST", `${base}/1/merge`)).status).toBe(409);

  // The other change request is now behind, and update brings it level.
  expect((await api("GET", `${base}/2`)).body.outdated).toBe(true);
  const updated = await api("POST", `${base}/2/update`);
  expect(updated.body).toEqual({ revision: merged.body.revision, result: "update" });
  expect((await api("GET", `${base}/2`)).body.outdated).toBe(false);
});

test("merging keeps what the space changed meanwhile in pages the change request left alone", async () => {
  const space = await newSpace();
  await seedContent(`/spaces/${space.id}/content`, TREE);
  const base = `/v1/spaces/${space.id}/change-requests`;
  await api("POST", base, {});
  await seedContent(`/spaces/${space.id}/change-requests/1/content`, {
    pages: [...TREE.pages, { title: "New page", markdown: "Fresh." }],
  });
  await seedContent(`/spaces/${space.id}/content`, {
    pages: [TREE.pages[0]!, { title: "Reference", markdown: "Edited on main." }],
  });
  await api("POST", `${base}/1/merge`);
  const pages = (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[];
  expect(pages.map((p) => p.path)).toEqual(["guides", "reference", "new-page"]);
  const reference = await api("GET", `/v1/spaces/${space.id}/content/page/${pages[1]!.id}`);
  expect(reference.body.markdown).toBe("Edited on main.");
});

test("space comments: replies, reactions, filters, edits, deletes and commenters", async () => {
  const space = await newSpace();
  await seedContent(`/spaces/${space.id}/content`, TREE);
  const pages = (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[];
  const base = `/v1/spaces/${space.id}/comments`;
  const first = (await api("POST", base, { body: { markdown: "First" }, page: pages[0]!.id })).body;
  const second = (await api("POST", base, { body: {} })).body;
  expect(second.body).toEqual({});
  expect((await api("GET", `/v1/spaces/${space.id}`)).body.comments).toBe(2);

  const reply = await api("POST", `${base}/${first.id}/replies`, { body: { markdown: "Agreed" } });
  expect(reply.body).toMatchObject({ object: "comment-reply", body: { markdown: "Agreed" } });
  expect((await api("GET", `${base}/${first.id}`)).body.replies).toBe(1);
  expect((await api("GET", `${base}/${first.id}/replies`)).body.count).toBe(1);

  const reacted = await api("PUT", `${base}/${first.id}`, { addedReactions: ["👍", "👍"] });
  expect(reacted.body.reactions).toMatchObject([{ emoji: "👍", count: 1 }]);
  const unreacted = await api("PUT", `${base}/${first.id}`, { removedReactions: ["👍"] });
  expect(unreacted.body.reactions).toEqual([]);

  const editedBody = await api("PUT", `${base}/${first.id}`, { body: { markdown: "Edited" } });
  expect(editedBody.body).toMatchObject({
    body: { markdown: "Edited" },
    editedAt: expect.any(String),
  });

  expect((await api("GET", `${base}?order=asc`)).body.items).toMatchObject([
    { id: first.id },
    { id: second.id },
  ]);
  expect((await api("GET", `${base}?targetPage=${pages[0]!.id}`)).body.count).toBe(1);
  await api("PUT", `${base}/${second.id}`, { resolved: true });
  expect((await api("GET", `${base}?status=resolved`)).body.items).toMatchObject([
    { id: second.id },
  ]);
  expect((await api("GET", `${base}?status=open`)).body.items).toMatchObject([{ id: first.id }]);
  expect((await api("GET", `${base}?authors=someone-else`)).body.count).toBe(0);
  expect((await api("GET", `${base}?status=bogus`)).status).toBe(400);
  expect((await api("POST", base, { body: {}, page: "missing" })).status).toBe(400);

  const commenters = (await api("GET", `/v1/spaces/${space.id}/commenters`)).body;
  expect(commenters.items).toMatchObject([
    { object: "member", user: { email: "admin@example.com" } },
  ]);

  expect((await api("DELETE", `${base}/${first.id}/replies/${reply.body.id}`)).status).toBe(205);
  expect((await api("DELETE", `${base}/${first.id}`)).status).toBe(205);
  expect((await api("DELETE", `${base}/${first.id}`)).status).toBe(204);
  expect((await api("GET", `${base}/${first.id}`)).status).toBe(404);
});
