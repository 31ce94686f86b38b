import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { objectsOf } from "../../cli/exporter/unmanaged";
import { ApiClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** The export of a site's context connections (each credential a secret of config). */
let emu: TestEmulator;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const TOKEN = "zd-secret-token-9b1c";

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
});
afterAll(() => emu.close());

test("context connections are declared on their site; each credential is read from a secret the notes name, never written", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const site = (await api("POST", `${org}/sites`, { title: "Help" })).body.id as string;
  const connections = `${org}/sites/${site}/context-connections`;
  const zendesk = await api("POST", connections, {
    connector: "builtin:zendesk",
    setupSettings: { subdomain: "acme", email: "bot@acme.example", apiToken: TOKEN },
    filter: "tag:docs",
  });
  expect(zendesk.status).toBe(201);
  await api("PATCH", `${connections}/${zendesk.body.id}`, { label: "Tickets" });
  const website = await api("POST", connections, {
    connector: "builtin:website",
    setupSettings: { url: "https://status.example.com" },
    usageSettings: { changeRequests: true, search: true, searchBoost: "x1.2" },
  });
  expect(website.status).toBe(201);

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const program = buildProgram(inventory);

  const declared = program.declarations.filter((d) => d.type === "SiteContextConnection");
  expect(declared.map((d) => [d.id, d.title])).toEqual([
    [zendesk.body.id, "Help Tickets context"],
    [website.body.id, "Help builtin:website context"],
  ]);
  const siteVariable = program.declarations.find((d) => d.type === "Site")!.variable;
  expect(program.source).toContain(`siteId: ${siteVariable}.id`);
  expect(program.source).toContain('connector: "builtin:zendesk"');
  expect(program.source).toContain('subdomain: "acme"');
  expect(program.source).toContain('filter: "tag:docs"');
  expect(program.source).toContain('label: "Tickets"');
  expect(program.source).toContain('url: "https://status.example.com"');
  expect(program.source).toContain('searchBoost: "x1.2"');
  expect(program.secrets.map((s) => s.key)).toEqual(["helpTicketsContextApitoken"]);
  expect(program.secrets[0]!.description).toBe(
    "apiToken of the builtin:zendesk context connection Tickets on site Help",
  );
  expect(program.source).toContain(`apiToken: config.requireSecret("helpTicketsContextApitoken")`);
  expect(program.source).not.toContain(TOKEN);
  expect(program.source).not.toContain("********");
  // The website has no credential: it reads no config.
  const status = program.source.slice(program.source.indexOf('connector: "builtin:website"'));
  expect(status.slice(0, status.indexOf("});"))).not.toContain("config.");

  expect(objectsOf(inventory).filter((o) => o.type === "SiteContextConnection")).toEqual([
    { type: "SiteContextConnection", id: zendesk.body.id, title: "Help Tickets context" },
    { type: "SiteContextConnection", id: website.body.id, title: "Help builtin:website context" },
  ]);
});
