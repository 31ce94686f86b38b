import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";

/** The app pages in process: what they answer, escaping and masking (the browser test reads them). */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

/** A page as a viewer logged in with `token` (the test's API token by default) sees it. */
async function page(url: string, token = t.token): Promise<{ status: number; html: string }> {
  const res = await t.fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return { status: res.status, html: await res.text() };
}

test("every urls.app the API hands out is a page", async () => {
  const org = (await api("GET", `/v1/orgs/${t.organizationId}`)).body;
  const collection = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, {})).body;
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, {})).body;
  const site = (await api("POST", `/v1/orgs/${t.organizationId}/sites`, {})).body;
  for (const object of [org, collection, space, site]) {
    const { app } = object.urls as { app: string };
    expect([app, (await page(app)).status]).toEqual([app, 200]);
  }
});

test("the emulator's root links to the app pages and the OpenAPI document", async () => {
  const { status, html } = await page(`${t.url}/`);
  expect(status).toBe(200);
  expect(html).toContain('href="/app"');
  expect(html).toContain('href="/openapi.json"');
});

test("a missing object is a 404 page, not a JSON error", async () => {
  for (const path of [
    "/o/nope",
    `/o/${t.organizationId}/c/nope`,
    `/o/${t.organizationId}/s/nope`,
    `/o/${t.organizationId}/sites/nope`,
  ]) {
    const { status, html } = await page(`${t.url}/app${path}`);
    expect([path, status]).toEqual([path, 404]);
    expect(html).toContain("<h1>Not found</h1>");
  }
});

test("titles are escaped: a title is text, never markup", async () => {
  const title = `<img src=x onerror="alert(1)">`;
  const collection = (
    await api("POST", `/v1/orgs/${t.organizationId}/collections`, { title: title.slice(0, 50) })
  ).body;
  const { html } = await page((collection.urls as { app: string }).app);
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
});

test("a share link's key is masked on the site's page", async () => {
  const site = (
    await api("POST", `/v1/orgs/${t.organizationId}/sites`, { visibility: "share-link" })
  ).body;
  const sitePath = `/v1/orgs/${t.organizationId}/sites/${site.id}`;
  const link = (await api("POST", `${sitePath}/share-links`, { name: "Readers" })).body;
  await api("POST", `${sitePath}/publish`);
  const key = new URL((link.urls as { published: string }).published).searchParams.get("share")!;
  const { html } = await page((site.urls as { app: string }).app);
  expect(html).toContain(`${key.slice(0, 4)}${"•".repeat(8)}`);
  expect(html).not.toContain(key);
  // A read that passes the key as shareKey is in the request log, masked on its page.
  await api("GET", `${sitePath}?shareKey=${key}`);
  const log = await page(`${t.url}/app/requests`, t.adminToken);
  expect(log.html).toContain(`shareKey=${key.slice(0, 4)}`);
  expect(log.html).not.toContain(key);
});

test("the request log page shows a refused body as its summary", async () => {
  await api("POST", `/v1/orgs/${t.organizationId}/spaces`, "[".repeat(100));
  const { html } = await page(`${t.url}/app/requests`, t.adminToken);
  expect(html).toContain("100 bytes, nested too deep:");
});

test("a hidden site space is marked on the site's page and left out of its preview", async () => {
  const site = (await api("POST", `/v1/orgs/${t.organizationId}/sites`, { title: "Navigation" }))
    .body;
  const sitePath = `/v1/orgs/${t.organizationId}/sites/${site.id as string}`;
  const shown = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Shown" })).body;
  const tucked = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Tucked" }))
    .body;
  await api("POST", `${sitePath}/site-spaces`, { spaceId: shown.id });
  const link = (await api("POST", `${sitePath}/site-spaces`, { spaceId: tucked.id })).body;
  await api("PATCH", `${sitePath}/site-spaces/${link.id as string}`, { hidden: true });

  const items = (html: string) =>
    [...html.matchAll(/<li data-kind="site-space">([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
  const management = items((await page((site.urls as { app: string }).app)).html);
  expect(management).toHaveLength(2);
  expect(management[0]).toContain("Shown");
  expect(management[0]).not.toContain("hidden from navigation");
  expect(management[1]).toContain("Tucked");
  expect(management[1]).toContain("hidden from navigation");

  const preview = items((await page((site.urls as { preview: string }).preview)).html);
  expect(preview).toHaveLength(1);
  expect(preview[0]).toContain("Shown");
});

test("the people page lists members, teams with their roles and SAML providers, never a certificate", async () => {
  const org = `/v1/orgs/${t.organizationId}`;
  const team = (await api("PUT", `${org}/teams`, { title: "Writers <b>" })).body;
  await api("PUT", `${org}/teams/${team.id}/members`, {
    add: ["ada@example.com"],
    memberships: { "ada@example.com": { role: "owner" } },
  });
  const certificate =
    "-----BEGIN CERTIFICATE-----\nMIIBpagesTestCertificate\n-----END CERTIFICATE-----";
  await api("POST", `${org}/saml`, {
    label: "Okta",
    entityID: "http://www.okta.com/exk1",
    certificate,
    defaultTeam: team.id,
  });
  const home = await page(`${t.url}/app/o/${t.organizationId}`);
  expect(home.html).toContain(`href="${t.url}/app/o/${t.organizationId}/people"`);
  const { status, html } = await page(`${t.url}/app/o/${t.organizationId}/people`);
  expect(status).toBe(200);
  expect(html).toContain("Ada Lovelace");
  expect(html).toContain("margaret@example.com");
  expect(html).toContain("Writers &lt;b&gt;");
  expect(html).toMatch(/Ada Lovelace\s*<span class="badge">owner<\/span>/);
  expect(html).toContain("Okta");
  expect(html).toContain("Certificate set");
  expect(html).toContain(`/sso/saml/${t.organizationId}/`);
  expect(html).not.toContain("MIIBpagesTestCertificate");
  expect((await page(`${t.url}/app/o/nope/people`)).status).toBe(404);
});

test("a site's page shows its customization and the site spaces overriding it, never the AI instructions", async () => {
  const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "S" })).body;
  const site = (
    await api("POST", `/v1/orgs/${t.organizationId}/sites`, { title: "Styled", spaces: [space.id] })
  ).body;
  const sitePath = `/v1/orgs/${t.organizationId}/sites/${site.id as string}`;
  const before = (await page((site.urls as { app: string }).app)).html;
  expect(before).toContain("never: the service&#39;s defaults");
  const settings = (await api("GET", `${sitePath}/customization`)).body as unknown as {
    styling: Record<string, unknown>;
    ai: Record<string, unknown>;
  };
  settings.styling.theme = "gradient";
  settings.ai.instructions = "secret-ish guidance";
  expect((await api("PUT", `${sitePath}/customization`, settings)).status).toBe(200);
  const siteSpaces = (await api("GET", `${sitePath}/site-spaces`)).body.items as { id: string }[];
  const siteSpaceId = siteSpaces[0]!.id;
  await api("PATCH", `${sitePath}/site-spaces/${siteSpaceId}/customization`, {
    themes: { default: "dark" },
  });
  const { html } = await page((site.urls as { app: string }).app);
  const section = html.slice(html.indexOf('id="customization"'));
  expect(section).toMatch(/<dt>Theme<\/dt>\s*<dd>gradient<\/dd>/);
  expect(html).toContain(`<code>${siteSpaceId}</code> overrides themes`);
  expect(html).not.toContain("secret-ish guidance");
});
