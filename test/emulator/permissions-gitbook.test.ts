import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi, type GitBookRole } from "../support/gitbook";
import { createTeam, seedPerson, type SeededPerson } from "../support/people";

/**
 * The hosted service's published client (`@gitbook/api`) reads the permissions the emulator keeps:
 * its lists and aggregates of spaces, collections and sites, after grants made through the API.
 */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let org: string;
let person: SeededPerson;
let team: string;
let collection: string;
let space: string;
let site: string;

beforeAll(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
  org = t.organizationId;
  person = await seedPerson(t, org, "read", "client-reader");
  team = await createTeam(t, org, "Client team", [person.userId]);
  collection = (await api("POST", `/v1/orgs/${org}/collections`, { title: "Area" })).body.id;
  space = (await api("POST", `/v1/orgs/${org}/spaces`, { title: "Read", parent: collection })).body
    .id;
  site = (await api("POST", `/v1/orgs/${org}/sites`, { title: "Docs" })).body.id;
  const grants: [string, unknown][] = [
    [`/v1/spaces/${space}/permissions`, { role: "comment", teams: [team] }],
    [`/v1/spaces/${space}/permissions`, { role: "read", users: [person.userId] }],
    [`/v1/collections/${collection}/permissions`, { role: "edit", teams: [team] }],
    [`/v1/collections/${collection}/permissions`, { role: "review", users: [person.userId] }],
    [`/v1/orgs/${org}/sites/${site}/permissions`, { role: "create", teams: [team] }],
    [`/v1/orgs/${org}/sites/${site}/permissions`, { role: null, users: [person.userId] }],
  ];
  for (const [path, body] of grants) expect((await api("POST", path, body)).status).toBe(204);
});
afterAll(() => t.close());

test("a space's team and user permissions, and its aggregate with the inherited role", async () => {
  const client = gitbookApi(t);
  const teams = (await client.spaces.listTeamPermissionsInSpace(space)).data;
  expect(teams.count).toBe(1);
  expect(teams.items[0]).toMatchObject({
    permission: "comment",
    team: { object: "team", id: team, title: "Client team", members: 1 },
  });
  const users = (await client.spaces.listUserPermissionsInSpace(space)).data;
  expect(users.items).toMatchObject([
    { permission: "read", user: { object: "user", id: person.userId, email: person.email } },
  ]);
  const aggregate = (await client.spaces.listPermissionsAggregateInSpace(space)).data;
  const mine = aggregate.items.find((i) => i.user.id === person.userId);
  // The collection's `review` grant is the highest that reaches the space.
  expect(mine?.permission).toBe("review");
  const reviewers = (
    await client.spaces.listPermissionsAggregateInSpace(space, { role: "review" as GitBookRole })
  ).data;
  expect(reviewers.items.map((i) => i.user.id)).toContain(person.userId);
  expect(reviewers.items.every((i) => i.permission === "review")).toBe(true);
  expect(reviewers.count).toBeLessThan(aggregate.count!);
});

test("a collection's team and user permissions and its aggregate", async () => {
  const client = gitbookApi(t);
  const teams = (await client.collections.listTeamPermissionsInCollection(collection)).data;
  expect(teams.items).toMatchObject([{ permission: "edit", team: { id: team } }]);
  const users = (await client.collections.listUserPermissionsInCollection(collection)).data;
  expect(users.items).toMatchObject([{ permission: "review", user: { id: person.userId } }]);
  const aggregate = (await client.collections.listPermissionsAggregateInCollection(collection))
    .data;
  expect(aggregate.items.find((i) => i.user.id === person.userId)?.permission).toBe("review");
  expect(aggregate.count).toBe(aggregate.items.length);
});

test("a site's overrides and its aggregate with each role's origin", async () => {
  const client = gitbookApi(t);
  const teams = (await client.orgs.listTeamPermissionsInSite(org, site)).data;
  expect(teams.items).toMatchObject([{ permission: "create", team: { id: team } }]);
  const users = (await client.orgs.listUserPermissionsInSite(org, site)).data;
  expect(users.items).toMatchObject([{ permission: null, user: { id: person.userId } }]);
  const aggregate = (await client.orgs.listPermissionsAggregateInSite(org, site)).data;
  expect(aggregate.items.find((i) => i.user.id === person.userId)).toMatchObject({
    permission: "create",
    origin: { type: "site", site, reason: "team", team },
    disabled: false,
  });
});

test("the client's own invite and removal reach the emulator", async () => {
  const client = gitbookApi(t);
  const other = (await api("POST", `/v1/orgs/${org}/spaces`, { title: "Other" })).body.id;
  await client.spaces.inviteToSpace(other, { role: "admin" as GitBookRole, teams: [team] });
  const listed = (await client.spaces.listTeamPermissionsInSpace(other)).data;
  expect(listed.items).toMatchObject([{ permission: "admin", team: { id: team } }]);
  await client.spaces.updateTeamPermissionInSpace(other, team, { role: "edit" as GitBookRole });
  expect((await client.spaces.listTeamPermissionsInSpace(other)).data.items[0]?.permission).toBe(
    "edit",
  );
  await client.spaces.removeTeamFromSpace(other, team);
  expect((await client.spaces.listTeamPermissionsInSpace(other)).data.count).toBe(0);
});
