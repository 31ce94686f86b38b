import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";
import { purgeSpace } from "../../emulator/store/spaces";
import { createTeam, seedPerson, type SeededPerson } from "../support/people";

/**
 * Grants take effect: a user's role on a space, a collection or a site, measured by the emulator
 * answering 403 or 2xx (docs/api-decisions.md, "Permissions", "Effective role").
 */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let org: string;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  org = t.organizationId;
});
afterAll(() => t.close());

async function created(method: string, path: string, body?: unknown): Promise<string> {
  const res = await api(method, path, body);
  expect(res.status).toBeLessThan(300);
  return res.body.id;
}

const newSpace = (parent?: string) =>
  created("POST", `/v1/orgs/${org}/spaces`, { title: "Guarded", parent });
const newCollection = (parent?: string) =>
  created("POST", `/v1/orgs/${org}/collections`, { title: "Area", parent });

async function grant(base: string, body: unknown): Promise<void> {
  const res = await api("POST", `${base}/permissions`, body);
  expect(res.status).toBe(204);
}

describe("a grant through a team", () => {
  let reader: SeededPerson;
  let team: string;
  beforeAll(async () => {
    reader = await seedPerson(t, org, "read", "reader");
    team = await createTeam(t, org, "Editors", [reader.userId]);
  });

  test("a read member given edit on a space through a team can PATCH it; without, 403", async () => {
    const space = await newSpace();
    const before = await reader.api("PATCH", `/v1/spaces/${space}`, { title: "Mine" });
    expect(before.status).toBe(403);
    expect(before.body.error.message).toBe(
      `this operation needs the edit role on space ${space}; the caller's role is read`,
    );
    await grant(`/v1/spaces/${space}`, { role: "edit", teams: [team] });
    const after = await reader.api("PATCH", `/v1/spaces/${space}`, { title: "Mine" });
    expect(after.status).toBe(200);
    expect(after.body.title).toBe("Mine");
    const other = await newSpace();
    expect((await reader.api("PATCH", `/v1/spaces/${other}`, { title: "No" })).status).toBe(403);
  });

  test("a grant on a collection reaches the spaces in it and in its nested collections", async () => {
    const top = await newCollection();
    const nested = await newCollection(top);
    const space = await newSpace(nested);
    await grant(`/v1/collections/${top}`, { role: "edit", teams: [team] });
    expect((await reader.api("PATCH", `/v1/spaces/${space}`, { title: "Via" })).status).toBe(200);
    const aggregate = await api("GET", `/v1/spaces/${space}/permissions/aggregate`);
    expect(aggregate.status).toBe(200);
    const item = aggregate.body.items.find((i) => (i.user as { id: string }).id === reader.userId);
    expect(item).toMatchObject({
      permission: "edit",
      user: { object: "user", email: reader.email },
    });
    // The space's own lists hold only its own grants.
    expect((await api("GET", `/v1/spaces/${space}/permissions/teams`)).body.count).toBe(0);
    const edits = await api("GET", `/v1/spaces/${space}/permissions/aggregate?role=edit`);
    expect(edits.body.items.map((i) => (i.user as { id: string }).id)).toContain(reader.userId);
    expect(edits.body.items.every((i) => i.permission === "edit")).toBe(true);
  });

  test("removing the grant, or the member from the team, takes the access away", async () => {
    const collection = await newCollection();
    const space = await newSpace(collection);
    const second = await seedPerson(t, org, "read", "second");
    const crew = await createTeam(t, org, "Crew", [second.userId]);
    await grant(`/v1/collections/${collection}`, { role: "edit", teams: [crew] });
    expect((await second.api("PATCH", `/v1/spaces/${space}`, { title: "A" })).status).toBe(200);
    const removed = await api("DELETE", `/v1/collections/${collection}/permissions/teams/${crew}`);
    expect(removed.status).toBe(205);
    expect((await second.api("PATCH", `/v1/spaces/${space}`, { title: "B" })).status).toBe(403);
    const aggregate = await api("GET", `/v1/spaces/${space}/permissions/aggregate`);
    const item = aggregate.body.items.find((i) => (i.user as { id: string }).id === second.userId);
    expect(item?.permission).toBe("read");

    await grant(`/v1/spaces/${space}`, { role: "edit", teams: [crew] });
    expect((await second.api("PATCH", `/v1/spaces/${space}`, { title: "C" })).status).toBe(200);
    const out = await api("PUT", `/v1/orgs/${org}/teams/${crew}/members`, {
      remove: [second.userId],
    });
    expect(out.status).toBe(204);
    expect((await second.api("PATCH", `/v1/spaces/${space}`, { title: "D" })).status).toBe(403);
  });
});

