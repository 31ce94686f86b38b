import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const members = handlersFor("organization-member");
const ids: Record<string, string> = {};
const memberPath = (email: string) => `/v1/orgs/${emu.organizationId}/members/${ids[email]}`;

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  const list = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/members`);
  for (const m of list.body.items as { id: string; user: { email: string } }[])
    ids[m.user.email] = m.id;
  await callApi(emu, "PATCH", `/v1/orgs/${emu.organizationId}`, { defaultRole: "read" });
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("OrganizationMember", () => {
  test("by e-mail: one search, then one PATCH of the role; the outputs name the member", async () => {
    const { id, outs } = await members.create({ email: "linus@example.com", role: "create" });
    expect(id).toBe(ids["linus@example.com"]);
    expect(outs).toMatchObject({
      userId: id,
      email: "linus@example.com",
      role: "create",
      displayName: "Linus Pauling",
      sso: false,
    });
    // Teams change a member's team count: it is no output of the member (issue 7's rule).
    expect(outs).not.toHaveProperty("teamCount");
    const requests = await emu.requests();
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", `/v1/orgs/${emu.organizationId}/members`],
      ["PATCH", memberPath("linus@example.com")],
    ]);
    expect(requests[0]!.query).toMatchObject({ search: "linus@example.com" });
  });

  test("by user id: one PATCH and nothing else", async () => {
    await members.create({ userId: ids["grace@example.com"], role: null });
    expect((await emu.requests()).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { role: null }],
    ]);
  });

  test("an unknown e-mail fails naming email, before anything is written", async () => {
    await expect(members.create({ email: "nobody@example.com", role: "edit" })).rejects.toThrow(
      `email: no member of organization ${emu.organizationId} has the e-mail nobody@example.com`,
    );
    await expect(members.create({ userId: "nobody", role: "edit" })).rejects.toThrow(
      `userId: nobody is not a member of organization ${emu.organizationId}`,
    );
    expect(await writes(emu)).toHaveLength(1); // the PATCH of the unknown user id, answered 404
  });

  test("check wants exactly one of userId and email, a role, and a real e-mail", async () => {
    const failure = async (args: Record<string, unknown>) =>
      (await members.check(args)).failures?.[0];
    expect(await failure({ role: "read" })).toEqual({
      property: "userId",
      reason: "set either userId or email, not both",
    });
    expect(await failure({ userId: "u", email: "a@example.com", role: "read" })).toMatchObject({
      property: "userId",
    });
    expect(await failure({ email: "not-an-email", role: "read" })).toMatchObject({
      property: "email",
    });
    expect(await failure({ email: "a@example.com" })).toEqual({
      property: "role",
      reason: "is required",
    });
    expect(await emu.requests()).toEqual([]);
  });

  test("delete gives the member back the organization's default role", async () => {
    const { id, outs } = await members.create({ email: "ada@example.com", role: "admin" });
    await emu.clearRequests();
    await members.delete(id, outs);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { role: "read" }],
    ]);
    expect((await callApi(emu, "GET", memberPath("ada@example.com"))).body.role).toBe("read");
  });

  test("with removeOnDelete: true, delete removes the member; a member already gone is no error", async () => {
    const { id, outs } = await members.create({
      email: "margaret@example.com",
      role: "edit",
      removeOnDelete: true,
    });
    expect(outs.removeOnDelete).toBe(true);
    await emu.clearRequests();
    await members.delete(id, outs);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["DELETE"]);
    expect((await callApi(emu, "GET", memberPath("margaret@example.com"))).status).toBe(404);
    await members.delete(id, outs);
    // Refresh drops a member who left: the next up would fail naming them.
    expect((await members.read(id, outs)).id).toBe("");
  });

  test("refresh shows a role changed out of band; an update is one PATCH; removeOnDelete changes without a request", async () => {
    const { id, outs } = await members.create({ userId: ids["grace@example.com"], role: "edit" });
    await callApi(emu, "PATCH", memberPath("grace@example.com"), { role: "comment" });
    const read = await members.read(id, outs);
    expect(read.props).toMatchObject({ role: "comment" });
    expect(read.inputs).toEqual({
      organizationId: emu.organizationId,
      userId: ids["grace@example.com"],
      role: "comment",
    });
    const args = { userId: ids["grace@example.com"], role: "edit" };
    expect(await members.diff(id, read.props!, args)).toMatchObject({
      changes: true,
      replaces: [],
    });
    await emu.clearRequests();
    const updated = await members.update(id, read.props!, args);
    expect(updated.role).toBe("edit");
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ role: "edit" }]);
    await emu.clearRequests();
    const flagged = await members.update(id, updated, { ...args, removeOnDelete: true });
    expect(flagged.removeOnDelete).toBe(true);
    expect(await writes(emu)).toEqual([]);
    expect((await members.read(id, flagged)).props).toEqual(flagged);
  });

  test("another user or e-mail replaces; diff makes no request", async () => {
    const olds = {
      organizationId: emu.organizationId,
      email: "ada@example.com",
      userId: "u1",
      role: "read",
      __declared: ["email", "organizationId", "role"],
    };
    expect(
      await members.diff("u1", olds, { email: "grace@example.com", role: "read" }),
    ).toMatchObject({
      replaces: ["email"],
    });
    expect(
      await members.diff("u1", olds, { email: "ada@example.com", role: "read" }),
    ).toMatchObject({
      changes: false,
    });
    expect(await emu.requests()).toEqual([]);
  });
});
