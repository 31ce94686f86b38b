import { customFont } from "../../provider/resources/custom-font";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** CustomFont, and a SiteCustomization that uses one, against the emulator through the handlers. */
let emu: TestEmulator;
const fonts = handlersFor("custom-font");
const customizations = handlersFor("site-customization");

type Doc = Record<string, unknown>;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const fontsPath = () => `/v1/orgs/${emu.organizationId}/fonts`;
const regular = { weight: 400, storageKey: "fonts/acme-regular.woff2" };
const bold = { weight: 700, storageKey: "fonts/acme-bold.woff2" };

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

async function newSite(): Promise<string> {
  const space = await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title: "Guides" });
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, {
    title: "Docs",
    spaces: [space.body.id],
  });
  return site.body.id as string;
}

describe("CustomFont", () => {
  test("create is one PUT; a rename, a new face and a removed face are one POST, in place", async () => {
    const inputs = { fontFamily: "Acme Sans", fontFaces: [regular, bold] };
    const { id, outs } = await fonts.create(inputs);
    expect(outs).toMatchObject({ ...inputs, organizationId: emu.organizationId });
    expect(outs.files).toEqual([
      { weight: 400, sources: [{ url: expect.stringContaining("acme-regular"), format: "woff2" }] },
      { weight: 700, sources: [{ url: expect.stringContaining("acme-bold"), format: "woff2" }] },
    ]);
    expect((await writes(emu)).map((w) => [w.method, w.path, w.body])).toEqual([
      ["PUT", fontsPath(), inputs],
    ]);

    const black = { weight: 900, storageKey: "fonts/acme-black.woff2" };
    const changed = { fontFamily: "Acme Sans 2", fontFaces: [regular, black] };
    expect(await fonts.diff(id, outs, changed)).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const updated = await fonts.update(id, outs, changed);
    expect(updated).toMatchObject(changed);
    expect((await writes(emu)).map((w) => [w.method, w.path, w.body])).toEqual([
      [
        "POST",
        `${fontsPath()}/${id}`,
        {
          fontFamily: "Acme Sans 2",
          fontFaces: [regular, black, { weight: 700, storageKey: null }],
        },
      ],
    ]);
    const read = await fonts.read(id, updated);
    expect(read.props).toMatchObject(changed);
    expect((await fonts.diff(id, read.props!, changed)).changes).toBe(false);
  });

  test("refresh shows a face added by hand, and the next update removes it", async () => {
    const inputs = { fontFamily: "Drifting", fontFaces: [regular] };
    const { id, outs } = await fonts.create(inputs);
    const added = await api("POST", `${fontsPath()}/${id}`, {
      fontFaces: [{ weight: 300, storageKey: "fonts/light.woff2" }],
    });
    expect(added.status).toBe(201);
    const drifted = await fonts.read(id, outs);
    expect(drifted.props!.fontFaces).toEqual([{ weight: 300, storageKey: null }, regular]);
    expect(await fonts.diff(id, drifted.props!, inputs)).toMatchObject({ changes: true });
    await fonts.update(id, drifted.props!, inputs);
    const now = await api("GET", `${fontsPath()}/${id}`);
    expect((now.body.fontFaces as { weight: number }[]).map((f) => f.weight)).toEqual([400]);
  });

  test("check refuses a font with no regular face or a weight twice, and the limits, before any request", async () => {
    const failures = async (args: Doc) => (await fonts.check(args)).failures;
    expect(await failures({ fontFamily: "Thin", fontFaces: [bold] })).toEqual([
      { property: "fontFaces", reason: "must have a regular face (weight 400)" },
    ]);
    expect(await failures({ fontFamily: "Twice", fontFaces: [regular, regular] })).toEqual([
      { property: "fontFaces", reason: "has weight 400 more than once" },
    ]);
    expect(await failures({ fontFamily: "x".repeat(51), fontFaces: [regular] })).toEqual([
      { property: "fontFamily", reason: "must be at most 50 characters" },
    ]);
    expect(
      await failures({ fontFamily: "A", fontFaces: [{ weight: 1001, storageKey: "k" }] }),
    ).toEqual([{ property: "fontFaces[0].weight", reason: expect.stringMatching(/1000/) }]);
    expect(await emu.requests()).toEqual([]);
  });

  test("a create whose answer is lost takes the font of that family made since, not an older one", async () => {
    const older = await api("PUT", fontsPath(), { fontFamily: "Lost Sans", fontFaces: [regular] });
    expect(older.status).toBe(201);
    const inputs = { fontFamily: "Lost Sans", fontFaces: [regular] };
    const checked = await fonts.check(inputs);
    await emu.clearRequests();
    await emu.addFault({ method: "PUT", path: fontsPath(), kind: "drop", when: "after", count: 1 });
    const { id } = await fonts.create(checked.inputs);
    expect(id).not.toBe(older.body.id);
    const listed = (await api("GET", fontsPath())).body.items as {
      id: string;
      fontFamily: string;
    }[];
    expect(listed.filter((f) => f.fontFamily === "Lost Sans").map((f) => f.id)).toEqual([
      older.body.id,
      id,
    ]);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["PUT"]);
  });

  test("delete answers the font gone; the service's own client reads what the provider wrote", async () => {
    const { id, outs } = await fonts.create({
      fontFamily: "Read Back",
      fontFaces: [regular, bold],
    });
    const client = gitbookApi(emu);
    const font = await client.orgs.getCustomFont(emu.organizationId, id);
    expect(font.data).toMatchObject({ id, custom: true, fontFamily: "Read Back" });
    expect(font.data.fontFaces.map((f) => f.weight)).toEqual([400, 700]);
    const list = await client.orgs.listCustomFonts(emu.organizationId);
    expect(list.data.items.map((f) => f.id)).toContain(id);
    await fonts.delete(id, outs);
    expect((await api("GET", `${fontsPath()}/${id}`)).status).toBe(404);
    // Already gone: delete is still a success.
    await fonts.delete(id, outs);
    expect(customFont.secretOutputs).toEqual([]);
  });
});

