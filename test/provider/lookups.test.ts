import * as pulumi from "@pulumi/pulumi";
import { getOrganization } from "../../provider/lookups/organization";
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
});
afterAll(() => emu.close());

// Lookups run in the program process, where the stack config is Pulumi's runtime config; the
// configuration module reads it there key by key, as it reads configure()'s in the provider host.
test("getOrganization reads the URL, token and default organization from the stack config", async () => {
  pulumi.runtime.setConfig("docs-workspace:apiUrl", emu.url);
  pulumi.runtime.setConfig("docs-workspace:apiToken", emu.token);
  pulumi.runtime.setConfig("docs-workspace:organizationId", emu.organizationId);
  const org = await settled(getOrganization());
  expect(org).toMatchObject({ id: emu.organizationId, title: "Test organization", urls: {} });
});
