import { z } from "zod";
import { empty, json } from "../http/route";
import { reachedPage } from "../access/guests";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, conflict, HttpError, notFound } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf, named } from "../render/common";
import {
  PublishedCustomizationsJson,
  publishedCustomizations,
  SiteIntegrationScriptJson,
  siteSettings,
  siteSpaceSettings,
  withoutAdminFields,
} from "../render/site-customization";
import { findSiteCustomization, siteSpaceCustomizationsOf } from "../store/site-customization";
import { SiteStructureJson } from "../render/site-structure";
import { renderSite, SITE_TYPES, SiteJson } from "../render/sites";
import { findOrganization } from "../store/organizations";
import { activeShareLinkByKey } from "../store/share-links";
import { findSection, updateSection } from "../store/site-sections";
import { findSiteSpace } from "../store/site-spaces";
import {
  basenameOwner,
  deleteSite,
  findSite,
  insertSite,
  listSites,
  updateSite,
  type SitePatch,
  type SiteRow,
} from "../store/sites";
import { badReference, requireLiveSpace, requireSite } from "../access/sites";
import { linkSpace } from "../store/site-spaces";
import { siteStructureFor } from "../views";
import { shareKeyQuery } from "../validation";
import { visitorTokenOpens } from "../access/site-visitor-auth";

/** The published view's query: a share key, or a visitor's signed token (a `visitor-auth` site). */
const publishedQuery = shareKeyQuery.extend({
  visitorAuthToken: z.string().max(8192).optional(),
});
import { siteView } from "../access/sites";
import { setTargetHostname } from "../access/custom-hostnames";
import { SiteHostname } from "../render/custom-hostnames";

const siteType = z.enum(SITE_TYPES);
const visibility = z.enum(["public", "unlisted", "share-link", "visitor-auth"]);
const siteTitle = z.string().min(2).max(128);
/** §4.10: a host plus a path, such as `example.com/docs`. */
const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
/** The free plan, on which only `basic` sites can be created (GAPS.md). */
const FREE_PLAN = "free_2024";

const listQuery = pageQuery.extend({
  space: z.string().optional(),
  title: z.string().optional(),
  published: z.enum(["true", "false"]).optional(),
  type: siteType.optional(),
});

const createBody = z.object({
  type: siteType.optional(),
  title: siteTitle.optional(),
  visibility: visibility.optional(),
  spaces: z.array(z.string()).optional(),
});

const patchBody = z.object({
  title: siteTitle.optional(),
  visibility: visibility.optional(),
  basename: z.string().min(1).max(100).optional(),
  adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
  agentsContext: z.enum(["excluded", "included"]).optional(),
  defaultSiteSpace: z.string().optional(),
  defaultSiteSection: z.string().optional(),
  proxy: z.string().max(512).regex(PROXY_PATTERN).nullable().optional(),
  // The site's custom hostname (docs/api-decisions.md, "Custom hostnames"); `null` detaches it.
  hostname: SiteHostname.nullable().optional(),
  // Read only so that a caller who sends it hears why it is refused instead of seeing it ignored.
  published: z.unknown().optional(),
});

const PublishedSiteJson = named(
  "PublishedContentSite",
  z.strictObject({
    object: z.literal("published-content-site"),
    site: SiteJson,
    structure: SiteStructureJson,
    customizations: PublishedCustomizationsJson,
    scripts: z.array(SiteIntegrationScriptJson),
  }),
);

const SiteList = listOf("SiteList", SiteJson);
const siteAnswer = { description: "The site", schema: SiteJson };

function answer(ctx: ApiContext, site: SiteRow, role: string | null) {
  return json(200, renderSite(siteView(ctx.store, site, ctx.origin, role)));
}

