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
 * §4.8 space comments and §4.9 change request comments, in process: the same operations on both
 * kinds of thread, one `describe` per operation, each with its answer, filters, pagination and
 * errors.
 */
type Api = ReturnType<typeof apiClient>;
let t: TestEmulator;
/** The test's admin; then members of the test organization by role. */
let api: Api;
let editor: Api;
let reviewer: Api;
let reader: Api;
let commenter: Api;
let foreign: Api;
const ids: Record<string, string> = {};

/** The admin API: seeding content. */
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  admin = adminClient(t);
  const roles = await seedRoles(t, "c");
  ({ editor, reviewer, reader, commenter, foreign } = roles);
  Object.assign(ids, roles.userIds);
});
afterAll(() => t.close());

const TREE = {
  pages: [
    { title: "Guides", markdown: "# Guides" },
    { title: "Reference", markdown: "# Reference" },
  ],
};

/** A comment thread: a new space's, or a new change request's in a new space. */
interface Thread {
  /** `/v1/spaces/{id}` or `/v1/spaces/{id}/change-requests/{crId}`. */
  root: string;
  /** The thread's own comments: `${root}/comments`. */
  base: string;
  spaceId: string;
  revision: string;
  /** The ids of the thread's revision's two pages. */
  pages: [string, string];
}

async function spaceThread(): Promise<Thread> {
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Docs" })).body;
  const { body } = await admin("PUT", `/spaces/${space.id}/content`, TREE);
  const root = `/v1/spaces/${space.id}`;
  const pages = (await api("GET", `${root}/content/pages`)).body.pages as ApiBody[];
  return {
    root,
    base: `${root}/comments`,
    spaceId: space.id,
    revision: body.revision as string,
    pages: [pages[0]!.id, pages[1]!.id],
  };
}

async function changeRequestThread(): Promise<Thread> {
  const space = await spaceThread();
  const cr = (await api("POST", `${space.root}/change-requests`, {})).body;
  // The change request's own revision, with a page the space does not have.
  const { body } = await admin("PUT", `/spaces/${space.spaceId}/change-requests/1/content`, {
    pages: [...TREE.pages, { title: "Draft page" }],
  });
  const root = `${space.root}/change-requests/${cr.id}`;
  const pages = (await api("GET", `${root}/content/pages`)).body.pages as ApiBody[];
  return {
    root,
    base: `${root}/comments`,
    spaceId: space.spaceId,
    revision: body.revision as string,
    pages: [pages[0]!.id, pages[2]!.id],
  };
}

const errorOf = (r: ApiResponse) => r.body.error?.message ?? "";

