import { z } from "zod";
import { json } from "../http/route";
import { apiRoute } from "../context";
import { REDIRECT_URL_MAX } from "../limits";
import { PublishingAuthJson, renderPublishingAuth } from "../render/site-visitor-auth";
import {
  publishingAuthOf,
  regeneratePublishingAuth,
  updatePublishingAuth,
} from "../store/site-visitor-auth";
import { requireSite } from "../access/sites";

const url = z.url({ protocol: /^https?$/ }).max(REDIRECT_URL_MAX);

/** `SitePublishingAuthUpdate`: the backend, and each URL (`null` unsets it, absent keeps it). */
const patchBody = z.strictObject({
  backend: z.enum(["custom", "integration"]),
  fallbackURL: url.nullable().optional(),
  logoutURL: url.nullable().optional(),
});

const base = "/orgs/{organizationId}/sites/{siteId}/publishing/auth";
const authAnswer = { description: "The site's visitor authentication", schema: PublishingAuthJson };

/**
 * Visitor authentication of a site (docs/api-decisions.md, "Site redirects and visitor
 * authentication"). Every answer carries the private key, so even reading is the site admin's,
 * as share links are.
 */
export const siteVisitorAuthRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "getSitePublishingAuthById",
    summary: "A site's visitor-authentication settings and signing key",
    responses: { 200: authAnswer },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      return json(200, renderPublishingAuth(publishingAuthOf(ctx.store, site.id)));
    },
  }),

  apiRoute({
    method: "patch",
    path: base,
    operationId: "updateSitePublishingAuthById",
    summary: "Change a site's visitor-authentication backend and URLs",
    body: patchBody,
    responses: { 200: authAnswer },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = updatePublishingAuth(ctx.store, site.id, {
        backend: body.backend,
        fallbackUrl: body.fallbackURL,
        logoutUrl: body.logoutURL,
      });
      return json(200, renderPublishingAuth(row));
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/regenerate`,
    operationId: "regenerateSitePublishingAuthById",
    summary: "Give a site a new signing key; the old one stops working",
    responses: { 200: authAnswer },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      return json(200, renderPublishingAuth(regeneratePublishingAuth(ctx.store, site.id)));
    },
  }),
];
