import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { managedBy, unmanagedObjects } from "../../cli/exporter/unmanaged";
import { ApiClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** The export of a workspace whose site and organization use custom hostnames. */
let emu: TestEmulator;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

test("hostnames are never declared; the export's notes name each one and say they are not cloned", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const site = (await api("POST", `${org}/sites`, { title: "Docs" })).body.id as string;
  expect(
    (await api("PATCH", `${org}/sites/${site}`, { hostname: "docs.acme.example" })).status,
  ).toBe(200);
  expect((await api("PATCH", org, { customHostname: "help.acme.example" })).status).toBe(200);

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const title = inventory.organization.title;
  const exported = buildProgram(inventory);
  expect(exported.declarations.filter((d) => d.type === "CustomHostname")).toEqual([]);
  expect(exported.notes.filter((n) => n.startsWith("Custom hostname"))).toEqual([
    "Custom hostname docs.acme.example (site Docs) is not declared: hostnames are not cloned, one serves a single site or organization; declare a CustomHostname with adoptId set to it to manage it from this program.",
    `Custom hostname help.acme.example (organization ${title}) is not declared: hostnames are not cloned, one serves a single site or organization; declare a CustomHostname with adoptId set to it to manage it from this program.`,
  ]);
  expect(exported.source).toContain("// Custom hostname docs.acme.example (site Docs)");

  const clone = buildProgram(inventory, { clone: true });
  expect(clone.declarations.filter((d) => d.type === "CustomHostname")).toEqual([]);
  expect(clone.notes).toContain(
    "Custom hostname docs.acme.example (site Docs) is not declared: hostnames are not cloned, one serves a single site or organization; declare a CustomHostname with a hostname of the copy's own to give it one.",
  );
  expect(clone.source).not.toMatch(/hostname: "docs\.acme\.example"/);
});

test("--unmanaged lists each hostname no stack's CustomHostname holds, by hostname and what it serves", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const hostnames = (resources: { type: string; id: string }[]) =>
    unmanagedObjects(inventory, managedBy(resources))
      .filter((o) => o.type === "CustomHostname")
      .map((o) => [o.id, o.title]);
  const title = inventory.organization.title;
  expect(hostnames([])).toEqual([
    ["docs.acme.example", "docs.acme.example (site Docs)"],
    ["help.acme.example", `help.acme.example (organization ${title})`],
  ]);
  const held = [{ type: "docs-workspace:index:CustomHostname", id: "docs.acme.example" }];
  expect(hostnames(held).map(([id]) => id)).toEqual(["help.acme.example"]);
  expect((await api("PATCH", org, { customHostname: null })).status).toBe(200);
});
