import {
  apiClient,
  createTestEmulator,
  type TestEmulator,
  adminHeaders,
} from "../support/emulator";

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let foreign: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  foreign = apiClient(t.url, t.foreignToken, t.fetch);
});
afterAll(() => t.close());

describe("authentication", () => {
  test("a request without a token is 401 with the API's error body", async () => {
    const res = await apiClient(t.url, undefined, t.fetch)("GET", "/v1/orgs");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.stringMatching(/bearer/i) } });
  });

  test("an unknown token is 401", async () => {
    const res = await apiClient(
      t.url,
      "not-a-token",
      t.fetch,
    )("GET", `/v1/orgs/${t.organizationId}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 401, message: "unknown API token" });
  });

  test("a malformed Authorization header is 401", async () => {
    const res = await t.fetch(`${t.url}/v1/orgs`, {
      headers: { authorization: `Basic ${t.token}` },
    });
    expect(res.status).toBe(401);
  });

  test("an unknown route under /v1 is 404 with the error body", async () => {
    const res = await api("GET", "/v1/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });
});

describe("isolation between organizations", () => {
  test("another organization answers 404, not 403", async () => {
    const res = await api("GET", `/v1/orgs/${t.foreignOrganizationId}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 404,
      message: `organization ${t.foreignOrganizationId} not found`,
    });
  });

  test("the foreign user sees only its own organization", async () => {
    const res = await foreign("GET", "/v1/orgs");
    expect(res.body.count).toBe(1);
    expect(res.body.items.map((o) => o.id)).toEqual([t.foreignOrganizationId]);
  });

  test("another organization's collection and space answer 404 on every operation", async () => {
    const collection = await foreign("POST", `/v1/orgs/${t.foreignOrganizationId}/collections`, {
      title: "Theirs",
    });
    const space = await foreign("POST", `/v1/orgs/${t.foreignOrganizationId}/spaces`, {
      title: "Theirs",
    });
    expect(collection.status).toBe(201);
    expect(space.status).toBe(201);
    const c = collection.body.id;
    const s = space.body.id;
    const attempts: [string, string, unknown?][] = [
      ["GET", `/v1/collections/${c}`],
      ["PATCH", `/v1/collections/${c}`, { title: "Mine" }],
      ["GET", `/v1/collections/${c}/spaces`],
      ["POST", `/v1/collections/${c}/move`, { parent: null }],
      ["POST", `/v1/collections/${c}/transfer`, { organization: t.organizationId }],
      ["GET", `/v1/spaces/${s}`],
      ["PATCH", `/v1/spaces/${s}`, { title: "Mine" }],
      ["POST", `/v1/spaces/${s}/duplicate`],
      ["POST", `/v1/spaces/${s}/restore`],
      ["POST", `/v1/spaces/${s}/move`, { parent: null }],
      ["POST", `/v1/spaces/${s}/transfer`, { organization: t.organizationId }],
      ["GET", `/v1/orgs/${t.foreignOrganizationId}/spaces`],
      ["GET", `/v1/orgs/${t.foreignOrganizationId}/collections`],
      ["POST", `/v1/orgs/${t.foreignOrganizationId}/spaces`, {}],
      ["PATCH", `/v1/orgs/${t.foreignOrganizationId}`, { title: "Mine" }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await api(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    // A DELETE of their objects is the 204 of an absent target, and leaves them in place.
    expect((await api("DELETE", `/v1/spaces/${s}`)).status).toBe(204);
    expect((await api("DELETE", `/v1/collections/${c}`)).status).toBe(204);
    expect((await foreign("GET", `/v1/spaces/${s}`)).status).toBe(200);
    expect((await foreign("GET", `/v1/collections/${c}`)).status).toBe(200);
  });

  test("a transfer into an organization the caller is not in answers 404", async () => {
    const space = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Mine" });
    const res = await api("POST", `/v1/spaces/${space.body.id}/transfer`, {
      organization: t.foreignOrganizationId,
    });
    expect(res.status).toBe(404);
    expect((await api("GET", `/v1/spaces/${space.body.id}`)).body.organization).toBe(
      t.organizationId,
    );
  });

  test("a member below the create role is refused writes with 403", async () => {
    const reader = "reader-token-0001";
    const seeded = await t.fetch(`${t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(t.adminToken, true),
      body: JSON.stringify({
        users: [{ displayName: "Reader", email: "reader@example.com" }],
        members: [{ organization: t.organizationId, user: "reader@example.com", role: "read" }],
        tokens: [{ token: reader, user: "reader@example.com" }],
      }),
    });
    expect(seeded.status).toBe(201);
    const asReader = apiClient(t.url, reader, t.fetch);
    expect((await asReader("GET", `/v1/orgs/${t.organizationId}/spaces`)).status).toBe(200);
    const res = await asReader("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "No" });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/create role/);
    expect((await asReader("PATCH", `/v1/orgs/${t.organizationId}`, { ai: true })).status).toBe(
      403,
    );
  });
});
