import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterAll(() => t.close());

test("lists the caller's organizations with the list envelope", async () => {
  const res = await api("GET", "/v1/orgs");
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(2);
  expect(res.body.next).toBeUndefined();
  expect(res.body.items.map((o) => o.id).sort()).toEqual(
    [t.organizationId, t.secondOrganizationId].sort(),
  );
});

test("gets an organization with the fields of §2.9", async () => {
  const res = await api("GET", `/v1/orgs/${t.organizationId}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    object: "organization",
    id: t.organizationId,
    title: "Test organization",
    emailDomains: ["example.com"],
    type: "business",
    plan: "free_2024",
    inviteLinks: true,
    urls: { location: `${t.url}/v1/orgs/${t.organizationId}` },
    permissions: { view: true, admin: true },
  });
  expect(Date.parse(res.body.createdAt as string)).not.toBeNaN();
});

test("patches every field of §4.2 and reads them back", async () => {
  const site = await api("POST", `/v1/orgs/${t.organizationId}/sites`, { title: "Home site" });
  const patch = {
    title: "Renamed organization",
    emailDomains: ["example.com", "Docs.Example.org"],
    hostname: "renamed-org",
    defaultRole: "edit",
    defaultContent: { type: "site", site: site.body.id },
    logo: "https://example.com/logo.png",
    sso: true,
    ai: true,
    inviteLinks: false,
  };
  const res = await api("PATCH", `/v1/orgs/${t.organizationId}`, patch);
  expect(res.status).toBe(200);
  const expected = {
    ...patch,
    emailDomains: ["example.com", "docs.example.org"],
    logo: undefined,
    urls: expect.objectContaining({ logo: patch.logo }),
  };
  delete expected.logo;
  expect(res.body).toMatchObject(expected);
  expect((await api("GET", `/v1/orgs/${t.organizationId}`)).body).toMatchObject(expected);

  const cleared = await api("PATCH", `/v1/orgs/${t.organizationId}`, {
    defaultRole: null,
    defaultContent: null,
    logo: null,
  });
  expect(cleared.body.defaultRole).toBeNull();
  // Unset, it is left out, as the hosted service does.
  expect(cleared.body).not.toHaveProperty("defaultContent");
  expect(cleared.body.urls).not.toHaveProperty("logo");
  expect(cleared.body.title).toBe("Renamed organization");
});

test("an empty PATCH changes nothing", async () => {
  const before = await api("GET", `/v1/orgs/${t.secondOrganizationId}`);
  const res = await api("PATCH", `/v1/orgs/${t.secondOrganizationId}`, {});
  expect(res.status).toBe(200);
  expect(res.body).toEqual(before.body);
});

test("a hostname taken by another organization is 409", async () => {
  await api("PATCH", `/v1/orgs/${t.organizationId}`, { hostname: "taken-name" });
  const res = await api("PATCH", `/v1/orgs/${t.secondOrganizationId}`, { hostname: "taken-name" });
  expect(res.status).toBe(409);
  expect(res.body.error.message).toMatch(/hostname taken-name/);
});

test("PATCH refuses invalid values naming the field", async () => {
  const cases: [unknown, RegExp][] = [
    [{ emailDomains: ["not a domain"] }, /^emailDomains\[0\] must match/],
    [{ defaultRole: "owner" }, /^defaultRole must be one of/],
    [{ defaultContent: { type: "page" } }, /^defaultContent/],
    [{ logo: "ftp://example.com/x" }, /^logo must be a URL/],
    [{ sso: "yes" }, /^sso must be a boolean/],
    [{ hostname: "Upper" }, /^hostname must match/],
    [
      { defaultContent: { type: "site", site: "no-such-site" } },
      /^defaultContent.site: no-such-site is not a site of organization/,
    ],
  ];
  for (const [body, message] of cases) {
    const res = await api("PATCH", `/v1/orgs/${t.organizationId}`, body);
    expect([body, res.status]).toEqual([body, 400]);
    expect(res.body.error.message).toMatch(message);
  }
  // An unknown field is ignored (docs/api-decisions.md), beside a known one or alone.
  const res = await api("PATCH", `/v1/orgs/${t.organizationId}`, { unknownField: 1 });
  expect([res.status, "unknownField" in res.body]).toEqual([200, false]);
});

test("looks organizations up by e-mail domain among the caller's", async () => {
  await api("PATCH", `/v1/orgs/${t.organizationId}`, { emailDomains: ["example.com"] });
  const res = await api("GET", "/v1/email-domains/EXAMPLE.com/orgs");
  expect(res.status).toBe(200);
  // The foreign organization also lists example.com, but the caller is not a member of it.
  expect(res.body.organizations).toEqual([
    expect.objectContaining({ object: "organization", id: t.organizationId }),
  ]);
  const none = await api("GET", "/v1/email-domains/nowhere.test/orgs");
  expect(none.body).toEqual({ organizations: [] });
});

test("an unknown organization is 404", async () => {
  const res = await api("GET", "/v1/orgs/does-not-exist");
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe(404);
});
