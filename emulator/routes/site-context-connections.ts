import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import { CONTEXT_CONNECTION_LIMITS } from "../limits";
import {
  connectionFilter,
  connectionLabel,
  checkSetup,
  connectorName,
  setupShape,
  ContextConnectionJson,
  ContextConnectionTestResultJson,
  DEFAULT_USAGE,
  PUSHED_CONNECTORS,
  renderContextConnection,
  SECRET_SETUP_FIELDS,
  usageSettings,
} from "../render/site-context-connections";
import { syncContextConnection } from "../jobs/site-context-connections";
import {
  deleteContextConnection,
  findContextConnection,
  insertContextConnection,
  listContextConnections,
  restartSync,
  updateContextConnection,
  type ContextConnectionRow,
} from "../store/site-context-connections";
import { requireSite } from "../access/sites";

const createBody = z.strictObject({
  ...setupShape,
  usageSettings: usageSettings.optional(),
  filter: connectionFilter.optional(),
});
/** The hosted PATCH body: a new setup, or the other fields, or both. */
const patchBody = z.strictObject({
  connector: connectorName.optional(),
  setupSettings: setupShape.setupSettings,
  usageSettings: usageSettings.optional(),
  label: connectionLabel.optional(),
  filter: connectionFilter.optional(),
});

const base = "/orgs/{organizationId}/sites/{siteId}/context-connections";
const one = `${base}/{siteContextConnectionId}`;
const ConnectionList = listOf("ContextConnectionList", ContextConnectionJson);
const connectionAnswer = { description: "The context connection", schema: ContextConnectionJson };

type Params = { organizationId: string; siteId: string; siteContextConnectionId: string };

/** The site and the connection a route names; 404 when the connection is not the site's. */
function requireConnection(ctx: ApiContext, params: Params, minimum: "member" | "admin") {
  const { site } = requireSite(ctx, params, minimum);
  const row = findContextConnection(ctx.store, site.id, params.siteContextConnectionId);
  if (row === undefined) throw notFound(`context connection ${params.siteContextConnectionId}`);
  return { site, row };
}

const render = (ctx: ApiContext, organizationId: string, row: ContextConnectionRow) =>
  renderContextConnection(ctx.origin, organizationId, row);

/** Starts a new sync of the connection and answers it as it now stands. */
function resync(ctx: ApiContext, row: ContextConnectionRow): ContextConnectionRow {
  const syncs = restartSync(ctx.store, row.id);
  syncContextConnection(ctx.store, ctx.background, { ...row, syncs });
  return findContextConnection(ctx.store, row.siteId, row.id)!;
}

/**
 * Site context connections (docs/api-decisions.md, "Site context connections"): reading needs
 * membership of the site, as the hosted `site:read` scope; every write, a sync and a test are
 * the site admin's (`site:write`), as the site's other agent settings are. A connection's sync
 * runs on the processing delay; a new setup or filter starts one again.
 */
