import { buildProgram } from "../../cli/exporter/program";
import { objectsOf } from "../../cli/exporter/unmanaged";
import { inventoryOf } from "../support/inventory";

/**
 * What `--unmanaged` lists an object by is what the program it writes names it by: the title of
 * each object is written once (cli/exporter/titles.ts), and both read it.
 */
test("every object --unmanaged lists has the title the written program declares it with", () => {
  const inventory = inventoryOf({
    spaces: [
      { id: "spc1", title: "Guides", parent: null },
      { id: "spc2", title: "Guides (fr)", parent: null },
    ],
    translations: [
      { id: "tr1", language: "fr", source: { space: "spc1" }, result: { space: "spc2" } },
    ],
    sites: [
      {
        site: { id: "site1", title: "Docs", type: "basic", visibility: "public", published: true },
        sections: [],
        siteSpaces: [{ id: "ss1", path: "guides", space: { id: "spc1" } }],
        groups: [],
        shareLinks: [{ id: "sl1", name: "", active: true }],
        adaptiveSchema: {
          jsonSchema: { type: "object", properties: { beta: { type: "boolean" } } },
        },
        customization: { site: {}, siteSpaces: {} },
        redirects: [
          {
            id: "rd1",
            source: "/old",
            destination: { kind: "external", url: "https://example.com" },
          },
        ],
        externalLinks: [
          { id: "el1", title: "Status", url: "https://status.example.com", draft: false },
        ],
        visitorAuth: { backend: "custom", privateKey: "k", fallbackURL: "https://example.com" },
        agentSettings: {
          scans: { topics: "never" },
          findings: { changeRequests: "never" },
          editing: { customInstructions: { object: "document", data: {}, nodes: [] } },
        },
        ads: { status: "live", topic: "webdev", zoneId: "zone_1" },
        mcpServers: [
          {
            id: "mcp1",
            name: "Tickets",
            url: "https://mcp.example.com",
            transport: "http",
            headers: { Authorization: "Bearer never written" },
          },
        ],
        channels: [
          {
            id: "chn1",
            type: "builtin:slack",
            setupSettings: { allowedChannels: ["docs"] },
            status: "active",
            role: "support",
            createdAt: "2026-11-29T00:00:00.000Z",
          },
        ],
        contextConnections: [
          {
            id: "ctx1",
            connector: "builtin:intercom",
            setupSettings: { token: "********" },
            usageSettings: { changeRequests: false, search: true, searchBoost: "x1.0" },
            status: "succeeded",
            records: 12,
            createdAt: "2026-11-29T00:00:00.000Z",
          },
        ],
      },
    ],
  });
  const declared = new Map(
    buildProgram(inventory).declarations.map((d) => [`${d.type} ${d.id}`, d.title]),
  );
  const listed = objectsOf(inventory).map((o) => [o.type, o.id, o.title]);
  expect(listed.length).toBeGreaterThanOrEqual(9);
  expect(listed).toEqual(listed.map(([type, id]) => [type, id, declared.get(`${type} ${id}`)]));
});
