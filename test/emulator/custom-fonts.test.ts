import {
  apiClient,
  createTestEmulator,
  seedRoles,
  seedSeparateOrganization,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

let t: TestEmulator;
let call: ReturnType<typeof apiClient>;
let roles: RoleClients;
let org: string;
let site: string;

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "fonts");
  org = `/v1/orgs/${t.organizationId}`;
  const space = (await call("POST", `${org}/spaces`, { title: "Guides" })).body.id;
  site = (await call("POST", `${org}/sites`, { title: "Docs", spaces: [space] })).body.id;
});
afterAll(() => t.close());

const fonts = () => `${org}/fonts`;
const regular = { weight: 400, storageKey: "fonts/acme-sans-regular.woff2" };
const bold = { weight: 700, storageKey: "fonts/acme-sans-bold.woff" };

interface Font {
  id: string;
  fontFamily: string;
  fontFaces: unknown[];
  permissions?: unknown;
}

async function newFont(family = "Acme Sans", faces: unknown[] = [regular]) {
  const created = await call("PUT", fonts(), { fontFamily: family, fontFaces: faces });
  expect(created.status).toBe(201);
  return created.body as unknown as Font;
}

describe("custom fonts", () => {
  test("PUT creates a font, answered as a definition with a source per face, and GET and the list read it", async () => {
    const font = await newFont("Acme Sans", [bold, regular]);
    expect(font).toMatchObject({
      custom: true,
      fontFamily: "Acme Sans",
      permissions: { edit: true },
    });
    // Faces in weight order, each with its file's URL and format.
    expect(font.fontFaces).toEqual([
      {
        weight: 400,
        sources: [{ url: expect.stringMatching(/acme-sans-regular\.woff2$/), format: "woff2" }],
      },
      {
        weight: 700,
        sources: [{ url: expect.stringMatching(/acme-sans-bold\.woff$/), format: "woff" }],
      },
    ]);
    expect((await call("GET", `${fonts()}/${font.id}`)).body).toEqual(font);
    const list = await call("GET", fonts());
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(font);
  });

  test("a font without a regular face (400) is the hosted 412, on create and on update", async () => {
    const none = await call("PUT", fonts(), { fontFamily: "Thin", fontFaces: [bold] });
    expect(none.status).toBe(412);
    expect(none.body.error.message).toContain("weight 400");
    const font = await newFont("Keeps Regular");
    const removed = await call("POST", `${fonts()}/${font.id}`, {
      fontFaces: [{ weight: 400, storageKey: null }],
    });
    expect(removed.status).toBe(412);
    expect((await call("GET", `${fonts()}/${font.id}`)).body).toEqual(font);
  });

  test("bodies are validated against the hosted limits, naming the field", async () => {
    const bad = async (body: unknown) => {
      const reply = await call("PUT", fonts(), body);
      expect(reply.status).toBe(400);
      return reply.body.error.message as string;
    };
    expect(await bad({ fontFamily: "", fontFaces: [regular] })).toContain("fontFamily");
    expect(await bad({ fontFamily: "x".repeat(51), fontFaces: [regular] })).toMatch(
      /fontFamily.*50/,
    );
    expect(await bad({ fontFamily: "A", fontFaces: [] })).toContain("fontFaces");
    expect(
      await bad({ fontFamily: "A", fontFaces: [{ weight: 1001, storageKey: "k" }] }),
    ).toContain("weight");
    expect(
      await bad({ fontFamily: "A", fontFaces: [{ weight: 400.5, storageKey: "k" }] }),
    ).toContain("weight");
    expect(
      await bad({ fontFamily: "A", fontFaces: [{ weight: 400, storageKey: "k".repeat(513) }] }),
    ).toMatch(/storageKey.*512/);
    expect(await bad({ fontFamily: "A", fontFaces: [regular, regular] })).toContain(
      "fontFaces[1].weight: 400 is given more than once",
    );
  });

  test("POST renames, adds, replaces and removes faces by weight, and answers 201", async () => {
    const font = await newFont("Old Name", [regular, bold]);
    const changed = await call("POST", `${fonts()}/${font.id}`, {
      fontFamily: "New Name",
      fontFaces: [
        { weight: 700, storageKey: null },
        { weight: 900, storageKey: "fonts/black.woff2" },
        { weight: 400, storageKey: "fonts/regular-v2.woff2" },
      ],
    });
    expect(changed.status).toBe(201);
    expect(changed.body.fontFamily).toBe("New Name");
    expect(
      (changed.body.fontFaces as { weight: number; sources: { url: string }[] }[]).map((f) => [
        f.weight,
        f.sources[0]!.url.split("/").pop(),
      ]),
    ).toEqual([
      [400, "regular-v2.woff2"],
      [900, "black.woff2"],
    ]);
    expect((await call("POST", `${fonts()}/nope`, { fontFamily: "X" })).status).toBe(404);
  });

  test("DELETE answers 205, then 204, and the font is gone", async () => {
    const font = await newFont("Short Lived");
    expect((await call("DELETE", `${fonts()}/${font.id}`)).status).toBe(205);
    expect((await call("DELETE", `${fonts()}/${font.id}`)).status).toBe(204);
    expect((await call("GET", `${fonts()}/${font.id}`)).status).toBe(404);
  });

  test("members read the fonts; only the organization's admins write them", async () => {
    const font = await newFont("Guarded");
    const read = await roles.reader("GET", `${fonts()}/${font.id}`);
    expect(read.status).toBe(200);
    expect(read.body.permissions).toEqual({ edit: false });
    expect((await roles.reader("GET", fonts())).status).toBe(200);
    const body = { fontFamily: "Mine", fontFaces: [regular] };
    expect((await roles.editor("PUT", fonts(), body)).status).toBe(403);
    expect((await roles.editor("POST", `${fonts()}/${font.id}`, { fontFamily: "X" })).status).toBe(
      403,
    );
    expect((await roles.editor("DELETE", `${fonts()}/${font.id}`)).status).toBe(403);
    expect((await roles.foreign("GET", `${fonts()}/${font.id}`)).status).toBe(404);
    expect((await call("GET", `${fonts()}/${font.id}`)).body.fontFamily).toBe("Guarded");
  });
});

