import { z } from "zod";
import { MCP_SERVER_LIMITS } from "../limits";
import type { McpServerRow } from "../store/site-mcp-servers";
import { named, present, url } from "./common";

/** `SiteMcpServerName`: 1 to 100 characters. */
export const mcpServerName = z.string().min(1).max(MCP_SERVER_LIMITS.name);
/** The server's address: an absolute http or https URL of at most 2048 characters. */
export const mcpServerUrl = z.url({ protocol: /^https?$/ }).max(MCP_SERVER_LIMITS.url);
/** `SiteMcpServerTransport`. */
export const mcpTransport = z.enum(["sse", "http"]);
/** `Expression`: at most 1024 characters. */
export const mcpCondition = z.string().max(MCP_SERVER_LIMITS.condition);

/** An HTTP header name: a token (RFC 9110, 5.6.2). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * `SiteMcpServerHeaders`: the headers sent with each request to the server, values of 1 to 512
 * characters; at most 50 of them, each named by an HTTP token (docs/api-decisions.md). A value
 * that fails is named by its header, never shown.
 */
export const mcpHeaders = z
  .record(
    z.string().max(MCP_SERVER_LIMITS.headerName).regex(HEADER_NAME, "must be an HTTP header name"),
    z.string().min(1).max(MCP_SERVER_LIMITS.headerValue),
  )
  .refine((h) => Object.keys(h).length <= MCP_SERVER_LIMITS.headers, {
    message: `at most ${MCP_SERVER_LIMITS.headers} headers`,
  });

export const SiteMcpServerJson = named(
  "SiteMcpServer",
  z.strictObject({
    object: z.literal("site-mcp-server"),
    id: z.string(),
    name: z.string(),
    url: z.string(),
    transport: mcpTransport,
    headers: z.record(z.string(), z.string()),
    condition: z.string().optional(),
    urls: z.strictObject({ location: url }),
  }),
);
export type SiteMcpServerJson = z.input<typeof SiteMcpServerJson>;

export function renderMcpServer(
  origin: string,
  organizationId: string,
  row: McpServerRow,
): SiteMcpServerJson {
  return {
    object: "site-mcp-server",
    id: row.id,
    name: row.name,
    url: row.url,
    transport: row.transport,
    headers: row.headers,
    ...present("condition", row.condition),
    urls: {
      location: `${origin}/v1/orgs/${organizationId}/sites/${row.siteId}/mcp-servers/${row.id}`,
    },
  };
}
