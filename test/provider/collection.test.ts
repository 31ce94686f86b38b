import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, UNKNOWN, writes } from "../support/provider";

let emu: TestEmulator;
const collections = handlersFor("collection");

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("Collection", () => {
  test("create sends one POST, or a POST and one PATCH when description or defaultLevel is set", async () => {
    const plain = await collections.create({ title: "Plain" });
    expect(plain.outs).toMatchObject({
      title: "Plain",
      organizationId: emu.organizationId,
      parent: null,
    });
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST"]);

    await emu.clearRequests();
    const full = await collections.create({
      title: "Full",
      description: "All of it",
      defaultLevel: "read",
    });
    expect(full.outs).toMatchObject({ description: "All of it", defaultLevel: "read" });
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST", "PATCH"]);
  });

  test("organizationId defaults to the configured organization", async () => {
    const checked = await collections.check({ title: "Defaulted" });
    expect(checked.inputs).toMatchObject({ organizationId: emu.organizationId });
  });

  test("without a configured default, a missing organizationId is a check failure naming it", async () => {
    await configureProvider(emu, { "docs-workspace:organizationId": "" });
    try {
      const result = await collections.check({ title: "Homeless" });
      expect(result.failures).toEqual([
        {
          property: "organizationId",
          reason: expect.stringContaining("pulumi config set docs-workspace:organizationId"),
        },
      ]);
      expect(
        (await collections.check({ title: "Housed", organizationId: "o1" })).failures,
      ).toBeUndefined();
    } finally {
      await configureProvider(emu);
    }
  });

  test("check tells a wrong type from a missing value", async () => {
    expect((await collections.check({ title: 42 })).failures).toEqual([
      { property: "title", reason: "must be a string" },
    ]);
    expect((await collections.check({ description: "no title" })).failures).toEqual([
      { property: "title", reason: "is required" },
    ]);
    expect((await collections.check({ title: "T", defaultLevel: "owner" })).failures).toEqual([
      {
        property: "defaultLevel",
        reason:
          'must be one of "admin", "create", "review", "edit", "comment", "read", "inherit", null',
      },
    ]);
  });

  test("check accepts the limits themselves", async () => {
    const result = await collections.check({ title: "x".repeat(50), description: "y".repeat(100) });
    expect(result.failures).toBeUndefined();
  });

  test("check lets unknown values through during preview", async () => {
    const result = await collections.check({ title: UNKNOWN, parent: UNKNOWN });
    expect(result.failures).toBeUndefined();
  });

  test("adoptId of an object the token cannot see fails clearly and creates nothing", async () => {
    await expect(
      collections.create({ title: "Ghost", adoptId: "no-such-collection" }),
    ).rejects.toThrow("adoptId no-such-collection: no such collection is visible to this token");
    expect((await writes(emu)).length).toBe(0);
  });

  test("diff makes no request and reports no change when nothing changed", async () => {
    const { id, outs } = await collections.create({ title: "Stable", description: "Same" });
    await emu.clearRequests();
    expect(await collections.diff(id, outs, { title: "Stable", description: "Same" })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(await emu.requests()).toEqual([]);
  });

  test("a parent change is one move; removing the parent moves it to the top level", async () => {
    const parent = await collections.create({ title: "Parent" });
    const child = await collections.create({ title: "Child" });
    await emu.clearRequests();
    const moved = await collections.update(child.id, child.outs, {
      title: "Child",
      parent: parent.id,
    });
    expect(moved.parent).toBe(parent.id);
    expect((await writes(emu)).map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", `/v1/collections/${child.id}/move`, { parent: parent.id }],
    ]);
    await emu.clearRequests();
    const back = await collections.update(child.id, moved, { title: "Child" });
    expect(back.parent).toBeNull();
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ parent: null }]);
  });

  test("an organization change transfers the collection in place", async () => {
    const { id, outs } = await collections.create({ title: "Moving house" });
    await emu.clearRequests();
    const after = await collections.update(id, outs, {
      title: "Moving house",
      organizationId: emu.secondOrganizationId,
    });
    expect(after.organizationId).toBe(emu.secondOrganizationId);
    expect((await writes(emu)).map((r) => r.path)).toEqual([`/v1/collections/${id}/transfer`]);
  });
});