type Settings = Record<string, unknown> & { styling: Record<string, unknown> };

describe("a site's customization with a custom font", () => {
  const customization = () => `${org}/sites/${site}/customization`;
  async function settingsWith(styling: Record<string, unknown>) {
    const current = (await call("GET", customization())).body as unknown as Settings;
    const { updatedAt: _, ...settings } = current;
    return { ...settings, styling: { ...settings.styling, ...styling } };
  }

  test("takes the organization's font by its definition and answers it as the font is", async () => {
    const font = await newFont("Brand Serif", [regular, bold]);
    const definition = { ...font, permissions: undefined };
    delete definition.permissions;
    // The id decides: a stale family name or faces are answered as the font has them.
    const sent = { ...definition, fontFamily: "Stale Name" };
    const put = await call("PUT", customization(), await settingsWith({ headingFont: sent }));
    expect(put.status).toBe(200);
    expect((put.body as unknown as Settings).styling.headingFont).toEqual(definition);
    const read = (await call("GET", customization())).body as unknown as Settings;
    expect(read.styling.headingFont).toEqual(definition);
    const { urls } = (await call("GET", `${org}/sites/${site}`)).body as unknown as Settings;
    const app = (urls as { app: string }).app;
    const html = await (
      await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } })
    ).text();
    expect(html).toContain(`Brand Serif (custom font ${font.id})`);
    expect(html).toContain('<table id="custom-fonts">');
  });

  test("refuses an unknown, a deleted or another organization's font id with 400 naming the field", async () => {
    const before = (await call("GET", customization())).text;
    const definition = {
      id: "font_unknown",
      custom: true,
      fontFamily: "Ghost",
      fontFaces: [{ weight: 400, sources: [{ url: "https://fonts.example/g.woff2" }] }],
    };
    const unknown = await call("PUT", customization(), await settingsWith({ font: definition }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      `styling.font.id: font_unknown is not a custom font of organization ${t.organizationId}`,
    );

    const gone = await newFont("Gone");
    await call("DELETE", `${fonts()}/${gone.id}`);
    const deleted = await call(
      "PUT",
      customization(),
      await settingsWith({ monospaceFont: { ...definition, id: gone.id } }),
    );
    expect(deleted.status).toBe(400);
    expect(deleted.body.error.message).toContain(`styling.monospaceFont.id: ${gone.id}`);

    const other = await seedSeparateOrganization(t, "Font Thieves");
    const them = apiClient(t.url, other.token, t.fetch);
    const theirs = await them("PUT", `/v1/orgs/${other.organizationId}/fonts`, {
      fontFamily: "Theirs",
      fontFaces: [regular],
    });
    expect(theirs.status).toBe(201);
    const foreign = await call(
      "PUT",
      customization(),
      await settingsWith({ font: { ...definition, id: theirs.body.id } }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toContain(`styling.font.id: ${theirs.body.id}`);
    expect((await call("GET", customization())).text).toBe(before);
  });
});
