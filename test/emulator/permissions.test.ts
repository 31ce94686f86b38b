import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";
import { createTeam, seedPerson } from "../support/people";

/** The permissions families on spaces, collections and sites (docs/api-decisions.md, "Permissions"). */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let org: string;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  org = t.organizationId;
});
afterAll(() => t.close());

async function newSpace(parent?: string): Promise<string> {
  const res = await api("POST", `/v1/orgs/${org}/spaces`, { title: "Guarded", parent });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newCollection(parent?: string): Promise<string> {
  const res = await api("POST", `/v1/orgs/${org}/collections`, { title: "Area", parent });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newSite(): Promise<string> {
  const res = await api("POST", `/v1/orgs/${org}/sites`, { title: "Docs" });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe("grants and their lists", () => {
  test("invite answers 204; the lists show each team and user with the role", async () => {
    const space = await newSpace();
    const person = await seedPerson(t, org, "read", "lister");
    const team = await createTeam(t, org, "Writers", [person.userId]);
    const base = `/v1/spaces/${space}/permissions`;
    expect((await api("POST", base, { role: "edit", teams: [team] })).status).toBe(204);
    expect((await api("POST", base, { role: "comment", users: [person.userId] })).status).toBe(204);
    const teams = await api("GET", `${base}/teams`);
    expect(teams.status).toBe(200);
    expect(teams.body).toMatchObject({
      count: 1,
      items: [{ permission: "edit", team: { object: "team", id: team, title: "Writers" } }],
    });
    const users = await api("GET", `${base}/users`);
    expect(users.body).toMatchObject({
      count: 1,
      items: [{ permission: "comment", user: { object: "user", id: person.userId } }],
    });
    expect((await api("PATCH", `${base}/teams/${team}`, { role: "review" })).status).toBe(204);
    expect((await api("GET", `${base}/teams`)).body.items[0]!.permission).toBe("review");
    expect((await api("DELETE", `${base}/users/${person.userId}`)).status).toBe(205);
    expect((await api("DELETE", `${base}/users/${person.userId}`)).status).toBe(204);
    expect((await api("GET", `${base}/users`)).body).toMatchObject({ count: 0, items: [] });
  });

  test("the lists page as the other lists do", async () => {
    const space = await newSpace();
    const base = `/v1/spaces/${space}/permissions`;
    const people = await Promise.all([1, 2, 3].map((n) => seedPerson(t, org, "read", `p${n}`)));
    const invited = await api("POST", base, { role: "read", users: people.map((p) => p.userId) });
    expect(invited.status).toBe(204);
    const first = await api("GET", `${base}/users?limit=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.count).toBe(3);
    const second = await api("GET", `${base}/users?limit=2&page=${first.body.next!.page}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
  });

  test("an unknown team or user in the body is 404 naming the field; nothing is written", async () => {
    const space = await newSpace();
    const base = `/v1/spaces/${space}/permissions`;
    const person = await seedPerson(t, org, "read", "known");
    const res = await api("POST", base, { role: "edit", users: [person.userId, "nobody"] });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/^users\[1\]: no member nobody/);
    expect((await api("GET", `${base}/users`)).body.count).toBe(0);
    const team = await api("POST", base, { role: "edit", teams: ["no-team"] });
    expect(team.body.error.message).toMatch(/^teams\[0\]/);
  });

  test("a body without teams or users, or a null role on a space, is 400 naming the field", async () => {
    const base = `/v1/spaces/${await newSpace()}/permissions`;
    const none = await api("POST", base, { role: "edit" });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/teams or users/);
    const person = await seedPerson(t, org, "read", "nulled");
    const guest = await api("POST", base, { role: null, users: [person.userId] });
    expect(guest.status).toBe(400);
    expect(guest.body.error.message).toMatch(/^role:/);
    const bad = await api("POST", base, { role: "owner", users: [person.userId] });
    expect(bad.status).toBe(400);
  });

  test("PATCH of a principal with no grant is 404", async () => {
    const base = `/v1/spaces/${await newSpace()}/permissions`;
    const person = await seedPerson(t, org, "read", "ungranted");
    const res = await api("PATCH", `${base}/users/${person.userId}`, { role: "edit" });
    expect(res.status).toBe(404);
  });
});

describe("tenancy", () => {
  test("another organization's member cannot read or write the grants (404)", async () => {
    const space = await newSpace();
    const collection = await newCollection();
    const site = await newSite();
    const foreign = apiClient(t.url, t.foreignToken, t.fetch);
    const bases = [
      `/v1/spaces/${space}/permissions`,
      `/v1/collections/${collection}/permissions`,
      `/v1/orgs/${org}/sites/${site}/permissions`,
    ];
    for (const base of bases) {
      expect((await foreign("GET", `${base}/teams`)).status).toBe(404);
      expect((await foreign("GET", `${base}/users`)).status).toBe(404);
      expect((await foreign("GET", `${base}/aggregate`)).status).toBe(404);
      expect((await foreign("POST", base, { role: "admin", users: ["x"] })).status).toBe(404);
      expect((await foreign("DELETE", `${base}/users/x`)).status).toBe(404);
    }
  });

  test("a team of another organization cannot be invited (404)", async () => {
    const space = await newSpace();
    const foreign = apiClient(t.url, t.foreignToken, t.fetch);
    const team = await foreign("PUT", `/v1/orgs/${t.foreignOrganizationId}/teams`, {
      title: "Theirs",
    });
    expect(team.status).toBe(201);
    const res = await api("POST", `/v1/spaces/${space}/permissions`, {
      role: "edit",
      teams: [team.body.id],
    });
    expect(res.status).toBe(404);
  });
});
