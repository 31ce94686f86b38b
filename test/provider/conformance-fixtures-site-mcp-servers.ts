import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixture of a site's MCP servers (issue 35). */

const siteOf = (s: Setup, made: Made) => `/v1/orgs/${s.org}/sites/${made.parents.siteId as string}`;

async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Assisted site" });
  return answer.body.id as string;
}

export const mcpServerFixtures: Record<string, Fixture> = {
  "site-mcp-server": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({
      siteId: p.siteId,
      name: `Server ${n}`,
      url: `https://mcp.example.com/${n}`,
      headers: { Authorization: `Bearer token-${n}` },
    }),
    path: (s, made) => `${siteOf(s, made)}/mcp-servers/${made.id}`,
    limits: [
      { args: { name: "" }, property: "name", reason: "must not be empty" },
      {
        args: { name: "n".repeat(101) },
        property: "name",
        reason: "must be at most 100 characters",
      },
      { args: { url: "ftp://example.com/mcp" }, property: "url", reason: /must be a URL/ },
      {
        args: { transport: "websocket" },
        property: "transport",
        reason: 'must be one of "sse", "http"',
      },
      {
        args: { headers: { Authorization: "" } },
        property: "headers.Authorization",
        reason: "must not be empty",
      },
      {
        args: { condition: "c".repeat(1025) },
        property: "condition",
        reason: "must be at most 1024 characters",
      },
    ],
    drift: { body: () => ({ url: "https://mcp.example.com/by-hand" }), property: "url" },
    partial: {
      skip: "one POST carries every argument: no second request follows it",
    },
  },
};
