import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  adminHeaders,
} from "../support/emulator";

/** §4.12 in the emulator: members, teams and their members, SAML providers and SSO. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let org: string;
/** User ids of the seeded people, by e-mail. */
const ids: Record<string, string> = {};

const members = () => `/v1/orgs/${org}/members`;
const teams = () => `/v1/orgs/${org}/teams`;
const saml = () => `/v1/orgs/${org}/saml`;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  org = t.organizationId;
  const list = await api("GET", `${members()}?limit=1000`);
  for (const m of list.body.items) ids[(m.user as { email: string }).email] = m.id;
});
afterAll(() => t.close());

/** Seeds a user who is a member of the test organization with `role`, and answers its id. */
async function seedMember(email: string, role: string | null, token?: string): Promise<string> {
  const call = async (body: unknown) => {
    const res = await t.fetch(`${t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(t.adminToken, true),
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { users: string[] };
  };
  const { users } = await call({ users: [{ displayName: email.split("@")[0], email }] });
  await call({
    members: [{ organization: org, user: users[0], role }],
    ...(token ? { tokens: [{ token, user: users[0] }] } : {}),
  });
  return users[0]!;
}

const emails = (body: ApiBody) => body.items.map((m) => (m.user as { email: string }).email);

describe("members", () => {
  test("lists the seeded members with the Member shape", async () => {
    const res = await api("GET", members());
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    const ada = res.body.items.find((m) => m.id === ids["ada@example.com"]);
    expect(ada).toMatchObject({
      object: "member",
      role: "edit",
      user: { object: "user", displayName: "Ada Lovelace", email: "ada@example.com" },
      disabled: false,
      sso: false,
      teams: 0,
    });
    expect(ada).not.toHaveProperty("lastSeenAt");
  });

  test("filters by role (guest for null) and search, sorts by name in either order", async () => {
    expect(emails((await api("GET", `${members()}?role=edit&sort=name&order=asc`)).body)).toEqual([
      "ada@example.com",
      "grace@example.com",
    ]);
    expect(emails((await api("GET", `${members()}?search=HOPPER`)).body)).toEqual([
      "grace@example.com",
    ]);
    expect(emails((await api("GET", `${members()}?search=linus%40example`)).body)).toEqual([
      "linus@example.com",
    ]);
    // LIKE's wildcards are literal characters in a search.
    expect((await api("GET", `${members()}?search=%25`)).body.count).toBe(0);
    const byName = emails((await api("GET", `${members()}?sort=name`)).body);
    // `order` defaults to desc: "Test Admin" sorts after every seeded person's name.
    expect(byName).toEqual([
      "admin@example.com",
      "margaret@example.com",
      "linus@example.com",
      "grace@example.com",
      "ada@example.com",
    ]);
    const guest = await seedMember("guest@example.com", null);
    const guests = await api("GET", `${members()}?role=guest`);
    expect(guests.body.items.map((m) => m.id)).toEqual([guest]);
    expect(guests.body.items[0]).toMatchObject({ role: null, spaces: 0, sites: 0 });
    const bad = await api("GET", `${members()}?sort=email`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^sort must be one of "joinedAt", "lastSeenAt", "name"/);
  });

  test("ping records the caller as seen; sorted by lastSeenAt only seen members are listed", async () => {
    expect((await api("GET", `${members()}?sort=lastSeenAt`)).body.count).toBe(0);
    const ping = await api("POST", `/v1/orgs/${org}/ping`);
    expect(ping.status).toBe(200);
    // The hosted service's field, which its client reads; the API document's name carries the same.
    expect(typeof ping.body.gitbookVisitorClaims).toBe("string");
    expect(ping.body.serviceVisitorClaims).toBe(ping.body.gitbookVisitorClaims);
    const [header, payload, signature] = (ping.body.gitbookVisitorClaims as string).split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as ApiBody;
    expect(claims).toMatchObject({ aud: org, email: "admin@example.com", role: "admin" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(signature).toMatch(/^[\w-]{43}$/);
    // Signed with one key per organization: the same claims sign the same way.
    const again = (await api("POST", `/v1/orgs/${org}/ping`)).body.gitbookVisitorClaims as string;
    expect(again.split(".")[0]).toBe(header);
    const seen = await api("GET", `${members()}?sort=lastSeenAt`);
    expect(seen.body.items.map((m) => m.user)).toMatchObject([{ email: "admin@example.com" }]);
    expect(typeof seen.body.items[0]!.lastSeenAt).toBe("string");
  });

  test("gets and patches a member's role; null makes a guest", async () => {
    const id = ids["linus@example.com"]!;
    expect((await api("GET", `${members()}/${id}`)).body).toMatchObject({ id, role: "review" });
    const patched = await api("PATCH", `${members()}/${id}`, { role: "create" });
    expect(patched.status).toBe(200);
    expect(patched.body.role).toBe("create");
    expect((await api("PATCH", `${members()}/${id}`, { role: null })).body.role).toBeNull();
    expect((await api("PATCH", `${members()}/${id}`, { role: "review" })).body.role).toBe("review");
    const bad = await api("PATCH", `${members()}/${id}`, { role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^role must be one of/);
    expect((await api("GET", `${members()}/nobody`)).status).toBe(404);
  });

  test("the last admin can be neither demoted nor removed", async () => {
    const admin = ids["admin@example.com"]!;
    const demoted = await api("PATCH", `${members()}/${admin}`, { role: "edit" });
    expect(demoted.status).toBe(409);
    expect(demoted.body.error.message).toMatch(/last admin/);
    expect((await api("DELETE", `${members()}/${admin}`)).status).toBe(409);
  });

  test("delete answers 205 for a member, 204 when not a member, and takes the member out of its teams", async () => {
    const id = await seedMember("leaving@example.com", "read");
    const team = await api("PUT", teams(), { title: "Leavers", members: [id] });
    expect(team.body.members).toBe(1);
    expect((await api("DELETE", `${members()}/${id}`)).status).toBe(205);
    expect((await api("DELETE", `${members()}/${id}`)).status).toBe(204);
    expect((await api("GET", `${members()}/${id}`)).status).toBe(404);
    expect((await api("GET", `${teams()}/${team.body.id}`)).body.members).toBe(0);
  });

  test("sso marks a member as an SSO member", async () => {
    const id = ids["grace@example.com"]!;
    const res = await api("POST", `${members()}/${id}/sso`);
    expect(res.status).toBe(200);
    expect(res.body.sso).toBe(true);
  });

  test("a guest's spaces are an empty page, not a server error", async () => {
    const space = await api("POST", `/v1/orgs/${org}/spaces`, { title: "Members only" });
    const guest = await seedMember("guest-spaces@example.com", null);
    const spaces = await api("GET", `${members()}/${guest}/spaces`);
    expect(spaces.status).toBe(200);
    expect(spaces.body).toMatchObject({ items: [], count: 0 });
    await api("DELETE", `/v1/spaces/${space.body.id}`);
  });

  test("a member's spaces carry its role as permission; its teams its role in each", async () => {
    const space = await api("POST", `/v1/orgs/${org}/spaces`, { title: "Handbook" });
    const ada = ids["ada@example.com"]!;
    const spaces = await api("GET", `${members()}/${ada}/spaces`);
    expect(spaces.status).toBe(200);
    expect(spaces.body.items).toEqual([
      expect.objectContaining({
        permission: "edit",
        space: expect.objectContaining({ id: space.body.id }),
      }),
    ]);
    const team = await api("PUT", teams(), { title: "Ada's team", members: [ada] });
    await api("PUT", `${teams()}/${team.body.id}/members/${ada}`, { role: "owner" });
    const mine = await api("GET", `${members()}/${ada}/teams?title=ADA`);
    expect(mine.body.items).toEqual([
      {
        team: expect.objectContaining({ id: team.body.id, title: "Ada's team" }),
        member: { role: "owner" },
      },
    ]);
    expect((await api("GET", `${members()}/${ada}`)).body.teams).toBe(1);
    await api("DELETE", `${teams()}/${team.body.id}`);
  });

  test("changing and removing members needs the admin role", async () => {
    const token = "people_reader_token";
    await seedMember("reader@example.com", "read", token);
    const reader = apiClient(t.url, token, t.fetch);
    expect((await reader("GET", members())).status).toBe(200);
    const refused = await reader("PATCH", `${members()}/${ids["ada@example.com"]}`, {
      role: "read",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("admin role");
    expect((await reader("PUT", teams(), { title: "Mine" })).status).toBe(403);
    expect((await reader("GET", saml())).status).toBe(403);
  });
});

describe("teams", () => {
  test("create with PUT answers 201 with the Team; get, rename, list by title, delete 205 then 204", async () => {
    const created = await api("PUT", teams(), { title: "Writers" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "team",
      title: "Writers",
      members: 0,
      spaces: 0,
      permissions: { admin: true, view: true },
    });
    const id = created.body.id;
    expect((await api("GET", `${teams()}/${id}`)).body).toEqual(created.body);
    const renamed = await api("PATCH", `${teams()}/${id}`, { title: "Authors" });
    expect(renamed.body.title).toBe("Authors");
    const listed = await api("GET", `${teams()}?title=auth`);
    expect(listed.body.items.map((x) => x.id)).toEqual([id]);
    expect((await api("DELETE", `${teams()}/${id}`)).status).toBe(205);
    expect((await api("DELETE", `${teams()}/${id}`)).status).toBe(204);
    expect((await api("GET", `${teams()}/${id}`)).status).toBe(404);
  });

  test("titles are 1 to 64 characters; create members must be members", async () => {
    const long = await api("PUT", teams(), { title: "t".repeat(65) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe("title must be at most 64 characters");
    expect((await api("PUT", teams(), { title: "" })).body.error.message).toBe(
      "title must not be empty",
    );
    const stranger = await api("PUT", teams(), { title: "Nope", members: ["nobody"] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toMatch(/^members\[0\]: user nobody is not a member/);
    expect((await api("GET", `${teams()}?title=Nope`)).body.count).toBe(0);
  });

  test("the bulk PUT adds by id or e-mail, sets roles, and removes; a user in add and remove is removed", async () => {
    const team = (await api("PUT", teams(), { title: "Bulk", members: [ids["ada@example.com"]] }))
      .body;
    const path = `${teams()}/${team.id}/members`;
    const res = await api("PUT", path, {
      add: ["grace@example.com", ids["linus@example.com"], "MARGARET@example.com"],
      remove: [ids["ada@example.com"], "margaret@example.com"],
      memberships: { [ids["grace@example.com"]!]: { role: "owner" } },
    });
    expect(res.status).toBe(204);
    const listed = await api("GET", path);
    expect(
      listed.body.items.map((m) => [
        (m.organization as ApiBody).id,
        (m.team as { role: string }).role,
      ]),
    ).toEqual([
      [ids["grace@example.com"], "owner"],
      [ids["linus@example.com"], "member"],
    ]);
    expect(listed.body.items[0]).toMatchObject({
      organization: { object: "member", user: { email: "grace@example.com" } },
      permissions: { view: true },
    });
    // A role change alone, for a member already in the team.
    await api("PUT", path, { memberships: { "linus@example.com": { role: "owner" } } });
    const roles = (await api("GET", path)).body.items.map((m) => (m.team as { role: string }).role);
    expect(roles).toEqual(["owner", "owner"]);
    expect((await api("GET", `${teams()}/${team.id}`)).body.members).toBe(2);
  });

  test("an unknown e-mail in a bulk PUT is 400 naming it, and nothing is written", async () => {
    const team = (await api("PUT", teams(), { title: "Strict" })).body;
    const path = `${teams()}/${team.id}/members`;
    const res = await api("PUT", path, { add: ["ada@example.com", "nobody@example.com"] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `add[1]: no member of organization ${org} has the user id or e-mail "nobody@example.com"`,
    );
    expect((await api("GET", path)).body.count).toBe(0);
    const role = await api("PUT", path, { memberships: { "ada@example.com": { role: "owner" } } });
    expect(role.status).toBe(400);
    expect(role.body.error.message).toMatch(/^memberships\..*is not in team/);
    const badRole = await api("PUT", path, {
      memberships: { "ada@example.com": { role: "admin" } },
    });
    expect(badRole.body.error.message).toMatch(
      /^memberships\.ada@example\.com\.role must be one of "owner", "member"/,
    );
  });

  test("a single member is added, updated and deleted (205, then 204)", async () => {
    const team = (await api("PUT", teams(), { title: "Single" })).body;
    const one = `${teams()}/${team.id}/members/${ids["ada@example.com"]}`;
    expect((await api("PUT", one, {})).status).toBe(204);
    expect((await api("PUT", one, { role: "owner" })).status).toBe(204);
    const listed = await api("GET", `${teams()}/${team.id}/members`);
    expect(listed.body.items.map((m) => m.team)).toEqual([{ role: "owner" }]);
    expect((await api("DELETE", one)).status).toBe(205);
    expect((await api("DELETE", one)).status).toBe(204);
    expect((await api("PUT", `${teams()}/${team.id}/members/nobody`, {})).status).toBe(404);
  });

  test("a team owner manages its team's members but not other teams; the owner filter lists what it manages", async () => {
    const token = "people_owner_token";
    const owner = await seedMember("owner@example.com", "read", token);
    const mine = (await api("PUT", teams(), { title: "Owned", members: [owner] })).body;
    await api("PUT", `${teams()}/${mine.id}/members/${owner}`, { role: "owner" });
    const other = (await api("PUT", teams(), { title: "Other" })).body;
    const as = apiClient(t.url, token, t.fetch);
    const add = { add: ["ada@example.com"] };
    expect((await as("PUT", `${teams()}/${mine.id}/members`, add)).status).toBe(204);
    expect((await as("PUT", `${teams()}/${other.id}/members`, add)).status).toBe(403);
    expect((await as("GET", `${teams()}/${mine.id}`)).body.permissions).toEqual({
      admin: true,
      view: true,
    });
    expect((await as("GET", `${teams()}/${other.id}`)).body.permissions).toEqual({
      admin: false,
      view: true,
    });
    const managed = await api("GET", `${teams()}?owner=${owner}`);
    expect(managed.body.items.map((x) => x.id)).toEqual([mine.id]);
  });
});

describe("SAML providers and SSO", () => {
  const certificate =
    "-----BEGIN CERTIFICATE-----\nMIIC" + "A".repeat(64) + "\n-----END CERTIFICATE-----";

  test("create answers 201 with the provider and the service's URLs; get, patch, delete 205 then 204", async () => {
    const team = (await api("PUT", teams(), { title: "SSO newcomers" })).body;
    const created = await api("POST", saml(), {
      label: "Okta",
      entityID: "http://www.okta.com/exk1",
      certificate,
      ssoURL: "https://example.okta.com/app/sso/saml",
      defaultTeam: team.id,
      defaultRole: "read",
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      object: "saml-provider",
      label: "Okta",
      entityID: "http://www.okta.com/exk1",
      certificate,
      ssoURL: "https://example.okta.com/app/sso/saml",
      defaultTeam: { id: team.id, title: "SSO newcomers" },
      defaultRole: "read",
      status: "active",
      service: {
        acsURL: `${t.url}/sso/saml/${org}/${id}/acs`,
        startURL: `${t.url}/sso/saml/${org}/${id}/start`,
        entityID: `${t.url}/sso/saml/${org}/${id}`,
      },
      urls: { location: `${t.url}${saml()}/${id}` },
    });
    expect((await api("GET", `${saml()}/${id}`)).body).toEqual(created.body);
    const patched = await api("PATCH", `${saml()}/${id}`, {
      label: "Okta EU",
      defaultTeam: null,
      defaultRole: null,
    });
    expect(patched.body).toMatchObject({ label: "Okta EU", defaultRole: null });
    expect(patched.body).not.toHaveProperty("defaultTeam");
    expect(patched.body.certificate).toBe(certificate);
    const sso = await api("GET", `/v1/orgs/${org}/sso`);
    expect(sso.body.items).toContainEqual({
      id,
      label: "Okta EU",
      startURL: created.body.service && (created.body.service as { startURL: string }).startURL,
    });
    expect((await api("GET", saml())).body.items.map((p) => p.id)).toContain(id);
    expect((await api("DELETE", `${saml()}/${id}`)).status).toBe(205);
    expect((await api("DELETE", `${saml()}/${id}`)).status).toBe(204);
    expect((await api("GET", `${saml()}/${id}`)).status).toBe(404);
  });

  test("only the label is required; until configured, entityID, certificate and ssoURL are empty and the provider pending", async () => {
    const res = await api("POST", saml(), { label: "Later" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      entityID: "",
      certificate: "",
      ssoURL: "",
      status: "pending",
    });
    expect(res.body.defaultRole).toBeNull();
    const id = res.body.id;
    const half = await api("PATCH", `${saml()}/${id}`, { entityID: "http://idp.example.com/e" });
    expect(half.body).toMatchObject({ certificate: "", ssoURL: "", status: "pending" });
    expect((await api("GET", saml())).body.items.find((p) => p.id === id)).toMatchObject({
      entityID: "http://idp.example.com/e",
      certificate: "",
      status: "pending",
    });
    const done = await api("PATCH", `${saml()}/${id}`, {
      certificate: "MIIC-later",
      ssoURL: "https://idp.example.com/sso",
    });
    expect(done.body).toMatchObject({ certificate: "MIIC-later", status: "active" });
    expect((await api("POST", saml(), {})).body.error.message).toBe("label is required");
  });

  test("every field limit of §8 is a 400 naming the field and the limit, and never echoes the certificate", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ label: "" }, "label must not be empty"],
      [{ label: "l".repeat(31) }, "label must be at most 30 characters"],
      [{ label: "x", entityID: "e".repeat(1025) }, "entityID must be at most 1024 characters"],
      [
        { label: "x", certificate: "C".repeat(10001) },
        "certificate must be at most 10000 characters",
      ],
      [
        { label: "x", ssoURL: `https://example.com/${"p".repeat(2030)}` },
        "ssoURL must be at most 2048 characters",
      ],
      [{ label: "x", ssoURL: "not a url" }, "ssoURL must be a URL"],
      [
        { label: "x", defaultRole: "owner" },
        'defaultRole must be one of "admin", "create", "review", "edit", "comment", "read"',
      ],
      [
        { label: "x", defaultTeam: "no-team" },
        `defaultTeam: no-team is not a team of organization ${org}`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api("POST", saml(), body);
      expect([body.label, res.status, res.body.error.message]).toEqual([body.label, 400, message]);
    }
    // At the limits exactly, accepted.
    const edge = await api("POST", saml(), {
      label: "l".repeat(30),
      entityID: "e".repeat(1024),
      certificate: "C".repeat(10000),
      ssoURL: `https://example.com/${"p".repeat(2048 - 20)}`,
    });
    expect(edge.status).toBe(201);
    const patched = await api("PATCH", `${saml()}/${edge.body.id}`, {
      certificate: "C".repeat(10001),
    });
    expect(patched.status).toBe(400);
    expect(patched.text).not.toContain("CCCC");
  });
});
