import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute } from "../context";
import {
  externalLinkLocation,
  linkCondition,
  linkDescription,
  linkIcon,
  linkLocalizedDescription,
  linkLocalizedTitle,
  linkTitle,
  linkUrl,
  renderExternalLink,
  SiteExternalLinkJson,
} from "../render/site-external-links";
import {
  deleteExternalLink,
  findExternalLink,
  insertExternalLink,
  updateExternalLink,
} from "../store/site-external-links";
import { requireSite } from "../access/sites";
import {
  linkParent,
  requireExternalLink,
  requireSectionStructure,
} from "../access/site-external-links";

const createBody = z.strictObject({
  title: linkTitle,
  localizedTitle: linkLocalizedTitle.optional(),
  description: linkDescription.nullable().optional(),
  localizedDescription: linkLocalizedDescription.nullable().optional(),
  icon: linkIcon.nullable().optional(),
  url: linkUrl,
  parent: z.string().optional(),
  draft: z.boolean().optional(),
  condition: linkCondition.nullable().optional(),
});
const patchBody = z.strictObject({
  title: linkTitle.optional(),
  localizedTitle: linkLocalizedTitle.nullable().optional(),
  description: linkDescription.nullable().optional(),
  localizedDescription: linkLocalizedDescription.nullable().optional(),
  icon: linkIcon.nullable().optional(),
  url: linkUrl.optional(),
  parent: z.string().nullable().optional(),
  draft: z.boolean().optional(),
  condition: linkCondition.nullable().optional(),
});

const base = "/orgs/{organizationId}/sites/{siteId}/external-links";
const linkAnswer = { description: "The external link", schema: SiteExternalLinkJson };

/**
 * Site external links (docs/api-decisions.md, "Site external links"): the hosted three
 * operations. A link is read in the site's structure (`GET .../structure`), never alone; it is
 * navigation structure, so writing it is the `create` role's, as sections and groups are. A new
 * link, or one whose `parent` changes, goes last of its level; `.../structure/sort` orders it.
 */
export const siteExternalLinkRoutes = [
  apiRoute({
    method: "post",
    path: base,
    operationId: "addExternalLinkToSite",
    summary: "Add an external link at a site's root or in a section group",
    body: createBody,
    responses: {
      201: {
        description: "The new external link, its address in `Location`",
        schema: SiteExternalLinkJson,
      },
    },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "create");
      const row = ctx.store.transaction(() => {
        requireSectionStructure(ctx.store, site);
        return insertExternalLink(ctx.store, site.id, {
          title: body.title,
          url: body.url,
          description: body.description ?? null,
          icon: body.icon ?? null,
          condition: body.condition ?? null,
          draft: body.draft ?? false,
          localizedTitle: body.localizedTitle ?? null,
          localizedDescription: body.localizedDescription ?? null,
          groupId: linkParent(ctx.store, site, body.parent ?? null),
        });
      });
      return {
        ...json(201, renderExternalLink(row)),
        headers: { location: externalLinkLocation(ctx.origin, site.organizationId, row) },
      };
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteExternalLinkId}`,
    operationId: "updateSiteExternalLinkById",
    summary: "Change an external link, or move it to a group (parent) or the root (null)",
    body: patchBody,
    responses: { 200: linkAnswer },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "create");
      const row = ctx.store.transaction(() => {
        const current = requireExternalLink(ctx.store, site, params.siteExternalLinkId);
        const { parent, ...fields } = body;
        return updateExternalLink(ctx.store, current, {
          ...fields,
          groupId: parent === undefined ? undefined : linkParent(ctx.store, site, parent),
        });
      });
      return json(200, renderExternalLink(row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteExternalLinkId}`,
    operationId: "deleteSiteExternalLinkById",
    summary: "Delete an external link from a site's navigation",
    responses: {
      204: { description: "The external link did not exist" },
      205: { description: "The external link has been deleted" },
    },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "create");
      const row = findExternalLink(ctx.store, site.id, params.siteExternalLinkId);
      if (row === undefined) return empty(204);
      deleteExternalLink(ctx.store, row.id);
      return empty(205);
    },
  }),
];
