import { integrationSpaceInstallation } from "../../provider/resources/integration-space-installation";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { gitbookApi } from "../support/gitbook";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";
import { installedWithSpace } from "./conformance-fixtures-integrations";

/** IntegrationSpaceInstallation against the emulator, through the handlers. */
let emu: TestEmulator;
const onSpaces = handlersFor("integration-space-installation");

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

/** The published client's operation this test calls (@gitbook/api's client.d.ts). */
interface HostedClient {
  integrations: {
    getIntegrationSpaceInstallation(
      name: string,
      installationId: string,
      spaceId: string,
    ): Promise<{ data: { space: string; configuration: Record<string, unknown> } }>;
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

const synced = async (
  configuration: Record<string, unknown> = { repository: "acme/docs", branch: "main" },
) => {
  const made = await installedWithSpace({ emu, api }, "github-sync");
  await emu.clearRequests();
  return { ...made, integration: "github-sync", configuration };
};
const spacePath = (i: { installationId: string; spaceId: string }) =>
  `/v1/integrations/github-sync/installations/${i.installationId}/spaces/${i.spaceId}`;

describe("IntegrationSpaceInstallation", () => {
  test("create is one PATCH of the space's installation, which enables it; its id names the integration, the installation and the space; the hosted client reads it back", async () => {
    const inputs = await synced();
    const { id, outs } = await onSpaces.create(inputs);
    expect(id).toBe(`github-sync/${inputs.installationId}/${inputs.spaceId}`);
    expect(outs).toMatchObject({ ...inputs, status: "active" });
    expect(integrationSpaceInstallation.secretOutputs).toEqual(["configuration"]);
    expect(integrationSpaceInstallation.repeatable).toBe(true);
    expect((await writes(emu)).map((w) => [w.method, w.path, w.body])).toEqual([
      // The request log masks every configuration value.
      ["PATCH", spacePath(inputs), { configuration: { repository: "***", branch: "***" } }],
    ]);
    const client = gitbookApi(emu) as unknown as HostedClient;
    const { data } = await client.integrations.getIntegrationSpaceInstallation(
      "github-sync",
      inputs.installationId,
      inputs.spaceId,
    );
    expect(data).toMatchObject({ space: inputs.spaceId, configuration: inputs.configuration });
    expect((await onSpaces.read(id, outs)).props).toEqual(outs);
  });

  test("check reads the integration: its target must take spaces, the configuration its space schema", async () => {
    const inputs = await synced();
    const failures = async (args: Record<string, unknown>) =>
      (await onSpaces.check({ ...inputs, ...args })).failures;
    expect(
      await failures({
        configuration: { repository: "acme/docs", branch: "main", priority: "newest" },
      }),
    ).toEqual([
      { property: "configuration.priority", reason: 'must be one of "github", "gitbook"' },
    ]);
    expect(await failures({ configuration: { repository: "acme/docs" } })).toEqual([
      {
        property: "configuration.branch",
        reason: "is required by integration github-sync's space configuration",
      },
    ]);
    expect(await failures({ integration: "segment" })).toEqual([
      { property: "integration", reason: "cannot be installed on a space: its target is site" },
    ]);
    expect(await writes(emu)).toEqual([]);
  });

  test("a create takes over the installation already on the space; a change by hand is drift, put back by one PATCH; delete disables it", async () => {
    const inputs = await synced();
    await api("PATCH", spacePath(inputs), {
      configuration: { repository: "acme/old", branch: "dev" },
    });
    const { id, outs } = await onSpaces.create(inputs);
    expect(outs.configuration).toEqual(inputs.configuration);
    await api("PATCH", spacePath(inputs), {
      configuration: { repository: "acme/hand", branch: "x" },
    });
    const read = await onSpaces.read(id, outs);
    expect((await onSpaces.diff(id, read.props!, inputs)).changes).toBe(true);
    await emu.clearRequests();
    const updated = await onSpaces.update(id, read.props!, inputs);
    expect(updated.configuration).toEqual(inputs.configuration);
    expect((await writes(emu)).map((w) => w.method)).toEqual(["PATCH"]);
    await onSpaces.delete(id, updated);
    expect((await api("GET", spacePath(inputs))).status).toBe(404);
  });
});
