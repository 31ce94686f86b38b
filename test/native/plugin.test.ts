import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { NativePlugin, reveal, SECRET } from "../support/native-plugin";
import { callApi, UNKNOWN, writes } from "../support/provider";

/**
 * The native plugin as the engine drives it: the launcher in a child process (the built dist/),
 * talked to over real gRPC, against an emulator on a socket.
 */

const SPACE = "docs-workspace:index:Space";
const SHARE_LINK = "docs-workspace:index:ShareLink";

let emu: TestEmulator;
let plugin: NativePlugin;

const variables = () => ({
  "docs-workspace:apiUrl": emu.url,
  "docs-workspace:apiToken": emu.token,
  "docs-workspace:organizationId": emu.organizationId,
});

/** Check then create, as `up` does for a new resource. */
async function made(type: string, args: Record<string, unknown>) {
  const { inputs, failures } = await plugin.check(type, args);
  expect(failures).toEqual([]);
  return { inputs, ...(await plugin.create(type, inputs)) };
}

beforeAll(async () => {
  emu = await startTestEmulator();
  // No configuration from the environment: everything comes through Configure.
  plugin = await NativePlugin.start();
  await plugin.configure(variables());
});
afterAll(async () => {
  plugin.stop();
  await emu.close();
});
beforeEach(() => emu.clearRequests());

describe("native plugin: configuration", () => {
  test("GetPluginInfo answers the package's version", async () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(__dirname, "../../provider/package.json"), "utf8"),
    );
    expect(await plugin.pluginVersion()).toBe(pkg.version);
  });

  test("Configure accepts secrets and supports preview", async () => {
    expect(await plugin.configure(variables())).toEqual({
      acceptSecrets: true,
      supportsPreview: true,
    });
  });

  test("CheckConfig refuses a maxConcurrency out of range, naming the key", async () => {
    const failures = await plugin.checkConfig({ maxConcurrency: "0", apiToken: "tok en" });
    expect(failures.map((f) => f.property).sort()).toEqual(["apiToken", "maxConcurrency"]);
    expect(failures.find((f) => f.property === "maxConcurrency")?.reason).toMatch(
      /docs-workspace:maxConcurrency .* from 1 to 64/,
    );
    // The token's value is never echoed.
    expect(JSON.stringify(failures)).not.toContain("tok en");
    expect(await plugin.checkConfig({ maxConcurrency: "8", apiUrl: emu.url })).toEqual([]);
  });

  test("CheckConfig answers the token and the workspaces, which hold tokens, as secrets, however they came", async () => {
    const workspaces = JSON.stringify({ prod: { organizationId: "org_p", apiToken: "ws-token" } });
    const inputs = await plugin.checkConfigInputs({
      apiUrl: emu.url,
      apiToken: "plain-token",
      workspaces,
      maxConcurrency: "8",
    });
    expect(inputs).toEqual({
      apiUrl: emu.url,
      apiToken: { ...SECRET, value: "plain-token" },
      workspaces: { ...SECRET, value: workspaces },
      maxConcurrency: "8",
    });
  });

  test("DiffConfig lists the changed keys and replaces nothing", async () => {
    const olds = { apiUrl: emu.url, apiToken: { ...SECRET, value: "a" }, maxConcurrency: "8" };
    expect(await plugin.diffConfig(olds, olds)).toEqual({ some: false, diffs: [], replaces: [] });
    const news = { ...olds, apiToken: { ...SECRET, value: "b" }, maxConcurrency: "4" };
    expect(await plugin.diffConfig(olds, news)).toEqual({
      some: true,
      diffs: ["apiToken", "maxConcurrency"],
      replaces: [],
    });
  });

  test("an explicit provider's arguments configure it, the token arriving as a secret", async () => {
    const explicit = await NativePlugin.start();
    try {
      await explicit.configure(
        {},
        {
          apiUrl: emu.url,
          apiToken: { ...SECRET, value: emu.token },
          organizationId: emu.organizationId,
        },
      );
      const { inputs } = await explicit.check(SPACE, { title: "From args" });
      expect(inputs.organizationId).toBe(emu.organizationId);
      const { id } = await explicit.create(SPACE, inputs);
      expect((await callApi(emu, "GET", `/v1/spaces/${id}`)).body.title).toBe("From args");
    } finally {
      explicit.stop();
    }
  });
});

