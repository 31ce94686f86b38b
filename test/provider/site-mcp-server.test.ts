import { siteMcpServer } from "../../provider/resources/site-mcp-server";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** SiteMcpServer against the emulator, through the handlers. */
let emu: TestEmulator;
const servers = handlersFor("site-mcp-server");
let siteId: string;
const SECRET = "Bearer s3cr3t-provider-token";

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const serversPath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}/mcp-servers`;

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Assisted" });
  siteId = site.body.id as string;
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

const inputs = (name: string) => ({
  siteId,
  name,
  url: "https://mcp.example.com/sse",
  headers: { Authorization: SECRET },
});

describe("SiteMcpServer", () => {
  test("create is one POST; the headers are a secret output; a change of URL is one PATCH", async () => {
    const { id, outs } = await servers.create(inputs("Status"));
    expect(outs).toMatchObject({ ...inputs("Status"), transport: "sse", condition: null });
    expect(siteMcpServer.secretOutputs).toEqual(["headers"]);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["POST"]);
    const moved = { ...inputs("Status"), url: "https://mcp.example.com/mcp", transport: "http" };
    expect(await servers.diff(id, outs, moved)).toMatchObject({ changes: true, replaces: [] });
    await emu.clearRequests();
    const updated = await servers.update(id, outs, moved);
    expect(updated).toMatchObject({ url: "https://mcp.example.com/mcp", transport: "http" });
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      ["PATCH", { url: "https://mcp.example.com/mcp", transport: "http" }],
    ]);
    expect((await servers.read(id, updated)).props).toEqual(updated);
  });

  test("a header value over the limit fails check naming the header, never the value", async () => {
    const { failures } = await servers.check({
      ...inputs("Long"),
      headers: { Authorization: `${SECRET}${"x".repeat(512)}` },
    });
    expect(failures).toEqual([
      { property: "headers.Authorization", reason: "must be at most 512 characters" },
    ]);
    expect(JSON.stringify(failures)).not.toContain("s3cr3t");
  });

  test("headers changed by hand show as drift, and the update puts them back", async () => {
    const { id, outs } = await servers.create(inputs("Drifted"));
    await api("PATCH", `${serversPath()}/${id}`, { headers: { Authorization: "by hand" } });
    const read = await servers.read(id, outs);
    expect(read.props!.headers).toEqual({ Authorization: "by hand" });
    expect(await servers.diff(id, read.props!, inputs("Drifted"))).toMatchObject({
      changes: true,
      replaces: [],
    });
    const updated = await servers.update(id, read.props!, inputs("Drifted"));
    expect(updated.headers).toEqual({ Authorization: SECRET });
  });

  test("a change of site replaces; delete removes it", async () => {
    const { id, outs } = await servers.create(inputs("Moved"));
    const diff = await servers.diff(id, outs, { ...inputs("Moved"), siteId: "another-site" });
    expect(diff).toMatchObject({ changes: true, replaces: ["siteId"] });
    await servers.delete(id, outs);
    expect((await api("GET", `${serversPath()}/${id}`)).status).toBe(404);
  });

  test("a create whose answer is lost takes the server of that name made since", async () => {
    await api("POST", serversPath(), { ...inputs("Older"), name: "Older" });
    await emu.addFault({
      method: "POST",
      path: serversPath(),
      kind: "drop",
      when: "after",
      count: 1,
    });
    const checked = await servers.check(inputs("Lost"));
    const { id } = await servers.create(checked.inputs);
    const listed = (await api("GET", serversPath())).body.items as { id: string; name: string }[];
    expect(listed.filter((s) => s.name === "Lost").map((s) => s.id)).toEqual([id]);
  });
});
