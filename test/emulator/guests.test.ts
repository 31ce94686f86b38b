import { routeGroups } from "../../emulator/index";
import { fullPath } from "../../emulator/http/openapi";
import {
  adminClient,
  apiClient,
  type ApiBody,
  createTestEmulator,
  seedContent,
  type TestEmulator,
} from "../support/emulator";
import { until } from "../support/harness-cli";

/**
 * Issue 32, item 3: a guest (a member whose organization role is `null`) sees exactly what its
 * grants reach (docs/api-decisions.md, "Guests"). Every GET of the workspace API is called, as
 * the route table declares it, by a guest with no grant: none answers the organization's data.
 * Organization-wide lists answer a guest only what its grants reach.
 */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let gus: ReturnType<typeof apiClient>;
let sam: ReturnType<typeof apiClient>;
/** A value for every path parameter: the organization's hidden objects. */
const ids: Record<string, string> = {};
/** What no guest without a grant may read: every hidden object's title holds it. */
const HIDDEN = /hidden/i;
/** The e-mail of a member with a role: a guest does not list the organization's people. */
const MEMBER_EMAIL = "margaret@example.com";

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0 });
  api = apiClient(t.url, t.token, t.fetch);
  const org = `/v1/orgs/${t.organizationId}`;
  const made = async (method: string, path: string, body?: unknown) => {
    const res = await api(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  ids.organizationId = t.organizationId;
  ids.emailDomain = "example.com";
  ids.collectionId = (await made("POST", `${org}/collections`, { title: "Hidden shelf" })).id;
  ids.spaceId = (
    await made("POST", `${org}/spaces`, { title: "Hidden plans", parent: ids.collectionId })
  ).id;
  await seedContent(t, `/spaces/${ids.spaceId}/content`, {
    pages: [
      { title: "Hidden page", markdown: "# Hidden page\n\n[Hidden link](https://a.example)" },
    ],
    files: [{ name: "hidden.txt", contentType: "text/plain", base64: "aGlkZGVu" }],
  });
  const pages = await made("GET", `/v1/spaces/${ids.spaceId}/content/pages`);
  ids.pageId = (pages.pages as ApiBody[])[0]!.id;
  const files = await made("GET", `/v1/spaces/${ids.spaceId}/content/files`);
  ids.fileId = (files.items as ApiBody[])[0]!.id;
  ids.changeRequestId = (
    await made("POST", `/v1/spaces/${ids.spaceId}/change-requests`, { subject: "Hidden change" })
  ).id;
  const comment = await made("POST", `/v1/spaces/${ids.spaceId}/comments`, {
    body: { markdown: "Hidden comment" },
  });
  ids.commentId = comment.id;
  ids.commentReplyId = (
    await made("POST", `/v1/spaces/${ids.spaceId}/comments/${comment.id}/replies`, {
      body: { markdown: "Hidden reply" },
    })
  ).id;
  ids.siteId = (await made("POST", `${org}/sites`, { title: "Hidden site" })).id;
  const site = `${org}/sites/${ids.siteId}`;
  ids.siteSpaceId = (await made("POST", `${site}/site-spaces`, { spaceId: ids.spaceId })).id;
  await made("POST", `${site}/redirects`, {
    source: "/hidden-redirect",
    destination: { kind: "external", url: "https://hidden.example" },
  });
  ids.teamId = (await made("PUT", `${org}/teams`, { title: "Hidden team" })).id;
  ids.specSlug = "hidden-spec";
  await made("POST", `${org}/openapi`, {
    slug: ids.specSlug,
    source: { text: '{"openapi":"3.1.0","info":{"title":"Hidden API","version":"1"}}' },
  });
  const versions = await until("the spec to be processed", async () => {
    const res = await api("GET", `${org}/openapi/${ids.specSlug}/versions`);
    return (res.body.items as ApiBody[] | undefined)?.[0];
  });
  ids.versionId = versions.id;
  await made("PUT", `${org}/translations-glossary`, {
    operations: [{ type: "insert", translations: { en: "Hiddenword", fr: "Motcaché" } }],
  });
  const glossary = await made("GET", `${org}/translations-glossary`);
  ids.glossaryEntryId = (glossary.items as ApiBody[])[0]!.id;
  await api("POST", `/v1/spaces/${ids.spaceId}/git/import`, {
    url: "http://127.0.0.1:9/hidden-repo.git",
    ref: "refs/heads/main",
  });

  // Gus: a guest with no grant. Sam: a guest given `read` on one space and on one site.
  const seeded = await adminClient(t)("POST", "/seed", {
    users: [
      { displayName: "Gus Guest", email: "gus@guests.example" },
      { displayName: "Sam Shared", email: "sam@guests.example" },
    ],
    members: [
      { organization: t.organizationId, user: "gus@guests.example", role: null },
      { organization: t.organizationId, user: "sam@guests.example", role: null },
    ],
    tokens: [
      { token: "guests-gus-token", user: "gus@guests.example" },
      { token: "guests-sam-token", user: "sam@guests.example" },
    ],
  });
  expect(seeded.status).toBe(201);
  const samId = (seeded.body.users as string[])[1]!;
  ids.userId = samId;
  ids.sharedSpace = (await made("POST", `${org}/spaces`, { title: "Shared notes" })).id;
  ids.sharedSite = (await made("POST", `${org}/sites`, { title: "Shared site" })).id;
  await made("POST", `/v1/spaces/${ids.sharedSpace}/permissions`, {
    role: "read",
    users: [samId],
  });
  await made("POST", `${org}/sites/${ids.sharedSite}/permissions`, {
    role: "read",
    users: [samId],
  });
  gus = apiClient(t.url, "guests-gus-token", t.fetch);
  sam = apiClient(t.url, "guests-sam-token", t.fetch);
});
afterAll(() => t.close());