describe("native plugin: resources", () => {
  test("check fails naming the property and the limit", async () => {
    const { failures } = await plugin.check(SPACE, { title: "x".repeat(51) });
    expect(failures).toHaveLength(1);
    expect(failures[0]?.property).toBe("title");
    expect(failures[0]?.reason).toMatch(/50/);
  });

  test("create in preview answers unknown outputs and sends nothing", async () => {
    const { inputs } = await plugin.check(SPACE, { title: "Preview only" });
    const { id, props } = await plugin.create(SPACE, inputs, true);
    expect(id).toBe("");
    expect(props.title).toBe("Preview only");
    expect(props.createdAt).toBe(UNKNOWN);
    expect(props.urls).toBe(UNKNOWN);
    expect(await emu.requests()).toEqual([]);
  });

  test("a Space is created, read, updated and deleted", async () => {
    const { id, props, inputs } = await made(SPACE, { title: "Runbooks", emoji: "📘" });
    expect(props).toMatchObject({ title: "Runbooks", emoji: "📘" });
    expect(typeof props.createdAt).toBe("string");

    const read = await plugin.read(SPACE, id, props, inputs);
    expect(read.id).toBe(id);
    expect(read.props.title).toBe("Runbooks");
    expect(read.inputs).toEqual({
      organizationId: emu.organizationId,
      title: "Runbooks",
      emoji: "📘",
    });

    const news = (await plugin.check(SPACE, { title: "Runbooks v2", emoji: "📘" }, inputs)).inputs;
    const diff = await plugin.diff(SPACE, id, props, news);
    expect(diff).toMatchObject({ changes: "some", replaces: [], detailed: { title: "UPDATE" } });
    const updated = await plugin.update(SPACE, id, props, news);
    expect(updated.title).toBe("Runbooks v2");
    expect((await callApi(emu, "GET", `/v1/spaces/${id}`)).body.title).toBe("Runbooks v2");

    await plugin.delete(SPACE, id, updated);
    expect((await plugin.read(SPACE, id, updated, news)).id).toBe("");
  });

  test("a read with no state (import) answers inputs that diff as no change", async () => {
    const created = await callApi(emu, "POST", `/v1/orgs/${emu.organizationId}/spaces`, {
      title: "Made elsewhere",
      emoji: "🧭",
    });
    const id = created.body.id as string;
    const read = await plugin.read(SPACE, id);
    expect(read.id).toBe(id);
    expect(read.inputs).toMatchObject({ title: "Made elsewhere", emoji: "🧭" });
    const { inputs, failures } = await plugin.check(SPACE, read.inputs!);
    expect(failures).toEqual([]);
    expect(await plugin.diff(SPACE, id, read.props, inputs)).toMatchObject({
      changes: "none",
      detailed: {},
    });
    expect(await writes(emu)).toHaveLength(1);
  });

  test("a detailed diff tells an update from a replacement, and a share link's URL is secret", async () => {
    const sites = `/v1/orgs/${emu.organizationId}/sites`;
    const site = (
      await callApi(emu, "POST", sites, { title: "Partner docs", visibility: "share-link" })
    ).body;
    expect(site.id).toEqual(expect.any(String));
    const other = (
      await callApi(emu, "POST", sites, { title: "Other docs", visibility: "share-link" })
    ).body;
    const link = await made(SHARE_LINK, { siteId: site.id, name: "Partners" });
    expect(link.props.url).toMatchObject(SECRET);
    expect(String(reveal(link.props.url))).toMatch(/^https?:\/\//);

    const rename = (await plugin.check(SHARE_LINK, { siteId: site.id, name: "Friends" })).inputs;
    expect(
      await plugin.diff(SHARE_LINK, link.id, reveal(link.props) as Record<string, unknown>, rename),
    ).toMatchObject({
      changes: "some",
      replaces: [],
      detailed: { name: "UPDATE" },
    });
    const move = (await plugin.check(SHARE_LINK, { siteId: other.id, name: "Partners" })).inputs;
    expect(
      await plugin.diff(SHARE_LINK, link.id, reveal(link.props) as Record<string, unknown>, move),
    ).toMatchObject({
      changes: "some",
      replaces: ["siteId"],
      detailed: { siteId: "UPDATE_REPLACE" },
    });
    const refreshed = await plugin.read(SHARE_LINK, link.id, link.props, link.inputs);
    expect(refreshed.props.url).toMatchObject(SECRET);

    // Imported as <siteId>/<id>: the answer's id is the link's own, its site an input.
    const imported = await plugin.read(SHARE_LINK, `${site.id}/${link.id}`);
    expect(imported.id).toBe(link.id);
    expect(reveal(imported.inputs)).toMatchObject({ siteId: site.id, name: "Partners" });
    expect(imported.props.url).toMatchObject(SECRET);
  });
});

describe("native plugin: invokes", () => {
  test("getSpace looks a space up; a missing id is a failure naming it", async () => {
    const { id } = await made(SPACE, { title: "Looked up" });
    const { result, failures } = await plugin.invoke("docs-workspace:index:getSpace", { id });
    expect(failures).toEqual([]);
    expect(result).toMatchObject({ id, title: "Looked up", organizationId: emu.organizationId });
    const missing = await plugin.invoke("docs-workspace:index:getSpace", {});
    expect(missing.failures).toEqual([{ property: "id", reason: "getSpace requires id" }]);
  });

  test("an API error reaches the caller with its message and without the token", async () => {
    await expect(
      plugin.invoke("docs-workspace:index:getSpace", { id: "spc_missing" }),
    ).rejects.toThrow(/404/);
    await expect(
      plugin.invoke("docs-workspace:index:getSpace", { id: "spc_missing" }),
    ).rejects.not.toThrow(emu.token);
  });
});
