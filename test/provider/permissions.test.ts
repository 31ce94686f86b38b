import { lookUpSpacePermissions } from "../../provider/lookups/permissions";
import { grantsAsDeclared, planGrants } from "../../provider/resources/permission-list";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi as hostedClient } from "../support/gitbook";
import { createTeam, seedPerson, type SeededPerson } from "../support/people";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/**
 * Permissions through the provider's handlers: the additive grants (SpacePermission,
 * CollectionPermission, SitePermission) and the authoritative `permissions` of Space, Collection
 * and Site, against a grant made by hand; read back by the hosted service's own client.
 */
/**
 * The operations of the hosted client these tests call, typed here: its declaration files import
 * `./client` without an extension, which TypeScript's ES-module resolution (test/support/gitbook.ts)
 * does not follow, so the class's inherited operations are untyped there.
 */
type Listed<T> = Promise<{ data: { items: T[] } }>;
type TeamGrant = { team: { id: string }; permission: string | null };
type UserGrant = { user: { id: string }; permission: string | null };
interface HostedPermissions {
  spaces: {
    listTeamPermissionsInSpace(spaceId: string): Listed<TeamGrant>;
    listUserPermissionsInSpace(spaceId: string): Listed<UserGrant>;
    listPermissionsAggregateInSpace(spaceId: string): Listed<UserGrant>;
  };
  collections: { listUserPermissionsInCollection(collectionId: string): Listed<UserGrant> };
  orgs: { listTeamPermissionsInSite(organizationId: string, siteId: string): Listed<TeamGrant> };
}
const gitbookApi = (t: TestEmulator) => hostedClient(t) as unknown as HostedPermissions;

let emu: TestEmulator;
let org: string;
let ada: SeededPerson;
let grace: SeededPerson;
let writers: string;
const spaces = handlersFor("space");
const collections = handlersFor("collection");
const sites = handlersFor("site");
const spaceGrants = handlersFor("space-permission");
const collectionGrants = handlersFor("collection-permission");
const siteGrants = handlersFor("site-permission");