describe("grants go with their objects and principals", () => {
  test("a deleted team's and a removed member's grants are gone", async () => {
    const space = await newSpace();
    const person = await seedPerson(t, org, "read", "leaving");
    const team = await createTeam(t, org, "Short-lived", [person.userId]);
    await grant(`/v1/spaces/${space}`, { role: "edit", teams: [team], users: [person.userId] });
    expect((await api("DELETE", `/v1/orgs/${org}/teams/${team}`)).status).toBe(205);
    expect((await api("GET", `/v1/spaces/${space}/permissions/teams`)).body.count).toBe(0);
    expect((await api("GET", `/v1/spaces/${space}/permissions/users`)).body.count).toBe(1);
    expect((await api("DELETE", `/v1/orgs/${org}/members/${person.userId}`)).status).toBeLessThan(
      300,
    );
    expect((await api("GET", `/v1/spaces/${space}/permissions/users`)).body.count).toBe(0);
  });

  test("a deleted collection's grants are gone; a trashed space keeps its own until restored", async () => {
    const collection = await newCollection();
    const person = await seedPerson(t, org, "read", "collected");
    await grant(`/v1/collections/${collection}`, { role: "edit", users: [person.userId] });
    const space = await newSpace();
    await grant(`/v1/spaces/${space}`, { role: "edit", users: [person.userId] });
    expect((await api("DELETE", `/v1/collections/${collection}`)).status).toBe(205);
    const rows = t.store.db
      .prepare("SELECT COUNT(*) AS n FROM permissions WHERE target_id = ?")
      .get(collection) as { n: number };
    expect(rows.n).toBe(0);
    expect((await api("DELETE", `/v1/spaces/${space}`)).status).toBe(205);
    expect((await api("POST", `/v1/spaces/${space}/restore`)).status).toBe(200);
    expect((await api("GET", `/v1/spaces/${space}/permissions/users`)).body.count).toBe(1);
  });

  test("a space transferred to another organization loses its grants", async () => {
    const space = await newSpace();
    const person = await seedPerson(t, org, "read", "staying");
    await grant(`/v1/spaces/${space}`, { role: "admin", users: [person.userId] });
    const moved = await api("POST", `/v1/spaces/${space}/transfer`, {
      organization: t.secondOrganizationId,
    });
    expect(moved.status).toBe(200);
    expect((await api("GET", `/v1/spaces/${space}/permissions/users`)).body.count).toBe(0);
    expect((await person.api("GET", `/v1/spaces/${space}`)).status).toBe(404);
  });
});

describe("grants go with purged spaces, deleted sites and transferred collections", () => {
  const count = (targetId: string) =>
    (
      t.store.db
        .prepare("SELECT COUNT(*) AS n FROM permissions WHERE target_id = ?")
        .get(targetId) as { n: number }
    ).n;

  test("a purged space's and a deleted site's grants are gone", async () => {
    const person = await seedPerson(t, org, "read", "purged");
    const space = await newSpace();
    const site = await created("POST", `/v1/orgs/${org}/sites`, { title: "Gone" });
    await grant(`/v1/spaces/${space}`, { role: "edit", users: [person.userId] });
    await grant(`/v1/orgs/${org}/sites/${site}`, { role: "edit", users: [person.userId] });
    expect([count(space), count(site)]).toEqual([1, 1]);
    purgeSpace(t.store, space);
    expect((await api("DELETE", `/v1/orgs/${org}/sites/${site}`)).status).toBe(205);
    expect([count(space), count(site)]).toEqual([0, 0]);
  });

  test("a transferred collection's grants and its spaces' are no longer read", async () => {
    const person = await seedPerson(t, org, "read", "left-behind");
    const collection = await newCollection();
    const space = await newSpace(collection);
    await grant(`/v1/collections/${collection}`, { role: "admin", users: [person.userId] });
    await grant(`/v1/spaces/${space}`, { role: "admin", users: [person.userId] });
    const moved = await api("POST", `/v1/collections/${collection}/transfer`, {
      organization: t.secondOrganizationId,
    });
    expect(moved.status).toBe(200);
    expect((await api("GET", `/v1/collections/${collection}/permissions/users`)).body.count).toBe(
      0,
    );
    expect((await api("GET", `/v1/spaces/${space}/permissions/users`)).body.count).toBe(0);
    expect(count(space)).toBe(0);
  });
});

describe("what people and teams show of their grants", () => {
  test("a guest's spaces and counts are those its grants reach; a team counts its spaces", async () => {
    const guest = await seedPerson(t, org, null, "counted guest");
    const team = await createTeam(t, org, "Counted", [guest.userId]);
    const collection = await newCollection();
    const inside = await newSpace(collection);
    const direct = await newSpace();
    await newSpace();
    const member = `/v1/orgs/${org}/members/${guest.userId}`;
    expect((await api("GET", `${member}/spaces`)).body.count).toBe(0);
    await grant(`/v1/collections/${collection}`, { role: "comment", teams: [team] });
    await grant(`/v1/spaces/${direct}`, { role: "edit", teams: [team] });
    await grant(`/v1/spaces/${direct}`, { role: "read", users: [guest.userId] });
    const spaces = await api("GET", `${member}/spaces?order=asc`);
    // Which spaces and roles, not their order: two spaces made in one millisecond tie on
    // createdAt, and the list then orders them by id.
    const reached = spaces.body.items.map((i) => [(i.space as { id: string }).id, i.permission]);
    expect(reached.sort()).toEqual(
      [
        [inside, "comment"],
        [direct, "edit"],
      ].sort(),
    );
    expect((await api("GET", member)).body).toMatchObject({ role: null, spaces: 2, sites: 0 });
    expect((await api("GET", `/v1/orgs/${org}/teams/${team}`)).body).toMatchObject({
      members: 1,
      spaces: 1,
    });
  });
});
