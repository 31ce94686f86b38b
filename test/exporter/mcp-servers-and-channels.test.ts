import { readInventory } from "../../cli/exporter/inventory";
import { buildProgram } from "../../cli/exporter/program";
import { objectsOf } from "../../cli/exporter/unmanaged";
import { ApiClient } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/** The export of a site's MCP servers (each header value a secret of config) and channels. */
let emu: TestEmulator;
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const TOKEN = "Bearer mcp-secret-7f3a";

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

test("MCP servers are declared on their site; each header value is read from a secret the notes name, never written", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const site = (await api("POST", `${org}/sites`, { title: "Docs" })).body.id as string;
  const servers = `${org}/sites/${site}/mcp-servers`;
  const tickets = await api("POST", servers, {
    name: "Tickets",
    url: "https://mcp.example.com/tickets",
    transport: "http",
    headers: { Authorization: TOKEN, "X-Tenant": "acme" },
    condition: "visitor.claims.staff == true",
  });
  expect(tickets.status).toBe(201);
  const open = await api("POST", servers, {
    name: "Status",
    url: "https://status.example.com/mcp",
    headers: {},
  });
  expect(open.status).toBe(201);

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const program = buildProgram(inventory);

  const declared = program.declarations.filter((d) => d.type === "SiteMcpServer");
  expect(declared.map((d) => [d.id, d.title])).toEqual([
    [open.body.id, "Docs Status MCP server"],
    [tickets.body.id, "Docs Tickets MCP server"],
  ]);
  const siteVariable = program.declarations.find((d) => d.type === "Site")!.variable;
  expect(program.source).toContain(`siteId: ${siteVariable}.id`);
  expect(program.source).toContain('condition: "visitor.claims.staff == true"');
  expect(program.secrets.map((s) => s.key)).toEqual([
    "docsTicketsMcpServerAuthorization",
    "docsTicketsMcpServerXTenant",
  ]);
  expect(program.secrets[0]!.description).toBe(
    "header Authorization of MCP server Tickets on site Docs",
  );
  expect(program.source).toContain(
    `Authorization: config.requireSecret("docsTicketsMcpServerAuthorization")`,
  );
  expect(program.source).toContain(
    `"X-Tenant": config.requireSecret("docsTicketsMcpServerXTenant")`,
  );
  // A server without headers declares none, and reads no config.
  const status = program.source.slice(program.source.indexOf('name: "Status"'));
  expect(status.slice(0, status.indexOf("});"))).not.toContain("headers");
  expect(program.source).not.toContain(TOKEN);
  expect(program.source).not.toContain('"acme"');

  expect(objectsOf(inventory).filter((o) => o.type === "SiteMcpServer")).toEqual([
    { type: "SiteMcpServer", id: tickets.body.id, title: "Docs Tickets MCP server" },
    { type: "SiteMcpServer", id: open.body.id, title: "Docs Status MCP server" },
  ]);
});

test("channels are declared on their site by type, with their role and patterns; one that allows all declares none", async () => {
  const org = `/v1/orgs/${emu.organizationId}`;
  const site = (await api("POST", `${org}/sites`, { title: "Help" })).body.id as string;
  const channels = `${org}/sites/${site}/channels`;
  const github = await api("POST", channels, {
    type: "builtin:github",
    setupSettings: { allowedRepositories: ["acme/docs"] },
    role: "collaborator",
  });
  const slack = await api("POST", channels, { type: "builtin:slack", setupSettings: {} });
  expect([github.status, slack.status]).toEqual([201, 201]);

  const client = new ApiClient({ apiUrl: emu.url, apiToken: emu.token, maxConcurrency: 4 });
  const inventory = await readInventory(client, emu.organizationId);
  const program = buildProgram(inventory);
  const declared = program.declarations.filter((d) => d.type === "SiteChannel");
  expect(declared.map((d) => [d.id, d.title, d.args])).toEqual([
    [
      github.body.id,
      "Help github channel",
      expect.objectContaining({
        type: "builtin:github",
        allowed: ["acme/docs"],
        role: "collaborator",
      }),
    ],
    [
      slack.body.id,
      "Help slack channel",
      expect.objectContaining({ type: "builtin:slack", allowed: undefined, role: "support" }),
    ],
  ]);
  expect(objectsOf(inventory).filter((o) => o.type === "SiteChannel")).toEqual([
    { type: "SiteChannel", id: github.body.id, title: "Help github channel" },
    { type: "SiteChannel", id: slack.body.id, title: "Help slack channel" },
  ]);
});
