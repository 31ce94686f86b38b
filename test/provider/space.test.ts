import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const spaces = handlersFor("space");
const collections = handlersFor("collection");

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

describe("Space", () => {
  test("create is one POST carrying title, emoji, parent, language and editMode", async () => {
    const parent = await collections.create({ title: "Handbook" });
    await emu.clearRequests();
    const { id, outs } = await spaces.create({
      title: "On-call",
      emoji: "📟",
      parent: parent.id,
      language: "en",
      editMode: "locked",
    });
    expect(outs).toMatchObject({
      title: "On-call",
      emoji: "📟",
      parent: parent.id,
      language: "en",
      editMode: "locked",
      organizationId: emu.organizationId,
      comments: 0,
      changeRequests: 0,
    });
    expect(outs.visibility).toEqual(expect.any(String));
    expect(outs.revision).toEqual(expect.any(String));
    expect((outs.urls as Record<string, string>).location).toContain(id);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST"]);
  });

  test("defaultLevel needs a PATCH after the POST, and a failing PATCH deletes the new space", async () => {
    const ok = await spaces.create({ title: "Guarded", defaultLevel: "comment" });
    expect(ok.outs.defaultLevel).toBe("comment");
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST", "PATCH"]);

    await emu.clearRequests();
    await emu.addFault({
      method: "PATCH",
      path: "/v1/spaces/*",
      count: 1,
      kind: "status",
      status: 500,
    });
    await expect(spaces.create({ title: "Half made", defaultLevel: "read" })).rejects.toThrow(
      /500/,
    );
    await emu.clearFaults();
    const log = await writes(emu);
    expect(log.map((r) => r.method)).toEqual(["POST", "PATCH", "DELETE"]);
    const list = await api("GET", `/v1/orgs/${emu.organizationId}/spaces`);
    expect((list.body.items as { title: string }[]).map((s) => s.title)).not.toContain("Half made");
  });

  test("check catches an invalid title and language with no request sent", async () => {
    const result = await spaces.check({ title: "", language: "klingon", editMode: "open" });
    expect(result.failures).toEqual([
      { property: "title", reason: "must not be empty" },
      { property: "editMode", reason: 'must be one of "live", "locked"' },
      { property: "language", reason: expect.stringContaining('must be one of "en"') },
    ]);
    expect((await spaces.check({ title: "x".repeat(51) })).failures).toEqual([
      { property: "title", reason: "must be at most 50 characters" },
    ]);
    expect(await emu.requests()).toEqual([]);
  });

  test("a title changed out of band shows as drift on refresh, and the next up restores it", async () => {
    const { id, outs } = await spaces.create({ title: "Runbook" });
    await api("PATCH", `/v1/spaces/${id}`, { title: "Edited in the app" });
    const refreshed = await spaces.read(id, outs);
    expect(refreshed.props).toMatchObject({ title: "Edited in the app" });
    expect((await spaces.diff(id, refreshed.props!, { title: "Runbook" })).changes).toBe(true);
    await emu.clearRequests();
    const restored = await spaces.update(id, refreshed.props!, { title: "Runbook" });
    expect(restored.title).toBe("Runbook");
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Runbook" }],
    ]);
  });

  test("a space deleted out of band is dropped by refresh and recreated by the next up", async () => {
    const { id, outs } = await spaces.create({ title: "Fragile" });
    await api("DELETE", `/v1/spaces/${id}`);
    expect((await spaces.read(id, outs)).id).toBe("");
    const again = await spaces.create({ title: "Fragile" });
    expect(again.id).not.toBe(id);
  });

  test("adoptId takes over an existing space without creating one", async () => {
    const existing = await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, {
      title: "Legacy",
    });
    const id = existing.body.id as string;
    await emu.clearRequests();
    const adopted = await spaces.create({ title: "Legacy", emoji: "📦", adoptId: id });
    expect(adopted.id).toBe(id);
    expect(adopted.outs.emoji).toBe("📦");
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { emoji: "📦" }],
    ]);
  });

  test("emoji null removes the emoji", async () => {
    const { id, outs } = await spaces.create({ title: "Plain", emoji: "🧪" });
    const after = await spaces.update(id, outs, { title: "Plain", emoji: null });
    expect(after.emoji).toBeNull();
    expect((await api("GET", `/v1/spaces/${id}`)).body.emoji).toBeFalsy();
  });

  test("a parent change is one move", async () => {
    const target = await collections.create({ title: "Target" });
    const { id, outs } = await spaces.create({ title: "Mover" });
    await emu.clearRequests();
    const moved = await spaces.update(id, outs, { title: "Mover", parent: target.id });
    expect(moved.parent).toBe(target.id);
    expect((await writes(emu)).map((r) => r.path)).toEqual([`/v1/spaces/${id}/move`]);
  });

  test("an organization change transfers the space in place", async () => {
    const { id, outs } = await spaces.create({ title: "Emigrant" });
    const diff = await spaces.diff(id, outs, {
      title: "Emigrant",
      organizationId: emu.secondOrganizationId,
    });
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await emu.clearRequests();
    const after = await spaces.update(id, outs, {
      title: "Emigrant",
      organizationId: emu.secondOrganizationId,
    });
    expect(after.organizationId).toBe(emu.secondOrganizationId);
    expect((await writes(emu)).map((r) => r.path)).toEqual([`/v1/spaces/${id}/transfer`]);
    expect((await api("GET", `/v1/spaces/${id}`)).body.organization).toBe(emu.secondOrganizationId);
  });

  test("several changes at once are one PATCH with only what changed", async () => {
    const { id, outs } = await spaces.create({ title: "Busy", emoji: "🐝", language: "en" });
    await emu.clearRequests();
    await spaces.update(id, outs, {
      title: "Busier",
      emoji: "🐝",
      language: "fr",
      editMode: "locked",
    });
    expect((await writes(emu)).map((r) => r.body)).toEqual([
      { title: "Busier", editMode: "locked", language: "fr" },
    ]);
  });

  test("delete treats an absent space as success", async () => {
    const { id, outs } = await spaces.create({ title: "Gone" });
    await spaces.delete(id, outs);
    await spaces.delete(id, outs);
    expect((await api("GET", `/v1/spaces/${id}`)).status).toBe(404);
  });
});
