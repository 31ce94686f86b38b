import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute } from "../context";
import { notFound } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import {
  mcpCondition,
  mcpHeaders,
  mcpServerName,
  mcpServerUrl,
  mcpTransport,
  renderMcpServer,
  SiteMcpServerJson,
} from "../render/site-mcp-servers";
import {
  deleteMcpServer,
  findMcpServer,
  insertMcpServer,
  listMcpServers,
  updateMcpServer,
} from "../store/site-mcp-servers";
import { requireSite } from "../access/sites";

const createBody = z.strictObject({
  name: mcpServerName,
  url: mcpServerUrl,
  transport: mcpTransport.default("sse"),
  headers: mcpHeaders,
  condition: mcpCondition.nullable().optional(),
});
const patchBody = z.strictObject({
  name: mcpServerName.optional(),
  url: mcpServerUrl.optional(),
  transport: mcpTransport.optional(),
  headers: mcpHeaders.optional(),
  condition: mcpCondition.nullable().optional(),
});

const base = "/orgs/{organizationId}/sites/{siteId}/mcp-servers";
const McpServerList = listOf("SiteMcpServerList", SiteMcpServerJson);
const serverAnswer = { description: "The MCP server", schema: SiteMcpServerJson };

/**
 * Site MCP servers (docs/api-decisions.md, "Site MCP servers"): reading needs membership of the
 * site, as the hosted `site:read` scope; every write is the site admin's, as the site's own
 * settings are. A PATCH's `headers` replace the whole set; `condition: null` removes it.
 */
export const siteMcpServerRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteMcpServers",
    summary: "The MCP servers a site's assistant may call, oldest first",
    query: pageQuery,
    responses: { 200: { description: "A page of MCP servers", schema: McpServerList } },
    handler({ params, query }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const page = pageOf(query);
      const { rows, count } = listMcpServers(ctx.store, site.id, page);
      const items = rows.map((r) => renderMcpServer(ctx.origin, site.organizationId, r));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteMcpServer",
    summary: "Add an MCP server to a site",
    body: createBody,
    responses: { 201: { description: "The new MCP server", schema: SiteMcpServerJson } },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = insertMcpServer(ctx.store, site.id, {
        ...body,
        condition: body.condition ?? null,
      });
      return json(201, renderMcpServer(ctx.origin, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{siteMcpServerId}`,
    operationId: "getSiteMcpServerById",
    summary: "One MCP server of a site",
    responses: { 200: serverAnswer },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const row = findMcpServer(ctx.store, site.id, params.siteMcpServerId);
      if (row === undefined) throw notFound(`site MCP server ${params.siteMcpServerId}`);
      return json(200, renderMcpServer(ctx.origin, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteMcpServerId}`,
    operationId: "updateSiteMcpServerById",
    summary: "Change an MCP server's name, URL, transport, headers or condition",
    body: patchBody,
    responses: { 200: serverAnswer },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const current = findMcpServer(ctx.store, site.id, params.siteMcpServerId);
      if (current === undefined) throw notFound(`site MCP server ${params.siteMcpServerId}`);
      const row = updateMcpServer(ctx.store, current, body);
      return json(200, renderMcpServer(ctx.origin, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteMcpServerId}`,
    operationId: "deleteSiteMcpServerById",
    summary: "Delete an MCP server of a site",
    responses: {
      204: { description: "The MCP server did not exist" },
      205: { description: "The MCP server has been deleted" },
    },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = findMcpServer(ctx.store, site.id, params.siteMcpServerId);
      if (row === undefined) return empty(204);
      deleteMcpServer(ctx.store, row.id);
      return empty(205);
    },
  }),
];