describe("SiteCustomization with a custom font", () => {
  test("names the font by id: the service gets its definition, refresh reads the id back, a no-op writes nothing", async () => {
    const siteId = await newSite();
    const font = await fonts.create({ fontFamily: "Brand", fontFaces: [regular, bold] });
    const inputs = {
      siteId,
      styling: { customFontId: font.id, monospaceFont: "JetBrainsMono" },
    };
    const { id, outs } = await customizations.create(inputs);
    expect(outs.styling).toEqual(inputs.styling);
    const stored = await api("GET", `/v1/orgs/${emu.organizationId}/sites/${siteId}/customization`);
    expect((stored.body.styling as Doc).font).toMatchObject({
      id: font.id,
      custom: true,
      fontFamily: "Brand",
    });
    const read = await customizations.read(id, outs);
    expect(read.props!.styling).toEqual(inputs.styling);
    expect((await customizations.diff(id, read.props!, inputs)).changes).toBe(false);
    await emu.clearRequests();
    await customizations.up(id, read.props!, inputs);
    expect(await writes(emu)).toEqual([]);
    // Delete gives the font back the service's default.
    await customizations.delete(id, read.props!);
    const after = await api("GET", `/v1/orgs/${emu.organizationId}/sites/${siteId}/customization`);
    expect((after.body.styling as Doc).font).toBe("Inter");
  });

  test("a font deleted out of band fails the next write clearly, naming the field and the font, and writes nothing", async () => {
    const siteId = await newSite();
    const font = await fonts.create({ fontFamily: "Doomed", fontFaces: [regular] });
    const inputs = { siteId, styling: { customFontId: font.id } };
    const { id, outs } = await customizations.create(inputs);
    expect((await api("DELETE", `${fontsPath()}/${font.id}`)).status).toBe(205);
    await emu.clearRequests();
    const changed = { siteId, styling: { customFontId: font.id, theme: "bold" } };
    await expect(customizations.update(id, outs, changed)).rejects.toThrow(
      `styling.customFontId names custom font ${font.id}, which organization ${emu.organizationId} no longer has (deleted out of band?)`,
    );
    expect(await writes(emu)).toEqual([]);
  });

  test("a name replaces a custom font and a custom font a name, each in one PUT; refresh after each is no change", async () => {
    const siteId = await newSite();
    const font = await fonts.create({ fontFamily: "Switch", fontFaces: [regular] });
    const custom = { siteId, styling: { customFontId: font.id } };
    const { id, outs } = await customizations.create(custom);
    const named = { siteId, styling: { font: "Roboto" } };
    await emu.clearRequests();
    const after = await customizations.update(id, outs, named);
    expect(after.styling).toEqual({ font: "Roboto" });
    expect((await writes(emu)).length).toBe(1);
    const path = `/v1/orgs/${emu.organizationId}/sites/${siteId}/customization`;
    expect(((await api("GET", path)).body.styling as Doc).font).toBe("Roboto");
    const read = await customizations.read(id, after);
    expect((await customizations.diff(id, read.props!, named)).changes).toBe(false);
    const back = await customizations.update(id, read.props!, custom);
    expect(back.styling).toEqual({ customFontId: font.id });
    expect(((await api("GET", path)).body.styling as Doc).font).toMatchObject({ id: font.id });
  });

  test("check refuses a font that is not one of the service's, and a name beside a custom font", async () => {
    const wrong = await customizations.check({
      siteId: "site",
      styling: { font: { customFontId: "font_1" } },
    });
    expect(wrong.failures).toEqual([
      { property: "styling.font", reason: expect.stringMatching(/Inter/) },
    ]);
    const both = await customizations.check({
      siteId: "site",
      styling: { font: "Inter", customFontId: "font_1", monospaceFont: "FiraCode" },
    });
    expect(both.failures).toEqual([
      {
        property: "styling.customFontId",
        reason:
          "names a custom font where styling.font names one of the service's: declare one of the two",
      },
    ]);
  });
});
