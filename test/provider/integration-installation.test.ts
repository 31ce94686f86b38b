import { integrationInstallation } from "../../provider/resources/integration-installation";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";
import { adminOrganization } from "./conformance-fixtures-integrations";

/** IntegrationInstallation against the emulator, through the handlers. */
let emu: TestEmulator;
const installations = handlersFor("integration-installation");
const WEBHOOK = "https://hooks.slack.example/services/T0/B0/s3cr3t-webhook";

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const installationPath = (name: string, id: string) =>
  `/v1/integrations/${name}/installations/${id}`;

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  integrations: {
    getIntegrationInstallationById(
      name: string,
      id: string,
    ): Promise<{ data: { id: string; status: string; configuration: Record<string, unknown> } }>;
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

const slack = async (configuration: Record<string, unknown> = { webhook_url: WEBHOOK }) => ({
  organizationId: await adminOrganization(emu),
  integration: "slack",
  configuration,
});

describe("IntegrationInstallation", () => {
  test("create is the POST, then one PATCH of the configuration; it is a secret output; the hosted client reads it back", async () => {
    const inputs = { ...(await slack()), siteSelection: "all" };
    const { id, outs } = await installations.create(inputs);
    expect(outs).toMatchObject({
      ...inputs,
      spaceSelection: "selected",
      status: "active",
    });
    expect(integrationInstallation.secretOutputs).toEqual(["configuration"]);
    expect((await writes(emu)).map((w) => [w.method, w.path])).toEqual([
      ["POST", "/v1/integrations/slack/installations"],
      ["PATCH", installationPath("slack", id)],
    ]);
    const client = gitbookApi(emu) as unknown as HostedClient;
    const { data } = await client.integrations.getIntegrationInstallationById("slack", id);
    expect(data).toMatchObject({ id, status: "active", configuration: { webhook_url: WEBHOOK } });
    await emu.clearRequests();
    expect((await installations.read(id, outs)).props).toEqual(outs);
  });

  test("check reads the integration's account schema: each failure names the property and the rule, never the value", async () => {
    const base = await slack();
    const failures = async (configuration: Record<string, unknown>) =>
      (await installations.check({ ...base, configuration })).failures;
    expect(await failures({ webhook_url: WEBHOOK, channel: "#x" })).toEqual([
      {
        property: "configuration.channel",
        reason:
          "is not a property of integration slack's account configuration (it has webhook_url, default_channel, notify_on_publish)",
      },
    ]);
    expect(await failures({ webhook_url: 42 })).toEqual([
      { property: "configuration.webhook_url", reason: "must be a string" },
    ]);
    const missing = await failures({ default_channel: "#docs" });
    expect(missing).toEqual([
      {
        property: "configuration.webhook_url",
        reason: "is required by integration slack's account configuration",
      },
    ]);
    const long = await failures({ webhook_url: `${WEBHOOK}${"x".repeat(2048)}` });
    expect(long).toEqual([
      { property: "configuration.webhook_url", reason: "must be at most 2048 characters" },
    ]);
    expect(JSON.stringify(long)).not.toContain("s3cr3t");
    const unknown = await installations.check({ ...base, integration: "no-such-integration" });
    expect(unknown.failures).toEqual([
      { property: "integration", reason: "is not an integration of the catalogue" },
    ]);
    expect((await writes(emu)).length).toBe(0);
  });

  test("a configuration changed by hand shows as drift, and the update puts it back in one PATCH", async () => {
    const inputs = await slack();
    const { id, outs } = await installations.create(inputs);
    const path = installationPath("slack", id);
    await api("PATCH", path, { configuration: { webhook_url: "https://by-hand.example" } });
    const read = await installations.read(id, outs);
    expect(read.props!.configuration).toEqual({ webhook_url: "https://by-hand.example" });
    expect(await installations.diff(id, read.props!, inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });
    await emu.clearRequests();
    const updated = await installations.update(id, read.props!, inputs);
    expect(updated.configuration).toEqual({ webhook_url: WEBHOOK });
    expect((await writes(emu)).map((w) => w.method)).toEqual(["PATCH"]);
  });

  test("a change of integration replaces; delete uninstalls it", async () => {
    const inputs = await slack();
    const { id, outs } = await installations.create(inputs);
    const diff = await installations.diff(id, outs, { ...inputs, integration: "github-sync" });
    expect(diff).toMatchObject({ changes: true, replaces: ["integration"] });
    await installations.delete(id, outs);
    expect((await api("GET", installationPath("slack", id))).status).toBe(404);
  });

  test("an installation made by hand: create fails naming it, adoptId takes it over", async () => {
    const inputs = await slack();
    const byHand = await api("POST", "/v1/integrations/slack/installations", {
      organization: inputs.organizationId,
    });
    await expect(installations.create(inputs)).rejects.toThrow(byHand.body.id as string);
    const { id, outs } = await installations.create({ ...inputs, adoptId: byHand.body.id });
    expect(id).toBe(byHand.body.id);
    expect(outs).toMatchObject({ status: "active", configuration: { webhook_url: WEBHOOK } });
  });

  test("a create whose answer is lost takes the organization's installation made since", async () => {
    const inputs = await slack();
    await emu.addFault({
      method: "POST",
      path: "/v1/integrations/slack/installations",
      kind: "drop",
      when: "after",
      count: 1,
    });
    const checked = await installations.check(inputs);
    const { id } = await installations.create(checked.inputs);
    const listed = await api("GET", `/v1/orgs/${inputs.organizationId}/installations`);
    const items = listed.body.items as { installation: { id: string } }[];
    expect(items.map((i) => i.installation.id)).toEqual([id]);
  });
});
