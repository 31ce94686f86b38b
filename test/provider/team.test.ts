import { membersAsDeclared, planTeamMembers } from "../../provider/resources/team";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const teams = handlersFor("team");
const ids: Record<string, string> = {};
const teamsPath = () => `/v1/orgs/${emu.organizationId}/teams`;

async function inTeam(teamId: string): Promise<[string, string][]> {
  const res = await callApi(emu, "GET", `${teamsPath()}/${teamId}/members`);
  return (res.body.items as { organization: { user: { email: string } }; team: { role: string } }[])
    .map((m): [string, string] => [m.organization.user.email, m.team.role])
    .sort();
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  const list = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/members`);
  for (const m of list.body.items as { id: string; user: { email: string } }[])
    ids[m.user.email] = m.id;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("planTeamMembers", () => {
  const team = [
    { userId: "u1", email: "a@x.com", role: "owner" },
    { userId: "u2", email: "b@x.com", role: "member" },
  ];

  test("adds who is missing, removes who is not declared, sets roles that differ: one update", () => {
    const plan = planTeamMembers(
      team,
      [
        { user: "A@x.com", role: "member" },
        { user: "u3", role: "owner" },
        { user: "c@x.com", role: "member" },
      ],
      new Map([["c@x.com", "u4"]]),
    );
    expect(plan).toEqual({
      add: ["u3", "u4"],
      remove: ["u2"],
      memberships: { u1: { role: "member" }, u3: { role: "owner" } },
    });
  });

  test("nothing to do is an empty plan", () => {
    const wanted = [
      { user: "u1", role: "owner" as const },
      { user: "b@x.com", role: "member" as const },
    ];
    expect(planTeamMembers(team, wanted, new Map())).toEqual({});
  });

  test("reads the team back in the declared names, others after them, all by user", () => {
    const declared = [
      { user: "B@x.com", role: "member" as const },
      { user: "u9", role: "member" as const },
    ];
    expect(membersAsDeclared(team, declared)).toEqual([
      { user: "a@x.com", role: "owner" },
      { user: "B@x.com", role: "member" },
    ]);
  });
});

describe("Team", () => {
  test("create with members by e-mail: one listing, the team with its members in one PUT, owners in one more", async () => {
    const { id, outs } = await teams.create({
      title: "Writers",
      members: [{ user: "grace@example.com" }, { user: "ada@example.com", role: "owner" }],
    });
    expect(outs).toMatchObject({
      title: "Writers",
      // Sorted by user, each with its role.
      members: [
        { user: "ada@example.com", role: "owner" },
        { user: "grace@example.com", role: "member" },
      ],
      memberCount: 2,
      // Grants change it, so it is not kept (DESIGN.md's read rule).
      spaceCount: null,
    });
    expect((await emu.requests()).map((r) => [r.method, r.body])).toEqual([
      ["GET", null],
      ["PUT", { title: "Writers", members: [ids["ada@example.com"], ids["grace@example.com"]] }],
      ["PUT", { memberships: { [ids["ada@example.com"]!]: { role: "owner" } } }],
    ]);
    expect(await inTeam(id)).toEqual([
      ["ada@example.com", "owner"],
      ["grace@example.com", "member"],
    ]);
    // Refresh straight after create: no drift.
    expect((await teams.read(id, outs)).props).toEqual(outs);
  });

  test("create by user ids with no owner is one PUT; without members, one PUT and members are not read", async () => {
    const { id, outs } = await teams.create({
      title: "Ids",
      members: [{ user: ids["linus@example.com"] }],
    });
    expect((await emu.requests()).map((r) => r.method)).toEqual(["PUT"]);
    expect(outs.members).toEqual([{ user: ids["linus@example.com"], role: "member" }]);
    await teams.delete(id, outs);
    await emu.clearRequests();
    const bare = await teams.create({ title: "Bare" });
    expect(bare.outs.members).toBeNull();
    await emu.clearRequests();
    await teams.read(bare.id, bare.outs);
    expect((await emu.requests()).map((r) => r.path)).toEqual([`${teamsPath()}/${bare.id}`]);
  });

  test("an unknown e-mail fails naming its entry before anything is written", async () => {
    await expect(
      teams.create({
        title: "Nope",
        members: [{ user: "ada@example.com" }, { user: "nobody@example.com" }],
      }),
    ).rejects.toThrow(
      `members: no member of organization ${emu.organizationId} has the e-mail nobody@example.com`,
    );
    expect(await writes(emu)).toEqual([]);
    expect((await callApi(emu, "GET", `${teamsPath()}?title=Nope`)).body.count).toBe(0);
  });

  test("authoritative: a member added out of band shows on refresh, and the update removes it in one PUT", async () => {
    const declared = [{ user: "ada@example.com", role: "owner" }];
    const { id, outs } = await teams.create({ title: "Strict", members: declared });
    await callApi(emu, "PUT", `${teamsPath()}/${id}/members`, { add: ["linus@example.com"] });
    const read = await teams.read(id, outs);
    expect(read.props!.members).toEqual([
      { user: "ada@example.com", role: "owner" },
      { user: "linus@example.com", role: "member" },
    ]);
    expect(read.props!.memberCount).toBe(2);
    expect(await teams.diff(id, read.props!, { title: "Strict", members: declared })).toMatchObject(
      {
        changes: true,
        replaces: [],
      },
    );
    await emu.clearRequests();
    const updated = await teams.update(id, read.props!, { title: "Strict", members: declared });
    expect((await writes(emu)).map((r) => r.body)).toEqual([
      { remove: [ids["linus@example.com"]] },
    ]);
    expect(updated).toMatchObject({ members: declared, memberCount: 1 });
    expect(await inTeam(id)).toEqual([["ada@example.com", "owner"]]);
    expect((await teams.read(id, updated)).props).toEqual(updated);
  });

  test("a rename and a role change: one PATCH and one PUT; the same people in another order is no change", async () => {
    const { id, outs } = await teams.create({
      title: "Reviewers",
      members: [{ user: "linus@example.com" }, { user: "margaret@example.com" }],
    });
    const reordered = {
      title: "Reviewers",
      members: [{ user: "margaret@example.com" }, { user: "linus@example.com" }],
    };
    expect(await teams.diff(id, outs, reordered)).toMatchObject({ changes: false });
    await emu.clearRequests();
    const args = {
      title: "Review board",
      members: [{ user: "linus@example.com", role: "owner" }, { user: "margaret@example.com" }],
    };
    const updated = await teams.update(id, outs, args);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Review board" }],
      ["PUT", { memberships: { [ids["linus@example.com"]!]: { role: "owner" } } }],
    ]);
    expect(updated).toMatchObject({ title: "Review board", memberCount: 2 });
    expect((await teams.read(id, updated)).props).toEqual(updated);
  });

  test("adoptId takes an existing team over and applies the declared members", async () => {
    const existing = await callApi(emu, "PUT", teamsPath(), {
      title: "Existing",
      members: [ids["grace@example.com"]],
    });
    const { id, outs } = await teams.create({
      title: "Existing",
      members: [{ user: "ada@example.com" }],
      adoptId: existing.body.id,
    });
    expect(id).toBe(existing.body.id);
    expect(outs.members).toEqual([{ user: "ada@example.com", role: "member" }]);
    expect(await inTeam(id)).toEqual([["ada@example.com", "member"]]);
  });
});
