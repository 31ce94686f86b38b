import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { REDIRECT_BULK_MAX } from "../limits";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf, optionalShape, patchShape, sentFields } from "../render/common";
import {
  BulkRedirectsJson,
  RedirectDestinationJson,
  RedirectLookupJson,
  REDIRECT_OPTIONAL_FIELDS,
  renderRedirect,
  SiteRedirectJson,
  sourcePath,
  type BulkResult,
} from "../render/site-redirects";
import {
  deleteRedirect,
  findRedirect,
  insertRedirect,
  listRedirects,
  redirectBySource,
  updateRedirect,
  type RedirectFields,
} from "../store/site-redirects";
import type { SiteRow } from "../store/sites";
import { redirectTarget, resolveDestination } from "../access/site-redirects";
import { requireSite } from "../access/sites";
import { HttpError } from "../errors";

const id = z.string().min(1).max(64);
/** `SiteRedirectInputDestination`: a stored destination, or a page by its space and path. */
const inputDestination = z.union([
  RedirectDestinationJson,
  z.strictObject({ kind: z.literal("path"), spaceId: id, path: z.string().min(1).max(512) }),
]);

const createBody = z.strictObject({
  source: sourcePath,
  captureWildcard: z.boolean().default(false),
  draft: z.boolean().default(false),
  permanent: z.boolean().default(false),
  destination: inputDestination,
  ...optionalShape(REDIRECT_OPTIONAL_FIELDS),
});
const patchBody = z.strictObject({
  source: sourcePath.optional(),
  captureWildcard: z.boolean().optional(),
  draft: z.boolean().optional(),
  permanent: z.boolean().optional(),
  destination: inputDestination.optional(),
  ...patchShape(REDIRECT_OPTIONAL_FIELDS),
});
const bulkItem = z.union([
  z.strictObject({ source: sourcePath, intent: z.literal("publish") }),
  z.strictObject({
    source: sourcePath,
    intent: z.enum(["live", "draft"]).default("live"),
    captureWildcard: z.boolean().default(false),
    permanent: z.boolean().optional(),
    destination: inputDestination.nullable(),
    ...optionalShape(REDIRECT_OPTIONAL_FIELDS),
  }),
]);
const bulkBody = z.strictObject({ redirects: z.array(bulkItem).min(1).max(REDIRECT_BULK_MAX) });
type BulkItem = z.output<typeof bulkItem>;

const listQuery = pageQuery.extend({
  search: z.string().max(512).optional(),
  draft: z.enum(["true", "false"]).optional(),
  orderBy: z.enum(["createdAt", "updatedAt", "source"]).default("createdAt"),
});

const base = "/orgs/{organizationId}/sites/{siteId}/redirects";
const RedirectList = listOf("SiteRedirectList", SiteRedirectJson);
const redirectAnswer = { description: "The redirect", schema: SiteRedirectJson };

/** A source already redirected (live, or among the drafts) is 409 naming it. */
function sourceTaken(
  ctx: ApiContext,
  site: SiteRow,
  source: string,
  draft: boolean,
  self?: string,
) {
  const other = redirectBySource(ctx.store, site.id, source, draft);
  if (other !== undefined && other.id !== self)
    throw conflict(
      `source ${source} is already redirected${draft ? " in a draft" : ""} (redirect ${other.id})`,
    );
}

