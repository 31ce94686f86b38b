import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const siteSpaces = handlersFor("site-space");
let siteId: string;
let sectionId: string;
let otherSectionId: string;
let spaceA: string;
let spaceB: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

const sitePath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;

async function newSpace(title: string): Promise<string> {
  return (await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title })).body.id as string;
}

async function listed(): Promise<Record<string, unknown>[]> {
  return (await api("GET", `${sitePath()}/site-spaces?limit=1000`)).body.items as Record<
    string,
    unknown
  >[];
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  siteId = (await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Docs" })).body
    .id as string;
  spaceA = await newSpace("Alpha");
  spaceB = await newSpace("Beta");
  sectionId = (await api("POST", `${sitePath()}/sections`, { spaceId: spaceA, title: "Guides" }))
    .body.id as string;
  otherSectionId = (
    await api("POST", `${sitePath()}/sections`, { spaceId: spaceA, title: "Reference" })
  ).body.id as string;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("SiteSpace", () => {
  test("create is one POST, plus one PATCH for path and condition", async () => {
    const plain = await siteSpaces.create({ siteId, sectionId, spaceId: spaceB });
    expect(plain.outs).toMatchObject({ siteId, sectionId, spaceId: spaceB, path: "beta" });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { spaceId: spaceB, sectionId }],
    ]);
    await emu.clearRequests();
    const full = await siteSpaces.create({
      siteId,
      sectionId,
      spaceId: spaceB,
      path: "beta-docs",
      condition: "visitor.claims.beta === true",
    });
    expect(full.outs).toMatchObject({
      path: "beta-docs",
      condition: "visitor.claims.beta === true",
    });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { spaceId: spaceB, sectionId }],
      ["PATCH", { path: "beta-docs", condition: "visitor.claims.beta === true" }],
    ]);
  });

  test("condition null removes it", async () => {
    const args = { siteId, sectionId, spaceId: spaceA, condition: "visitor.claims.x === true" };
    const { id, outs } = await siteSpaces.create(args);
    await emu.clearRequests();
    const after = await siteSpaces.update(id, outs, { ...args, condition: null });
    expect(after.condition).toBeNull();
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ condition: null }]);
    expect((await listed()).find((s) => s.id === id)).not.toHaveProperty("condition");
  });

  test("hidden: true is one PATCH, then a read and the next diff show no change", async () => {
    const shown = { siteId, sectionId, spaceId: spaceB, path: "tucked-away" };
    const { id, outs } = await siteSpaces.create(shown);
    expect(outs.hidden).toBe(false);
    const declared = { ...shown, hidden: true };
    expect((await siteSpaces.diff(id, outs, declared)).changes).toBe(true);
    await emu.clearRequests();
    const updated = await siteSpaces.update(id, outs, declared);
    expect(updated.hidden).toBe(true);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { hidden: true }],
    ]);

    const refreshed = await siteSpaces.read(id, updated);
    expect(refreshed.props).toMatchObject({ hidden: true, path: "tucked-away" });
    expect(await siteSpaces.diff(id, refreshed.props!, declared)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    // Omitting it later leaves it hidden: no change planned, nothing sent.
    expect((await siteSpaces.diff(id, refreshed.props!, shown)).changes).toBe(false);
    expect((await listed()).find((s) => s.id === id)).toMatchObject({ hidden: true });
  });

  test("a site space created hidden is one POST and one PATCH", async () => {
    const args = { siteId, sectionId, spaceId: spaceB, path: "born-hidden", hidden: true };
    await emu.clearRequests();
    const { id, outs } = await siteSpaces.create(args);
    expect(outs.hidden).toBe(true);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { spaceId: spaceB, sectionId }],
      ["PATCH", { path: "born-hidden", hidden: true }],
    ]);
    const refreshed = await siteSpaces.read(id, outs);
    expect((await siteSpaces.diff(id, refreshed.props!, args)).changes).toBe(false);
  });

  test("refresh drops a site space whose site was deleted", async () => {
    const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Gone" });
    const { id, outs } = await siteSpaces.create({ siteId: site.body.id, spaceId: spaceA });
    await api("DELETE", `/v1/orgs/${emu.organizationId}/sites/${site.body.id}`);
    expect((await siteSpaces.read(id, outs)).id).toBe("");
  });

  test("diff replaces on siteId and sectionId, deleting first when the path is kept", async () => {
    const args = { siteId, sectionId, spaceId: spaceA, path: "kept-path" };
    const { id, outs } = await siteSpaces.create(args);
    await emu.clearRequests();
    expect(await siteSpaces.diff(id, outs, { ...args, sectionId: otherSectionId })).toEqual({
      changes: true,
      replaces: ["sectionId"],
      deleteBeforeReplace: true,
    });
    expect(
      await siteSpaces.diff(id, outs, { ...args, sectionId: otherSectionId, path: "new-path" }),
    ).toEqual({ changes: true, replaces: ["sectionId"], deleteBeforeReplace: false });
    expect(await siteSpaces.diff(id, outs, { ...args, siteId: "another-site" })).toEqual({
      changes: true,
      replaces: ["siteId"],
      deleteBeforeReplace: true,
    });
    expect(await siteSpaces.diff(id, outs, { ...args, spaceId: spaceB })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    // Diff makes no request. Check, before a replacement, lists what carries the key in the
    // new place: the create that follows must not take any of it for its work.
    for (const r of await emu.requests()) {
      expect([r.method, r.path.endsWith("/site-spaces")]).toEqual(["GET", true]);
    }
  });
});
