import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

export type McpTransport = "sse" | "http";

export type McpServerRow = RowIn<typeof mcpServers>;

/**
 * Site MCP servers (docs/api-decisions.md, "Site MCP servers"): the servers whose tools a site's
 * assistant may call. `headers` hold credentials: the API answers them as the hosted service
 * does, the app page shows their names only.
 */
const mcpServers = new Table("site_mcp_servers", {
  id: text("PRIMARY KEY"),
  siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
  name: text("NOT NULL"),
  url: text("NOT NULL"),
  transport: text("NOT NULL").of<McpTransport>(),
  headers: json("NOT NULL").of<Record<string, string>>(),
  condition: text(),
  createdAt: text("NOT NULL"),
});

/** The family's tables, created at every open. */
export const siteMcpServersTables = [mcpServers];

/** One page of a site's MCP servers, oldest first, and how many it has. */
export function listMcpServers(
  store: Store,
  siteId: string,
  page: { limit: number; offset: number },
): { rows: McpServerRow[]; count: number } {
  return mcpServers.list(store, { siteId }, "created_at, rowid", page);
}

export function findMcpServer(store: Store, siteId: string, id: string) {
  return mcpServers.find(store, { siteId, id });
}

/** What a server is written with. */
export type McpServerFields = Pick<
  McpServerRow,
  "name" | "url" | "transport" | "headers" | "condition"
>;

export function insertMcpServer(store: Store, siteId: string, fields: McpServerFields) {
  return mcpServers.insert(store, { id: store.newId(), siteId, ...fields, createdAt: store.now() });
}

export function updateMcpServer(
  store: Store,
  row: McpServerRow,
  patch: Partial<McpServerFields>,
): McpServerRow {
  mcpServers.update(store, { id: row.id }, patch);
  return findMcpServer(store, row.siteId, row.id)!;
}

export function deleteMcpServer(store: Store, id: string): void {
  mcpServers.delete(store, { id });
}
