import {
  adminClient,
  apiClient,
  createTestEmulator,
  seedRoles,
  seedSeparateOrganization,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

let t: TestEmulator;
let call: ReturnType<typeof apiClient>;
let roles: RoleClients;
let sites: string;
let site: string;

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "mcp");
  sites = `/v1/orgs/${t.organizationId}/sites`;
  site = (await call("POST", sites, { title: "Docs" })).body.id;
});
afterAll(() => t.close());

const servers = () => `${sites}/${site}/mcp-servers`;
const SECRET = "Bearer s3cr3t-mcp-token-0123456789";

describe("site MCP servers", () => {
  test("create answers 201 with the server (transport sse by default), get and list find it", async () => {
    const created = await call("POST", servers(), {
      name: "Search",
      url: "https://mcp.example.com/sse",
      headers: { Authorization: SECRET },
      condition: "visitor.claims.plan == 'pro'",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "site-mcp-server",
      name: "Search",
      url: "https://mcp.example.com/sse",
      transport: "sse",
      headers: { Authorization: SECRET },
      condition: "visitor.claims.plan == 'pro'",
    });
    expect((created.body.urls as { location: string }).location).toBe(
      `${t.url}${servers()}/${created.body.id}`,
    );
    const got = await call("GET", `${servers()}/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    const list = await call("GET", servers());
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(created.body);
    expect(list.body.count).toBe(list.body.items.length);
  });

  test("PATCH changes only what it sends; headers replace the set; condition null removes it", async () => {
    const created = await call("POST", servers(), {
      name: "Tickets",
      url: "https://tickets.example/mcp",
      transport: "http",
      headers: { "X-Api-Key": "k1", "X-Team": "docs" },
      condition: "true",
    });
    const path = `${servers()}/${created.body.id}`;
    const renamed = await call("PATCH", path, { name: "Tickets v2" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, name: "Tickets v2" });
    const rekeyed = await call("PATCH", path, { headers: { "X-Api-Key": "k2" }, condition: null });
    expect(rekeyed.body.headers).toEqual({ "X-Api-Key": "k2" });
    expect(rekeyed.body.condition).toBeUndefined();
    expect(rekeyed.body.transport).toBe("http");
    expect((await call("GET", path)).body).toEqual(rekeyed.body);
  });

  test("delete answers 205, then 204; a deleted server is 404", async () => {
    const created = await call("POST", servers(), {
      name: "Gone",
      url: "https://gone.example/mcp",
      headers: {},
    });
    const path = `${servers()}/${created.body.id}`;
    expect((await call("DELETE", path)).status).toBe(205);
    expect((await call("DELETE", path)).status).toBe(204);
    expect((await call("GET", path)).status).toBe(404);
    expect((await call("PATCH", path, { name: "Back" })).status).toBe(404);
  });

  test("the hosted limits are 400 naming the field, never echoing a header value", async () => {
    const body = { name: "Ok", url: "https://ok.example/mcp", headers: { A: "b" } };
    const bad = async (patch: Record<string, unknown>) => {
      const res = await call("POST", servers(), { ...body, ...patch });
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await bad({ name: "" })).toContain("name");
    expect(await bad({ name: "n".repeat(101) })).toContain("name");
    expect(await bad({ url: "ftp://ok.example/mcp" })).toContain("url");
    expect(await bad({ url: `https://ok.example/${"a".repeat(2048)}` })).toContain("url");
    expect(await bad({ transport: "websocket" })).toContain("transport");
    expect(await bad({ headers: undefined })).toContain("headers");
    const long = `${SECRET}${"x".repeat(512)}`;
    const tooLong = await bad({ headers: { Authorization: long } });
    expect(tooLong).toContain("Authorization");
    expect(tooLong).not.toContain(SECRET);
    expect(await bad({ headers: { Authorization: "" } })).toContain("Authorization");
    expect(await bad({ headers: { "Bad Name": "v" } })).toContain("headers");
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-H${i}`, "v"]));
    expect(await bad({ headers: many })).toContain("headers");
    expect(await bad({ condition: "c".repeat(1025) })).toContain("condition");
  });

  test("members read; writes are the site admin's; another tenant sees 404", async () => {
    const body = { name: "Roles", url: "https://roles.example/mcp", headers: {} };
    expect((await roles.reader("GET", servers())).status).toBe(200);
    expect((await roles.editor("POST", servers(), body)).status).toBe(403);
    const created = await call("POST", servers(), body);
    const path = `${servers()}/${created.body.id}`;
    expect((await roles.reader("GET", path)).status).toBe(200);
    expect((await roles.editor("PATCH", path, { name: "x" })).status).toBe(403);
    expect((await roles.editor("DELETE", path)).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", path)).status).toBe(404);
    expect((await other("GET", servers())).status).toBe(404);
    expect((await other("DELETE", path)).status).toBe(404);
    expect((await call("GET", path)).status).toBe(200);
  });

  test("header values are never in the request log, parsed or refused", async () => {
    await call("POST", servers(), {
      name: "Logged",
      url: "https://logged.example/mcp",
      headers: { Authorization: SECRET },
    });
    // Refused (an empty name), so kept as the text received.
    const refused = await call("POST", servers(), {
      name: "",
      url: "https://logged.example/mcp",
      headers: { Authorization: SECRET },
    });
    expect(refused.status).toBe(400);
    const log = await adminClient(t)("GET", "/requests");
    expect(log.status).toBe(200);
    expect(log.text).toContain("/mcp-servers");
    expect(log.text).toContain("Authorization");
    expect(log.text).not.toContain("s3cr3t-mcp-token");
  });

  test("the site's app page names each server's headers, never their values", async () => {
    await call("POST", servers(), {
      name: "Shown",
      url: "https://shown.example/mcp",
      headers: { "X-Shown-Key": SECRET },
    });
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const res = await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<table id="mcp-servers">');
    expect(html).toContain("<code>https://shown.example/mcp</code>");
    expect(html).toContain("X-Shown-Key");
    expect(html).not.toContain("s3cr3t-mcp-token");
  });
});