/** One bulk item, applied: what was done to it, or the error that stopped it. */
function applyBulkItem(ctx: ApiContext, site: SiteRow, item: BulkItem, i: number): BulkResult {
  const { store } = ctx;
  if (item.intent === "publish") {
    const draft = redirectBySource(store, site.id, item.source, true);
    if (draft === undefined)
      return { status: "error", source: item.source, draft: false, error: "no draft redirect" };
    const live = redirectBySource(store, site.id, item.source, false);
    if (live !== undefined) deleteRedirect(store, live.id);
    const published = updateRedirect(store, draft, { draft: false });
    return { status: "published", source: item.source, draft: false, id: published.id };
  }
  const draft = item.intent === "draft";
  const current = redirectBySource(store, site.id, item.source, draft);
  if (item.destination === null) {
    if (current !== undefined) deleteRedirect(store, current.id);
    return { status: "deleted", source: item.source, draft };
  }
  try {
    const destination = resolveDestination(
      store,
      site,
      item.destination,
      `redirects[${i}].destination`,
    );
    const fields = {
      captureWildcard: item.captureWildcard,
      destination,
      ...sentFields(REDIRECT_OPTIONAL_FIELDS, item),
    };
    const permanent = item.permanent !== undefined ? { permanent: item.permanent } : {};
    if (current !== undefined) {
      const row = updateRedirect(store, current, { ...fields, ...permanent });
      return { status: "updated", source: item.source, draft, id: row.id };
    }
    const row = insertRedirect(store, site.id, {
      source: item.source,
      draft,
      permanent: false,
      ...fields,
      ...permanent,
    });
    return { status: "created", source: item.source, draft, id: row.id };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: "error", source: item.source, draft, error: error.message };
  }
}

/**
 * Site redirects (docs/api-decisions.md, "Site redirects and visitor authentication"): reading
 * needs membership; every write is the site admin's, as the site's own settings are.
 */
export const siteRedirectRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteRedirects",
    summary: "A site's redirects, live or draft, filtered by a part of their source",
    query: listQuery,
    responses: { 200: { description: "A page of redirects", schema: RedirectList } },
    handler({ params, query }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const page = pageOf(query);
      const filter = {
        draft: query.draft === "true",
        search: query.search,
        orderBy: query.orderBy,
      };
      const { rows, count } = listRedirects(ctx.store, site.id, filter, page);
      return json(200, envelope(page, rows.map(renderRedirect), count));
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteRedirect",
    summary: "Redirect a source path of the site to a destination",
    body: createBody,
    responses: { 201: { description: "The new redirect", schema: SiteRedirectJson } },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const destination = resolveDestination(ctx.store, site, body.destination, "destination");
      sourceTaken(ctx, site, body.source, body.draft);
      const fields: RedirectFields = { ...body, destination };
      return json(201, renderRedirect(insertRedirect(ctx.store, site.id, fields)));
    },
  }),

  apiRoute({
    method: "put",
    path: base,
    operationId: "bulkUpsertSiteRedirects",
    summary: "Create, update, delete or publish up to 500 redirects, each on its own",
    body: bulkBody,
    responses: { 200: { description: "What was done to each", schema: BulkRedirectsJson } },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const results = body.redirects.map((item, i) =>
        ctx.store.transaction(() => applyBulkItem(ctx, site, item, i)),
      );
      return json(200, { results });
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteRedirectId}`,
    operationId: "updateSiteRedirectById",
    summary: "Change a redirect's source, destination or flags",
    body: patchBody,
    responses: { 200: redirectAnswer },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const current = findRedirect(ctx.store, site.id, params.siteRedirectId);
      if (current === undefined) throw notFound(`site redirect ${params.siteRedirectId}`);
      const { destination, ...flags } = body;
      const resolved =
        destination === undefined
          ? undefined
          : resolveDestination(ctx.store, site, destination, "destination");
      const next = { ...current, ...flags };
      sourceTaken(ctx, site, next.source, next.draft, current.id);
      const row = updateRedirect(ctx.store, current, { ...flags, destination: resolved });
      return json(200, renderRedirect(row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteRedirectId}`,
    operationId: "deleteSiteRedirectById",
    summary: "Delete a redirect",
    responses: {
      204: { description: "The redirect did not exist" },
      205: { description: "The redirect has been deleted" },
    },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = findRedirect(ctx.store, site.id, params.siteRedirectId);
      if (row === undefined) return empty(204);
      deleteRedirect(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/redirect",
    operationId: "getSiteRedirectBySource",
    summary: "The live redirect of a source path, and the URL it leads to",
    query: z.looseObject({ source: sourcePath }),
    responses: { 200: { description: "The redirect", schema: RedirectLookupJson } },
    handler({ params, query }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const row = redirectBySource(ctx.store, site.id, query.source, false);
      if (row === undefined) throw notFound(`redirect of ${query.source}`);
      const target = redirectTarget(ctx.store, site, row.destination);
      return json(200, { redirect: renderRedirect(row), target });
    },
  }),
];
