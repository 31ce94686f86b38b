import {
  apiClient,
  createTestEmulator,
  type TestEmulator,
  adminHeaders,
} from "../support/emulator";

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeEach(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterEach(() => t.close());

const orgPath = () => `/v1/orgs/${t.organizationId}`;

describe("request log", () => {
  test("records /v1 requests in order with method, path, query, body and status", async () => {
    await t.clearRequests();
    await api("POST", `${orgPath()}/spaces`, { title: "Logged" });
    await api("GET", `${orgPath()}/spaces?limit=5`);
    await api("PATCH", orgPath(), { title: "x" });
    await t.fetch(`${t.url}/_emulator/faults`, { headers: adminHeaders(t.adminToken) }); // admin traffic is not logged
    expect(await t.requests()).toEqual([
      {
        method: "POST",
        path: `${orgPath()}/spaces`,
        query: {},
        body: { title: "Logged" },
        status: 201,
      },
      {
        method: "GET",
        path: `${orgPath()}/spaces`,
        query: { limit: "5" },
        body: null,
        status: 200,
      },
      { method: "PATCH", path: orgPath(), query: {}, body: { title: "x" }, status: 400 },
    ]);
  });

  test("clearing empties it", async () => {
    await api("GET", "/v1/orgs");
    expect((await t.requests()).length).toBeGreaterThan(0);
    await t.clearRequests();
    expect(await t.requests()).toEqual([]);
  });
});

describe("reset and seed", () => {
  test("reset empties the workspace, the log and the faults", async () => {
    await api("POST", `${orgPath()}/spaces`, {});
    await t.addFault({ path: "/v1/nothing", kind: "status", status: 500 });
    const res = await t.fetch(`${t.url}/_emulator/reset`, {
      method: "POST",
      headers: adminHeaders(t.adminToken),
    });
    expect(res.status).toBe(204);
    expect(await t.requests()).toEqual([]);
    expect(
      await (
        await t.fetch(`${t.url}/_emulator/faults`, { headers: adminHeaders(t.adminToken) })
      ).json(),
    ).toEqual({ items: [] });
    expect((await api("GET", "/v1/orgs")).status).toBe(401);
  });

  test("seed answers the created ids and gives memberships their roles", async () => {
    const res = await t.fetch(`${t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(t.adminToken, true),
      body: JSON.stringify({
        organizations: [{ id: "org-fixed", title: "Fixed", hostname: "fixed-host" }],
        users: [{ displayName: "Commenter", email: "c@example.com" }],
        members: [{ organization: "org-fixed", user: "c@example.com", role: "comment" }],
        tokens: [{ token: "commenter-token", user: "c@example.com" }],
      }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      organizations: string[];
      users: string[];
      tokens: string[];
    };
    expect(body.organizations).toEqual(["org-fixed"]);
    expect(body.users).toHaveLength(1);
    expect(body.tokens).toEqual(["commenter-token"]);
    const org = await apiClient(t.url, "commenter-token", t.fetch)("GET", "/v1/orgs/org-fixed");
    expect(org.body).toMatchObject({ hostname: "fixed-host", permissions: { admin: false } });
  });

  test("a seed that reuses an id is 409 and writes nothing", async () => {
    const post = (body: unknown) =>
      t.fetch(`${t.url}/_emulator/seed`, {
        method: "POST",
        headers: adminHeaders(t.adminToken, true),
        body: JSON.stringify(body),
      });
    const res = await post({
      organizations: [
        { id: "new-org", title: "New" },
        { id: t.organizationId, title: "Again" },
      ],
    });
    expect(res.status).toBe(409);
    const retry = await post({ organizations: [{ id: "new-org", title: "New" }] });
    expect(retry.status).toBe(201);
    expect(
      (await post({ members: [{ organization: "nope", user: "x", role: "admin" }] })).status,
    ).toBe(400);
  });
});
