import {
  adminClient,
  apiClient,
  createTestEmulator,
  seedRoles,
  type ApiBody,
  type ApiResponse,
  type TestEmulator,
} from "../support/emulator";

/**
 * §4.6 change requests and §4.7 their content, in process: one `describe` per operation, each
 * with its answer's status and shape, its filters, its pagination and the errors it names.
 */
let t: TestEmulator;
/** The test's admin. */
let api: ReturnType<typeof apiClient>;
/** Members of the test organization by role: Ada edits, Linus reviews, Margaret reads. */
let editor: ReturnType<typeof apiClient>;
let reviewer: ReturnType<typeof apiClient>;
let reader: ReturnType<typeof apiClient>;
let commenter: ReturnType<typeof apiClient>;
/** A user of the foreign organization only. */
let foreign: ReturnType<typeof apiClient>;
let adaId: string;
let adminId: string;

/** The admin API: seeding, and content written as a contributor. */
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  admin = adminClient(t);
  const roles = await seedRoles(t, "cr");
  ({ editor, reviewer, reader, commenter, foreign } = roles);
  adaId = roles.userIds["ada@example.com"]!;
  adminId = roles.userIds["admin@example.com"]!;
});
afterAll(() => t.close());

const TREE = {
  pages: [
    {
      title: "Guides",
      markdown: "# Guides\n\nRead [install](install) and see [the logo](logo.png).",
      pages: [{ title: "Install", markdown: "# Install\n\nRun it. [Gone](nowhere)" }],
    },
    { title: "Reference", markdown: "Reference text." },
  ],
  files: [{ name: "logo.png", contentType: "image/png", base64: "iVBORw0KGgo=" }],
};

interface Space {
  id: string;
  revision: string;
  base: string;
}

/** A new space of the test organization with TREE as its content. */
async function newSpace(content: unknown = TREE): Promise<Space> {
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Docs" })).body;
  const seeded = await admin("PUT", `/spaces/${space.id}/content`, content);
  expect(seeded.status).toBe(200);
  return {
    id: space.id,
    revision: seeded.body.revision as string,
    base: `/v1/spaces/${space.id}/change-requests`,
  };
}

/** Writes a change request's content through the admin API. */
async function editContent(space: Space, ref: string | number, body: unknown) {
  return admin("PUT", `/spaces/${space.id}/change-requests/${ref}/content`, body);
}

