import {
  adminClient,
  apiClient,
  createTestEmulator,
  seedContent,
  seedRoles,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

/**
 * Issue 23: what a member below admin, or a guest, must not read. Share keys are the site
 * admin's (listing share links needs admin, §4.11), and a guest reaches no space
 * (docs/api-decisions.md, "Member sites, spaces, teams counts").
 */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let roles: RoleClients;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  roles = await seedRoles(t, "exposure");
});
afterAll(() => t.close());

const org = () => `/v1/orgs/${t.organizationId}`;

describe("share keys", () => {
  let siteId: string;
  let spaceId: string;
  let key: string;

  beforeAll(async () => {
    const space = await api("POST", `${org()}/spaces`, { title: "Keyed" });
    spaceId = space.body.id;
    const site = await api("POST", `${org()}/sites`, { title: "Keyed site" });
    siteId = site.body.id;
    const base = `${org()}/sites/${siteId}`;
    expect((await api("PATCH", base, { visibility: "share-link" })).status).toBe(200);
    expect((await api("POST", `${base}/site-spaces`, { spaceId })).status).toBe(201);
    expect((await api("POST", `${base}/share-links`, { name: "Readers" })).status).toBe(201);
    expect((await api("POST", `${base}/publish`)).status).toBeLessThan(300);
    const links = await api("GET", `${base}/share-links`);
    key = new URL((links.body.items[0]!.urls as { published: string }).published).searchParams.get(
      "share",
    )!;
    expect(key.length).toBeGreaterThan(10);
  });

  const published = (body: Record<string, unknown>) =>
    (body.urls as { published?: string } | undefined)?.published;

  test("an admin, who may list the links, gets keyed published URLs", async () => {
    const site = await api("GET", `${org()}/sites/${siteId}`);
    expect(published(site.body)).toContain(`share=${key}`);
    const space = await api("GET", `/v1/spaces/${spaceId}`);
    expect(published(space.body)).toContain(`share=${key}`);
  });

  test("a member below admin gets the published URLs without the key, on sites, site spaces and spaces", async () => {
    const base = `${org()}/sites/${siteId}`;
    expect((await roles.editor("GET", `${base}/share-links`)).status).toBe(403);
    for (const caller of [roles.editor, roles.reader]) {
      const site = await caller("GET", base);
      expect(site.status).toBe(200);
      expect(published(site.body)).toBeDefined();
      const siteSpaces = await caller("GET", `${base}/site-spaces`);
      const space = await caller("GET", `/v1/spaces/${spaceId}`);
      const spaces = await caller("GET", `${org()}/spaces`);
      const sites = await caller("GET", `${org()}/sites`);
      for (const text of [site.text, siteSpaces.text, space.text, spaces.text, sites.text])
        expect(text).not.toContain(key);
      // Passing the key in the query reveals nothing either: whether it is active is not said.
      const probed = await caller("GET", `${base}?shareKey=${key}`);
      expect(probed.text).not.toContain(key);
    }
  });
});

describe("guests", () => {
  let guest: ReturnType<typeof apiClient>;
  let spaceId: string;

  beforeAll(async () => {
    const seeded = await adminClient(t)("POST", "/seed", {
      users: [{ displayName: "Gus Guest", email: "gus@example.com" }],
      members: [{ organization: t.organizationId, user: "gus@example.com", role: null }],
      tokens: [{ token: "exposure-guest-token", user: "gus@example.com" }],
    });
    expect(seeded.status).toBe(201);
    guest = apiClient(t.url, "exposure-guest-token", t.fetch);
    spaceId = (await api("POST", `${org()}/spaces`, { title: "Private notes" })).body.id;
    await seedContent(t, `/spaces/${spaceId}/content`, {
      pages: [{ title: "Secret plans", markdown: "# Secret plans\n\nThe launch is on Friday." }],
    });
  });

  test("a guest reads no space's content: pages, files, search and comments are 403", async () => {
    const pages = await api("GET", `/v1/spaces/${spaceId}/content/pages`);
    expect(pages.status).toBe(200);
    const pageId = (pages.body.pages as { id: string }[])[0]!.id;
    for (const path of [
      `/v1/spaces/${spaceId}/content`,
      `/v1/spaces/${spaceId}/content/pages`,
      `/v1/spaces/${spaceId}/content/page/${pageId}`,
      `/v1/spaces/${spaceId}/content/files`,
      `/v1/spaces/${spaceId}/search?query=launch`,
      `${org()}/search?query=launch`,
    ]) {
      const res = await guest("GET", path);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.text).not.toContain("Friday");
    }
  });

  test("a guest reads neither a change request's content nor a space's comments", async () => {
    const cr = await api("POST", `/v1/spaces/${spaceId}/change-requests`, { subject: "Plans" });
    expect(cr.status).toBe(201);
    for (const path of [
      `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content/pages`,
      `/v1/spaces/${spaceId}/comments`,
      `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/comments`,
    ]) {
      const res = await guest("GET", path);
      expect([path, res.status]).toEqual([path, 403]);
    }
  });

  test("the same reads work for a member with the read role", async () => {
    const res = await roles.reader("GET", `/v1/spaces/${spaceId}/content/pages`);
    expect(res.status).toBe(200);
  });
});
