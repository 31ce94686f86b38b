import { siteContextConnection } from "../../provider/resources/site-context-connection";
import { adminClient, startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { until } from "../support/harness-cli";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/** SiteContextConnection against the emulator, through the handlers. */
let emu: TestEmulator;
const connections = handlersFor("site-context-connection");
const TOKEN = "ghp_pr0viderS3cretToken0123";

const connectionsOf = (e: TestEmulator, siteId: string) =>
  `/v1/orgs/${e.organizationId}/sites/${siteId}/context-connections`;

async function newSite(e = emu): Promise<string> {
  const site = await callApi(e, "POST", `/v1/orgs/${e.organizationId}/sites`, { title: "Read" });
  return site.body.id as string;
}

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

describe("SiteContextConnection", () => {
  test("create is one POST of the setup, then waits for the sync; the service's own client reads it back; a no-op up writes nothing", async () => {
    const siteId = await newSite();
    const inputs = {
      siteId,
      connector: "builtin:github-issues",
      repository: "acme/docs",
      token: TOKEN,
      filter: "label:docs",
    };
    await emu.clearRequests();
    const { id, outs } = await connections.create(inputs);
    expect(outs).toMatchObject({ ...inputs, label: "", ingestionAddress: null, url: null });
    expect((await writes(emu)).map((w) => [w.method, w.path])).toEqual([
      ["POST", connectionsOf(emu, siteId)],
    ]);
    const hosted = gitbookApi(emu);
    const got = (await hosted.orgs.getSiteContextConnectionById(emu.organizationId, siteId, id))
      .data;
    expect(got).toMatchObject({
      id,
      connector: "builtin:github-issues",
      setupSettings: { repository: "acme/docs", token: "********" },
      filter: "label:docs",
      status: "succeeded",
    });
    const read = await connections.read(id, outs);
    expect(read.props).toEqual(outs);
    await emu.clearRequests();
    await connections.up(id, read.props!, inputs);
    expect(await writes(emu)).toEqual([]);
    expect(siteContextConnection.secretOutputs).toEqual([
      "token",
      "apiToken",
      "clientSecret",
      "refreshToken",
      "apiKey",
    ]);
    const log = await emu.requests();
    expect(JSON.stringify(log)).not.toContain(TOKEN);
  });

  test("a new token is one PATCH of the whole setup; usage settings, filter and label change in place; a new connector replaces", async () => {
    const siteId = await newSite();
    const inputs = { siteId, connector: "builtin:linear", token: TOKEN, label: "Linear" };
    await emu.clearRequests();
    const { id, outs } = await connections.create(inputs);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["POST", "PATCH"]);
    expect(outs).toMatchObject({ label: "Linear" });
    const rotated = {
      ...inputs,
      token: "lin_n3wToken",
      usageSettings: { changeRequests: true, search: true, searchBoost: "x1.2" },
    };
    expect(await connections.diff(id, outs, rotated)).toMatchObject({
      changes: true,
      replaces: [],
    });
    await emu.clearRequests();
    const updated = await connections.update(id, outs, rotated);
    expect((await writes(emu)).map((w) => [w.method, w.body])).toEqual([
      [
        "PATCH",
        {
          connector: "builtin:linear",
          setupSettings: { token: "***" },
          usageSettings: { changeRequests: true, search: true, sync: false, searchBoost: "x1.2" },
        },
      ],
    ]);
    expect(updated).toMatchObject({
      token: "lin_n3wToken",
      usageSettings: { searchBoost: "x1.2" },
    });
    const relabelled = { ...rotated, label: "", filter: "team:DOC" };
    await emu.clearRequests();
    const again = await connections.update(id, updated, relabelled);
    expect((await writes(emu)).map((w) => w.body)).toEqual([{ filter: "team:DOC", label: "" }]);
    expect(again).toMatchObject({ label: "", filter: "team:DOC" });
    expect(
      await connections.diff(id, again, { ...relabelled, connector: "builtin:hubspot" }),
    ).toMatchObject({ replaces: ["connector"] });
    await connections.delete(id, again);
    expect((await callApi(emu, "GET", `${connectionsOf(emu, siteId)}/${id}`)).status).toBe(404);
  });

  test("an email connection takes no setup and outputs the address its mail goes to", async () => {
    const siteId = await newSite();
    const { id, outs } = await connections.create({ siteId, connector: "builtin:email" });
    const got = await callApi(emu, "GET", `${connectionsOf(emu, siteId)}/${id}`);
    const address = (got.body.email as { ingestionAddress: string }).ingestionAddress;
    expect(outs.ingestionAddress).toBe(address);
    expect((await connections.read(id, outs)).props).toEqual(outs);
    const { failures } = await connections.check({
      siteId,
      connector: "builtin:email",
      token: "t",
    });
    expect(failures).toEqual([
      { property: "token", reason: "is not taken by a builtin:email connection" },
    ]);
    await connections.delete(id, outs);
  });

  test("check refuses a missing setup field and another connector's, naming each, before any request", async () => {
    const siteId = await newSite();
    await emu.clearRequests();
    const { failures } = await connections.check({
      siteId,
      connector: "builtin:zendesk",
      subdomain: "acme",
      url: "https://acme.example",
    });
    expect(failures).toEqual([
      { property: "url", reason: "is not taken by a builtin:zendesk connection" },
      { property: "email", reason: "is required by a builtin:zendesk connection" },
      { property: "apiToken", reason: "is required by a builtin:zendesk connection" },
    ]);
    const bad = await connections.check({ siteId, connector: "builtin:fax" });
    expect(bad.failures).toEqual([
      { property: "connector", reason: expect.stringContaining("must match the pattern") },
    ]);
    expect(await emu.requests()).toEqual([]);
    const ok = await connections.check({ siteId, connector: "integration:slack" });
    expect(ok.failures ?? []).toEqual([]);
  });

  test("a failed first sync fails the create, naming its reason, and removes the connection", async () => {
    const slow = await startTestEmulator({ processingDelayMs: 3000 });
    try {
      await configureProvider(slow);
      const siteId = await newSite(slow);
      const list = connectionsOf(slow, siteId);
      const created = connections.create({ siteId, connector: "builtin:intercom", token: TOKEN });
      const id = await until("the connection listed", async () => {
        const items = (await callApi(slow, "GET", list)).body.items as { id: string }[];
        return items[0]?.id;
      });
      await adminClient(slow)("PUT", `${list.replace(/^\/v1/, "")}/${id}/sync-outcome`, {
        status: "failed",
        failureReason: "authentication",
        failureMessage: "Bad credentials",
      });
      await expect(created).rejects.toThrow(
        `context connection ${id} (builtin:intercom) failed its sync: authentication (Bad credentials)`,
      );
      expect((await callApi(slow, "GET", `${list}/${id}`)).status).toBe(404);
    } finally {
      await configureProvider(emu);
      await slow.close();
    }
  });

  test("past syncTimeoutSeconds, up fails naming the status the sync is in, and leaves none", async () => {
    const slow = await startTestEmulator({ processingDelayMs: 600_000 });
    try {
      await configureProvider(slow);
      const siteId = await newSite(slow);
      await expect(
        connections.create({
          siteId,
          connector: "builtin:website",
          url: "https://acme.example",
          syncTimeoutSeconds: 1,
        }),
      ).rejects.toThrow(/to sync after 1 s: it is still pending; run up again/);
      const left = await callApi(slow, "GET", connectionsOf(slow, siteId));
      expect(left.body.items).toEqual([]);
      expect(siteContextConnection.createOnly).toEqual(["syncTimeoutSeconds"]);
    } finally {
      await configureProvider(emu);
      await slow.close();
    }
  });
});
