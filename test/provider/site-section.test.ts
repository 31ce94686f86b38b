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
    // Diff makes no request. Check, before a replacement, lists what carries the key in the
    // new place: the create that follows must not take any of it for its work.
    for (const r of await emu.requests()) {
      expect([r.method, r.path.endsWith("/sections")]).toEqual(["GET", true]);
    }
  });

  test("condition null removes it", async () => {
    const args = { siteId, spaceId: spaceA, title: "Conditional", condition: "visitor.claims.a" };
    const { id, outs } = await sections.create(args);
    await emu.clearRequests();
    const after = await sections.update(id, outs, { ...args, condition: null });
    expect(after.condition).toBeNull();
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ condition: null }]);
  });
});