function applySitePatch(ctx: ApiContext, site: SiteRow, body: z.output<typeof patchBody>): SiteRow {
  const { store } = ctx;
  const patch: SitePatch = {
    title: body.title,
    visibility: body.visibility,
    basename: body.basename,
    proxy: body.proxy,
    adaptiveContent: body.adaptiveContent?.enabled,
    agentsContext: body.agentsContext,
  };
  if (body.basename !== undefined) {
    // Published URLs are `<org host>/<basename>`: two sites with one basename would collide.
    const other = basenameOwner(store, site.organizationId, body.basename, site.id);
    if (other !== undefined)
      throw conflict(`basename ${body.basename} is already used by site ${other}`);
  }
  if (body.defaultSiteSection !== undefined) {
    if (findSection(store, site.id, body.defaultSiteSection) === undefined)
      throw badReference(
        "defaultSiteSection",
        `${body.defaultSiteSection} is not a section of this site`,
      );
    patch.defaultSectionId = body.defaultSiteSection;
  }
  if (body.defaultSiteSpace !== undefined) {
    const row = findSiteSpace(store, site.id, body.defaultSiteSpace);
    if (row === undefined)
      throw badReference(
        "defaultSiteSpace",
        `${body.defaultSiteSpace} is not a site space of this site`,
      );
    if (row.sectionId === null) patch.defaultSiteSpaceId = row.id;
    else {
      if (body.defaultSiteSection !== undefined && body.defaultSiteSection !== row.sectionId)
        throw badRequest(
          `defaultSiteSpace ${row.id} is in section ${row.sectionId}, not in defaultSiteSection ${body.defaultSiteSection}`,
        );
      // The site's default space is its default section's default: choosing a space in a
      // section makes that section the default too.
      updateSection(store, findSection(store, site.id, row.sectionId)!, {
        defaultSiteSpaceId: row.id,
      });
      patch.defaultSectionId = row.sectionId;
    }
  }
  if (body.hostname !== undefined)
    setTargetHostname(ctx, { organizationId: site.organizationId, siteId: site.id }, body.hostname);
  return updateSite(store, site, patch);
}

/** The published view's customizations: the site's stored settings, and each site space's. */
function customizationsFor(ctx: ApiContext, siteId: string, siteSpaceIds: readonly string[]) {
  const site = withoutAdminFields(siteSettings(findSiteCustomization(ctx.store, siteId)));
  const overrides = new Map(
    siteSpaceCustomizationsOf(ctx.store, siteId).map((row) => [row.siteSpaceId, row.overrides]),
  );
  const siteSpaces = siteSpaceIds.map((id) => [id, siteSpaceSettings(site, overrides.get(id))]);
  return publishedCustomizations(site, Object.fromEntries(siteSpaces));
}

const base = "/orgs/{organizationId}/sites";