/** Every item of a list, following `next.page` with `limit`. */
async function walk(path: string, limit: number): Promise<ApiBody[]> {
  const items: ApiBody[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let cursor: string | undefined;
  for (let n = 0; n < 50; n += 1) {
    const page = await api(
      "GET",
      `${path}${sep}limit=${limit}${cursor === undefined ? "" : `&page=${cursor}`}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.body.items);
    cursor = page.body.next?.page;
    if (cursor === undefined) return items;
  }
  throw new Error(`${path}: the cursor never ends`);
}

async function post(caller: Api, thread: Thread, markdown: string, page?: string) {
  const posted = await caller("POST", thread.base, {
    body: { markdown },
    ...(page === undefined ? {} : { page }),
  });
  expect(posted.status).toBe(200);
  return posted.body;
}

/** The count of open comments the thread's owner (space or change request) reports. */
const openCount = async (thread: Thread) => (await api("GET", thread.root)).body.comments;

describe.each([
  ["space (§4.8)", spaceThread],
  ["change request (§4.9)", changeRequestThread],
])("comments of a %s", (_kind, newThread) => {
  describe("GET .../comments", () => {
    let thread: Thread;
    const posted: ApiBody[] = [];
    beforeAll(async () => {
      thread = await newThread();
      posted.push(await post(api, thread, "one", thread.pages[0]));
      posted.push(await post(editor, thread, "two", thread.pages[1]));
      posted.push(await post(commenter, thread, "three", thread.pages[0]));
      posted.push(await post(api, thread, "four"));
      posted.push(await post(editor, thread, "five", thread.pages[0]));
      await api("PUT", `${thread.base}/${posted[1]!.id}`, { resolved: true });
      await api("PUT", `${thread.base}/${posted[3]!.id}`, { resolved: true });
      await api("POST", `${thread.base}/${posted[0]!.id}/replies`, { body: { markdown: "re" } });
    });
    const markdowns = (items: ApiBody[]) => items.map((c) => (c.body as ApiBody).markdown);

    test("lists every comment, not replies, newest first, in the list envelope", async () => {
      const list = await reader("GET", thread.base);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(5);
      expect(list.body.next).toBeUndefined();
      expect(markdowns(list.body.items)).toEqual(["five", "four", "three", "two", "one"]);
      expect(list.body.items[4]).toMatchObject({ object: "comment", replies: 1 });
    });

    test("order=asc lists oldest first; another order is a 400 naming order", async () => {
      const asc = await api("GET", `${thread.base}?order=asc`);
      expect(markdowns(asc.body.items)).toEqual(["one", "two", "three", "four", "five"]);
      const bad = await api("GET", `${thread.base}?order=newest`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("order");
    });

    test.each([
      ["open", ["five", "three", "one"]],
      ["resolved", ["four", "two"]],
      ["all", ["five", "four", "three", "two", "one"]],
    ])("status=%s lists only those comments", async (status, expected) => {
      const list = await api("GET", `${thread.base}?status=${status}`);
      expect(markdowns(list.body.items)).toEqual(expected);
      expect(list.body.count).toBe(expected.length);
    });

    test("a status it does not know, or given twice, is a 400 naming status", async () => {
      const bad = await api("GET", `${thread.base}?status=closed`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("status");
      const twice = await api("GET", `${thread.base}?status=open&status=resolved`);
      expect(twice.status).toBe(400);
      expect(errorOf(twice)).toContain("status");
    });

    test("targetPage lists the comments on that page", async () => {
      const list = await api("GET", `${thread.base}?targetPage=${thread.pages[0]}&order=asc`);
      expect(markdowns(list.body.items)).toEqual(["one", "three", "five"]);
      expect(list.body.items.every((c) => (c.target as ApiBody).page !== undefined)).toBe(true);
      const none = await api("GET", `${thread.base}?targetPage=no-such-page`);
      expect(none.body).toEqual({ count: 0, items: [] });
    });

    test("authors takes one or several comma-separated user ids", async () => {
      const ada = await api("GET", `${thread.base}?authors=${ids["ada@example.com"]}&order=asc`);
      expect(markdowns(ada.body.items)).toEqual(["two", "five"]);
      const two = await api(
        "GET",
        `${thread.base}?authors=${ids["ada@example.com"]},${ids["cora@example.com"]}&order=asc`,
      );
      expect(markdowns(two.body.items)).toEqual(["two", "three", "five"]);
      // The hosted service's array, as OpenAPI's default form style sends it: the key repeated.
      const repeated = await api(
        "GET",
        `${thread.base}?authors=${ids["ada@example.com"]}&authors=${ids["cora@example.com"]}&order=asc`,
      );
      expect(markdowns(repeated.body.items)).toEqual(["two", "three", "five"]);
      const both = await api(
        "GET",
        `${thread.base}?authors=${ids["admin@example.com"]}&status=open&targetPage=${thread.pages[0]}`,
      );
      expect(markdowns(both.body.items)).toEqual(["one"]);
    });

    test("limit and the page cursor walk every comment once, in order", async () => {
      const walked = await walk(`${thread.base}?order=asc`, 2);
      expect(markdowns(walked)).toEqual(["one", "two", "three", "four", "five"]);
      const filtered = await walk(`${thread.base}?status=open`, 1);
      expect(markdowns(filtered)).toEqual(["five", "three", "one"]);
      const first = await api("GET", `${thread.base}?limit=2`);
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      const bad = await api("GET", `${thread.base}?limit=1001`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("limit");
    });

    test("is a 404 for a caller outside the organization", async () => {
      expect((await foreign("GET", thread.base)).status).toBe(404);
    });
  });

  describe("POST .../comments", () => {
    test("answers 200 with the comment on the thread's revision, and counts it open", async () => {
      const thread = await newThread();
      const posted = await commenter("POST", thread.base, {
        body: { markdown: "On a page" },
        page: thread.pages[1],
        node: "node-1",
        tableCell: { record: "r1", definition: "d1" },
      });
      expect(posted.status).toBe(200);
      expect(posted.body).toEqual({
        object: "comment",
        id: expect.any(String),
        postedBy: expect.objectContaining({ object: "user", email: "cora@example.com" }),
        postedAt: expect.any(String),
        reactions: [],
        replies: 0,
        repliers: [],
        body: { markdown: "On a page" },
        target: {
          space: thread.spaceId,
          revision: thread.revision,
          ...(thread.root.includes("change-requests")
            ? { changeRequest: thread.root.split("/").pop() }
            : {}),
          page: { id: thread.pages[1] },
          node: { id: "node-1" },
          tableCell: { record: "r1", definition: "d1" },
        },
        urls: { location: `${t.url}${thread.base}/${posted.body.id}` },
        permissions: { view: true, edit: true, reply: true, delete: true },
        status: "open",
      });
      expect(await openCount(thread)).toBe(1);
      const empty = await api("POST", thread.base, { body: {} });
      expect(empty.body).toMatchObject({ body: {}, target: { revision: thread.revision } });
      expect(await openCount(thread)).toBe(2);
    });

    test("a missing body or a page not in the revision is a 400 naming it; an unknown field is ignored", async () => {
      const thread = await newThread();
      const noBody = await api("POST", thread.base, { page: thread.pages[0] });
      expect(noBody.status).toBe(400);
      expect(errorOf(noBody)).toContain("body");
      const page = await api("POST", thread.base, { body: {}, page: "no-such-page" });
      expect(page.status).toBe(400);
      expect(errorOf(page)).toMatch(/^page/);
      expect((await api("GET", thread.base)).body.count).toBe(0);
      // docs/api-decisions.md, "Request bodies with unknown fields".
      const extra = await api("POST", thread.base, { body: { markdown: "Hi" }, colour: "red" });
      expect([extra.status, "colour" in extra.body]).toEqual([200, false]);
    });

    test("needs the comment role: a reader's post is a 403 and nothing is kept", async () => {
      const thread = await newThread();
      expect((await reader("POST", thread.base, { body: {} })).status).toBe(403);
      expect((await foreign("POST", thread.base, { body: {} })).status).toBe(404);
      expect((await api("GET", thread.base)).body.count).toBe(0);
    });
  });

  describe("GET .../comments/{commentId}", () => {
    test("answers the comment, with the permissions of the caller", async () => {
      const thread = await newThread();
      const posted = await post(editor, thread, "Mine");
      const own = await editor("GET", `${thread.base}/${posted.id}?format=markdown`);
      expect(own.status).toBe(200);
      expect(own.body).toEqual(posted);
      expect((await reader("GET", `${thread.base}/${posted.id}`)).body.permissions).toEqual({
        view: true,
        edit: false,
        reply: false,
        delete: false,
      });
      expect((await reviewer("GET", `${thread.base}/${posted.id}`)).body.permissions).toEqual({
        view: true,
        edit: false,
        reply: true,
        delete: true,
      });
    });

    test("is a 404 for an unknown comment, a reply's id or another thread's comment", async () => {
      const thread = await newThread();
      const other = await newThread();
      const theirs = await post(api, other, "Elsewhere");
      const comment = await post(api, thread, "Here");
      const reply = (await api("POST", `${thread.base}/${comment.id}/replies`, { body: {} })).body;
      for (const id of ["nope", reply.id, theirs.id]) {
        const missing = await api("GET", `${thread.base}/${id}`);
        expect(missing.status).toBe(404);
        expect(errorOf(missing)).toContain(`comment ${id}`);
      }
      const format = await api("GET", `${thread.base}/${comment.id}?format=document`);
      expect(format.status).toBe(400);
      expect(errorOf(format)).toContain("format");
    });
  });

  describe("repliers", () => {
    test("who replied, how often and when last, first to reply first, in every answer of a comment", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Who answers?");
      const fresh = (await api("GET", `${thread.base}/${comment.id}`)).body;
      expect(fresh.repliers).toEqual([]);
      const replies = `${thread.base}/${comment.id}/replies`;
      const reply = async (caller: Api, markdown: string) =>
        (await caller("POST", replies, { body: { markdown } })).body;
      const mine = await reply(editor, "Me");
      const first = await reply(commenter, "Me too");
      const last = await reply(commenter, "Still me");
      const expected = [
        { user: mine.postedBy, count: 1, updatedAt: mine.postedAt },
        { user: first.postedBy, count: 2, updatedAt: last.postedAt },
      ];

      const answers = [
        (await api("GET", `${thread.base}/${comment.id}`)).body,
        (await api("GET", thread.base)).body.items.find((c) => c.id === comment.id)!,
        (await api("PUT", `${thread.base}/${comment.id}`, { resolved: true })).body,
      ];
      for (const answer of answers) expect(answer.repliers).toEqual(expected);
      expect((await post(api, thread, "Another")).repliers).toEqual([]);
    });
  });

  describe("PUT .../comments/{commentId}", () => {
    test("resolves and reopens, and the open count follows", async () => {
      const thread = await newThread();
      const comment = await post(editor, thread, "Fix this");
      const resolved = await commenter("PUT", `${thread.base}/${comment.id}`, { resolved: true });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({
        status: "resolved",
        resolvedAt: expect.any(String),
        resolvedBy: { email: "cora@example.com" },
        body: { markdown: "Fix this" },
      });
      expect(resolved.body.editedAt).toBeUndefined();
      expect(await openCount(thread)).toBe(0);
      const reopened = await api("PUT", `${thread.base}/${comment.id}`, { resolved: false });
      expect(reopened.body.status).toBe("open");
      expect(reopened.body.resolvedAt).toBeUndefined();
      expect(reopened.body.resolvedBy).toBeUndefined();
      expect(await openCount(thread)).toBe(1);
    });

    test("edits its author's body, and sets editedAt", async () => {
      const thread = await newThread();
      const comment = await post(editor, thread, "Draft");
      const edited = await editor("PUT", `${thread.base}/${comment.id}`, {
        body: { markdown: "Final" },
      });
      expect(edited.body).toMatchObject({
        body: { markdown: "Final" },
        editedAt: expect.any(String),
      });
      const refused = await api("PUT", `${thread.base}/${comment.id}`, {
        body: { markdown: "Mine" },
      });
      expect(refused.status).toBe(403);
      expect(errorOf(refused)).toContain("author");
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.body).toEqual({
        markdown: "Final",
      });
    });

    test("adds a reaction once per user and emoji, and removes the caller's own", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "React");
      const at = `${thread.base}/${comment.id}`;
      await api("PUT", at, { addedReactions: ["👍", "👍", "🎉"] });
      const two = await editor("PUT", at, { addedReactions: ["👍"] });
      expect(two.body.reactions).toEqual([
        {
          emoji: "👍",
          count: 2,
          users: [
            {
              user: expect.objectContaining({ email: "admin@example.com" }),
              reactedAt: expect.any(String),
            },
            {
              user: expect.objectContaining({ email: "ada@example.com" }),
              reactedAt: expect.any(String),
            },
          ],
        },
        {
          emoji: "🎉",
          count: 1,
          users: [expect.objectContaining({ reactedAt: expect.any(String) })],
        },
      ]);
      const removed = await editor("PUT", at, { removedReactions: ["👍", "🎉"] });
      expect(removed.body.reactions).toMatchObject([
        { emoji: "👍", count: 1 },
        { emoji: "🎉", count: 1 },
      ]);
    });

    test("needs comment (403 for a reader), a known comment (404), valid fields (400)", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Stays open");
      expect((await reader("PUT", `${thread.base}/${comment.id}`, { resolved: true })).status).toBe(
        403,
      );
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.status).toBe("open");
      expect((await api("PUT", `${thread.base}/nope`, { resolved: true })).status).toBe(404);
      const resolved = await api("PUT", `${thread.base}/${comment.id}`, { resolved: "yes" });
      expect(resolved.status).toBe(400);
      expect(errorOf(resolved)).toContain("resolved");
      const long = await api("PUT", `${thread.base}/${comment.id}`, {
        addedReactions: ["x".repeat(51)],
      });
      expect(long.status).toBe(400);
      expect(errorOf(long)).toContain("addedReactions");
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.reactions).toEqual([]);
    });
  });

  describe("DELETE .../comments/{commentId}", () => {
    test("deletes the comment and its replies: 205, then 204 once gone, and a 404 on read", async () => {
      const thread = await newThread();
      const comment = await post(commenter, thread, "Gone soon");
      const reply = (await api("POST", `${thread.base}/${comment.id}/replies`, { body: {} })).body;
      const deleted = await commenter("DELETE", `${thread.base}/${comment.id}`);
      expect(deleted.status).toBe(205);
      expect(deleted.text).toBe("");
      expect((await api("DELETE", `${thread.base}/${comment.id}`)).status).toBe(204);
      expect((await api("GET", `${thread.base}/${comment.id}`)).status).toBe(404);
      expect((await api("GET", `${thread.base}/${comment.id}/replies/${reply.id}`)).status).toBe(
        404,
      );
      expect(await openCount(thread)).toBe(0);
    });

    test("another person's comment needs review: 403 for an editor, 205 for a reviewer", async () => {
      const thread = await newThread();
      const comment = await post(commenter, thread, "Moderated");
      const refused = await editor("DELETE", `${thread.base}/${comment.id}`);
      expect(refused.status).toBe(403);
      expect(errorOf(refused)).toContain("review");
      expect((await api("GET", `${thread.base}/${comment.id}`)).status).toBe(200);
      expect((await reviewer("DELETE", `${thread.base}/${comment.id}`)).status).toBe(205);
      expect((await api("GET", thread.base)).body.count).toBe(0);
    });
  });

  describe("GET .../comments/{commentId}/replies", () => {
    test("lists the replies oldest first; limit and page walk them once", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Thread");
      for (const markdown of ["r1", "r2", "r3", "r4", "r5"])
        await commenter("POST", `${thread.base}/${comment.id}/replies`, { body: { markdown } });
      const replies = await reader("GET", `${thread.base}/${comment.id}/replies`);
      expect(replies.status).toBe(200);
      expect(replies.body.count).toBe(5);
      expect(replies.body.items[0]).toMatchObject({ object: "comment-reply" });
      const walked = await walk(`${thread.base}/${comment.id}/replies`, 2);
      expect(walked.map((r) => (r.body as ApiBody).markdown)).toEqual([
        "r1",
        "r2",
        "r3",
        "r4",
        "r5",
      ]);
      expect((await api("GET", `${thread.base}/nope/replies`)).status).toBe(404);
      const bad = await api("GET", `${thread.base}/${comment.id}/replies?page=forged`);
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("page");
    });
  });

  describe("POST .../comments/{commentId}/replies", () => {
    test("answers 200 with the reply, and counts it on the comment", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Question");
      const reply = await commenter("POST", `${thread.base}/${comment.id}/replies`, {
        body: { markdown: "Answer" },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        object: "comment-reply",
        id: expect.any(String),
        postedBy: expect.objectContaining({ email: "cora@example.com" }),
        postedAt: expect.any(String),
        reactions: [],
        body: { markdown: "Answer" },
        urls: { location: `${t.url}${thread.base}/${comment.id}/replies/${reply.body.id}` },
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.replies).toBe(1);
      // Replies are not comments: the thread's count stays.
      expect((await api("GET", thread.base)).body.count).toBe(1);
    });

    test("needs comment (403), a comment (404 for a reply's id) and a body (400)", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Question");
      const at = `${thread.base}/${comment.id}/replies`;
      expect((await reader("POST", at, { body: {} })).status).toBe(403);
      const noBody = await api("POST", at, {});
      expect(noBody.status).toBe(400);
      expect(errorOf(noBody)).toContain("body");
      const reply = (await api("POST", at, { body: {} })).body;
      expect((await api("POST", `${thread.base}/${reply.id}/replies`, { body: {} })).status).toBe(
        404,
      );
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.replies).toBe(1);
    });
  });

  describe("GET .../comments/{commentId}/replies/{commentReplyId}", () => {
    test("answers the reply under its comment, and 404 under another", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "One");
      const other = await post(api, thread, "Two");
      const reply = (await api("POST", `${thread.base}/${comment.id}/replies`, { body: {} })).body;
      const got = await reader("GET", `${thread.base}/${comment.id}/replies/${reply.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({
        ...reply,
        permissions: { view: true, edit: false, reply: false, delete: false },
      });
      const elsewhere = await api("GET", `${thread.base}/${other.id}/replies/${reply.id}`);
      expect(elsewhere.status).toBe(404);
      expect(errorOf(elsewhere)).toContain(`reply ${reply.id}`);
      expect((await api("GET", `${thread.base}/${comment.id}/replies/nope`)).status).toBe(404);
    });
  });

  describe("PUT .../comments/{commentId}/replies/{commentReplyId}", () => {
    test("edits its author's body, reacts, and `resolved` resolves the comment", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Fix?");
      const at = `${thread.base}/${comment.id}/replies`;
      const reply = (await commenter("POST", at, { body: { markdown: "Fixed" } })).body;
      const edited = await commenter("PUT", `${at}/${reply.id}`, {
        body: { markdown: "Fixed in 1.2" },
        addedReactions: ["✅"],
        resolved: true,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        object: "comment-reply",
        body: { markdown: "Fixed in 1.2" },
        editedAt: expect.any(String),
        reactions: [{ emoji: "✅", count: 1 }],
      });
      expect((await api("GET", `${thread.base}/${comment.id}`)).body).toMatchObject({
        status: "resolved",
        resolvedBy: { email: "cora@example.com" },
      });
      expect(await openCount(thread)).toBe(0);
    });

    test("another's body is a 403, a reader's PUT a 403, an unknown reply a 404", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Fix?");
      const at = `${thread.base}/${comment.id}/replies`;
      const reply = (await commenter("POST", at, { body: { markdown: "Kept" } })).body;
      expect((await api("PUT", `${at}/${reply.id}`, { body: { markdown: "No" } })).status).toBe(
        403,
      );
      expect((await reader("PUT", `${at}/${reply.id}`, { addedReactions: ["👍"] })).status).toBe(
        403,
      );
      expect((await api("PUT", `${at}/nope`, { addedReactions: ["👍"] })).status).toBe(404);
      const bad = await api("PUT", `${at}/${reply.id}`, { body: { markdown: 5 } });
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toContain("body");
      expect((await api("GET", `${at}/${reply.id}`)).body).toMatchObject({
        body: { markdown: "Kept" },
        reactions: [],
      });
    });
  });

  describe("DELETE .../comments/{commentId}/replies/{commentReplyId}", () => {
    test("deletes the reply (205, then 204 once gone), and the count follows", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Q");
      const at = `${thread.base}/${comment.id}/replies`;
      const reply = (await commenter("POST", at, { body: {} })).body;
      const deleted = await commenter("DELETE", `${at}/${reply.id}`);
      expect(deleted.status).toBe(205);
      expect(deleted.text).toBe("");
      expect((await commenter("DELETE", `${at}/${reply.id}`)).status).toBe(204);
      expect((await api("GET", `${at}/${reply.id}`)).status).toBe(404);
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.replies).toBe(0);
    });

    test("another person's reply needs review (403 for an editor)", async () => {
      const thread = await newThread();
      const comment = await post(api, thread, "Q");
      const at = `${thread.base}/${comment.id}/replies`;
      const reply = (await commenter("POST", at, { body: {} })).body;
      expect((await editor("DELETE", `${at}/${reply.id}`)).status).toBe(403);
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.replies).toBe(1);
      expect((await reviewer("DELETE", `${at}/${reply.id}`)).status).toBe(205);
      expect((await api("GET", `${thread.base}/${comment.id}`)).body.replies).toBe(0);
    });
  });

  describe("GET .../commenters", () => {
    test("lists the members who posted comments or replies, first to post first", async () => {
      const thread = await newThread();
      const first = await post(editor, thread, "1");
      await post(api, thread, "2");
      await commenter("POST", `${thread.base}/${first.id}/replies`, { body: {} });
      await post(editor, thread, "3");
      const commenters = await reader("GET", `${thread.root}/commenters`);
      expect(commenters.status).toBe(200);
      expect(commenters.body.count).toBe(3);
      expect(commenters.body.items.map((m) => (m.user as ApiBody).email)).toEqual([
        "ada@example.com",
        "admin@example.com",
        "cora@example.com",
      ]);
      expect(commenters.body.items[0]).toMatchObject({ object: "member", role: "edit" });
      const walked = await walk(`${thread.root}/commenters`, 2);
      expect(walked.map((m) => (m.user as ApiBody).email)).toEqual([
        "ada@example.com",
        "admin@example.com",
        "cora@example.com",
      ]);
      expect((await foreign("GET", `${thread.root}/commenters`)).status).toBe(404);
    });
  });
});