/** Every item of a list, following `next.page` with `limit`, checking no item comes twice. */
async function walk(path: string, limit: number): Promise<ApiBody[]> {
  const items: ApiBody[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await api(
      "GET",
      `${path}${sep}limit=${limit}${cursor === undefined ? "" : `&page=${cursor}`}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.body.items);
    cursor = page.body.next?.page;
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (cursor !== undefined);
  return items;
}

const errorOf = (r: ApiResponse) => r.body.error?.message ?? "";

describe("GET /v1/spaces/{spaceId}/change-requests", () => {
  let space: Space;
  beforeAll(async () => {
    space = await newSpace();
    // 1..5 drafts; 2 and 4 open; 5 archived; 3 merged. Ada opens 4, and writes 2's content.
    for (let i = 0; i < 3; i += 1) expect((await api("POST", space.base, {})).status).toBe(201);
    expect((await editor("POST", space.base, { subject: "Ada's" })).status).toBe(201);
    expect((await api("POST", space.base, {})).status).toBe(201);
    await api("PATCH", `${space.base}/2`, { status: "open" });
    await api("PATCH", `${space.base}/4`, { status: "open" });
    await api("PATCH", `${space.base}/5`, { status: "archived" });
    await editContent(space, 2, { ...TREE, author: "ada@example.com" });
    await editContent(space, 3, { pages: [{ title: "Only page" }] });
    expect((await api("POST", `${space.base}/3/merge`)).status).toBe(200);
  });

  test("answers the open change requests by default, newest first, in the list envelope", async () => {
    const list = await api("GET", space.base);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.next).toBeUndefined();
    expect(list.body.items.map((cr) => cr.number)).toEqual([4, 2]);
    expect(list.body.items[0]).toMatchObject({
      object: "change-request",
      status: "open",
      space: space.id,
      subject: "Ada's",
    });
  });

  test.each([
    ["draft", [1]],
    ["open", [4, 2]],
    ["archived", [5]],
    ["merged", [3]],
  ])("status=%s lists only the change requests with that status", async (status, numbers) => {
    const list = await api("GET", `${space.base}?status=${status}`);
    expect(list.body.items.map((cr) => cr.number)).toEqual(numbers);
    expect(list.body.items.every((cr) => cr.status === status)).toBe(true);
    expect(list.body.count).toBe(numbers.length);
  });

  test("contributor lists the change requests the user opened or wrote content in", async () => {
    const ada = await api("GET", `${space.base}?contributor=${adaId}`);
    expect(ada.body.items.map((cr) => cr.number)).toEqual([4, 2]);
    const adminDrafts = await api("GET", `${space.base}?status=draft&contributor=${adminId}`);
    expect(adminDrafts.body.items.map((cr) => cr.number)).toEqual([1]);
    const adaDrafts = await api("GET", `${space.base}?status=draft&contributor=${adaId}`);
    expect(adaDrafts.body).toEqual({ count: 0, items: [] });
  });

  test("limit and the page cursor walk every change request once", async () => {
    const other = await newSpace();
    for (let i = 0; i < 7; i += 1) await api("POST", other.base, {});
    const all = await walk(`${other.base}?status=draft`, 3);
    expect(all.map((cr) => cr.number)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const first = await api("GET", `${other.base}?status=draft&limit=3`);
    expect(first.body).toMatchObject({ count: 7, next: { page: expect.any(String) } });
  });

  test("a status it does not know, a bad limit or a forged cursor is a 400 naming it", async () => {
    const status = await api("GET", `${space.base}?status=closed`);
    expect(status.status).toBe(400);
    expect(errorOf(status)).toContain("status");
    const limit = await api("GET", `${space.base}?limit=1001`);
    expect(limit.status).toBe(400);
    expect(errorOf(limit)).toContain("limit");
    const page = await api("GET", `${space.base}?page=not-a-cursor`);
    expect(page.status).toBe(400);
    expect(errorOf(page)).toContain("page");
  });

  test("any member reads the list; a space the caller cannot see is a 404", async () => {
    expect((await reader("GET", space.base)).body.count).toBe(2);
    expect((await foreign("GET", space.base)).status).toBe(404);
    expect((await api("GET", "/v1/spaces/no-such-space/change-requests")).status).toBe(404);
  });
});

describe("POST /v1/spaces/{spaceId}/change-requests", () => {
  test("opens a draft on the space's revision, numbered from 1 in each space", async () => {
    const space = await newSpace();
    const created = await editor("POST", space.base, { subject: "Rework", agentTaskId: "task-1" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      object: "change-request",
      id: expect.any(String),
      number: 1,
      status: "draft",
      subject: "Rework",
      createdBy: expect.objectContaining({ object: "user", id: adaId }),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      space: space.id,
      revision: space.revision,
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      urls: {
        app: `${t.url}/app/o/${t.organizationId}/s/${space.id}/cr/1`,
        location: `${t.url}${space.base}/${created.body.id}`,
      },
    });
    expect((await api("POST", space.base)).body).toMatchObject({ number: 2, subject: "" });
    const other = await newSpace();
    expect((await api("POST", other.base, {})).body.number).toBe(1);
    expect((await api("GET", `/v1/spaces/${space.id}`)).body).toMatchObject({
      changeRequests: 2,
      changeRequestsDraft: 2,
      changeRequestsOpen: 0,
    });
  });

  test("a subject over 100 characters is a 400 naming subject, and nothing is created", async () => {
    const space = await newSpace();
    expect((await api("POST", space.base, { subject: "s".repeat(100) })).status).toBe(201);
    const long = await api("POST", space.base, { subject: "s".repeat(101) });
    expect(long.status).toBe(400);
    expect(errorOf(long)).toContain("subject");
    expect(errorOf(long)).toContain("100");
    expect((await api("GET", `${space.base}?status=draft`)).body.count).toBe(1);
    // An unknown field is ignored (docs/api-decisions.md): `title` is not the subject.
    const unknown = await api("POST", space.base, { title: "x" });
    expect([unknown.status, unknown.body.subject]).toEqual([201, ""]);
  });

  test("needs the edit role (403 below it), and a visible space (404)", async () => {
    const space = await newSpace();
    for (const caller of [reader, commenter]) {
      const refused = await caller("POST", space.base, {});
      expect(refused.status).toBe(403);
    }
    expect((await foreign("POST", space.base, {})).status).toBe(404);
    expect((await api("GET", `${space.base}?status=draft`)).body.count).toBe(0);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}", () => {
  test("finds a change request by its id or its number, the same answer", async () => {
    const space = await newSpace();
    const created = (await api("POST", space.base, { subject: "One" })).body;
    const byId = await reader("GET", `${space.base}/${created.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(created);
    expect((await reader("GET", `${space.base}/1`)).body).toEqual(created);
  });

  test("is 404 for an unknown id or number, another space's, or a space out of reach", async () => {
    const space = await newSpace();
    const other = await newSpace();
    const theirs = (await api("POST", other.base, {})).body;
    for (const ref of ["2", "0", "nope", theirs.id]) {
      const missing = await api("GET", `${space.base}/${ref}`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing)).toContain(`change request ${ref}`);
    }
    expect((await foreign("GET", `${other.base}/1`)).status).toBe(404);
  });

  test("is outdated once the space moves on, and counts its open comments", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    await api("POST", `${space.base}/1/comments`, { body: { markdown: "One" } });
    const resolved = (await api("POST", `${space.base}/1/comments`, { body: {} })).body;
    await api("PUT", `${space.base}/1/comments/${resolved.id}`, { resolved: true });
    expect((await api("GET", `${space.base}/1`)).body).toMatchObject({
      comments: 1,
      outdated: false,
    });
    await admin("PUT", `/spaces/${space.id}/content`, { pages: [{ title: "Moved on" }] });
    expect((await api("GET", `${space.base}/1`)).body.outdated).toBe(true);
  });
});