beforeAll(async () => {
  emu = await startTestEmulator();
  org = emu.organizationId;
  await configureProvider(emu);
  ada = await seedPerson(emu, org, null, "ada");
  grace = await seedPerson(emu, org, null, "grace");
  writers = await createTeam(emu, org, "Writers", [grace.userId]);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

async function newSpace(title = "Runbook"): Promise<string> {
  return (await callApi(emu, "POST", `/v1/orgs/${org}/spaces`, { title })).body.id as string;
}

/** A grant made by hand, through the API, as a person clicking in the app would. */
async function grantByHand(base: string, body: object): Promise<void> {
  expect((await callApi(emu, "POST", `${base}/permissions`, body)).status).toBe(204);
}

describe("SpacePermission (additive)", () => {
  test("a team's grant: one GET and one POST; read; a role change is one PATCH; delete removes only it", async () => {
    const spaceId = await newSpace();
    await grantByHand(`/v1/spaces/${spaceId}`, { role: "read", users: [ada.userId] });
    await emu.clearRequests();
    const { id, outs } = await spaceGrants.create({ spaceId, teamId: writers, role: "edit" });
    expect(id).toBe(`${spaceId}/teams/${writers}`);
    expect(outs).toMatchObject({ spaceId, teamId: writers, userId: null, role: "edit" });
    expect((await emu.requests()).map((r) => r.method)).toEqual(["GET", "POST"]);
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ role: "edit", teams: [writers] }]);
    expect((await spaceGrants.read(id, outs)).props).toMatchObject({ role: "edit" });

    await emu.clearRequests();
    const updated = await spaceGrants.up(id, outs, { spaceId, teamId: writers, role: "admin" });
    expect(updated.role).toBe("admin");
    expect((await writes(emu)).map((r) => [r.method, r.path, r.body])).toEqual([
      ["PATCH", `/v1/spaces/${spaceId}/permissions/teams/${writers}`, { role: "admin" }],
    ]);
    // The hosted client reads what the provider wrote.
    const client = gitbookApi(emu);
    const teams = (await client.spaces.listTeamPermissionsInSpace(spaceId)).data.items;
    expect(teams.map((t) => [t.team.id, t.permission])).toEqual([[writers, "admin"]]);

    await spaceGrants.delete(id, updated);
    const users = (await client.spaces.listUserPermissionsInSpace(spaceId)).data.items;
    expect(users.map((u) => [u.user.id, u.permission])).toEqual([[ada.userId, "read"]]);
    expect((await spaceGrants.read(id, updated)).id).toBe("");
    await expect(spaceGrants.delete(id, updated)).resolves.toBeUndefined();
  });

  test("a user by e-mail keeps the program's spelling; a second create takes the grant over", async () => {
    const spaceId = await newSpace();
    const email = ada.email.toUpperCase();
    const { id, outs } = await spaceGrants.create({ spaceId, email, role: "comment" });
    expect(id).toBe(`${spaceId}/users/${ada.userId}`);
    expect(outs).toMatchObject({ email, userId: ada.userId, role: "comment" });
    expect((await spaceGrants.read(id, outs)).props).toMatchObject({ email, role: "comment" });
    await emu.clearRequests();
    const again = await spaceGrants.create({ spaceId, email, role: "edit" });
    expect(again.id).toBe(id);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { role: "edit" }],
    ]);
  });

  test("check names the principal rule, the role's allowed values and adoptId", async () => {
    const spaceId = "spc_1";
    const failures = async (args: object) =>
      (await spaceGrants.check({ spaceId, role: "edit", ...args })).failures;
    expect(await failures({})).toEqual([
      { property: "userId", reason: "set exactly one of teamId, userId and email" },
    ]);
    expect(await failures({ teamId: "t", email: "a@example.com" })).toEqual([
      { property: "teamId", reason: "set exactly one of teamId, userId and email" },
    ]);
    const [role] = (await spaceGrants.check({ spaceId, teamId: "t", role: "owner" })).failures!;
    expect(role!.property).toBe("role");
    for (const r of ["admin", "create", "edit", "review", "comment", "read"])
      expect(role!.reason).toContain(r);
    expect(await failures({ teamId: "t", adoptId: "x" })).toEqual([
      expect.objectContaining({ property: "adoptId" }),
    ]);
    expect(await emu.requests()).toEqual([]);
  });
});

describe("CollectionPermission and SitePermission", () => {
  test("a user's grant on a collection and a team's on a site, read back by the hosted client", async () => {
    const collectionId = (
      await callApi(emu, "POST", `/v1/orgs/${org}/collections`, { title: "Area" })
    ).body.id as string;
    const siteId = (await callApi(emu, "POST", `/v1/orgs/${org}/sites`, { title: "Docs" })).body
      .id as string;
    const c = await collectionGrants.create({ collectionId, userId: grace.userId, role: "review" });
    const s = await siteGrants.create({ siteId, teamId: writers, role: "read" });
    expect(c.id).toBe(`${collectionId}/users/${grace.userId}`);
    expect(s.id).toBe(`${siteId}/teams/${writers}`);
    const client = gitbookApi(emu);
    const users = (await client.collections.listUserPermissionsInCollection(collectionId)).data;
    expect(users.items.map((u) => [u.user.id, u.permission])).toEqual([[grace.userId, "review"]]);
    const teams = (await client.orgs.listTeamPermissionsInSite(org, siteId)).data;
    expect(teams.items.map((t) => [t.team.id, t.permission])).toEqual([[writers, "read"]]);
    await collectionGrants.delete(c.id, c.outs);
    await siteGrants.delete(s.id, s.outs);
    expect((await client.orgs.listTeamPermissionsInSite(org, siteId)).data.items).toEqual([]);
  });
});