/** Every GET of the workspace API, its parameters filled with the hidden objects. */
function everyGet(): string[] {
  return routeGroups()
    .filter((g) => g.prefix === "/v1")
    .flatMap((g) => g.routes as readonly { method: string; path: string }[])
    .filter((route) => route.method === "get")
    .map((route) =>
      fullPath("/v1", route.path).replace(/\{(\w+)\+?\}/g, (_all, name: string) =>
        encodeURIComponent(ids[name] ?? `no-${name}`),
      ),
    );
}

test("every GET of the route table answers a guest with no grant none of the organization's data", async () => {
  const paths = everyGet();
  expect(paths.length).toBeGreaterThan(80);
  // As an admin, these reads do show the hidden objects: the check below can fail.
  const shownToAdmin: string[] = [];
  const leaks: [string, number][] = [];
  for (const path of paths) {
    const query = path.endsWith("/redirect") ? "?source=/hidden-redirect" : "";
    const res = await gus("GET", `${path}${query}`);
    if (res.status < 300 && (HIDDEN.test(res.text) || res.text.includes(MEMBER_EMAIL)))
      leaks.push([path, res.status]);
    const admin = await api("GET", `${path}${query}`);
    if (HIDDEN.test(admin.text)) shownToAdmin.push(path);
  }
  expect(leaks).toEqual([]);
  expect(shownToAdmin.length).toBeGreaterThan(30);
});

test("a guest's organization-wide lists hold only what its grants reach; a space or site outside them is 403", async () => {
  const org = `/v1/orgs/${t.organizationId}`;
  const titles = async (client: typeof api, path: string) => {
    const res = await client("GET", path);
    expect([path, res.status]).toEqual([path, 200]);
    return { count: res.body.count, titles: (res.body.items as ApiBody[]).map((i) => i.title) };
  };
  expect(await titles(gus, `${org}/spaces`)).toEqual({ count: 0, titles: [] });
  expect(await titles(gus, `${org}/sites`)).toEqual({ count: 0, titles: [] });
  expect(await titles(gus, `${org}/collections`)).toEqual({ count: 0, titles: [] });
  expect(await titles(sam, `${org}/spaces`)).toEqual({ count: 1, titles: ["Shared notes"] });
  expect(await titles(sam, `${org}/sites`)).toEqual({ count: 1, titles: ["Shared site"] });
  // Pages of one: the count is the guest's, and the cursor leads nowhere past it.
  const first = await sam("GET", `${org}/spaces?limit=1`);
  expect([first.body.count, first.body.next]).toEqual([1, undefined]);
  expect((await sam("GET", `/v1/spaces/${ids.sharedSpace}`)).status).toBe(200);
  for (const path of [
    `/v1/spaces/${ids.spaceId}`,
    `${org}/sites/${ids.siteId}`,
    `/v1/collections/${ids.collectionId}`,
    `${org}/openapi`,
    `${org}/translations-glossary`,
    `${org}/members`,
  ])
    expect([path, (await sam("GET", path)).status]).toEqual([path, 403]);
  // The organization itself is the guest's to read.
  expect((await gus("GET", org)).status).toBe(200);
  expect((await gus("GET", "/v1/orgs")).body.count).toBeGreaterThan(0);
  // A member with a role still lists everything.
  const all = await titles(api, `${org}/spaces`);
  expect(all.titles).toEqual(expect.arrayContaining(["Hidden plans", "Shared notes"]));
});
