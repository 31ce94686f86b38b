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
let org: string;
let site: string;
let space: string;

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "integrations");
  org = `/v1/orgs/${t.organizationId}`;
  site = (await call("POST", `${org}/sites`, { title: "Docs" })).body.id;
  space = (await call("POST", `${org}/spaces`, { title: "Guides" })).body.id;
});
afterAll(() => t.close());

const WEBHOOK = "https://hooks.slack.example/services/T000/B000/s3cr3t-webhook-0123";
const WRITE_KEY = "s3cr3t-segment-write-key-4567";

/** Installs `name` in the test organization (or answers the installation it has). */
async function installed(name: string): Promise<string> {
  const res = await call("POST", `/v1/integrations/${name}/installations`, {
    organization: t.organizationId,
  });
  if (res.status === 201) return res.body.id;
  const list = await call("GET", `${org}/installations`);
  const item = list.body.items.find((i) => (i.integration as { name: string }).name === name);
  return (item!.installation as { id: string }).id;
}

describe("the catalogue", () => {
  test("lists the seeded integrations with their configuration schemas, filtered by search, category and target", async () => {
    const all = await call("GET", "/v1/integrations");
    expect(all.status).toBe(200);
    expect(all.body.items.map((i) => i.name)).toEqual([
      "slack",
      "googleanalytics",
      "segment",
      "github-sync",
    ]);
    expect(all.body.count).toBe(4);
    const slack = all.body.items[0]!;
    expect(slack).toMatchObject({ object: "integration", title: "Slack", target: "all" });
    expect(slack.configurations).toMatchObject({
      account: {
        properties: { webhook_url: { type: "string", secret: true } },
        required: ["webhook_url"],
      },
    });
    const analytics = await call("GET", "/v1/integrations?category=analytics&target=site");
    expect(analytics.body.items.map((i) => i.name)).toEqual(["googleanalytics", "segment"]);
    const search = await call("GET", "/v1/integrations?search=GIT");
    expect(search.body.items.map((i) => i.name)).toEqual(["github-sync"]);
    const paged = await call("GET", "/v1/integrations?limit=3");
    expect(paged.body.items).toHaveLength(3);
    const rest = await call("GET", `/v1/integrations?page=${paged.body.next!.page}`);
    expect(rest.body.items.map((i) => i.name)).toEqual(["github-sync"]);
  });

  test("one integration by name; an unknown name is 404; the organization's list is its admins'", async () => {
    const one = await call("GET", "/v1/integrations/segment");
    expect(one.status).toBe(200);
    expect(one.body.configurations).toMatchObject({
      site: { properties: { write_key: { secret: true } }, required: ["write_key"] },
    });
    expect((await call("GET", "/v1/integrations/nope")).status).toBe(404);
    expect((await roles.reader("GET", "/v1/integrations/segment")).status).toBe(200);
    expect((await call("GET", `${org}/integrations`)).body.count).toBe(4);
    expect((await roles.editor("GET", `${org}/integrations`)).status).toBe(403);
  });
});