describe("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}", () => {
  test("changes the subject and the status; an archived one opens again", async () => {
    const space = await newSpace();
    const created = (await api("POST", space.base, { subject: "Before" })).body;
    const subject = await editor("PATCH", `${space.base}/1`, { subject: "After" });
    expect(subject.status).toBe(200);
    expect(subject.body).toMatchObject({ id: created.id, subject: "After", status: "draft" });
    const opened = await editor("PATCH", `${space.base}/${created.id}`, { status: "open" });
    expect(opened.body).toMatchObject({ subject: "After", status: "open" });
    expect((await api("GET", `/v1/spaces/${space.id}`)).body).toMatchObject({
      changeRequestsOpen: 1,
      changeRequestsDraft: 0,
    });
    const archived = await api("PATCH", `${space.base}/1`, { status: "archived" });
    expect(archived.body).toMatchObject({ status: "archived", outdated: false });
    // An archived change request can be opened again.
    expect((await api("PATCH", `${space.base}/1`, { status: "open" })).body.status).toBe("open");
  });

  test("refuses `merged` and a long subject with a 400 naming the field", async () => {
    const space = await newSpace();
    await api("POST", space.base, { subject: "Kept" });
    const merged = await api("PATCH", `${space.base}/1`, { status: "merged" });
    expect(merged.status).toBe(400);
    expect(errorOf(merged)).toContain("status");
    const long = await api("PATCH", `${space.base}/1`, { subject: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(errorOf(long)).toContain("subject");
    expect((await api("GET", `${space.base}/1`)).body).toMatchObject({
      subject: "Kept",
      status: "draft",
    });
  });

  test("needs edit (403), a change request that exists (404), and one not merged (409)", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    expect((await reader("PATCH", `${space.base}/1`, { subject: "No" })).status).toBe(403);
    expect((await commenter("PATCH", `${space.base}/1`, { subject: "No" })).status).toBe(403);
    expect((await api("PATCH", `${space.base}/9`, { subject: "No" })).status).toBe(404);
    await api("POST", `${space.base}/1/merge`);
    const afterMerge = await api("PATCH", `${space.base}/1`, { status: "open" });
    expect(afterMerge.status).toBe(409);
    expect(errorOf(afterMerge)).toContain("merged");
    expect((await api("GET", `${space.base}/1`)).body.status).toBe("merged");
  });
});

describe("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", () => {
  test("makes the change request's content the space's new revision", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    const edited = await editContent(space, 1, {
      pages: [{ title: "Guides", markdown: "Merged text." }],
    });
    const merged = await reviewer("POST", `${space.base}/1/merge`);
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ revision: expect.any(String), result: "merge" });
    expect(merged.body.revision).not.toBe(space.revision);
    const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
    expect(revision).toMatchObject({
      id: merged.body.revision,
      type: "merge",
      parents: [space.revision, edited.body.revision],
    });
    expect((revision.pages as ApiBody[]).map((p) => p.title)).toEqual(["Guides"]);
    expect((await api("GET", `${space.base}/1`)).body).toMatchObject({
      status: "merged",
      revisionMerged: merged.body.revision,
      mergedBy: { object: "user", email: "linus@example.com" },
      mergedAt: expect.any(String),
      outdated: false,
    });
  });

  test("the merge revision names the change request it merged, as mergedFrom", async () => {
    const space = await newSpace();
    await api("POST", space.base, { subject: "Merged one" });
    await editContent(space, 1, { pages: [{ title: "Guides", markdown: "From the request." }] });
    const merged = await reviewer("POST", `${space.base}/1/merge`);
    const revision = (await api("GET", `/v1/spaces/${space.id}/content`)).body;
    expect(revision).toMatchObject({ id: merged.body.revision, type: "merge" });
    const cr = (await api("GET", `${space.base}/1`)).body;
    expect(cr).toMatchObject({ subject: "Merged one", status: "merged" });
    expect(revision.mergedFrom).toEqual(cr);
    // Revisions of other types name none.
    await api("POST", space.base, {});
    const edited = await editContent(space, 2, { pages: [{ title: "Other" }] });
    const own = (await api("GET", `${space.base}/2/content`)).body;
    expect(own).toMatchObject({ id: edited.body.revision, type: "edits" });
    expect(own).not.toHaveProperty("mergedFrom");
  });

  test("with nothing changed, the space keeps its revision", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    const merged = await api("POST", `${space.base}/1/merge`);
    expect(merged.body).toEqual({ revision: space.revision, result: "merge" });
    expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
  });

  test("needs the review role: an editor's merge is a 403 and changes nothing", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    await editContent(space, 1, { pages: [{ title: "Not yet" }] });
    const refused = await editor("POST", `${space.base}/1/merge`);
    expect(refused.status).toBe(403);
    expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
    expect((await api("GET", `${space.base}/1`)).body.status).toBe("draft");
  });

  test("is 409 for a merged or archived change request and on a locked space, 404 unknown", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    await api("POST", space.base, {});
    await api("POST", space.base, {});
    await api("POST", `${space.base}/1/merge`);
    const again = await api("POST", `${space.base}/1/merge`);
    expect(again.status).toBe(409);
    expect(errorOf(again)).toContain("merged");
    await api("PATCH", `${space.base}/2`, { status: "archived" });
    const archived = await api("POST", `${space.base}/2/merge`);
    expect(archived.status).toBe(409);
    expect(errorOf(archived)).toContain("archived");
    await editContent(space, 3, { pages: [{ title: "Locked out" }] });
    await api("PATCH", `/v1/spaces/${space.id}`, { editMode: "locked" });
    const locked = await api("POST", `${space.base}/3/merge`);
    expect(locked.status).toBe(409);
    expect(errorOf(locked)).toContain("locked");
    expect((await api("GET", `${space.base}/3`)).body.status).toBe("draft");
    expect((await api("POST", `${space.base}/4/merge`)).status).toBe(404);
  });
});

