import {
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
  roles = await seedRoles(t, "agent");
  sites = `/v1/orgs/${t.organizationId}/sites`;
  site = (await call("POST", sites, { title: "Docs" })).body.id;
});
afterAll(() => t.close());

const settings = (id = site) => `${sites}/${id}/agent-settings`;
const paragraph = (text: string) => ({
  object: "block",
  type: "paragraph",
  data: {},
  nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
});
const body = (text: string) => ({
  scans: { topics: "never" },
  findings: { changeRequests: "auto-fixable" },
  editing: { customInstructions: { object: "document", data: {}, nodes: [paragraph(text)] } },
});

describe("site agent settings", () => {
  test("a site nobody configured answers the defaults, with no author or time", async () => {
    const other = (await call("POST", sites, { title: "Fresh" })).body.id as string;
    const got = await call("GET", settings(other));
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      object: "site-agent-settings",
      urls: { location: `/v1/orgs/${t.organizationId}/sites/${other}/agent-settings` },
      scans: { topics: "auto" },
      findings: { changeRequests: "never" },
      editing: { customInstructions: { object: "document", data: {}, nodes: [] } },
    });
  });

  test("PUT replaces them whole and says who wrote them; GET reads the same back", async () => {
    const put = await call("PUT", settings(), body("Write in the second person."));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject(body("Write in the second person."));
    // The writer is a member of the organization, by user id.
    const members = (await call("GET", `/v1/orgs/${t.organizationId}/members`)).body.items;
    expect(members.map((m: { id: string }) => m.id)).toContain(put.body.updatedBy);
    expect(Date.parse(put.body.updatedAt as string)).not.toBeNaN();
    expect((await call("GET", settings())).body).toEqual(put.body);
  });

  test("a PUT missing a part, or with a value outside the enum, is refused naming it", async () => {
    const { editing: _editing, ...partial } = body("x");
    const missing = await call("PUT", settings(), partial);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("editing");
    const wrong = await call("PUT", settings(), { ...body("x"), scans: { topics: "weekly" } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("scans.topics");
    const notDocument = await call("PUT", settings(), {
      ...body("x"),
      editing: { customInstructions: "plain text" },
    });
    expect(notDocument.status).toBe(400);
    expect(notDocument.text).toContain("editing.customInstructions");
  });

  test("members read them; only the site's admins write them; another tenant sees 404", async () => {
    expect((await roles.reader("GET", settings())).status).toBe(200);
    expect((await roles.editor("PUT", settings(), body("no"))).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Agentless");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", settings())).status).toBe(404);
    expect((await other("PUT", settings(), body("no"))).status).toBe(404);
    const crossed = `/v1/orgs/${foreign.organizationId}/sites/${site}/agent-settings`;
    expect((await other("GET", crossed)).status).toBe(404);
  });

  test("the site's app page shows the settings and the instructions' text", async () => {
    await call("PUT", settings(), body("Prefer <short> sentences."));
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const res = await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } });
    const html = await res.text();
    expect(html).toMatch(/id="agent-settings">\s*<dt>Scans topics<\/dt>\s*<dd>never<\/dd>/);
    expect(html).toContain("<p>Prefer &lt;short&gt; sentences.</p>");
  });

  test("the settings go with their site", async () => {
    const doomed = (await call("POST", sites, { title: "Doomed" })).body.id as string;
    expect((await call("PUT", settings(doomed), body("bye"))).status).toBe(200);
    expect((await call("DELETE", `${sites}/${doomed}`)).status).toBe(205);
    expect((await call("GET", settings(doomed))).status).toBe(404);
  });
});
