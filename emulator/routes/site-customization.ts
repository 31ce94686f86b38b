import { z } from "zod";
import { empty, json } from "../http/route";
import { hasRole } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { notFound } from "../errors";
import {
  overlay,
  SiteCustomizationInput,
  SiteCustomizationJson,
  siteSettings,
  SiteSpaceOverrideInput,
  siteSpaceSettings,
  withoutAdminFields,
} from "../render/site-customization";
import {
  deleteSiteSpaceCustomization,
  findSiteCustomization,
  findSiteSpaceCustomization,
  writeSiteCustomization,
  writeSiteSpaceCustomization,
} from "../store/site-customization";
import { findSiteSpace } from "../store/site-spaces";
import { resolveStylingFonts } from "../access/custom-fonts";
import { requireSite, type SiteRequest } from "../access/sites";

const base = "/orgs/{organizationId}/sites/{siteId}";
const siteSpaceBase = `${base}/site-spaces/{siteSpaceId}/customization`;
const settingsAnswer = { description: "The customization settings", schema: SiteCustomizationJson };
/** The hosted GETs' deprecated `unmasked` flag: accepted, and without effect here. */
const unmaskedQuery = z.object({ unmasked: z.enum(["true", "false"]).optional() });

/** The settings as the caller may read them: the AI instructions are the site admin's only. */
function shown(request: SiteRequest, settings: SiteCustomizationJson) {
  return hasRole(request.role, "admin") ? settings : withoutAdminFields(settings);
}

/** The site space, when it is one of the site's: 404 otherwise. */
function requireSiteSpace(ctx: ApiContext, request: SiteRequest, siteSpaceId: string) {
  const siteSpace = findSiteSpace(ctx.store, request.site.id, siteSpaceId);
  if (siteSpace === undefined) throw notFound(`site space ${siteSpaceId}`);
  return siteSpace;
}

function siteSpaceAnswer(ctx: ApiContext, request: SiteRequest, siteSpaceId: string) {
  const site = siteSettings(findSiteCustomization(ctx.store, request.site.id));
  const override = findSiteSpaceCustomization(ctx.store, siteSpaceId)?.overrides;
  return shown(request, siteSpaceSettings(site, override));
}

/**
 * A site's customization settings and each site space's override of them (the hosted
 * `getSiteCustomizationById`, `updateSiteCustomizationById`, `getSiteSpaceCustomizationById`,
 * `overrideSiteSpaceCustomizationById`, `deleteSiteSpaceCustomizationById`). Reading needs
 * membership; writing is the site admin's, as the site's other settings are.
 */
export const siteCustomizationRoutes = [
  apiRoute({
    method: "get",
    path: `${base}/customization`,
    operationId: "getSiteCustomizationById",
    summary: "A site's customization settings: its own, else the service's defaults",
    query: unmaskedQuery,
    responses: { 200: settingsAnswer },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "member");
      const settings = siteSettings(findSiteCustomization(ctx.store, request.site.id));
      return json(200, shown(request, settings));
    },
  }),

  apiRoute({
    method: "put",
    path: `${base}/customization`,
    operationId: "updateSiteCustomizationById",
    summary: "Replace a site's customization settings whole",
    body: SiteCustomizationInput,
    responses: { 200: settingsAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "admin");
      const { organizationId } = request.site;
      const styling = resolveStylingFonts(ctx.store, ctx.origin, organizationId, body.styling);
      const row = writeSiteCustomization(ctx.store, request.site.id, { ...body, styling });
      return json(200, siteSettings(row));
    },
  }),

  apiRoute({
    method: "get",
    path: siteSpaceBase,
    operationId: "getSiteSpaceCustomizationById",
    summary: "A site space's customization settings: the site's, with its override laid over them",
    query: unmaskedQuery,
    responses: { 200: settingsAnswer },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "member");
      requireSiteSpace(ctx, request, params.siteSpaceId);
      return json(200, siteSpaceAnswer(ctx, request, params.siteSpaceId));
    },
  }),

  apiRoute({
    method: "patch",
    path: siteSpaceBase,
    operationId: "overrideSiteSpaceCustomizationById",
    summary: "Override some of a site's settings for one site space (null resets a field)",
    body: SiteSpaceOverrideInput,
    responses: { 200: settingsAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "admin");
      const siteSpace = requireSiteSpace(ctx, request, params.siteSpaceId);
      const current = findSiteSpaceCustomization(ctx.store, siteSpace.id)?.overrides ?? {};
      const next = overlay(current, body, true);
      writeSiteSpaceCustomization(ctx.store, request.site.id, siteSpace.id, next);
      return json(200, siteSpaceAnswer(ctx, request, siteSpace.id));
    },
  }),

  apiRoute({
    method: "delete",
    path: siteSpaceBase,
    operationId: "deleteSiteSpaceCustomizationById",
    summary: "Remove a site space's override: it answers the site's settings again",
    responses: {
      204: { description: "Customization settings did not exist" },
      205: { description: "Site space customization removed" },
    },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "admin");
      // An absent site space has no override either: 204, as for any absent target.
      if (findSiteSpace(ctx.store, request.site.id, params.siteSpaceId) === undefined)
        return empty(204);
      return empty(deleteSiteSpaceCustomization(ctx.store, params.siteSpaceId) ? 205 : 204);
    },
  }),
];
