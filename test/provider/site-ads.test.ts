import { startTestEmulator, adminClient, type TestEmulator } from "../support/emulator";
import { until } from "../support/harness-cli";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

let emu: TestEmulator;
const ads = handlersFor("site-ads");

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const sitePath = (siteId: string) => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;
type Ads = { status: string; topic?: string; zoneId?: string; reason?: string };
const adsOf = async (siteId: string) => (await api("GET", sitePath(siteId))).body.ads as Ads;
const reviewed = (siteId: string) =>
  until(`site ${siteId} reviewed`, async () => {
    const now = await adsOf(siteId);
    return now.status === "in-review" ? undefined : now;
  });

async function newSite(published = true): Promise<string> {
  const site = await api("POST", `/v1/orgs/${emu.organizationId}/sites`, { title: "Docs" });
  const siteId = site.body.id as string;
  if (published) await api("POST", `${sitePath(siteId)}/publish`);
  return siteId;
}

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  orgs: { getSiteById(org: string, site: string): Promise<{ data: { ads?: Ads } }> };
}

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("SiteAds", () => {
  test("create submits the site on its topic and never waits for the review", async () => {
    const siteId = await newSite();
    await emu.clearRequests();
    const { id, outs } = await ads.create({ siteId, enabled: true, topic: "webdev" });
    expect(id).toBe(siteId);
    expect(outs).toMatchObject({ siteId, enabled: true, topic: "webdev" });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { status: "in-review", topic: "webdev" }],
    ]);
    expect(await reviewed(siteId)).toMatchObject({ status: "live", topic: "webdev" });
  });

  test("a live site refreshes with no change: in review and live are both enabled", async () => {
    const siteId = await newSite();
    const inputs = { siteId, enabled: true, topic: "webdev" };
    const { id, outs } = await ads.create(inputs);
    await reviewed(siteId);
    const read = await ads.read(id, outs);
    expect(read.props).toEqual(outs);
    expect((await ads.diff(id, read.props!, inputs)).changes).toBe(false);
  });

  test("a rejection reads as drift, and the next up submits the site again", async () => {
    const siteId = await newSite();
    const inputs = { siteId, enabled: true, topic: "crypto" };
    const { id, outs } = await ads.create(inputs);
    await reviewed(siteId);
    // The service reviews the site again (someone resubmitted it in the app) and rejects it.
    const verdict = await adminClient(emu)(
      "PUT",
      `/orgs/${emu.organizationId}/sites/${siteId}/ads-verdict`,
      { verdict: "rejected", reason: "Too thin" },
    );
    expect(verdict.status).toBe(204);
    await api("POST", `${sitePath(siteId)}/ads`, { topic: "webdev" });
    expect(await reviewed(siteId)).toEqual({ status: "rejected", reason: "Too thin" });
    const read = await ads.read(id, outs);
    expect(read.props).toMatchObject({ enabled: false, topic: "crypto" });
    expect((await ads.diff(id, read.props!, inputs)).changes).toBe(true);
    await emu.clearRequests();
    await ads.up(id, read.props!, inputs);
    expect((await writes(emu)).map((r) => r.body)).toEqual([
      { status: "in-review", topic: "crypto" },
    ]);
    expect(await reviewed(siteId)).toMatchObject({ status: "live", topic: "crypto" });
  });

  test("a topic change alone sends the topic; disabling takes the site out", async () => {
    const siteId = await newSite();
    const { id, outs } = await ads.create({ siteId, enabled: true, topic: "webdev" });
    await reviewed(siteId);
    await emu.clearRequests();
    const moved = await ads.up(id, outs, { siteId, enabled: true, topic: "crypto" });
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ topic: "crypto" }]);
    expect(await reviewed(siteId)).toMatchObject({ status: "live", topic: "crypto" });
    await ads.up(id, moved, { siteId, enabled: false, topic: "crypto" });
    expect(await adsOf(siteId)).toMatchObject({ status: "disabled", topic: "crypto" });
  });

  test("enabled without a topic is refused at check, naming it; nothing is sent", async () => {
    const siteId = await newSite();
    await emu.clearRequests();
    const checked = await ads.check({ siteId, enabled: true });
    expect(checked.failures).toEqual([
      expect.objectContaining({ property: "topic", reason: expect.stringContaining("webdev") }),
    ]);
    const wrong = await ads.check({ siteId, enabled: true, topic: "sports" });
    expect(wrong.failures).toEqual([expect.objectContaining({ property: "topic" })]);
    expect(await writes(emu)).toEqual([]);
  });

  test("an unpublished site is refused by the service, with its message", async () => {
    const siteId = await newSite(false);
    await expect(ads.create({ siteId, enabled: true, topic: "webdev" })).rejects.toThrow(
      /published/,
    );
    expect(await adsOf(siteId)).toMatchObject({ status: "pending" });
  });

  test("delete takes a site in the program out, and writes nothing for one that is not", async () => {
    const siteId = await newSite();
    const { id, outs } = await ads.create({ siteId, enabled: true, topic: "webdev" });
    await reviewed(siteId);
    await emu.clearRequests();
    await ads.delete(id, outs);
    expect((await writes(emu)).map((r) => r.body)).toEqual([{ status: "disabled" }]);
    expect(await adsOf(siteId)).toMatchObject({ status: "disabled" });
    await emu.clearRequests();
    await ads.delete(id, { ...outs, enabled: false });
    expect(await writes(emu)).toEqual([]);
  });

  test("the service's own client reads what the provider wrote", async () => {
    const siteId = await newSite();
    await ads.create({ siteId, enabled: true, topic: "crypto" });
    await reviewed(siteId);
    const client = gitbookApi(emu) as unknown as HostedClient;
    const site = (await client.orgs.getSiteById(emu.organizationId, siteId)).data;
    expect(site.ads).toEqual({ status: "live", topic: "crypto", zoneId: expect.any(String) });
  });
});
