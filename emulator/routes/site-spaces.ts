import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import { SiteSpaceJson } from "../render/site-spaces";
import { findSection, orderedSections } from "../store/site-sections";
import {
  containerSiteSpaces,
  deleteSiteSpace,
  findSiteSpace,
  siteSpacePathTaken,
  updateSiteSpace,
  writeSiteSpaceOrder,
  type SiteSpaceRow,
} from "../store/site-spaces";
import type { SiteRow } from "../store/sites";
import type { Store } from "../store";
import {
  badReference,
  insertionIndex,
  refreshView,
  requireLiveSpace,
  requireSite,
} from "../access/sites";
import { linkSpace } from "../store/site-spaces";
import { renderSiteSpaceFor } from "../views";
import { shareKeyQuery } from "../validation";

const listQuery = pageQuery.extend({
  ...shareKeyQuery.shape,
  default: z.enum(["true", "false"]).optional(),
});

const createBody = z.object({
  spaceId: z.string(),
  sectionId: z.string().optional(),
});

const patchBody = z.object({
  path: z.string().min(1).max(100).optional(),
  condition: z.string().min(1).max(1024).nullable().optional(),
  spaceId: z.string().optional(),
  hidden: z.boolean().optional(),
});

const pointer = z.object({ type: z.literal("site-space"), siteSpace: z.string() });
const moveBody = z.object({
  position: z.object({ before: pointer.optional(), after: pointer.optional() }),
});

/** Every site space of the site in reading order: the root first, then section by section. */
function allSiteSpaces(store: Store, siteId: string): SiteSpaceRow[] {
  return [
    ...containerSiteSpaces(store, siteId, null),
    ...orderedSections(store, siteId).flatMap((s) => containerSiteSpaces(store, siteId, s.id)),
  ];
}

function where(sectionId: string | null): string {
  return sectionId === null ? "at the site root" : `in section ${sectionId}`;
}

function requireSiteSpace(ctx: ApiContext, site: SiteRow, id: string): SiteSpaceRow {
  const row = findSiteSpace(ctx.store, site.id, id);
  if (row === undefined) throw notFound(`site space ${id}`);
  return row;
}

const base = "/orgs/{organizationId}/sites/{siteId}/site-spaces";
const SiteSpaceList = listOf("SiteSpaceList", SiteSpaceJson);
const siteSpaceAnswer = { description: "The site space", schema: SiteSpaceJson };

/** Site spaces (§4.11), the deprecated move included. */
export const siteSpaceRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteSpaces",
    summary: "A site's site spaces in reading order",
    query: listQuery,
    responses: { 200: { description: "A page of site spaces", schema: SiteSpaceList } },
    handler({ params, query }, ctx) {
      const { site, view } = requireSite(ctx, params, "member", query.shareKey);
      const rows = allSiteSpaces(ctx.store, site.id).filter(
        (row) =>
          query.default === undefined ||
          (row.id === view.defaultSiteSpaceId) === (query.default === "true"),
      );
      const page = slicePage(pageOf(query), rows);
      const items = page.items.map((row) => renderSiteSpaceFor(ctx, view, row));
      return json(200, { ...page, items });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteSpace",
    summary: "Link a space into a site, in a section or at its root",
    body: createBody,
    responses: { 201: { description: "The new site space", schema: SiteSpaceJson } },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const { site, organizationId } = request;
      const row = ctx.store.transaction(() => {
        const space = requireLiveSpace(ctx.store, organizationId, body.spaceId, "spaceId");
        let sectionId: string | null;
        if (body.sectionId !== undefined) {
          if (findSection(ctx.store, site.id, body.sectionId) === undefined)
            throw badReference("sectionId", `${body.sectionId} is not a section of this site`);
          sectionId = body.sectionId;
        } else {
          // Without sectionId: the default section, or the root of a site without sections.
          sectionId = request.view.defaultSectionId;
        }
        return linkSpace(ctx.store, site.id, sectionId, space);
      });
      return json(201, renderSiteSpaceFor(ctx, refreshView(ctx, request), row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteSpaceId}`,
    operationId: "updateSiteSpace",
    summary: "Change a site space's path, condition, space or whether it is hidden",
    body: patchBody,
    responses: { 200: siteSpaceAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const row = ctx.store.transaction(() => {
        const current = requireSiteSpace(ctx, request.site, params.siteSpaceId);
        if (
          body.path !== undefined &&
          siteSpacePathTaken(ctx.store, current.siteId, current.sectionId, body.path, current.id)
        )
          throw conflict(`path ${body.path} is already used ${where(current.sectionId)}`);
        if (body.spaceId !== undefined)
          requireLiveSpace(ctx.store, request.organizationId, body.spaceId, "spaceId");
        return updateSiteSpace(ctx.store, current, body);
      });
      return json(200, renderSiteSpaceFor(ctx, refreshView(ctx, request), row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteSpaceId}`,
    operationId: "deleteSiteSpace",
    summary: "Unlink a space from a site; the space stays",
    responses: {
      204: { description: "The site space did not exist" },
      205: { description: "The site space has been deleted" },
    },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "create");
      const row = findSiteSpace(ctx.store, request.site.id, params.siteSpaceId);
      if (row === undefined) return empty(204);
      deleteSiteSpace(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/{siteSpaceId}/move`,
    operationId: "moveSiteSpace",
    summary: "Deprecated: move a site space among the site spaces of its container",
    body: moveBody,
    responses: { 200: siteSpaceAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const { position } = body;
      const row = ctx.store.transaction(() => {
        const moved = requireSiteSpace(ctx, request.site, params.siteSpaceId);
        // A site space moves among the site spaces of its own container only.
        const order = containerSiteSpaces(ctx.store, moved.siteId, moved.sectionId)
          .map((r) => r.id)
          .filter((id) => id !== moved.id);
        const at = insertionIndex(
          order,
          moved.id,
          { before: position.before?.siteSpace, after: position.after?.siteSpace },
          { before: "position.before.siteSpace", after: "position.after.siteSpace" },
          `the site spaces ${where(moved.sectionId)}`,
        );
        order.splice(at, 0, moved.id);
        writeSiteSpaceOrder(ctx.store, order);
        return findSiteSpace(ctx.store, moved.siteId, moved.id)!;
      });
      return json(200, renderSiteSpaceFor(ctx, refreshView(ctx, request), row));
    },
  }),
];