describe("the two kinds of thread", () => {
  test("a space's comments and its change requests' are kept apart, and counted apart", async () => {
    const thread = await changeRequestThread();
    const space = `/v1/spaces/${thread.spaceId}`;
    const onSpace = await post(api, { ...thread, base: `${space}/comments` }, "On the space");
    const onCr = await post(api, thread, "On the change request");
    expect((await api("GET", `${space}/comments`)).body.items.map((c) => c.id)).toEqual([
      onSpace.id,
    ]);
    expect((await api("GET", thread.base)).body.items.map((c) => c.id)).toEqual([onCr.id]);
    expect((await api("GET", `${thread.base}/${onSpace.id}`)).status).toBe(404);
    expect((await api("GET", `${space}/comments/${onCr.id}`)).status).toBe(404);
    expect((await api("GET", space)).body.comments).toBe(1);
    expect((await api("GET", thread.root)).body.comments).toBe(1);
  });

  test("a page only the change request holds takes comments there, not on the space", async () => {
    const thread = await changeRequestThread();
    const draftPage = thread.pages[1];
    expect((await post(api, thread, "New page", draftPage)).target).toMatchObject({
      page: { id: draftPage },
    });
    const onSpace = await api("POST", `/v1/spaces/${thread.spaceId}/comments`, {
      body: {},
      page: draftPage,
    });
    expect(onSpace.status).toBe(400);
    expect(errorOf(onSpace)).toMatch(/^page/);
  });

  test("an unknown change request is a 404 for every comment operation", async () => {
    const thread = await changeRequestThread();
    const missing = `/v1/spaces/${thread.spaceId}/change-requests/99`;
    expect((await api("GET", `${missing}/comments`)).status).toBe(404);
    expect((await api("POST", `${missing}/comments`, { body: {} })).status).toBe(404);
    expect((await api("GET", `${missing}/commenters`)).status).toBe(404);
    expect((await api("DELETE", `${missing}/comments/x`)).status).toBe(404);
  });
});
