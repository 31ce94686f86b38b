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

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "chan");
  sites = `/v1/orgs/${t.organizationId}/sites`;
});
afterAll(() => t.close());

/** A new site's channels path: each test its own site, as a site has one channel of a type. */
async function channelsOfNewSite(): Promise<string> {
  const site = (await call("POST", sites, { title: "Docs" })).body.id as string;
  return `${sites}/${site}/channels`;
}

const slack = { type: "builtin:slack", setupSettings: { allowedChannels: ["support-*"] } };

describe("site channels", () => {
  test("create answers 201 with the channel, its status and answers computed; get and list find it", async () => {
    const channels = await channelsOfNewSite();
    const created = await call("POST", channels, slack);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "site-channel",
      ...slack,
      role: "support",
      status: "active",
      answers: 0,
    });
    expect((created.body.urls as { location: string }).location).toBe(
      `${t.url}${channels}/${created.body.id}`,
    );
    expect((await call("GET", `${channels}/${created.body.id}`)).body).toEqual(created.body);
    const list = await call("GET", channels);
    expect(list.body).toMatchObject({ count: 1, items: [created.body] });
  });

  test("one channel of each type per site: a second is 409, another type is fine", async () => {
    const channels = await channelsOfNewSite();
    expect((await call("POST", channels, slack)).status).toBe(201);
    const again = await call("POST", channels, { ...slack, role: "collaborator" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("builtin:slack");
    const github = await call("POST", channels, {
      type: "builtin:github",
      setupSettings: { allowedRepositories: ["acme/*"] },
      role: "collaborator",
    });
    expect(github.status).toBe(201);
    expect(github.body.role).toBe("collaborator");
  });

  test("PATCH takes a role alone or a whole setup of the same type; a type change is 400", async () => {
    const channels = await channelsOfNewSite();
    const created = await call("POST", channels, {
      type: "builtin:linear",
      setupSettings: { allowedTeams: ["ENG"] },
    });
    const path = `${channels}/${created.body.id}`;
    const role = await call("PATCH", path, { role: "collaborator" });
    expect(role.status).toBe(200);
    expect(role.body).toEqual({ ...created.body, role: "collaborator" });
    const setup = await call("PATCH", path, {
      type: "builtin:linear",
      setupSettings: { allowedTeams: [] },
    });
    expect(setup.body).toMatchObject({ setupSettings: { allowedTeams: [] }, role: "collaborator" });
    const moved = await call("PATCH", path, slack);
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toContain("type");
    expect((await call("GET", path)).body).toEqual(setup.body);
  });

  test("the hosted setup forms are enforced: 400 naming the field", async () => {
    const channels = await channelsOfNewSite();
    const bad = async (body: unknown) => {
      const res = await call("POST", channels, body);
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };
    expect(await bad({ type: "builtin:teams", setupSettings: {} })).toContain("type");
    expect(await bad({ type: "builtin:slack" })).toContain("setupSettings");
    expect(
      await bad({ type: "builtin:slack", setupSettings: { allowedChannels: ["#general"] } }),
    ).toContain("allowedChannels");
    expect(
      await bad({ type: "builtin:github", setupSettings: { allowedRepositories: ["no-owner"] } }),
    ).toContain("allowedRepositories");
    expect(
      await bad({ type: "builtin:github", setupSettings: { allowedChannels: ["x"] } }),
    ).toContain("allowedChannels");
    const many = Array.from({ length: 101 }, (_, i) => `c${i}`);
    expect(
      await bad({ type: "builtin:discord", setupSettings: { allowedChannels: many } }),
    ).toContain("allowedChannels");
    expect(await bad({ ...slack, role: "owner" })).toContain("role");
    expect((await call("GET", channels)).body.count).toBe(0);
  });

  test("delete answers 205, then 204; the type is free again", async () => {
    const channels = await channelsOfNewSite();
    const created = await call("POST", channels, slack);
    const path = `${channels}/${created.body.id}`;
    expect((await call("DELETE", path)).status).toBe(205);
    expect((await call("DELETE", path)).status).toBe(204);
    expect((await call("GET", path)).status).toBe(404);
    expect((await call("POST", channels, slack)).status).toBe(201);
  });

  test("members read; writes are the site admin's; another tenant sees 404", async () => {
    const channels = await channelsOfNewSite();
    expect((await roles.reader("GET", channels)).status).toBe(200);
    expect((await roles.editor("POST", channels, slack)).status).toBe(403);
    const created = await call("POST", channels, slack);
    const path = `${channels}/${created.body.id}`;
    expect((await roles.reader("GET", path)).status).toBe(200);
    expect((await roles.editor("PATCH", path, { role: "collaborator" })).status).toBe(403);
    expect((await roles.editor("DELETE", path)).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", path)).status).toBe(404);
    expect((await other("DELETE", path)).status).toBe(404);
    expect((await call("GET", path)).body).toEqual(created.body);
  });

  test("the site's app page lists each channel's type, role and what it allows", async () => {
    const channels = await channelsOfNewSite();
    await call("POST", channels, { ...slack, role: "collaborator" });
    const site = channels.split("/")[5]!;
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const res = await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(
      /<table id="channels">[\s\S]*builtin:slack<\/td>\s*<td>collaborator<\/td>\s*<td>support-\*<\/td>/,
    );
  });
});
