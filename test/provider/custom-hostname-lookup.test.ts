import * as pulumi from "@pulumi/pulumi";
import { getCustomHostname, lookUpCustomHostname } from "../../provider/lookups/custom-hostname";
import { invoke } from "../../provider/native/invokes";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** What an Output settles to (Pulumi keeps its promise internal). */
function settled<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}

let emu: TestEmulator;
let site: string;

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: args.name, state: args.inputs }), call: () => ({}) },
    "project",
    "stack",
    false,
  );
  pulumi.runtime.setConfig("docs-workspace:apiUrl", emu.url);
  pulumi.runtime.setConfig("docs-workspace:apiToken", emu.token);
  pulumi.runtime.setConfig("docs-workspace:organizationId", emu.organizationId);
  const org = `/v1/orgs/${emu.organizationId}`;
  site = (await callApi(emu, "POST", `${org}/sites`, { title: "Docs" })).body.id as string;
  await callApi(emu, "PATCH", `${org}/sites/${site}`, { hostname: "docs.lookup.example" });
  await callApi(emu, "PATCH", org, { customHostname: "help.lookup.example" });
});
afterAll(() => emu.close());

test("getCustomHostname reads where a hostname serves and where its check stands", async () => {
  const found = await settled(getCustomHostname({ hostname: "docs.lookup.example" }));
  expect(found).toEqual({
    hostname: "docs.lookup.example",
    targetType: "site",
    siteId: site,
    organizationId: null,
    isActive: true,
    status: expect.stringMatching(/^(ssl_pending|live)$/),
  });
  expect(await lookUpCustomHostname({ hostname: "help.lookup.example" })).toMatchObject({
    targetType: "organization",
    siteId: null,
    organizationId: emu.organizationId,
  });
});

test("an unknown hostname fails with the API's 404, naming it", async () => {
  await expect(lookUpCustomHostname({ hostname: "none.lookup.example" })).rejects.toThrow(
    /\/v1\/custom-hostnames\/none\.lookup\.example: 404/,
  );
});

test("the native invoke getCustomHostname answers the same, and names a missing hostname", async () => {
  const { result, failures } = await invoke("docs-workspace:index:getCustomHostname", {
    hostname: "help.lookup.example",
  });
  expect(failures).toEqual([]);
  expect(result).toEqual(await lookUpCustomHostname({ hostname: "help.lookup.example" }));
  expect(await invoke("docs-workspace:index:getCustomHostname", {})).toEqual({
    failures: [{ property: "hostname", reason: "getCustomHostname requires hostname" }],
  });
});