describe("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update", () => {
  test("pulls the space's content in, keeping the change request's own edits", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    await editContent(space, 1, {
      pages: [TREE.pages[0], { title: "Reference", markdown: "Edited in the change request." }],
    });
    const main = await admin("PUT", `/spaces/${space.id}/content`, {
      pages: [
        { title: "Guides", markdown: "Edited on main." },
        { title: "Reference", markdown: "Reference text." },
      ],
    });
    expect((await api("GET", `${space.base}/1`)).body.outdated).toBe(true);
    const updated = await editor("POST", `${space.base}/1/update`);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ revision: expect.any(String), result: "update" });
    const cr = (await api("GET", `${space.base}/1`)).body;
    expect(cr).toMatchObject({
      revision: updated.body.revision,
      revisionMergedAncestor: main.body.revision,
      outdated: false,
    });
    const pages = (await api("GET", `${space.base}/1/content/pages`)).body.pages as ApiBody[];
    const markdown = async (id: string) =>
      (await api("GET", `${space.base}/1/content/page/${id}`)).body.markdown;
    expect(await markdown(pages[0]!.id)).toBe("Edited on main.");
    expect(await markdown(pages[1]!.id)).toBe("Edited in the change request.");
    // Level with the space, a second update changes nothing.
    expect((await api("POST", `${space.base}/1/update`)).body.revision).toBe(updated.body.revision);
  });

  test("needs edit (403), and a draft or open change request (409)", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    await api("POST", space.base, {});
    await admin("PUT", `/spaces/${space.id}/content`, { pages: [{ title: "Moved on" }] });
    expect((await reader("POST", `${space.base}/1/update`)).status).toBe(403);
    expect((await api("GET", `${space.base}/1`)).body.outdated).toBe(true);
    await api("PATCH", `${space.base}/1`, { status: "archived" });
    expect((await api("POST", `${space.base}/1/update`)).status).toBe(409);
    await api("POST", `${space.base}/2/merge`);
    const merged = await api("POST", `${space.base}/2/update`);
    expect(merged.status).toBe(409);
    expect(errorOf(merged)).toContain("merged");
    expect((await api("POST", `${space.base}/3/update`)).status).toBe(404);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf", () => {
  test("answers a signed URL of the change request's revision, with page and only", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    const edited = await editContent(space, 1, TREE);
    const pages = (await api("GET", `${space.base}/1/content/pages`)).body.pages as ApiBody[];
    const whole = await reader("GET", `${space.base}/1/pdf`);
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body)).toEqual(["url"]);
    const url = new URL(whole.body.url as string);
    expect(url.pathname).toBe(`/app/pdf/${space.id}/${edited.body.revision}`);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(url.searchParams.has("page")).toBe(false);
    const pdf = await t.fetch(whole.body.url as string);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    const one = await api("GET", `${space.base}/1/pdf?page=${pages[0]!.id}&only=true`);
    const oneUrl = new URL(one.body.url as string);
    expect(oneUrl.searchParams.get("page")).toBe(pages[0]!.id);
    expect(oneUrl.searchParams.get("only")).toBe("true");
  });

  test("only without page, or a page not in the change request, is a 400 naming it", async () => {
    const space = await newSpace();
    await api("POST", space.base, {});
    const only = await api("GET", `${space.base}/1/pdf?only=true`);
    expect(only.status).toBe(400);
    expect(errorOf(only)).toMatch(/^only/);
    const page = await api("GET", `${space.base}/1/pdf?page=missing`);
    expect(page.status).toBe(400);
    expect(errorOf(page)).toMatch(/^page/);
    expect((await api("GET", `${space.base}/2/pdf`)).status).toBe(404);
  });
});

