import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute } from "../context";
import { badRequest, conflict, notFound } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import { channelRole, channelSetup, renderChannel, SiteChannelJson } from "../render/site-channels";
import {
  channelOfType,
  deleteChannel,
  findChannel,
  insertChannel,
  listChannels,
  updateChannel,
} from "../store/site-channels";
import { requireSite } from "../access/sites";

/** A new channel's role when the body names none (the hosted document states no default). */
const DEFAULT_ROLE = "support";

const createBody = channelSetup({ role: channelRole.default(DEFAULT_ROLE) });
/** The hosted PATCH body: a whole setup (its role optional), or a role alone. */
const patchBody = z.union([
  channelSetup({ role: channelRole.optional() }),
  z.strictObject({ role: channelRole }),
]);

const base = "/orgs/{organizationId}/sites/{siteId}/channels";
const ChannelList = listOf("SiteChannelList", SiteChannelJson);
const channelAnswer = { description: "The channel", schema: SiteChannelJson };

/**
 * Site channels (docs/api-decisions.md, "Site channels"): reading needs membership of the site,
 * as the hosted `site:read` scope; every write is the site admin's. A site has at most one
 * channel of each type (409); a channel's type never changes (400), its settings are replaced
 * whole by a PATCH that sends them.
 */
export const siteChannelRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteChannels",
    summary: "The channels a site's assistant answers in, oldest first",
    query: pageQuery,
    responses: { 200: { description: "A page of channels", schema: ChannelList } },
    handler({ params, query }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const page = pageOf(query);
      const { rows, count } = listChannels(ctx.store, site.id, page);
      const items = rows.map((r) => renderChannel(ctx.origin, site.organizationId, r));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteChannel",
    summary: "Set up a channel of a site",
    body: createBody,
    responses: { 201: { description: "The new channel", schema: SiteChannelJson } },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const other = channelOfType(ctx.store, site.id, body.type);
      if (other !== undefined)
        throw conflict(`the site already has a ${body.type} channel (channel ${other.id})`);
      const row = insertChannel(ctx.store, site.id, body);
      return json(201, renderChannel(ctx.origin, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{siteChannelId}`,
    operationId: "getSiteChannelById",
    summary: "One channel of a site",
    responses: { 200: channelAnswer },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const row = findChannel(ctx.store, site.id, params.siteChannelId);
      if (row === undefined) throw notFound(`site channel ${params.siteChannelId}`);
      return json(200, renderChannel(ctx.origin, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteChannelId}`,
    operationId: "updateSiteChannelById",
    summary: "Change a channel's settings or role",
    body: patchBody,
    responses: { 200: channelAnswer },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const current = findChannel(ctx.store, site.id, params.siteChannelId);
      if (current === undefined) throw notFound(`site channel ${params.siteChannelId}`);
      if ("type" in body && body.type !== current.type)
        throw badRequest(`type cannot change from ${current.type}: create a channel of that type`);
      const row = updateChannel(ctx.store, current, body);
      return json(200, renderChannel(ctx.origin, site.organizationId, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteChannelId}`,
    operationId: "deleteSiteChannelById",
    summary: "Delete a channel of a site",
    responses: {
      204: { description: "The channel did not exist" },
      205: { description: "The channel has been deleted" },
    },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = findChannel(ctx.store, site.id, params.siteChannelId);
      if (row === undefined) return empty(204);
      deleteChannel(ctx.store, row.id);
      return empty(205);
    },
  }),
];
