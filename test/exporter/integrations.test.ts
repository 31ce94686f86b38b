import { importFile } from "../../cli/exporter/import-file";
import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { objectsOf } from "../../cli/exporter/unmanaged";
import { ApiClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** The export of installed integrations: each secret configuration value read from stack config. */
let emu: TestEmulator;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const WEBHOOK = "https://hooks.slack.example/services/T0/B0/s3cr3t-export";
const WRITE_KEY = "s3cr3t-export-write-key";

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

const install = async (name: string) =>
  (
    await api("POST", `/v1/integrations/${name}/installations`, {
      organization: emu.organizationId,
    })
  ).body.id as string;

test("installations are declared with their site and space installations; secret properties are read from config the notes name, never written", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const site = (await api("POST", `${org}/sites`, { title: "Docs" })).body.id as string;
  const space = (await api("POST", `${org}/spaces`, { title: "Guide" })).body.id as string;
  const slack = await install("slack");
  await api("PATCH", `/v1/integrations/slack/installations/${slack}`, {
    configuration: { webhook_url: WEBHOOK, default_channel: "#docs" },
    site_selection: "all",
  });
  const slackSpace = `/v1/integrations/slack/installations/${slack}/spaces/${space}`;
  expect((await api("PATCH", slackSpace, { configuration: { channel: "#guide" } })).status).toBe(
    200,
  );
  const segment = await install("segment");
  const segmentSites = `/v1/integrations/segment/installations/${segment}/sites`;
  await api("POST", segmentSites, { siteId: site });
  await api("PATCH", `${segmentSites}/${site}`, { configuration: { write_key: WRITE_KEY } });

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const program = buildProgram(inventory);

  const declared = program.declarations.filter((d) => d.type.startsWith("Integration"));
  expect(declared.map((d) => [d.type, d.id, d.title])).toEqual([
    ["IntegrationInstallation", segment, "Segment integration"],
    ["IntegrationSiteInstallation", `segment/${segment}/${site}`, "Docs Segment integration"],
    ["IntegrationInstallation", slack, "Slack integration"],
    ["IntegrationSpaceInstallation", `slack/${slack}/${space}`, "Guide Slack integration"],
  ]);
  const variable = (type: string, id: string) =>
    program.declarations.find((d) => d.type === type && d.id === id)!.variable;
  const { source } = program;
  expect(source).toContain(`installationId: ${variable("IntegrationInstallation", segment)}.id`);
  expect(source).toContain(`siteId: ${variable("Site", site)}.id`);
  expect(source).toContain(`spaceId: ${variable("Space", space)}.id`);
  expect(source).toContain('default_channel: "#docs"');
  expect(source).toContain('channel: "#guide"');
  expect(source).toContain('siteSelection: "all"');
  expect(program.secrets.map((s) => [s.key, s.description])).toEqual([
    ["docsSegmentIntegrationWriteKey", "configuration write_key of Docs Segment integration"],
    ["slackIntegrationWebhookUrl", "configuration webhook_url of Slack integration"],
  ]);
  expect(source).toContain('webhook_url: config.requireSecret("slackIntegrationWebhookUrl")');
  expect(source).toContain('write_key: config.requireSecret("docsSegmentIntegrationWriteKey")');
  expect(source).not.toContain("s3cr3t");

  // --unmanaged lists them by the titles the program declares them with.
  expect(objectsOf(inventory).filter((o) => o.type.startsWith("Integration"))).toEqual(
    expect.arrayContaining(declared.map((d) => ({ type: d.type, id: d.id, title: d.title }))),
  );
  expect(objectsOf(inventory).filter((o) => o.type.startsWith("Integration"))).toHaveLength(4);

  // `pulumi import` names each by what its read needs.
  const ids = importFile(program.declarations).resources.filter((r) =>
    r.type.includes(":Integration"),
  );
  expect(ids.map((r) => r.id)).toEqual([
    `segment/${segment}`,
    `segment/${segment}/${site}`,
    `slack/${slack}`,
    `slack/${slack}/${space}`,
  ]);
});
