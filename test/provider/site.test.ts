import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, UNKNOWN, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const sites = handlersFor("site");

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

const sitesPath = () => `/v1/orgs/${emu.organizationId}/sites`;

async function siteTitles(): Promise<string[]> {
  const list = await api("GET", `${sitesPath()}?limit=1000`);
  return (list.body.items as { title: string }[]).map((s) => s.title);
}

describe("Site", () => {
  test("create is one POST when only type, title and visibility are declared", async () => {
    const { outs } = await sites.create({ title: "Plain site", visibility: "unlisted" });
    expect(outs).toMatchObject({
      organizationId: emu.organizationId,
      title: "Plain site",
      type: "basic",
      visibility: "unlisted",
      published: false,
      proxy: null,
      basename: null,
    });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { title: "Plain site", visibility: "unlisted" }],
    ]);
  });

  test("create sends the rest in one PATCH, then publishes through POST .../publish", async () => {
    const { id, outs } = await sites.create({
      title: "Full site",
      basename: "full",
      agentsContext: "excluded",
      adaptiveContent: { enabled: true },
      proxy: "example.com/docs",
      published: true,
    });
    expect((await writes(emu)).map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", sitesPath(), { title: "Full site" }],
      [
        "PATCH",
        `${sitesPath()}/${id}`,
        {
          basename: "full",
          agentsContext: "excluded",
          adaptiveContent: { enabled: true },
          proxy: "example.com/docs",
        },
      ],
      ["POST", `${sitesPath()}/${id}/publish`, null],
    ]);
    expect(outs).toMatchObject({
      published: true,
      basename: "full",
      agentsContext: "excluded",
      adaptiveContent: { enabled: true },
      proxy: "example.com/docs",
    });
    expect((outs.urls as { published: string }).published).toBe("https://example.com/docs");
  });

  test("a 503 on publish during create is retried, and the new site is kept", async () => {
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/sites/*/publish",
      kind: "status",
      status: 503,
      count: 1,
    });
    try {
      const { id, outs } = await sites.create({
        title: "Published despite a 503",
        published: true,
      });
      expect(outs.published).toBe(true);
      const calls = (await writes(emu)).map((r) => [r.method, r.path, r.status]);
      expect(calls).toEqual([
        ["POST", sitesPath(), 201],
        ["POST", `${sitesPath()}/${id}/publish`, 503],
        ["POST", `${sitesPath()}/${id}/publish`, 200],
      ]);
      expect(await siteTitles()).toContain("Published despite a 503");
    } finally {
      await emu.clearFaults();
    }
  });

  test("check accepts the limits themselves and unknown values during preview", async () => {
    expect(
      (await sites.check({ title: "ab", basename: "b".repeat(100) })).failures,
    ).toBeUndefined();
    expect((await sites.check({ title: UNKNOWN, published: UNKNOWN })).failures).toBeUndefined();
  });

  test("an out-of-band unpublish shows as drift, and the update publishes again without a PATCH", async () => {
    const { id, outs } = await sites.create({ title: "Published site", published: true });
    expect(outs.published).toBe(true);
    await api("POST", `${sitesPath()}/${id}/unpublish`);

    const refreshed = await sites.read(id, outs);
    expect(refreshed.props).toMatchObject({ published: false });
    expect(refreshed.inputs).toMatchObject({ published: false });
    const args = { title: "Published site", published: true };
    expect((await sites.diff(id, refreshed.props!, args)).changes).toBe(true);

    await emu.clearRequests();
    const after = await sites.update(id, refreshed.props!, args);
    expect(after.published).toBe(true);
    expect((await writes(emu)).map((r) => [r.method, r.path])).toEqual([
      ["POST", `${sitesPath()}/${id}/publish`],
    ]);
    expect((await api("GET", `${sitesPath()}/${id}`)).body.published).toBe(true);
  });

  test("adoptId refuses a site whose type differs from the declared one, changing nothing", async () => {
    const existing = await api("POST", sitesPath(), { title: "Basic legacy" });
    await emu.clearRequests();
    await expect(
      sites.create({ title: "Basic legacy", type: "premium", adoptId: existing.body.id }),
    ).rejects.toThrow(/type of the existing site differ from the declared value/);
    expect(await writes(emu)).toEqual([]);
  });

  test("diff lists exactly organizationId and type as replacements, without a request", async () => {
    const { id, outs } = await sites.create({ title: "Replaceable" });
    await emu.clearRequests();
    expect(
      await sites.diff(id, outs, {
        title: "Replaceable",
        type: "premium",
        organizationId: emu.secondOrganizationId,
      }),
    ).toEqual({ changes: true, replaces: ["organizationId", "type"], deleteBeforeReplace: false });
    expect(await sites.diff(id, outs, { title: "Replaceable", visibility: "share-link" })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(await sites.diff(id, outs, { title: "Replaceable" })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(await emu.requests()).toEqual([]);
  });

  test("a replacement keeping the basename deletes first, since the basename is unique", async () => {
    const { id, outs } = await sites.create({ title: "Kept name", basename: "kept" });
    const keep = { title: "Kept name", basename: "kept", type: "premium" };
    expect(await sites.diff(id, outs, keep)).toEqual({
      changes: true,
      replaces: ["type"],
      deleteBeforeReplace: true,
    });
    expect((await sites.diff(id, outs, { ...keep, basename: "renamed" })).deleteBeforeReplace).toBe(
      false,
    );
    expect(
      (await sites.diff(id, outs, { ...keep, organizationId: emu.secondOrganizationId }))
        .deleteBeforeReplace,
    ).toBe(false);
    // Why: created first, the replacement could not take the basename.
    await expect(sites.create({ title: "Kept name", basename: "kept" })).rejects.toThrow(/409/);
    await sites.delete(id, outs);
    const replacement = await sites.create({ title: "Kept name", basename: "kept" });
    expect(replacement.outs.basename).toBe("kept");
  });

  test("removing the proxy sends proxy: null", async () => {
    const { id, outs } = await sites.create({ title: "Proxied", proxy: "example.org/help" });
    await emu.clearRequests();
    const after = await sites.update(id, outs, { title: "Proxied", proxy: null });
    expect(after.proxy).toBeNull();
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ proxy: null }]);
  });

  test("a declared default section is read back, so an out-of-band change shows as drift", async () => {
    const { id } = await sites.create({ title: "Sectioned" });
    const space = await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title: "One" });
    const first = await api("POST", `${sitesPath()}/${id}/sections`, {
      spaceId: space.body.id,
      title: "First",
    });
    const second = await api("POST", `${sitesPath()}/${id}/sections`, {
      spaceId: space.body.id,
      title: "Second",
    });
    const args = { title: "Sectioned", defaultSiteSection: second.body.id, adoptId: id };
    const { outs } = await sites.create(args);
    expect(outs.defaultSiteSection).toBe(second.body.id);

    await api("PATCH", `${sitesPath()}/${id}`, { defaultSiteSection: first.body.id });
    const refreshed = await sites.read(id, outs);
    expect(refreshed.props).toMatchObject({ defaultSiteSection: first.body.id });
    expect((await sites.diff(id, refreshed.props!, args)).changes).toBe(true);
  });

  test("urls of a share-link site never carry a share key", async () => {
    const { id, outs } = await sites.create({
      title: "Secret site",
      visibility: "share-link",
      published: true,
    });
    const link = await api("POST", `${sitesPath()}/${id}/share-links`, { name: "key holder" });
    const key = new URL((link.body.urls as { published: string }).published).searchParams.get(
      "share",
    );
    expect(key).toBeTruthy();
    const raw = await api("GET", `${sitesPath()}/${id}`);
    // The emulator does put the key in the site's own published URL...
    expect(JSON.stringify(raw.body)).toContain(key!);
    // ...and the resource's outputs leave it out.
    const read = await sites.read(id, outs);
    expect(JSON.stringify(read)).not.toContain(key!);
    expect((read.props!.urls as { published: string }).published).toMatch(/^https:\/\//);
  });

  test("a publish that fails for good after the POST undoes the create too", async () => {
    // A 500 is not retried: the server failed, it was not unavailable.
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/sites/*/publish",
      count: 1,
      kind: "status",
      status: 500,
    });
    await expect(sites.create({ title: "Never published", published: true })).rejects.toThrow(
      /500/,
    );
    await emu.clearFaults();
    expect(await siteTitles()).not.toContain("Never published");
  });
});
