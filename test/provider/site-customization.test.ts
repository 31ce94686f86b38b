import { defaultCustomization } from "../../emulator/render/site-customization";
import { SERVICE_DEFAULTS } from "../../provider/api/site-customization-document";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const customizations = handlersFor("site-customization");
const overrides = handlersFor("site-space-customization");

type Doc = Record<string, unknown>;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const sitePath = (siteId: string) => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;

/** A new site with one site space. */
async function newSite(): Promise<{ siteId: string; siteSpaceId: string }> {
  const space = await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title: "Guides" });
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, {
    title: "Docs",
    spaces: [space.body.id],
  });
  const siteId = site.body.id as string;
  const listed = await api("GET", `${sitePath(siteId)}/site-spaces`);
  return { siteId, siteSpaceId: (listed.body.items as { id: string }[])[0]!.id };
}

/** The site's settings as the service holds them. */
async function settingsOf(siteId: string): Promise<Doc> {
  return (await api("GET", `${sitePath(siteId)}/customization`)).body;
}

/** Changes the site's settings by hand, as a person in the app would: GET, edit, PUT. */
async function editByHand(siteId: string, edit: (doc: Doc & { styling: Doc }) => void) {
  const { updatedAt: _, ...doc } = (await settingsOf(siteId)) as Doc & { styling: Doc };
  edit(doc as Doc & { styling: Doc });
  expect((await api("PUT", `${sitePath(siteId)}/customization`, doc)).status).toBe(200);
}

