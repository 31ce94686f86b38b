import * as pulumi from "@pulumi/pulumi";
import { getIntegration, lookUpIntegration } from "../../provider/lookups/integration";
import { invoke } from "../../provider/native/invokes";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

/** What an Output settles to (Pulumi keeps its promise internal). */
function settled<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: args.name, state: args.inputs }), call: () => ({}) },
    "project",
    "stack",
    false,
  );
  pulumi.runtime.setConfig("docs-workspace:apiUrl", emu.url);
  pulumi.runtime.setConfig("docs-workspace:apiToken", emu.token);
  pulumi.runtime.setConfig("docs-workspace:organizationId", emu.organizationId);
});
afterAll(() => emu.close());

test("getIntegration reads an integration with its configuration schemas and their secret properties", async () => {
  const slack = await settled(getIntegration({ name: "slack" }));
  expect(slack).toMatchObject({
    name: "slack",
    title: "Slack",
    target: "all",
    categories: ["collaboration"],
    siteConfiguration: null,
  });
  expect(slack.accountConfiguration).toEqual({
    properties: {
      webhook_url: {
        type: "string",
        title: "Webhook URL",
        description: "The incoming webhook of your Slack workspace",
        enum: null,
        default: null,
        secret: true,
      },
      default_channel: {
        type: "string",
        title: "Default channel",
        description: null,
        enum: null,
        default: "#docs",
        secret: false,
      },
      notify_on_publish: {
        type: "boolean",
        title: "Notify on publish",
        description: null,
        enum: null,
        default: true,
        secret: false,
      },
    },
    required: ["webhook_url"],
  });
  const github = await lookUpIntegration({ name: "github-sync" });
  expect(github.spaceConfiguration!.properties.priority).toMatchObject({
    enum: ["github", "gitbook"],
    default: "github",
  });
  expect(github.spaceConfiguration!.required).toEqual(["repository", "branch"]);
});

test("an unknown integration fails with the API's 404, naming it", async () => {
  await expect(lookUpIntegration({ name: "no-such-integration" })).rejects.toThrow(
    /\/v1\/integrations\/no-such-integration: 404/,
  );
});

test("the native invoke getIntegration answers the same, and names a missing name", async () => {
  const { result, failures } = await invoke("docs-workspace:index:getIntegration", {
    name: "segment",
  });
  expect(failures).toEqual([]);
  expect(result).toEqual(await lookUpIntegration({ name: "segment" }));
  expect(await invoke("docs-workspace:index:getIntegration", {})).toEqual({
    failures: [{ property: "name", reason: "getIntegration requires name" }],
  });
});
