import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute } from "../context";
import { notFound } from "../errors";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import { renderShareLink, ShareLinkJson } from "../render/share-links";
import {
  deleteShareLink,
  findShareLink,
  insertShareLink,
  listShareLinks,
  updateShareLink,
} from "../store/share-links";
import { refreshView, requireSite } from "../access/sites";

const name = z.string().max(50);
const createBody = z.object({ name });
const patchBody = z.object({ name: name.optional(), active: z.boolean().optional() });

const base = "/orgs/{organizationId}/sites/{siteId}/share-links";
const ShareLinkList = listOf("ShareLinkList", ShareLinkJson);

/**
 * Share links (§4.11). Their published URL carries the secret key, whatever the visibility, so
 * even reading them is the site admin's.
 */
export const shareLinkRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listShareLinks",
    summary: "A site's share links",
    query: pageQuery,
    responses: { 200: { description: "A page of share links", schema: ShareLinkList } },
    handler({ params, query }, ctx) {
      const { site, view } = requireSite(ctx, params, "admin");
      const page = slicePage(pageOf(query), listShareLinks(ctx.store, site.id));
      return json(200, { ...page, items: page.items.map((l) => renderShareLink(view, l)) });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createShareLink",
    summary: "Create an active share link with a new secret key",
    body: createBody,
    responses: { 201: { description: "The new share link", schema: ShareLinkJson } },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "admin");
      const link = insertShareLink(ctx.store, request.site.id, body.name);
      return json(201, renderShareLink(refreshView(ctx, request), link));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{shareLinkId}`,
    operationId: "updateShareLink",
    summary: "Rename a share link, or turn it on or off",
    body: patchBody,
    responses: { 200: { description: "The share link", schema: ShareLinkJson } },
    handler({ params, body }, ctx) {
      const { site, view } = requireSite(ctx, params, "admin");
      const current = findShareLink(ctx.store, site.id, params.shareLinkId);
      if (current === undefined) throw notFound(`share link ${params.shareLinkId}`);
      return json(200, renderShareLink(view, updateShareLink(ctx.store, current, body)));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{shareLinkId}`,
    operationId: "deleteShareLink",
    summary: "Delete a share link; its key stops working",
    responses: {
      204: { description: "The share link did not exist" },
      205: { description: "The share link has been deleted" },
    },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const link = findShareLink(ctx.store, site.id, params.shareLinkId);
      if (link === undefined) return empty(204);
      deleteShareLink(ctx.store, link.id);
      return empty(205);
    },
  }),
];
