import { apiClient, createTestEmulator, type TestEmulator } from "../support/emulator";
import { createTeam, seedPerson, type SeededPerson } from "../support/people";

/**
 * Each role, given by a grant, against an operation that needs it: 403 below, 2xx at or above
 * (docs/api-decisions.md, "Permissions"). The callers are guests (no organization role), so
 * what they reach is the grant's alone.
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

const ROLES = ["read", "comment", "edit", "review", "create", "admin"] as const;
type Role = (typeof ROLES)[number];

type Call = (space: string, who: SeededPerson) => Promise<number>;

/** An operation on a space that needs each role, and the status it answers when allowed. */
const SPACE_OPERATIONS: Record<Role, Call> = {
  read: async (space, who) => (await who.api("GET", `/v1/spaces/${space}/content`)).status,
  comment: async (space, who) =>
    (await who.api("POST", `/v1/spaces/${space}/comments`, { body: { markdown: "Hi" } })).status,
  edit: async (space, who) =>
    (await who.api("PATCH", `/v1/spaces/${space}`, { title: "Edited" })).status,
  review: async (space, who) => {
    const cr = await api("POST", `/v1/spaces/${space}/change-requests`, { subject: "Try" });
    expect(cr.status).toBe(201);
    const path = `/v1/spaces/${space}/change-requests/${cr.body.id}/merge`;
    return (await who.api("POST", path)).status;
  },
  create: async (space, who) => (await who.api("POST", `/v1/spaces/${space}/duplicate`)).status,
  admin: async (space, who) =>
    (
      await who.api("POST", `/v1/spaces/${space}/permissions`, {
        role: "read",
        users: [who.userId],
      })
    ).status,
};

describe.each(ROLES)("a guest given %s on the space's collection through a team", (granted) => {
  let who: SeededPerson;
  let space: string;
  beforeAll(async () => {
    who = await seedPerson(t, org, null, `guest-${granted}`);
    const team = await createTeam(t, org, `Team ${granted}`, [who.userId]);
    const collection = await api("POST", `/v1/orgs/${org}/collections`, { title: granted });
    space = (
      await api("POST", `/v1/orgs/${org}/spaces`, { title: "Ladder", parent: collection.body.id })
    ).body.id;
    const res = await api("POST", `/v1/collections/${collection.body.id}/permissions`, {
      role: granted,
      teams: [team],
    });
    expect(res.status).toBe(204);
  });

  test.each(ROLES)("an operation needing %s", async (needed) => {
    const status = await SPACE_OPERATIONS[needed](space, who);
    if (ROLES.indexOf(needed) <= ROLES.indexOf(granted)) {
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
    } else {
      expect(status).toBe(403);
    }
  });
});

describe("without a grant", () => {
  test("a guest reads no space's content; a read member edits nothing", async () => {
    const guest = await seedPerson(t, org, null, "bare-guest");
    const reader = await seedPerson(t, org, "read", "bare-reader");
    const space = (await api("POST", `/v1/orgs/${org}/spaces`, { title: "Closed" })).body.id;
    expect(await SPACE_OPERATIONS.read(space, guest)).toBe(403);
    expect(await SPACE_OPERATIONS.read(space, reader)).toBe(200);
    expect(await SPACE_OPERATIONS.edit(space, reader)).toBe(403);
  });
});

describe("sites", () => {
  test("a site grant gives its role on that site only, and shows its origin in the aggregate", async () => {
    const editor = await seedPerson(t, org, "edit", "site-editor");
    const site = (await api("POST", `/v1/orgs/${org}/sites`, { title: "Docs" })).body.id;
    const other = (await api("POST", `/v1/orgs/${org}/sites`, { title: "Other" })).body.id;
    const base = `/v1/orgs/${org}/sites/${site}`;
    const group = { title: "Group" };
    expect((await editor.api("POST", `${base}/section-groups`, group)).status).toBe(403);
    await api("POST", `${base}/permissions`, { role: "create", users: [editor.userId] });
    expect((await editor.api("POST", `${base}/section-groups`, group)).status).toBe(201);
    expect((await editor.api("PATCH", base, { title: "Mine" })).status).toBe(403);
    const elsewhere = await editor.api(
      "POST",
      `/v1/orgs/${org}/sites/${other}/section-groups`,
      group,
    );
    expect(elsewhere.status).toBe(403);

    const team = await createTeam(t, org, "Site admins", [editor.userId]);
    await api("POST", `${base}/permissions`, { role: "admin", teams: [team] });
    expect((await editor.api("PATCH", base, { title: "Mine" })).status).toBe(200);
    const aggregate = await api("GET", `${base}/permissions/aggregate`);
    const item = aggregate.body.items.find((i) => (i.user as { id: string }).id === editor.userId);
    expect(item).toMatchObject({
      permission: "admin",
      origin: { type: "site", site, reason: "team", team },
      disabled: false,
    });
    const admins = await api("GET", `${base}/permissions/aggregate?role=admin&team=${team}`);
    expect(admins.body.items.map((i) => (i.user as { id: string }).id)).toEqual([editor.userId]);
    const owner = aggregate.body.items.find((i) => i.permission === "admin" && i !== item);
    expect(owner?.origin).toEqual({ type: "organization", organization: org });

    const overrides = await api("GET", `${base}/permissions/users`);
    expect(overrides.body.items).toMatchObject([
      { permission: "create", user: { id: editor.userId } },
    ]);
    // A site's PATCH takes a RoleLevel (the hosted MemberRole); an invite may set null (guest).
    const refused = await api("PATCH", `${base}/permissions/users/${editor.userId}`, {
      role: null,
    });
    expect(refused.status).toBe(400);
    const guest = await api("POST", `${base}/permissions`, { role: null, users: [editor.userId] });
    expect(guest.status).toBe(204);
    expect((await api("GET", `${base}/permissions/users`)).body.items[0]!.permission).toBeNull();
    expect((await api("DELETE", `${base}/permissions/teams/${team}`)).status).toBe(205);
    expect((await editor.api("PATCH", base, { title: "Again" })).status).toBe(403);
    expect((await api("DELETE", `/v1/orgs/${org}/sites/${site}`)).status).toBe(205);
  });
});