describe("permissions on a Space (authoritative)", () => {
  test("create grants the list; refresh shows a grant made by hand; up removes it; a second up writes nothing", async () => {
    const declared = [
      { teamId: writers, role: "edit" },
      { email: ada.email, role: "admin" },
    ];
    const { id, outs } = await spaces.create({ title: "Owned", permissions: declared });
    const client = gitbookApi(emu);
    const aggregate = (await client.spaces.listPermissionsAggregateInSpace(id)).data.items;
    const people = [ada.userId, grace.userId];
    expect(
      aggregate
        .filter((a) => people.includes(a.user.id))
        .map((a) => [a.user.id, a.permission])
        .sort(),
    ).toEqual(
      [
        [ada.userId, "admin"],
        [grace.userId, "edit"],
      ].sort(),
    );
    const read = await spaces.read(id, outs);
    expect(read.inputs?.permissions).toEqual(outs.permissions);

    await grantByHand(`/v1/spaces/${id}`, { role: "read", users: [grace.userId] });
    const refreshed = await spaces.read(id, outs);
    expect(refreshed.inputs?.permissions).toEqual([
      { email: ada.email, role: "admin" },
      { email: grace.email, role: "read" },
      { teamId: writers, role: "edit" },
    ]);
    const diff = await spaces.diff(id, refreshed.props!, { title: "Owned", permissions: declared });
    expect(diff.changes).toBe(true);

    await emu.clearRequests();
    const after = await spaces.up(id, refreshed.props!, { title: "Owned", permissions: declared });
    expect((await writes(emu)).map((r) => [r.method, r.path])).toEqual([
      ["DELETE", `/v1/spaces/${id}/permissions/users/${grace.userId}`],
    ]);
    const again = await spaces.read(id, after);
    expect(again.props).toEqual(after);
    await emu.clearRequests();
    await spaces.up(id, again.props!, { title: "Owned", permissions: declared });
    expect(await writes(emu)).toEqual([]);
  });

  test("a space without permissions neither reads nor touches its grants: a grant made by hand stays", async () => {
    const { id, outs } = await spaces.create({ title: "Unmanaged" });
    await grantByHand(`/v1/spaces/${id}`, { role: "read", teams: [writers] });
    await emu.clearRequests();
    const read = await spaces.read(id, outs);
    expect(read.props?.permissions).toBeNull();
    expect((await emu.requests()).map((r) => r.path)).toEqual([`/v1/spaces/${id}`]);
    await spaces.up(id, read.props!, { title: "Unmanaged" });
    expect(await writes(emu)).toEqual([]);
    const teams = (await gitbookApi(emu).spaces.listTeamPermissionsInSpace(id)).data.items;
    expect(teams.map((t) => t.team.id)).toEqual([writers]);
  });

  test("on a collection and a site, the same: the declared list, read back by the hosted client", async () => {
    const c = await collections.create({
      title: "Owned area",
      permissions: [{ userId: grace.userId, role: "read" }],
    });
    const s = await sites.create({
      title: "Owned site",
      permissions: [{ teamId: writers, role: "edit" }],
    });
    const client = gitbookApi(emu);
    const users = (await client.collections.listUserPermissionsInCollection(c.id)).data.items;
    expect(users.map((u) => [u.user.id, u.permission])).toEqual([[grace.userId, "read"]]);
    const teams = (await client.orgs.listTeamPermissionsInSite(org, s.id)).data.items;
    expect(teams.map((t) => [t.team.id, t.permission])).toEqual([[writers, "edit"]]);
    expect((await collections.read(c.id, c.outs)).props).toEqual(c.outs);
    expect((await sites.read(s.id, s.outs)).props).toEqual(s.outs);
  });

  test("an entry names one principal, once; an unknown e-mail fails before anything is written", async () => {
    const { failures } = await spaces.check({
      title: "Bad",
      permissions: [{ teamId: "t", userId: "u", role: "edit" }, { role: "read" }],
    });
    expect(failures?.map((f) => f.property)).toEqual(["permissions[0]", "permissions[1]"]);
    const twice = await spaces.check({
      title: "Bad",
      permissions: [
        { teamId: "t", role: "edit" },
        { teamId: "t", role: "read" },
      ],
    });
    expect(twice.failures).toEqual([
      { property: "permissions[1]", reason: "team:t is listed twice" },
    ]);
    const spaceId = await newSpace();
    await emu.clearRequests();
    await expect(
      spaces.up(
        spaceId,
        { title: "Runbook", organizationId: org, permissions: null },
        {
          title: "Runbook",
          permissions: [{ email: "nobody@example.com", role: "read" }],
        },
      ),
    ).rejects.toThrow(
      `permissions: no member of organization ${org} has the e-mail nobody@example.com`,
    );
    expect(await writes(emu)).toEqual([]);
  });
});