export const siteContextConnectionRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteContextConnections",
    summary: "The sources a site's agent reads, oldest first",
    query: pageQuery,
    responses: { 200: { description: "A page of context connections", schema: ConnectionList } },
    handler({ params, query }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const page = pageOf(query);
      const { rows, count } = listContextConnections(ctx.store, site.id, page);
      return json(
        200,
        envelope(
          page,
          rows.map((r) => render(ctx, site.organizationId, r)),
          count,
        ),
      );
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteContextConnection",
    summary: "Connect a source to a site's agent; its first sync starts",
    body: createBody,
    responses: { 201: { description: "Created connection", schema: ContextConnectionJson } },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const { count } = listContextConnections(ctx.store, site.id, { limit: 0, offset: 0 });
      if (count >= CONTEXT_CONNECTION_LIMITS.perSite)
        throw badRequest(
          `a site has at most ${CONTEXT_CONNECTION_LIMITS.perSite} context connections`,
        );
      const row = insertContextConnection(ctx.store, site.id, {
        connector: body.connector,
        setupSettings: checkSetup(body.connector, body.setupSettings),
        usageSettings: body.usageSettings ?? DEFAULT_USAGE,
        label: null,
        filter: body.filter ?? null,
      });
      syncContextConnection(ctx.store, ctx.background, row);
      return json(201, render(ctx, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "get",
    path: one,
    operationId: "getSiteContextConnectionById",
    summary: "One context connection of a site",
    responses: { 200: connectionAnswer },
    handler({ params }, ctx) {
      const { site, row } = requireConnection(ctx, params, "member");
      return json(200, render(ctx, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "patch",
    path: one,
    operationId: "updateSiteContextConnectionById",
    summary: "Change a connection's setup, usage settings, label or filter",
    body: patchBody,
    responses: { 200: connectionAnswer },
    handler({ params, body }, ctx) {
      const { site, row: current } = requireConnection(ctx, params, "admin");
      if (body.connector === undefined && body.setupSettings !== undefined)
        throw badRequest("setupSettings is taken with its connector");
      const filter = body.filter === undefined ? current.filter : body.filter || null;
      let row = updateContextConnection(ctx.store, current, {
        ...(body.connector === undefined
          ? {}
          : {
              connector: body.connector,
              setupSettings: checkSetup(body.connector, body.setupSettings),
            }),
        ...(body.usageSettings === undefined ? {} : { usageSettings: body.usageSettings }),
        ...(body.label === undefined ? {} : { label: body.label || null }),
        filter,
      });
      // A new source, or a new filter of what it yields, is synced again.
      if (body.connector !== undefined || filter !== current.filter) row = resync(ctx, row);
      return json(200, render(ctx, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: one,
    operationId: "deleteSiteContextConnectionById",
    summary: "Disconnect a source from a site's agent",
    responses: {
      204: { description: "Context connection did not exist" },
      205: { description: "Context connection deleted" },
    },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = findContextConnection(ctx.store, site.id, params.siteContextConnectionId);
      if (row === undefined) return empty(204);
      deleteContextConnection(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "post",
    path: `${one}/sync`,
    operationId: "syncSiteContextConnection",
    summary: "Sync a connection again (a sync under way starts over)",
    responses: {
      204: { description: "Sync started" },
      400: { description: "Connection was synced less than an hour ago or invalid connector" },
    },
    handler({ params }, ctx) {
      const { row } = requireConnection(ctx, params, "admin");
      if (PUSHED_CONNECTORS.includes(row.connector))
        throw badRequest(`connector ${row.connector} is pushed to: it has nothing to sync`);
      const since =
        row.syncedAt === null ? Infinity : Date.parse(ctx.store.now()) - Date.parse(row.syncedAt);
      if (row.status === "succeeded" && since < CONTEXT_CONNECTION_LIMITS.syncIntervalMs)
        throw badRequest(
          `context connection ${row.id} was synced less than an hour ago (at ${row.syncedAt})`,
        );
      resync(ctx, row);
      return empty(204);
    },
  }),

  apiRoute({
    method: "post",
    path: `${one}/test`,
    operationId: "testSiteContextConnection",
    summary: "Check a connection's stored credentials against its source, changing nothing",
    responses: {
      200: {
        description: "The connection test completed (see `success` for the outcome)",
        schema: ContextConnectionTestResultJson,
      },
    },
    handler({ params }, ctx) {
      const { row } = requireConnection(ctx, params, "admin");
      return json(200, testResult(row));
    },
  }),
];

/**
 * A test of the stored credentials: a connector that has none has nothing to verify and
 * succeeds; one that has fails when its source refused them, at the last sync or at the one the
 * admin API decided (`authentication`).
 */
function testResult(row: ContextConnectionRow) {
  const refused =
    row.failureReason === "authentication" || row.verdict?.failureReason === "authentication";
  if (SECRET_SETUP_FIELDS[row.connector] === undefined || !refused)
    return { object: "context-connection-test-result" as const, success: true };
  return {
    object: "context-connection-test-result" as const,
    success: false,
    error: `the ${row.connector} source refused the stored credentials`,
  };
}
