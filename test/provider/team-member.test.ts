import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const memberships = handlersFor("team-member");
const ids: Record<string, string> = {};
let teamId: string;
const teamPath = () => `/v1/orgs/${emu.organizationId}/teams/${teamId}`;

async function inTeam(): Promise<[string, string][]> {
  const res = await callApi(emu, "GET", `${teamPath()}/members`);
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
  // A team this stack does not own, with someone already in it.
  teamId = (
    await callApi(emu, "PUT", `/v1/orgs/${emu.organizationId}/teams`, {
      title: "Shared",
      members: [ids["grace@example.com"]],
    })
  ).body.id as string;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("TeamMember", () => {
  test("additive: by e-mail, one search and one PUT; the team's other members stay", async () => {
    const { id, outs } = await memberships.create({
      teamId,
      email: "ada@example.com",
      role: "owner",
    });
    expect(id).toBe(`${teamId}/${ids["ada@example.com"]}`);
    expect(outs).toMatchObject({
      teamId,
      userId: ids["ada@example.com"],
      email: "ada@example.com",
      role: "owner",
    });
    expect((await emu.requests()).map((r) => [r.method, r.body])).toEqual([
      ["GET", null],
      ["PUT", { role: "owner" }],
    ]);
    expect(await inTeam()).toEqual([
      ["ada@example.com", "owner"],
      ["grace@example.com", "member"],
    ]);
    expect((await memberships.read(id, outs)).props).toEqual(outs);
  });

  test("by user id, one PUT with the default role member; a role change is one PUT; delete takes only it out", async () => {
    const { id, outs } = await memberships.create({ teamId, userId: ids["linus@example.com"] });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PUT", { role: "member" }],
    ]);
    expect(outs.role).toBe("member");
    await emu.clearRequests();
    const updated = await memberships.update(id, outs, {
      teamId,
      userId: ids["linus@example.com"],
      role: "owner",
    });
    expect(updated.role).toBe("owner");
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ role: "owner" }]);
    await memberships.delete(id, updated);
    expect((await inTeam()).map(([email]) => email)).not.toContain("linus@example.com");
    expect((await inTeam()).map(([email]) => email)).toContain("grace@example.com");
  });

  test("an unknown e-mail fails naming email before anything is written; check names its rules", async () => {
    await expect(memberships.create({ teamId, email: "nobody@example.com" })).rejects.toThrow(
      `email: no member of organization ${emu.organizationId} has the e-mail nobody@example.com`,
    );
    expect(await writes(emu)).toEqual([]);
    const failure = async (args: Record<string, unknown>) =>
      (await memberships.check(args)).failures?.[0];
    expect(await failure({ teamId })).toMatchObject({ property: "userId" });
    expect(await failure({ teamId, userId: "u", role: "admin" })).toMatchObject({
      property: "role",
    });
    expect(await failure({ teamId, userId: "u", adoptId: "x" })).toMatchObject({
      property: "adoptId",
    });
    expect(await failure({ userId: "u" })).toEqual({ property: "teamId", reason: "is required" });
  });

  test("another team or user replaces; a role updates in place", async () => {
    const olds = {
      organizationId: emu.organizationId,
      teamId,
      userId: "u1",
      role: "member",
      __declared: ["organizationId", "role", "teamId", "userId"],
    };
    expect(await memberships.diff("x", olds, { teamId: "other", userId: "u1" })).toMatchObject({
      replaces: ["teamId"],
    });
    expect(
      await memberships.diff("x", olds, { teamId, userId: "u1", role: "owner" }),
    ).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(await memberships.diff("x", olds, { teamId, userId: "u1" })).toMatchObject({
      changes: false,
    });
  });
});
