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

  test("defaultLevel needs a PATCH after the POST", async () => {
    const ok = await spaces.create({ title: "Guarded", defaultLevel: "comment" });
    expect(ok.outs.defaultLevel).toBe("comment");
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST", "PATCH"]);
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
});
