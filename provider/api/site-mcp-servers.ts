import { z } from "zod";
import { listAll, segment, type ApiClient } from "../client";
import { siteById, WHOLE_LIST } from "./sites";

/**
 * A site's MCP servers (docs/api-decisions.md, "Site MCP servers"), under
 * `/v1/orgs/{organizationId}/sites/{siteId}/mcp-servers`. The API document is silent on them;
 * the limits are the hosted service's (and the emulator's where it is silent), kept here so that
 * check refuses what the API would refuse. Header values are credentials: secret in state.
 */

/** An HTTP header name: a token (RFC 9110). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** `SiteMcpServerHeaders`: at most 50, each value 1 to 512 characters. */
export const McpServerHeaders = z
  .record(z.string().max(256).regex(HEADER_NAME), z.string().min(1).max(512))
  .refine((h) => Object.keys(h).length <= 50, { message: "must have at most 50 headers" });

/** An MCP server as the provider reads it. */
export const SiteMcpServer = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  transport: z.string(),
  headers: z.record(z.string(), z.string()),
  condition: z.string().optional(),
});
export type SiteMcpServer = z.infer<typeof SiteMcpServer>;

/**
 * A server's settings with their limits, declared once: what a program declares (the resource's
 * inputs), the create body, and the PATCH.
 */
export const SiteMcpServerFields = {
  name: z.string().min(1).max(100),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  transport: z.enum(["sse", "http"]).optional(),
  headers: McpServerHeaders.optional(),
  condition: z.string().min(1).max(1024).optional(),
};
export const SiteMcpServerCreate = z.object({
  ...SiteMcpServerFields,
  headers: McpServerHeaders,
});
export const SiteMcpServerPatch = z
  .object({ ...SiteMcpServerFields, condition: SiteMcpServerFields.condition.nullable() })
  .partial();

const serversOf = (organizationId: string, siteId: string, id?: string) =>
  `${siteById(organizationId, siteId)}/mcp-servers${id === undefined ? "" : `/${segment("siteMcpServerId", id)}`}`;

/** The site's MCP servers, as one list walk serves them. */
export function mcpServersList(organizationId: string, siteId: string) {
  return { path: serversOf(organizationId, siteId), item: SiteMcpServer, query: WHOLE_LIST };
}

export function getMcpServer(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<SiteMcpServer> {
  return client.get(serversOf(organizationId, siteId, id), SiteMcpServer);
}

export function createMcpServer(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: z.infer<typeof SiteMcpServerCreate>,
): Promise<SiteMcpServer> {
  return client.request("POST", serversOf(organizationId, siteId), {
    body,
    schema: SiteMcpServer,
  });
}

export function updateMcpServer(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
  body: z.infer<typeof SiteMcpServerPatch>,
): Promise<SiteMcpServer> {
  return client.request("PATCH", serversOf(organizationId, siteId, id), {
    body,
    schema: SiteMcpServer,
  });
}

export async function deleteMcpServer(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<void> {
  await client.request("DELETE", serversOf(organizationId, siteId, id));
}

/** Every MCP server of the site. */
export function listMcpServers(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteMcpServer[]> {
  return listAll(client, serversOf(organizationId, siteId), SiteMcpServer, WHOLE_LIST);
}