describe("an organization's installation", () => {
  test("install answers 201, pending until the account configuration holds what it requires; a second install is 409", async () => {
    const res = await call("POST", "/v1/integrations/slack/installations", {
      organization: t.organizationId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "pending",
      configuration: {},
      space_selection: "selected",
      site_selection: "selected",
      spaces: 0,
      externalIds: [],
      target: { organization: t.organizationId },
    });
    const path = `/v1/integrations/slack/installations/${res.body.id}`;
    expect(res.headers.get("location")).toBe(`${t.url}${path}`);
    const again = await call("POST", "/v1/integrations/slack/installations", {
      organization: t.organizationId,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain(res.body.id);
    const patched = await call("PATCH", path, {
      configuration: { webhook_url: WEBHOOK, notify_on_publish: false },
      site_selection: "all",
      externalIds: ["T000"],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      status: "active",
      configuration: { webhook_url: WEBHOOK, notify_on_publish: false },
      site_selection: "all",
      space_selection: "selected",
      externalIds: ["T000"],
    });
    expect((await call("GET", path)).body).toEqual(patched.body);
    const list = await call("GET", `${org}/installations`);
    expect(list.body.items).toContainEqual({
      installation: patched.body,
      integration: (await call("GET", "/v1/integrations/slack")).body,
    });
  });

  test("a configuration is checked against the account schema: 400 naming the property and the rule, never the value", async () => {
    const id = await installed("slack");
    const path = `/v1/integrations/slack/installations/${id}`;
    const bad = async (configuration: Record<string, unknown>) => {
      const res = await call("PATCH", path, { configuration });
      expect(res.status).toBe(400);
      expect(res.text).not.toContain("s3cr3t");
      return res.body.error.message;
    };
    expect(await bad({ webhook_url: WEBHOOK, channel: "#x" })).toMatch(
      /configuration\.channel: .*no account configuration property channel/,
    );
    expect(await bad({ webhook_url: 42 })).toMatch(/configuration\.webhook_url: must be a string/);
    expect(await bad({ webhook_url: WEBHOOK, notify_on_publish: "yes" })).toMatch(
      /configuration\.notify_on_publish: must be a boolean/,
    );
    expect(await bad({ default_channel: "#docs" })).toMatch(
      /configuration\.webhook_url: is required/,
    );
    expect(await bad({ webhook_url: `${WEBHOOK}${"x".repeat(2048)}` })).toMatch(
      /webhook_url: must be at most 2048 characters/,
    );
    const github = await installed("github-sync");
    const gh = await call("PATCH", `/v1/integrations/github-sync/installations/${github}`, {
      configuration: { connect: true },
    });
    expect(gh.body.error.message).toMatch(/configuration\.connect: is a button/);
    const ga = await installed("googleanalytics");
    const none = await call("PATCH", `/v1/integrations/googleanalytics/installations/${ga}`, {
      configuration: { tracking_id: "G-1" },
    });
    expect(none.body.error.message).toMatch(/takes no account configuration/);
    const ext = await call("PATCH", path, { externalIds: ["1", "2", "3", "4", "5", "6"] });
    expect(ext.status).toBe(400);
    expect(ext.body.error.message).toContain("externalIds");
  });

  test("only the organization's admins install, read, change and uninstall; another tenant hears 404", async () => {
    const body = { organization: t.organizationId };
    expect(
      (await roles.editor("POST", "/v1/integrations/segment/installations", body)).status,
    ).toBe(403);
    const id = await installed("segment");
    const path = `/v1/integrations/segment/installations/${id}`;
    expect((await roles.reader("GET", path)).status).toBe(403);
    expect((await roles.editor("PATCH", path, { site_selection: "all" })).status).toBe(403);
    expect((await roles.editor("DELETE", path)).status).toBe(403);
    expect((await roles.reader("GET", `${org}/installations`)).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", path)).status).toBe(404);
    expect((await other("PATCH", path, { site_selection: "all" })).status).toBe(404);
    expect((await other("POST", "/v1/integrations/segment/installations", body)).status).toBe(404);
    expect((await other("GET", `${org}/installations`)).status).toBe(404);
    expect((await other("GET", `${path}/sites`)).status).toBe(404);
    expect((await other("DELETE", path)).status).toBe(204);
    expect((await call("GET", path)).status).toBe(200);
    // Under another integration's name the installation is not found.
    expect((await call("GET", `/v1/integrations/slack/installations/${id}`)).status).toBe(404);
  });

  test("uninstall answers 205, then 204, and removes its site and space installations", async () => {
    const id = await installed("slack");
    const path = `/v1/integrations/slack/installations/${id}`;
    expect((await call("POST", `${path}/sites`, { siteId: site })).status).toBe(201);
    expect((await call("PATCH", `${path}/spaces/${space}`, {})).status).toBe(200);
    expect((await call("DELETE", path)).status).toBe(205);
    expect((await call("DELETE", path)).status).toBe(204);
    expect((await call("GET", path)).status).toBe(404);
    expect((await call("GET", `${path}/sites/${site}`)).status).toBe(404);
    const fresh = await installed("slack");
    const sites = await call("GET", `/v1/integrations/slack/installations/${fresh}/sites`);
    expect(sites.body.items).toEqual([]);
  });
});

describe("site and space installations", () => {
  test("POST enables an installation on a site, pending until the site configuration holds what it requires", async () => {
    const id = await installed("segment");
    const base = `/v1/integrations/segment/installations/${id}/sites`;
    const res = await call("POST", base, { siteId: site });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      integration: "segment",
      installation: id,
      site,
      status: "pending",
      configuration: {},
      externalIds: [],
    });
    expect(res.headers.get("location")).toBe(`${t.url}${base}/${site}`);
    expect((await call("POST", base, { siteId: site })).status).toBe(409);
    const patched = await call("PATCH", `${base}/${site}`, {
      configuration: { write_key: WRITE_KEY, track_page_views: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      status: "active",
      configuration: { write_key: WRITE_KEY },
    });
    expect((await call("GET", `${base}/${site}`)).body).toEqual(patched.body);
    const list = await call("GET", base);
    expect(list.body).toMatchObject({ count: 1, items: [patched.body] });
    const wrong = await call("PATCH", `${base}/${site}`, { configuration: { tracking_id: "G-1" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(
      /configuration\.tracking_id: .*no site configuration property/,
    );
    expect((await call("DELETE", `${base}/${site}`)).status).toBe(205);
    expect((await call("DELETE", `${base}/${site}`)).status).toBe(204);
    expect((await call("GET", `${base}/${site}`)).status).toBe(404);
  });

  test("a site of another organization is 400 naming siteId; an integration for spaces only is refused on a site", async () => {
    const id = await installed("segment");
    const foreign = await seedSeparateOrganization(t, "Theirs");
    const other = apiClient(t.url, foreign.token, t.fetch);
    const theirs = (
      await other("POST", `/v1/orgs/${foreign.organizationId}/sites`, { title: "Theirs" })
    ).body.id;
    const res = await call("POST", `/v1/integrations/segment/installations/${id}/sites`, {
      siteId: theirs,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^siteId: /);
    expect(
      (await call("GET", `/v1/integrations/segment/installations/${id}/sites/${theirs}`)).status,
    ).toBe(404);
    const gh = await installed("github-sync");
    const onSite = await call("POST", `/v1/integrations/github-sync/installations/${gh}/sites`, {
      siteId: site,
    });
    expect(onSite.status).toBe(400);
    expect(onSite.body.error.message).toContain("its target is space");
  });

  test("a space's PATCH enables the installation on it, then changes its configuration; DELETE disables it", async () => {
    const id = await installed("github-sync");
    const base = `/v1/integrations/github-sync/installations/${id}/spaces`;
    expect((await call("GET", `${base}/${space}`)).status).toBe(404);
    const refused = await call("PATCH", `${base}/${space}`, {
      configuration: { repository: "acme/docs", branch: "main", priority: "newest" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(
      /configuration\.priority: must be one of github, gitbook/,
    );
    expect((await call("GET", `${base}/${space}`)).status).toBe(404);
    const made = await call("PATCH", `${base}/${space}`, {
      configuration: { repository: "acme/docs", branch: "main" },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ space, status: "active", installation: id });
    const installation = await call("GET", `/v1/integrations/github-sync/installations/${id}`);
    expect(installation.body.spaces).toBe(1);
    const changed = await call("PATCH", `${base}/${space}`, {
      configuration: { repository: "acme/docs", branch: "next" },
    });
    expect(changed.body.configuration).toEqual({ repository: "acme/docs", branch: "next" });
    expect((await call("GET", base)).body.items).toEqual([changed.body]);
    expect((await call("PATCH", `${base}/nope`, {})).status).toBe(404);
    const ga = await installed("googleanalytics");
    const onSpace = await call(
      "PATCH",
      `/v1/integrations/googleanalytics/installations/${ga}/spaces/${space}`,
      {},
    );
    expect(onSpace.status).toBe(400);
    expect((await call("DELETE", `${base}/${space}`)).status).toBe(205);
    expect((await call("DELETE", `${base}/${space}`)).status).toBe(204);
  });
});

describe("credentials", () => {
  test("configuration values are never in the request log; the app pages mask the secret properties", async () => {
    const id = await installed("slack");
    await call("PATCH", `/v1/integrations/slack/installations/${id}`, {
      configuration: { webhook_url: WEBHOOK, default_channel: "#shown-channel" },
    });
    const seg = await installed("segment");
    const sites = `/v1/integrations/segment/installations/${seg}/sites`;
    await call("POST", sites, { siteId: site });
    await call("PATCH", `${sites}/${site}`, { configuration: { write_key: WRITE_KEY } });
    const log = await adminClient(t)("GET", "/requests");
    expect(log.text).toContain("/installations");
    expect(log.text).toContain("webhook_url");
    expect(log.text).not.toContain("s3cr3t");
    const page = async (url: string) =>
      (await t.fetch(url, { headers: { authorization: `Bearer ${t.token}` } })).text();
    const orgPage = await page(`${t.url}/app/o/${t.organizationId}`);
    expect(orgPage).toContain('<table id="integrations">');
    expect(orgPage).toContain("#shown-channel");
    expect(orgPage).toContain("webhook_url");
    expect(orgPage).not.toContain("s3cr3t");
    const siteApp = ((await call("GET", `${org}/sites/${site}`)).body.urls as { app: string }).app;
    const sitePage = await page(siteApp);
    expect(sitePage).toContain('<table id="site-integrations">');
    expect(sitePage).toContain("write_key");
    expect(sitePage).not.toContain("s3cr3t");
  });
});