/** §4.10 Sites, with publish and unpublish of GAPS.md. */
export const siteRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSites",
    summary: "An organization's sites, filtered by space, title, published or type",
    query: listQuery,
    responses: { 200: { description: "A page of sites", schema: SiteList } },
    handler({ params, query }, ctx) {
      const role = ctx.requireRole(params.organizationId, "guest");
      const page = pageOf(query);
      const filters = {
        space: query.space,
        title: query.title,
        published: query.published === undefined ? undefined : query.published === "true",
        type: query.type,
      };
      const { rows, count } = reachedPage(ctx, "site", role, page, (p) =>
        listSites(ctx.store, params.organizationId, filters, p),
      );
      const items = rows.map((site) => renderSite(siteView(ctx.store, site, ctx.origin, role)));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSite",
    summary: "Create a site, optionally linking spaces at its root",
    body: createBody,
    responses: { 201: { description: "The new site", schema: SiteJson } },
    handler({ params, body }, ctx) {
      const { organizationId } = params;
      const role = ctx.requireRole(organizationId, "admin");
      const type = body.type ?? "basic";
      const plan = findOrganization(ctx.store, organizationId)?.plan;
      if (type !== "basic" && plan === FREE_PLAN)
        throw new HttpError(
          403,
          `type ${type} cannot be created on the free plan ${FREE_PLAN}; only basic can`,
        );
      const site = ctx.store.transaction(() => {
        const created = insertSite(ctx.store, organizationId, {
          type,
          title: body.title ?? "Untitled site",
          visibility: body.visibility ?? "public",
        });
        (body.spaces ?? []).forEach((spaceId, i) =>
          linkSpace(
            ctx.store,
            created.id,
            null,
            requireLiveSpace(ctx.store, organizationId, spaceId, `spaces[${i}]`),
          ),
        );
        return created;
      });
      return json(201, renderSite(siteView(ctx.store, site, ctx.origin, role)));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{siteId}`,
    operationId: "getSite",
    summary: "A site",
    query: shareKeyQuery,
    responses: { 200: siteAnswer },
    handler({ params, query }, ctx) {
      const { view } = requireSite(ctx, params, "member", query.shareKey);
      return json(200, renderSite(view));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteId}`,
    operationId: "updateSite",
    summary: "Change a site's settings",
    body: patchBody,
    responses: { 200: siteAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "admin");
      if (body.published !== undefined)
        throw badRequest(
          "published cannot be set through PATCH; use POST .../publish or .../unpublish",
        );
      const site = ctx.store.transaction(() => applySitePatch(ctx, request.site, body));
      return answer(ctx, site, request.role);
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteId}`,
    operationId: "deleteSite",
    summary: "Delete a site and its structure; its spaces stay",
    responses: {
      204: { description: "The site did not exist" },
      205: { description: "The site has been deleted" },
    },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const site = findSite(ctx.store, params.organizationId, params.siteId);
      if (site === undefined) return empty(204);
      // The site's admin: the organization's, or one a site grant makes.
      requireSite(ctx, params, "admin");
      deleteSite(ctx.store, site.id);
      return empty(205);
    },
  }),

  ...(["publish", "unpublish"] as const).map((action) =>
    apiRoute({
      method: "post",
      path: `${base}/{siteId}/${action}`,
      operationId: `${action}Site`,
      summary: action === "publish" ? "Publish a site" : "Take a site offline",
      responses: { 200: siteAnswer },
      handler({ params }, ctx) {
        const request = requireSite(ctx, params, "admin");
        const site = updateSite(ctx.store, request.site, { published: action === "publish" });
        return answer(ctx, site, request.role);
      },
    }),
  ),

  apiRoute({
    method: "get",
    path: `${base}/{siteId}/published`,
    operationId: "getPublishedSite",
    summary: "A published site as readers reach it: the site and its structure",
    query: publishedQuery,
    responses: { 200: { description: "The published site", schema: PublishedSiteJson } },
    handler({ params, query }, ctx) {
      const { shareKey } = query;
      const { site, view } = requireSite(ctx, params, "member", shareKey);
      if (!site.published) throw notFound(`published site ${site.id}`);
      if (
        site.visibility === "share-link" &&
        (shareKey === undefined || activeShareLinkByKey(ctx.store, site.id, shareKey) === undefined)
      )
        throw notFound(`published site ${site.id} (a share-link site needs an active shareKey)`);
      const now = Date.parse(ctx.store.now());
      if (
        site.visibility === "visitor-auth" &&
        !visitorTokenOpens(ctx.store, site.id, query.visitorAuthToken, now)
      )
        throw notFound(`published site ${site.id} (a visitor-auth site needs a visitorAuthToken)`);
      // The hosted `SiteStructure`, as readers see it: sections, groups and live links, or, for
      // a site without sections, its root site spaces.
      const structure = siteStructureFor(ctx, view, true);
      const siteSpaceIds =
        structure.type === "sections"
          ? structure.structure
              .flatMap((item) => (item.object === "site-section-group" ? item.children : [item]))
              .flatMap((item) => (item.object === "site-section" ? item.siteSpaces : []))
              .map((s) => s.id)
          : structure.structure.map((s) => s.id);
      return json(200, {
        object: "published-content-site",
        site: renderSite(view),
        structure,
        customizations: customizationsFor(ctx, site.id, siteSpaceIds),
        scripts: [],
      });
    },
  }),
];