type Settings = Doc & { title?: string; styling: Doc; themes: Doc; footer: Doc };
/** The published client's `orgs` operations this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  orgs: {
    getSiteCustomizationById(org: string, site: string): Promise<{ data: Settings }>;
    getSiteSpaceCustomizationById(
      org: string,
      site: string,
      siteSpace: string,
    ): Promise<{ data: Settings }>;
  };
}

const declared = {
  styling: { theme: "bold", primaryColor: { light: "#0B5FFF", dark: "#6EA8FE" } },
  themes: { default: "dark" },
  footer: { copyright: "© Acme" },
};

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("SiteCustomization", () => {
  test("create reads the settings and PUTs them back with the declared ones laid over", async () => {
    const { siteId } = await newSite();
    await emu.clearRequests();
    const { id, outs } = await customizations.create({ siteId, ...declared });
    expect(id).toBe(siteId);
    expect(outs).toMatchObject({ siteId, ...declared, title: null });
    const log = (await emu.requests()).map((r) => r.method);
    expect(log).toEqual(["GET", "PUT"]);
    const stored = await settingsOf(siteId);
    expect(stored).toMatchObject(declared);
    // Settings the program leaves out keep the service's values.
    expect((stored.styling as Doc).corners).toBe("rounded");
    expect((stored.themes as Doc).toggeable).toBe(true);
  });

  test("a setting made by hand that the program leaves out is kept by create and update", async () => {
    const { siteId } = await newSite();
    await editByHand(siteId, (doc) => {
      doc.styling.corners = "circular";
      doc.title = "Hand title";
    });
    const { id, outs } = await customizations.create({ siteId, ...declared });
    expect(await settingsOf(siteId)).toMatchObject({ title: "Hand title" });
    const changed = { ...declared, styling: { ...declared.styling, theme: "muted" } };
    await customizations.up(id, outs, { siteId, ...changed });
    const stored = await settingsOf(siteId);
    expect(stored).toMatchObject({ title: "Hand title", styling: { theme: "muted" } });
    expect((stored.styling as Doc).corners).toBe("circular");
  });

  test("refresh: a hand change of an undeclared setting is no change; of a declared one, drift", async () => {
    const { siteId } = await newSite();
    const inputs = { siteId, ...declared };
    const { id, outs } = await customizations.create(inputs);
    await editByHand(siteId, (doc) => {
      doc.styling.icons = "thin";
      (doc.themes as Doc).toggeable = false;
    });
    const quiet = await customizations.read(id, outs);
    expect(quiet.inputs).toEqual(expect.objectContaining(declared));
    expect((await customizations.diff(id, quiet.props!, inputs)).changes).toBe(false);
    await editByHand(siteId, (doc) => (doc.styling.theme = "gradient"));
    const drifted = await customizations.read(id, quiet.props!);
    expect((drifted.props!.styling as Doc).theme).toBe("gradient");
    expect((await customizations.diff(id, drifted.props!, inputs)).changes).toBe(true);
    // The next up puts the declared value back, and leaves the hand changes it does not declare.
    await customizations.up(id, drifted.props!, inputs);
    const stored = await settingsOf(siteId);
    expect((stored.styling as Doc).theme).toBe("bold");
    expect((stored.styling as Doc).icons).toBe("thin");
  });

  test("delete gives the declared settings back the service's defaults, and leaves the others", async () => {
    const { siteId } = await newSite();
    const { id, outs } = await customizations.create({ siteId, title: "Acme docs", ...declared });
    await editByHand(siteId, (doc) => (doc.styling.icons = "solid"));
    await emu.clearRequests();
    await customizations.delete(id, outs);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["PUT"]);
    const { updatedAt: _, ...stored } = await settingsOf(siteId);
    expect(stored).toEqual({
      ...defaultCustomization(),
      styling: { ...defaultCustomization().styling, icons: "solid" },
    });
  });

  test("destroy of every declared setting leaves exactly the defaults", async () => {
    const { siteId } = await newSite();
    const { id, outs } = await customizations.create({ siteId, title: "Acme docs", ...declared });
    await customizations.delete(id, outs);
    const { updatedAt: _, ...stored } = await settingsOf(siteId);
    expect(stored).toEqual(defaultCustomization());
  });

  test("the provider's defaults are the service's, for every setting it may declare", () => {
    const service = defaultCustomization() as unknown as Doc;
    for (const [section, value] of Object.entries(SERVICE_DEFAULTS)) {
      expect([section, service[section]]).toEqual([section, expect.objectContaining(value)]);
    }
  });

  test("the service's own client reads what the provider wrote", async () => {
    const { siteId, siteSpaceId } = await newSite();
    await customizations.create({ siteId, title: "Client docs", ...declared });
    await overrides.create({ siteId, siteSpaceId, styling: { theme: "muted" } });
    // Typed by hand: tsc (module node16) cannot see the ESM package's types through
    // test/support/gitbook.ts, though jest runs it. The calls are the published client's own.
    const client = gitbookApi(emu) as unknown as HostedClient;
    const site = (await client.orgs.getSiteCustomizationById(emu.organizationId, siteId)).data;
    expect(site.title).toBe("Client docs");
    expect(site.styling.theme).toBe("bold");
    expect(site.styling.primaryColor).toEqual(declared.styling.primaryColor);
    expect(site.themes.default).toBe("dark");
    expect(site.footer.copyright).toBe("© Acme");
    const space = (
      await client.orgs.getSiteSpaceCustomizationById(emu.organizationId, siteId, siteSpaceId)
    ).data;
    expect(space.styling.theme).toBe("muted");
    expect(space.title).toBe("Client docs");
  });
});

describe("SiteSpaceCustomization", () => {
  const path = (siteId: string, siteSpaceId: string) =>
    `${sitePath(siteId)}/site-spaces/${siteSpaceId}/customization`;

  test("create is one PATCH of the declared override; refresh shows drift only in it", async () => {
    const { siteId, siteSpaceId } = await newSite();
    const inputs = {
      siteId,
      siteSpaceId,
      styling: { theme: "muted" },
      themes: { default: "dark" },
    };
    await emu.clearRequests();
    const { id, outs } = await overrides.create(inputs);
    expect(id).toBe(siteSpaceId);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { styling: { theme: "muted" }, themes: { default: "dark" } }],
    ]);
    // An override made by hand of another setting: no drift.
    await api("PATCH", path(siteId, siteSpaceId), { pagination: { enabled: false } });
    const quiet = await overrides.read(id, outs);
    expect((await overrides.diff(id, quiet.props!, inputs)).changes).toBe(false);
    // The declared setting changed by hand: drift.
    await api("PATCH", path(siteId, siteSpaceId), { themes: { default: "light" } });
    const drifted = await overrides.read(id, quiet.props!);
    expect((await overrides.diff(id, drifted.props!, inputs)).changes).toBe(true);
  });

  test("delete resets the declared settings to the site's and keeps an override made by hand", async () => {
    const { siteId, siteSpaceId } = await newSite();
    const { id, outs } = await overrides.create({
      siteId,
      siteSpaceId,
      themes: { default: "dark" },
    });
    await api("PATCH", path(siteId, siteSpaceId), { pagination: { enabled: false } });
    await emu.clearRequests();
    await overrides.delete(id, outs);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { themes: { default: null } }],
    ]);
    const merged = (await api("GET", path(siteId, siteSpaceId))).body;
    expect(merged).toMatchObject({ themes: { default: "system" }, pagination: { enabled: false } });
  });

  test("delete of the only override leaves none: the site space answers the site's settings", async () => {
    const { siteId, siteSpaceId } = await newSite();
    const { id, outs } = await overrides.create({ siteId, siteSpaceId, title: "Guides" });
    await overrides.delete(id, outs);
    expect((await api("DELETE", path(siteId, siteSpaceId))).status).toBe(204);
    expect((await api("GET", path(siteId, siteSpaceId))).body).toEqual(defaultCustomization());
  });
});