describe("getSpacePermissions", () => {
  test("the teams, the users and the aggregate, inheritance from the collection included", async () => {
    const collectionId = (
      await callApi(emu, "POST", `/v1/orgs/${org}/collections`, { title: "Up" })
    ).body.id as string;
    const spaceId = (
      await callApi(emu, "POST", `/v1/orgs/${org}/spaces`, { title: "Down", parent: collectionId })
    ).body.id as string;
    await grantByHand(`/v1/collections/${collectionId}`, { role: "comment", users: [ada.userId] });
    await grantByHand(`/v1/spaces/${spaceId}`, { role: "edit", teams: [writers] });
    const found = await lookUpSpacePermissions({ spaceId });
    expect(found.teams).toEqual([{ teamId: writers, title: "Writers", role: "edit" }]);
    expect(found.users).toEqual([]);
    const byUser = Object.fromEntries(found.aggregate.map((a) => [a.user.id, a.role]));
    expect(byUser[ada.userId]).toBe("comment");
    expect(byUser[grace.userId]).toBe("edit");
  });
});

describe("each role, as the emulator enforces it", () => {
  /** Whether the role may edit a space: `edit` and above (the API's RoleLevel order). */
  const EDITS: Record<string, boolean> = {
    read: false,
    comment: false,
    edit: true,
    review: true,
    create: true,
    admin: true,
  };

  test.each(Object.keys(EDITS))(
    "a guest granted %s on a space by the program reads it, and PATCHes it only from edit up",
    async (role) => {
      const person = await seedPerson(emu, org, null, `guest-${role}`);
      const spaceId = await newSpace(`For ${role}`);
      const before = await person.api("PATCH", `/v1/spaces/${spaceId}`, { title: "Mine" });
      expect(before.status).not.toBe(200);
      const { id, outs } = await spaceGrants.create({ spaceId, email: person.email, role });
      expect((await person.api("GET", `/v1/spaces/${spaceId}`)).status).toBe(200);
      const patched = await person.api("PATCH", `/v1/spaces/${spaceId}`, { title: "Mine" });
      expect(patched.status).toBe(EDITS[role] ? 200 : 403);
      // Deleting the grant takes the access away again.
      await spaceGrants.delete(id, outs);
      expect(
        (await person.api("PATCH", `/v1/spaces/${spaceId}`, { title: "Again" })).status,
      ).not.toBe(200);
    },
  );
});

describe("planGrants (pure)", () => {
  const now = [
    { kind: "teams" as const, id: "t1", role: "read" },
    { kind: "users" as const, id: "u1", email: "ada@example.com", role: "edit" },
    { kind: "users" as const, id: "u2", email: "grace@example.com", role: "read" },
  ];

  test("one POST per role for who is missing, one PATCH per role that differs, one DELETE per stray", () => {
    const plan = planGrants(
      now,
      [
        { teamId: "t1", role: "edit" },
        { email: "ADA@example.com", role: "edit" },
        { teamId: "t2", role: "read" },
        { email: "linus@example.com", role: "read" },
        { userId: "u3", role: "admin" },
      ],
      new Map([["linus@example.com", "u4"]]),
    );
    expect(plan).toEqual({
      invites: [
        { role: "read", teams: ["t2"], users: ["u4"] },
        { role: "admin", teams: [], users: ["u3"] },
      ],
      roles: [{ kind: "teams", id: "t1", role: "edit" }],
      removes: [{ kind: "users", id: "u2" }],
    });
  });

  test("the grants as declared: the program's spelling, then strays by e-mail, sorted", () => {
    expect(grantsAsDeclared(now, [{ email: "ADA@example.com", role: "admin" }])).toEqual([
      { email: "ADA@example.com", role: "edit" },
      { email: "grace@example.com", role: "read" },
      { teamId: "t1", role: "read" },
    ]);
  });
});
