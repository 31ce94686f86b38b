import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";
import { createTeam, seedPerson } from "../support/people";

/** The permissions on the app pages of a space, a collection and a site: who, role, from where. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let org: string;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  org = t.organizationId;
});
afterAll(() => t.close());

async function page(url: string): Promise<string> {
  const res = await t.fetch(url, { headers: { authorization: `Bearer ${t.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The rows of a table of the page, as text with the markup and extra spaces taken out. */
function rows(html: string, id: string): string[] {
  const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(html)?.[1] ?? "";
  return [...table.matchAll(/<tr data-kind="[a-z]+">([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    row!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

test("a space's page lists its own and inherited grants, and who can access it from where", async () => {
  const person = await seedPerson(t, org, null, "Page Guest");
  const team = await createTeam(t, org, "Page <Team>", [person.userId]);
  const collection = (await api("POST", `/v1/orgs/${org}/collections`, { title: "Handbooks" }))
    .body;
  const space = (
    await api("POST", `/v1/orgs/${org}/spaces`, { title: "Onboarding", parent: collection.id })
  ).body;
  await api("POST", `/v1/collections/${collection.id}/permissions`, {
    role: "edit",
    teams: [team],
  });
  await api("POST", `/v1/spaces/${space.id}/permissions`, {
    role: "comment",
    users: [person.userId],
  });

  const html = await page((space.urls as { app: string }).app);
  expect(html).toContain("<h2>Permissions</h2>");
  expect(html).not.toContain("<Team>");
  expect(rows(html, "permissions")).toEqual([
    `team Page &lt;Team&gt; edit inherited from collection Handbooks`,
    `Page Guest ${person.email} comment this space`,
  ]);
  const access = rows(html, "access");
  expect(access).toContain(
    `Page Guest ${person.email} edit team Page &lt;Team&gt; · inherited from collection Handbooks`,
  );
  expect(access).toContain("Test Admin admin@example.com admin organization role");

  const collectionPage = await page((collection.urls as { app: string }).app);
  expect(rows(collectionPage, "permissions")).toEqual([
    `team Page &lt;Team&gt; edit this collection`,
  ]);
});

test("a site's page lists its grants, a guest override as guest", async () => {
  const person = await seedPerson(t, org, "read", "Site Reader");
  const site = (await api("POST", `/v1/orgs/${org}/sites`, { title: "Public docs" })).body;
  const base = `/v1/orgs/${org}/sites/${site.id}/permissions`;
  expect((await api("POST", base, { role: null, users: [person.userId] })).status).toBe(204);
  const html = await page((site.urls as { app: string }).app);
  expect(rows(html, "permissions")).toEqual([`Site Reader ${person.email} guest this site`]);
  expect(rows(html, "access")).toContain(`Site Reader ${person.email} read organization role`);
  expect((await api("DELETE", `${base}/users/${person.userId}`)).status).toBe(205);
  expect(await page((site.urls as { app: string }).app)).toContain(
    "No team or user has been given a role here.",
  );
});
