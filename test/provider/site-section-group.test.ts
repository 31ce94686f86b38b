import { groupOrderOperations } from "../../provider/resources/site-section-group";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const groups = handlersFor("site-section-group");
let siteId: string;
let spaceId: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

const sitePath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;

async function newSection(title: string): Promise<string> {
  return (await api("POST", `${sitePath()}/sections`, { spaceId, title })).body.id as string;
}

/** The group's section ids in order, as the API lists them. */
async function liveOrder(groupId: string): Promise<string[]> {
  const list = await api("GET", `${sitePath()}/section-groups`);
  const group = (list.body.items as { id: string; sections: { id: string }[] }[]).find(
    (g) => g.id === groupId,
  );
  return group!.sections.map((s) => s.id);
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  siteId = (await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Docs" })).body
    .id as string;
  spaceId = (await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title: "Shared" })).body
    .id as string;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("groupOrderOperations", () => {
  test("keeps the longest prefix of the wanted order and appends the rest", () => {
    expect(groupOrderOperations(["a", "b", "c"], ["a", "b", "c"])).toEqual({ remove: [], add: [] });
    expect(groupOrderOperations(["a", "b"], ["a", "b", "c"])).toEqual({ remove: [], add: ["c"] });
    expect(groupOrderOperations(["a", "b", "c"], ["a", "c"])).toEqual({ remove: ["b"], add: [] });
    expect(groupOrderOperations(["a", "b", "c"], ["a", "c", "b"])).toEqual({
      remove: ["b"],
      add: ["b"],
    });
    expect(groupOrderOperations(["a", "b", "c"], ["c", "a", "b"])).toEqual({
      remove: ["a", "b"],
      add: ["a", "b"],
    });
    expect(groupOrderOperations(["a", "b"], [])).toEqual({ remove: ["a", "b"], add: [] });
  });
});

describe("SiteSectionGroup", () => {
  test("create is one POST with the title, the icon and the ordered sections", async () => {
    const [a, b] = [await newSection("Group A one"), await newSection("Group A two")];
    await emu.clearRequests();
    const { id, outs } = await groups.create({
      siteId,
      title: "Reference",
      icon: "code",
      sections: [b, a],
    });
    expect(outs).toMatchObject({ siteId, title: "Reference", icon: "code", sections: [b, a] });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { title: "Reference", icon: "code", sections: [b, a] }],
    ]);
    expect(await liveOrder(id)).toEqual([b, a]);
  });

  test("the order stays exact through add, remove and move", async () => {
    const [a, b, c, d] = [
      await newSection("Order one"),
      await newSection("Order two"),
      await newSection("Order three"),
      await newSection("Order four"),
    ];
    const created = await groups.create({ siteId, title: "Ordered", sections: [a, b] });
    const id = created.id;

    const added = await groups.update(id, created.outs, {
      siteId,
      title: "Ordered",
      sections: [a, b, c, d],
    });
    expect(added.sections).toEqual([a, b, c, d]);
    expect(await liveOrder(id)).toEqual([a, b, c, d]);

    await emu.clearRequests();
    const removed = await groups.update(id, added, {
      siteId,
      title: "Ordered",
      sections: [a, c, d],
    });
    // Every request the update made, reads included: one DELETE is the API's minimum.
    expect((await emu.requests()).map((r) => [r.method, r.path])).toEqual([
      ["DELETE", `${sitePath()}/section-groups/${id}/sections/${b}`],
    ]);
    expect(removed.sections).toEqual([a, c, d]);
    expect(await liveOrder(id)).toEqual([a, c, d]);

    await emu.clearRequests();
    const moved = await groups.update(id, removed, {
      siteId,
      title: "Ordered",
      sections: [a, d, c],
    });
    // Moving d before c: c comes out and goes back at the end; a and d stay.
    expect((await emu.requests()).map((r) => [r.method, r.path])).toEqual([
      ["DELETE", `${sitePath()}/section-groups/${id}/sections/${c}`],
      ["POST", `${sitePath()}/section-groups/${id}/sections`],
    ]);
    expect(moved.sections).toEqual([a, d, c]);
    expect(await liveOrder(id)).toEqual([a, d, c]);
  });

  test("a section added and the title changed out of band show as drift, and the update restores both", async () => {
    const [a, b] = [await newSection("Drift one"), await newSection("Drift two")];
    const args = { siteId, title: "Drifting", sections: [a] };
    const { id, outs } = await groups.create(args);
    await api("POST", `${sitePath()}/section-groups/${id}/sections`, { sectionId: b });
    await api("PATCH", `${sitePath()}/section-groups/${id}`, { title: "By hand" });

    const refreshed = await groups.read(id, outs);
    expect(refreshed.props).toMatchObject({ title: "By hand", sections: [a, b] });
    expect(refreshed.inputs).toMatchObject({ title: "By hand", sections: [a, b] });
    expect((await groups.diff(id, refreshed.props!, args)).changes).toBe(true);

    await emu.clearRequests();
    const restored = await groups.update(id, refreshed.props!, args);
    expect(restored).toMatchObject({ title: "Drifting", sections: [a] });
    expect(await liveOrder(id)).toEqual([a]);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["DELETE", null],
      ["PATCH", { title: "Drifting" }],
    ]);
  });

  test("diff replaces on siteId only among the group's own properties", async () => {
    const { id, outs } = await groups.create({ siteId, title: "Replaceable" });
    await emu.clearRequests();
    expect(await groups.diff(id, outs, { siteId: "another-site", title: "Replaceable" })).toEqual({
      changes: true,
      replaces: ["siteId"],
      deleteBeforeReplace: false,
    });
    expect(await groups.diff(id, outs, { siteId, title: "Renamed" })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    // Diff makes no request. Check, before a replacement, lists what carries the key in the
    // new place: the create that follows must not take any of it for its work.
    for (const r of await emu.requests()) {
      expect([r.method, r.path.endsWith("/section-groups")]).toEqual(["GET", true]);
    }
  });
});