describe("§4.7 the change request's content", () => {
  let space: Space;
  let crRevision: string;
  let guides: ApiBody;
  let install: ApiBody;
  let logo: ApiBody;
  let content: string;
  beforeAll(async () => {
    space = await newSpace({ pages: [{ title: "Main only", markdown: "Main." }] });
    await api("POST", space.base, {});
    crRevision = (await editContent(space, 1, TREE)).body.revision as string;
    content = `${space.base}/1/content`;
    const pages = (await api("GET", `${content}/pages`)).body.pages as ApiBody[];
    guides = pages[0]!;
    install = (guides.pages as ApiBody[])[0]!;
    logo = (await api("GET", `${content}/files`)).body.items[0]!;
  });

  describe("GET .../content", () => {
    test("is the change request's revision, not the space's", async () => {
      const revision = await reader("GET", `${content}?metadata=false&computed=false`);
      expect(revision.status).toBe(200);
      expect(revision.body).toMatchObject({
        object: "revision",
        id: crRevision,
        parents: [space.revision],
        type: "edits",
      });
      expect((revision.body.pages as ApiBody[]).map((p) => p.title)).toEqual([
        "Guides",
        "Reference",
      ]);
      expect((await api("GET", `/v1/spaces/${space.id}/content`)).body.id).toBe(space.revision);
    });

    test("refuses a metadata that is no boolean (400), and an unknown change request (404)", async () => {
      const bad = await api("GET", `${content}?metadata=maybe`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("metadata");
      expect((await api("GET", `${space.base}/7/content`)).status).toBe(404);
    });
  });

  describe("GET .../content/pages", () => {
    test("is the nested page tree with paths in the change request's URLs", async () => {
      const pages = await api("GET", `${content}/pages`);
      expect(pages.status).toBe(200);
      expect(Object.keys(pages.body)).toEqual(["pages"]);
      expect(guides).toMatchObject({ title: "Guides", path: "guides", slug: "guides" });
      expect(install).toMatchObject({ path: "guides/install" });
      expect((guides.urls as { app: string }).app).toBe(
        `${t.url}/app/o/${t.organizationId}/s/${space.id}/cr/1/guides`,
      );
      expect((await foreign("GET", `${content}/pages`)).status).toBe(404);
    });
  });

  describe("GET .../content/page/{pageId}", () => {
    test("answers the page with its Markdown from the change request's revision", async () => {
      const page = await api("GET", `${content}/page/${install.id}?format=markdown`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ id: install.id, path: "guides/install" });
      expect(page.body.markdown).toContain("Run it.");
    });

    test("a page only the space has is a 404, a format other than markdown a 400", async () => {
      const mainPage = (
        (await api("GET", `/v1/spaces/${space.id}/content/pages`)).body.pages as ApiBody[]
      )[0]!;
      expect((await api("GET", `${content}/page/${mainPage.id}`)).status).toBe(404);
      const format = await api("GET", `${content}/page/${install.id}?format=document`);
      expect(format.status).toBe(400);
      expect(errorOf(format)).toContain("format");
    });
  });

  describe("GET .../content/page/{pageId}/links", () => {
    test("lists the page's links with stats counting the change request's broken ones", async () => {
      const links = await api("GET", `${content}/page/${install.id}/links`);
      expect(links.status).toBe(200);
      expect(links.body).toMatchObject({
        count: 1,
        items: [{ status: "broken", targetReference: { kind: "url", url: "nowhere" } }],
        stats: { total: 1, broken: { total: 1, changeRequest: 1 } },
      });
    });

    test("the status filter narrows items, not stats; limit and page walk them once", async () => {
      const ok = await api("GET", `${content}/page/${guides.id}/links?status=ok`);
      expect(ok.body.items).toHaveLength(2);
      expect(ok.body.stats).toEqual({ total: 2, broken: { total: 0, changeRequest: 0 } });
      const broken = await api("GET", `${content}/page/${guides.id}/links?status=broken`);
      expect(broken.body).toMatchObject({ count: 0, items: [] });
      const walked = await walk(`${content}/page/${guides.id}/links`, 1);
      expect(walked.map((l) => (l.targetReference as { kind: string }).kind).sort()).toEqual([
        "file",
        "page",
      ]);
      const bad = await api("GET", `${content}/page/${guides.id}/links?status=dead`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("status");
      expect((await api("GET", `${content}/page/missing/links`)).status).toBe(404);
    });
  });

  describe("GET .../content/files", () => {
    test("lists the change request's files; limit and page walk them once", async () => {
      await editContent(space, 1, {
        ...TREE,
        files: ["a", "b", "c"].map((n) => ({
          name: `${n}.txt`,
          contentType: "text/plain",
          base64: "eA==",
        })),
      });
      const walked = await walk(`${content}/files`, 2);
      expect(walked.map((f) => f.name)).toEqual(["a.txt", "b.txt", "c.txt"]);
      expect(walked[0]).toMatchObject({ contentType: "text/plain", size: 1 });
      expect((await api("GET", `/v1/spaces/${space.id}/content/files`)).body.count).toBe(0);
      expect((await editContent(space, 1, TREE)).status).toBe(200);
      const limit = await api("GET", `${content}/files?limit=0`);
      expect(limit.status).toBe(400);
      expect(errorOf(limit)).toContain("limit");
    });
  });

  describe("GET .../content/files/{fileId}", () => {
    test("answers the file, and 404 for one the change request does not hold", async () => {
      const files = (await api("GET", `${content}/files`)).body.items;
      const file = await api("GET", `${content}/files/${files[0]!.id}`);
      expect(file.status).toBe(200);
      expect(file.body).toMatchObject({ id: files[0]!.id, name: "logo.png", size: 8 });
      const missing = await api("GET", `${content}/files/nope`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing)).toContain("file nope");
    });
  });

  describe("GET .../content/files/{fileId}/backlinks", () => {
    test("lists the pages linking the file, in the change request's revision", async () => {
      const file = (await api("GET", `${content}/files`)).body.items[0]!;
      const current = (await api("GET", `${space.base}/1`)).body.revision as string;
      const backlinks = await api("GET", `${content}/files/${file.id}/backlinks`);
      expect(backlinks.status).toBe(200);
      expect(backlinks.body).toEqual({
        count: 1,
        items: [
          {
            kind: "page",
            organization: t.organizationId,
            space: space.id,
            versionContext: { type: "revision", revision: current },
            page: guides.id,
            file: file.id,
          },
        ],
      });
      expect(logo.name).toBe("logo.png");
      expect((await api("GET", `${content}/files/nope/backlinks`)).status).toBe(404);
    });
  });
});
