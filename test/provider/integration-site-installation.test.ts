import { integrationSiteInstallation } from "../../provider/resources/integration-site-installation";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";
import { installedWithSite } from "./conformance-fixtures-integrations";

/** IntegrationSiteInstallation against the emulator, through the handlers. */
let emu: TestEmulator;
const onSites = handlersFor("integration-site-installation");
const WRITE_KEY = "s3cr3t-segment-write-key";

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const setup = () => ({ emu, api });

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  integrations: {
    getIntegrationSiteInstallation(
      name: string,
      installationId: string,
      siteId: string,
    ): Promise<{ data: { site: string; status: string; configuration: Record<string, unknown> } }>;
  };
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.clearFaults();
  await emu.clearRequests();
});

const segmentOn = async (configuration: Record<string, unknown> = { write_key: WRITE_KEY }) => {
  const made = await installedWithSite(setup(), "segment");
  await emu.clearRequests();
  return { ...made, integration: "segment", configuration };
};
const sitePath = (i: { installationId: string; siteId: string }, name = "segment") =>
  `/v1/integrations/${name}/installations/${i.installationId}/sites/${i.siteId}`;

describe("IntegrationSiteInstallation", () => {
  test("create is the POST, then one PATCH of the configuration; its id names the integration, the installation and the site; the hosted client reads it back", async () => {
    const inputs = await segmentOn();
    const { id, outs } = await onSites.create(inputs);
    expect(id).toBe(`segment/${inputs.installationId}/${inputs.siteId}`);
    expect(outs).toMatchObject({ ...inputs, status: "active" });
    expect(integrationSiteInstallation.secretOutputs).toEqual(["configuration"]);
    expect((await writes(emu)).map((w) => [w.method, w.path])).toEqual([
      ["POST", `/v1/integrations/segment/installations/${inputs.installationId}/sites`],
      ["PATCH", sitePath(inputs)],
    ]);
    const client = gitbookApi(emu) as unknown as HostedClient;
    const { data } = await client.integrations.getIntegrationSiteInstallation(
      "segment",
      inputs.installationId,
      inputs.siteId,
    );
    expect(data).toMatchObject({ site: inputs.siteId, configuration: { write_key: WRITE_KEY } });
    expect((await onSites.read(id, outs)).props).toEqual(outs);
  });

  test("check reads the integration: its target must take sites, the configuration its site schema; never a value", async () => {
    const inputs = await segmentOn();
    const failures = async (args: Record<string, unknown>) =>
      (await onSites.check({ ...inputs, ...args })).failures;
    expect(await failures({ configuration: { write_key: WRITE_KEY, tracking_id: "G-1" } })).toEqual(
      [
        {
          property: "configuration.tracking_id",
          reason:
            "is not a property of integration segment's site configuration (it has write_key, track_page_views)",
        },
      ],
    );
    const missing = await failures({ configuration: { track_page_views: "yes" } });
    expect(missing).toEqual([
      { property: "configuration.track_page_views", reason: "must be a boolean" },
      {
        property: "configuration.write_key",
        reason: "is required by integration segment's site configuration",
      },
    ]);
    expect(await failures({ integration: "github-sync" })).toEqual([
      { property: "integration", reason: "cannot be installed on a site: its target is space" },
    ]);
    const long = await failures({
      configuration: { write_key: `${WRITE_KEY}${"k".repeat(2048)}` },
    });
    expect(JSON.stringify(long)).not.toContain("s3cr3t");
    expect(await writes(emu)).toEqual([]);
  });

  test("a configuration changed by hand shows as drift and the update puts it back; a new site replaces; delete disables it", async () => {
    const inputs = await segmentOn();
    const { id, outs } = await onSites.create(inputs);
    await api("PATCH", sitePath(inputs), { configuration: { write_key: "by-hand" } });
    const read = await onSites.read(id, outs);
    expect(read.props!.configuration).toEqual({ write_key: "by-hand" });
    expect((await onSites.diff(id, read.props!, inputs)).changes).toBe(true);
    await emu.clearRequests();
    const updated = await onSites.update(id, read.props!, inputs);
    expect(updated.configuration).toEqual({ write_key: WRITE_KEY });
    expect((await writes(emu)).map((w) => w.method)).toEqual(["PATCH"]);
    const moved = await onSites.diff(id, updated, { ...inputs, siteId: "another-site" });
    expect(moved).toMatchObject({ changes: true, replaces: ["siteId"] });
    await onSites.delete(id, updated);
    expect((await api("GET", sitePath(inputs))).status).toBe(404);
    expect(
      (await api("GET", `/v1/integrations/segment/installations/${inputs.installationId}`)).status,
    ).toBe(200);
  });

  test("an installation already on the site: create fails naming the site, adoptId takes it over", async () => {
    const inputs = await segmentOn();
    await api("POST", `/v1/integrations/segment/installations/${inputs.installationId}/sites`, {
      siteId: inputs.siteId,
    });
    await expect(onSites.create(inputs)).rejects.toThrow(inputs.siteId);
    const adoptId = `segment/${inputs.installationId}/${inputs.siteId}`;
    const { id, outs } = await onSites.create({ ...inputs, adoptId });
    expect(id).toBe(adoptId);
    expect(outs).toMatchObject({ status: "active", configuration: { write_key: WRITE_KEY } });
  });

  test("a lost create is recovered on a site this run made: the installation's id is not the site's", async () => {
    const inputs = await segmentOn();
    // A Site made through the provider in this process: its id is claimed by its resource.
    const site = await handlersFor("site").create({
      organizationId: inputs.organizationId,
      title: "Made this run",
    });
    const on = { ...inputs, siteId: site.id };
    const sites = `/v1/integrations/segment/installations/${inputs.installationId}/sites`;
    await emu.addFault({ method: "POST", path: sites, kind: "drop", when: "after", count: 1 });
    const checked = await onSites.check(on);
    const { id } = await onSites.create(checked.inputs!);
    expect(id).toBe(`segment/${inputs.installationId}/${site.id}`);
    expect((await api("GET", `${sites}/${site.id}`)).status).toBe(200);
  });
});
