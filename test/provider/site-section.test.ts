import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const sections = handlersFor("site-section");
let siteId: string;
let spaceA: string;
let spaceB: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

const sitePath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;

async function listed(): Promise<Record<string, unknown>[]> {
  return (await api("GET", `${sitePath()}/sections?limit=1000`)).body.items as Record<
    string,
    unknown
  >[];
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  siteId = (await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Docs" })).body
    .id as string;
  const space = (title: string) =>
    api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title }).then(
      (r) => r.body.id as string,
    );
  spaceA = await space("Alpha");
  spaceB = await space("Beta");
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("SiteSection", () => {
  test("create is one POST, plus one PATCH for path, description and condition", async () => {
    const { id, outs } = await sections.create({
      siteId,
      spaceId: spaceA,
      title: "Guides",
      icon: "book",
      path: "how-to",
      description: "Step by step",
      condition: "visitor.claims.staff === true",
    });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { spaceId: spaceA, title: "Guides", icon: "book" }],
      [
        "PATCH",
        { path: "how-to", description: "Step by step", condition: "visitor.claims.staff === true" },
      ],
    ]);
    expect(outs).toMatchObject({
      organizationId: emu.organizationId,
      siteId,
      spaceId: spaceA,
      title: "Guides",
      icon: "book",
      path: "how-to",
      description: "Step by step",
      condition: "visitor.claims.staff === true",
      sectionGroupId: null,
    });
    // The section starts with its space linked: that site space's id is an output, to adopt it.
    const section = (await listed()).find((s) => s.id === id)!;
    const [linked] = section.siteSpaces as { id: string; space: { id: string } }[];
    expect(linked!.space.id).toBe(spaceA);
    expect(outs.siteSpaceId).toBe(linked!.id);
  });

  test("check catches invalid arguments with no request sent, naming the property and the limit", async () => {
    const result = await sections.check({
      siteId,
      title: "x",
      path: "",
      condition: "c".repeat(1025),
      description: "d".repeat(257),
    });
    expect(result.failures).toEqual([
      { property: "spaceId", reason: "is required" },
      { property: "title", reason: "must be at least 2 characters" },
      { property: "path", reason: "must not be empty" },
      { property: "description", reason: "must be at most 256 characters" },
      { property: "condition", reason: "must be at most 1024 characters" },
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  test("a title and a path changed out of band show as drift, and one PATCH restores them", async () => {
    const args = { siteId, spaceId: spaceA, title: "Tutorials", path: "tutorials" };
    const { id, outs } = await sections.create(args);
    await api("PATCH", `${sitePath()}/sections/${id}`, { title: "By hand", path: "by-hand" });

    const refreshed = await sections.read(id, outs);
    expect(refreshed.props).toMatchObject({ title: "By hand", path: "by-hand", spaceId: spaceA });
    expect(refreshed.inputs).toMatchObject({ title: "By hand", path: "by-hand" });
    expect(await sections.diff(id, refreshed.props!, args)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    await emu.clearRequests();
    const restored = await sections.update(id, refreshed.props!, args);
    expect(restored).toMatchObject({ title: "Tutorials", path: "tutorials" });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Tutorials", path: "tutorials" }],
    ]);
  });

  test("a change of the starting spaceId is no change; siteId and organizationId replace", async () => {
    const args = { siteId, spaceId: spaceA, title: "Starts with alpha" };
    const { id, outs } = await sections.create(args);
    await emu.clearRequests();
    expect(await sections.diff(id, outs, { ...args, spaceId: spaceB })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(
      await sections.diff(id, outs, {
        ...args,
        siteId: "other-site",
        organizationId: emu.secondOrganizationId,
      }),
    ).toEqual({
      changes: true,
      replaces: ["organizationId", "siteId"],
      deleteBeforeReplace: false,
    });
    expect(await emu.requests()).toEqual([]);
  });

  test("condition null removes it", async () => {
    const args = { siteId, spaceId: spaceA, title: "Conditional", condition: "visitor.claims.a" };
    const { id, outs } = await sections.create(args);
    await emu.clearRequests();
    const after = await sections.update(id, outs, { ...args, condition: null });
    expect(after.condition).toBeNull();
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ condition: null }]);
  });

  test("a section deleted out of band is dropped by refresh and recreated by the next up", async () => {
    const args = { siteId, spaceId: spaceA, title: "Short lived", path: "short-lived" };
    const { id, outs } = await sections.create(args);
    expect((await api("DELETE", `${sitePath()}/sections/${id}`)).status).toBe(205);
    expect((await sections.read(id, outs)).id).toBe("");
    const again = await sections.create(args);
    expect(again.id).not.toBe(id);
    expect((await listed()).find((s) => s.id === again.id)).toMatchObject({ path: "short-lived" });
  });

  test("adoptId takes over an existing section without creating one", async () => {
    const existing = await api("POST", `${sitePath()}/sections`, {
      spaceId: spaceB,
      title: "Legacy",
    });
    const id = existing.body.id as string;
    await emu.clearRequests();
    const adopted = await sections.create({
      siteId,
      spaceId: spaceB,
      title: "Adopted",
      adoptId: id,
    });
    expect(adopted.id).toBe(id);
    expect(adopted.outs).toMatchObject({ title: "Adopted", spaceId: spaceB, adoptId: id });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Adopted" }],
    ]);
  });

  test("delete treats an absent section as success", async () => {
    const { id, outs } = await sections.create({ siteId, spaceId: spaceA, title: "Twice" });
    await sections.delete(id, outs);
    await sections.delete(id, outs);
    expect((await listed()).map((s) => s.id)).not.toContain(id);
  });

  test("a failing PATCH after the POST undoes the create: no section is left behind", async () => {
    const before = (await listed()).map((s) => s.id);
    await emu.addFault({
      method: "PATCH",
      path: "/v1/orgs/*/sites/*/sections/*",
      count: 1,
      kind: "status",
      status: 500,
    });
    await expect(
      sections.create({ siteId, spaceId: spaceA, title: "Half made", path: "half" }),
    ).rejects.toThrow(/500/);
    await emu.clearFaults();
    expect((await listed()).map((s) => s.id)).toEqual(before);
  });
});
