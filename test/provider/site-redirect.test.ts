import { siteVisitorAuth } from "../../provider/resources/site-visitor-auth";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** SiteRedirect and SiteVisitorAuth against the emulator, through the handlers. */
let emu: TestEmulator;
const redirects = handlersFor("site-redirect");
const auth = handlersFor("site-visitor-auth");
let siteId: string;
let siteSpaceId: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const sitePath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;
const external = (url: string) => ({ kind: "external", url });

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  const space = await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, { title: "Guides" });
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, {
    title: "Redirected",
    spaces: [space.body.id],
  });
  siteId = site.body.id as string;
  const listed = await api("GET", `${sitePath()}/site-spaces`);
  siteSpaceId = (listed.body.items as { id: string }[])[0]!.id;
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

describe("SiteRedirect", () => {
  test("create is one POST; a change of destination is one PATCH; a change of source replaces", async () => {
    const inputs = { siteId, source: "/old/a", destination: external("https://a.example") };
    const { id, outs } = await redirects.create(inputs);
    expect(outs).toMatchObject({ ...inputs, permanent: false, draft: false, updatedAt: null });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["POST", { source: "/old/a", destination: external("https://a.example") }],
    ]);

    const moved = { ...inputs, destination: { kind: "site-space", siteSpaceId } };
    const diff = await redirects.diff(id, outs, moved);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const updated = await redirects.update(id, outs, moved);
    expect(updated.destination).toEqual({ kind: "site-space", siteSpaceId });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["PATCH", { destination: { kind: "site-space", siteSpaceId } }],
    ]);

    const renamed = await redirects.diff(id, updated, { ...moved, source: "/old/b" });
    expect(renamed).toMatchObject({ changes: true, replaces: ["source"] });
    expect((await redirects.read(id, updated)).props).toMatchObject({ source: "/old/a" });
  });

  test("a create whose answer is lost takes the redirect the lookup by source finds", async () => {
    const path = `${sitePath()}/redirects`;
    await emu.addFault({ method: "POST", path, kind: "drop", when: "after", count: 1 });
    const { id } = await redirects.create({
      siteId,
      source: "/lost",
      destination: external("https://lost.example"),
    });
    const sent = (await emu.requests()).map((r) => [r.method, r.path, r.status]);
    expect(sent).toEqual([
      ["POST", path, 0],
      ["GET", `${sitePath()}/redirect`, 200],
      // The object taken is then read as refresh reads it: from the site's list.
      ["GET", path, 200],
    ]);
    const listed = await api("GET", `${path}?search=/lost`);
    expect((listed.body.items as { id: string }[]).map((r) => r.id)).toEqual([id]);
  });

  test("check refuses a source that is no path, naming the property, before any request", async () => {
    const { failures } = await redirects.check({
      siteId,
      source: "old",
      destination: external("https://a.example"),
    });
    expect(failures).toEqual([
      { property: "source", reason: expect.stringMatching(/^must match the pattern/) },
    ]);
    expect(await emu.requests()).toEqual([]);
  });
});

describe("SiteVisitorAuth", () => {
  const inputs = () => ({
    siteId,
    backend: "custom",
    fallbackURL: "https://login.example.com/docs",
    rotation: "1",
  });

  test("create writes the settings and rotates the key; the key is a secret output", async () => {
    const before = (await api("GET", `${sitePath()}/publishing/auth`)).body.privateKey as string;
    await emu.clearRequests();
    const { id, outs } = await auth.create(inputs());
    expect(id).toBe(siteId);
    expect(outs).toMatchObject({ backend: "custom", rotation: "1", logoutURL: null });
    expect(outs.privateKey).toEqual(expect.any(String));
    expect(outs.privateKey).not.toBe(before);
    expect(
      (await writes(emu)).map((w) => [w.method, w.path.split("/").slice(-2).join("/")]),
    ).toEqual([
      ["PATCH", "publishing/auth"],
      ["POST", "auth/regenerate"],
    ]);
    expect(siteVisitorAuth.secretOutputs).toEqual(["privateKey"]);
  });

  test("a change of rotation is an update that regenerates the key; the settings stay", async () => {
    const { id, outs } = await auth.create(inputs());
    const rotated = { ...inputs(), rotation: "2" };
    const diff = await auth.diff(id, outs, rotated);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const updated = await auth.update(id, outs, rotated);
    expect(updated.privateKey).not.toBe(outs.privateKey);
    expect(updated).toMatchObject({ rotation: "2", fallbackURL: "https://login.example.com/docs" });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([["POST", null]]);
    const live = await api("GET", `${sitePath()}/publishing/auth`);
    expect(live.body.privateKey).toBe(updated.privateKey);
    // A refresh straight after shows no change, the rotation value kept.
    const read = await auth.read(id, updated);
    expect(read.props).toEqual(updated);
  });

  test("a change of one URL sends it with the backend the service requires", async () => {
    const { id, outs } = await auth.create(inputs());
    await emu.clearRequests();
    await auth.update(id, outs, { ...inputs(), logoutURL: "https://login.example.com/out" });
    expect((await writes(emu)).map((w) => w.body)).toEqual([
      { backend: "custom", logoutURL: "https://login.example.com/out" },
    ]);
  });

  test("delete writes the defaults back; a failed request never shows the key", async () => {
    const { id, outs } = await auth.create(inputs());
    await auth.delete(id, outs);
    const live = await api("GET", `${sitePath()}/publishing/auth`);
    expect(live.body).toEqual({
      object: "publishing-auth",
      backend: "custom",
      privateKey: outs.privateKey,
    });
    await emu.addFault({
      path: `${sitePath()}/publishing/auth`,
      kind: "status",
      status: 500,
      count: 9,
    });
    const failure = (await auth.read(id, outs).catch((e: unknown) => e)) as Error;
    expect(failure).toBeInstanceOf(Error);
    expect(`${failure.message} ${failure.stack}`).not.toContain(outs.privateKey as string);
  });
});

describe("the hosted service's client reads what the provider wrote", () => {
  test("its redirects and its visitor authentication", async () => {
    const made = await redirects.create({
      siteId,
      source: "/read/by/gitbook",
      destination: { kind: "site-space", siteSpaceId },
      permanent: true,
    });
    const settings = await auth.create({
      siteId,
      backend: "integration",
      fallbackURL: "https://sso.example.com/fallback",
      logoutURL: "https://sso.example.com/logout",
    });
    const client = gitbookApi(emu);
    const list = await client.orgs.listSiteRedirects(emu.organizationId, siteId);
    const listed = list.data.items.find((r) => r.id === made.id);
    expect(listed).toMatchObject({
      object: "site-redirect",
      source: "/read/by/gitbook",
      permanent: true,
      draft: false,
      destination: { kind: "site-space", siteSpaceId },
    });
    const found = await client.orgs.getSiteRedirectBySource(emu.organizationId, siteId, {
      source: "/read/by/gitbook",
    });
    expect(found.data.redirect.id).toBe(made.id);
    expect(found.data.target).toMatch(/^https:\/\/.*\.docs\.emulator\.local\//);
    const read = await client.orgs.getSitePublishingAuthById(emu.organizationId, siteId);
    expect(read.data).toMatchObject({
      object: "publishing-auth",
      backend: "integration",
      fallbackURL: "https://sso.example.com/fallback",
      logoutURL: "https://sso.example.com/logout",
      privateKey: settings.outs.privateKey,
    });
  });
});
