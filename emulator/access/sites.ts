import type { Access } from "../auth";
import { activeHostnameOf } from "../store/custom-hostnames";
import { findSiteAds } from "../store/site-ads";
import type { ApiContext } from "../context";
import { badRequest, HttpError, notFound } from "../errors";
import { checkRole, hasRole } from "../auth";
import { effectiveRole } from "./permissions";
import type { FamilyHooks } from "../hooks";
import { hostedBase, publishedUrl, type SiteView } from "../render/sites";
import { findOrganization } from "../store/organizations";
import { activeShareLinkByKey, listShareLinks } from "../store/share-links";
import { findSection, orderedSections } from "../store/site-sections";
import {
  containerSiteSpaces,
  firstPublishedSiteSpace,
  unlinkSpacesOutside,
} from "../store/site-spaces";
import { countSiteSpaces, findSite, type SiteRow } from "../store/sites";
import { findSpace } from "../store/spaces";
import type { Store } from "../store";

/**
 * What the docs-site families share to reach a site and place what is in it: finding a site the
 * caller may reach, the spaces a body may link, and the rules of positions.
 */

/** What a docs-site route has once it has checked the caller and found the site. */
export interface SiteRequest {
  organizationId: string;
  role: string | null;
  site: SiteRow;
  view: SiteView;
}

/**
 * Checks membership (404 for an organization the token cannot see), then the site (404), then
 * the caller's effective role on it (403: the organization role raised by the site's grants). Site settings, publishing and share links are the site admin's; the content
 * structure (sections, groups, site spaces) is what the `create` role manages; reads need
 * membership only.
 */
export function requireSite(
  ctx: ApiContext,
  params: { organizationId: string; siteId: string },
  minimum: Access,
  shareKey?: string,
): SiteRequest {
  // Any member, guests too: a guest then needs a grant on the site to pass `minimum`.
  const orgRole = ctx.requireRole(params.organizationId, "guest");
  const site = findSite(ctx.store, params.organizationId, params.siteId);
  if (site === undefined) throw notFound(`site ${params.siteId}`);
  const reach = effectiveRole(ctx.store, { kind: "site", ...site }, ctx.userId, orgRole);
  const role = checkRole(reach.role, minimum, params.organizationId, `site ${site.id}`);
  return {
    organizationId: params.organizationId,
    role,
    site,
    view: siteView(ctx.store, site, ctx.origin, role, shareKey),
  };
}

/** The view again after a write changed the site or its structure (defaults, counts). */
export function refreshView(ctx: ApiContext, request: SiteRequest): SiteView {
  const site = findSite(ctx.store, request.organizationId, request.site.id)!;
  return siteView(ctx.store, site, ctx.origin, request.role, request.view.shareKey);
}

/** A reference to another object in a body: when it does not resolve, 400 naming the field. */
export function badReference(field: string, message: string): HttpError {
  return badRequest(`${field} ${message}`);
}

/** A live space of the organization, for a body field that links one; otherwise 400. */
export function requireLiveSpace(
  store: Store,
  organizationId: string,
  spaceId: string,
  field: string,
) {
  const space = findSpace(store, spaceId);
  if (space === undefined || space.organizationId !== organizationId || space.deletedAt !== null)
    throw badReference(field, `${spaceId} is not a live space of this organization`);
  return space;
}

/**
 * Where to insert a moved item among its siblings (the moved item already left out of
 * `order`), from a `position` of `before` and/or `after` references. Each reference must be a
 * sibling; with both, they must be neighbours. Anything else is an invalid position, 400.
 */
export function insertionIndex(
  order: readonly string[],
  movedId: string,
  position: { before?: string; after?: string },
  field: { before: string; after: string },
  siblings: string,
): number {
  const { before, after } = position;
  if (before === undefined && after === undefined)
    throw badRequest("position must have before or after");
  const indexOf = (id: string, name: string) => {
    if (id === movedId) throw badRequest(`${name} must not reference the item being moved`);
    const i = order.indexOf(id);
    if (i < 0) throw badRequest(`${name} ${id} is not one of ${siblings}`);
    return i;
  };
  const b = before === undefined ? undefined : indexOf(before, field.before);
  const a = after === undefined ? undefined : indexOf(after, field.after);
  if (a !== undefined && b !== undefined && a + 1 !== b)
    throw badRequest(`position.after and position.before are not neighbours`);
  return a !== undefined ? a + 1 : b!;
}

/**
 * The share key published URLs carry: for a `share-link` site, the key the caller passed when it
 * is an active link of this site, otherwise the oldest active link's key; for other
 * visibilities, none.
 */
function resolveShareKey(store: Store, site: SiteRow, requested: string | undefined) {
  if (site.visibility !== "share-link") return undefined;
  if (requested !== undefined && activeShareLinkByKey(store, site.id, requested)) return requested;
  return listShareLinks(store, site.id).find((l) => l.active)?.key;
}

/** A container's default site space: the chosen one while it exists, else its first. */
function containerDefault(
  store: Store,
  siteId: string,
  sectionId: string | null,
  chosen: string | null,
): string | null {
  const rows = containerSiteSpaces(store, siteId, sectionId);
  return rows.find((r) => r.id === chosen)?.id ?? rows[0]?.id ?? null;
}

/** What a site's objects render from, as a caller with `role` sees them (render/sites.ts). */
export function siteView(
  store: Store,
  site: SiteRow,
  origin: string,
  role: string | null,
  requestedShareKey?: string,
): SiteView {
  const sections = orderedSections(store, site.id);
  // The default section: the chosen one while it exists, else the first in reading order.
  const section = sections.find((s) => s.id === site.defaultSectionId) ?? sections[0];
  const hosted = hostedBase(site, findOrganization(store, site.organizationId)?.hostname ?? null);
  return {
    site,
    origin,
    role,
    hostedBase: hosted,
    base: site.proxy !== null ? `https://${site.proxy}` : hosted,
    // A share key is a secret of the site admin's, who alone may list the links (§4.11).
    shareKey: hasRole(role, "admin") ? resolveShareKey(store, site, requestedShareKey) : undefined,
    defaultSectionId: section?.id ?? null,
    defaultSiteSpaceId:
      section === undefined
        ? containerDefault(store, site.id, null, site.defaultSiteSpaceId)
        : containerDefault(store, site.id, section.id, section.defaultSiteSpaceId),
    siteSpaceCount: countSiteSpaces(store, site.id),
    sectionCount: sections.length,
    ads: findSiteAds(store, site.id),
    hostname: activeHostnameOf(store, { organizationId: site.organizationId, siteId: site.id }),
  };
}

/**
 * The sites family's hook for the spaces family: a space's `urls.published` is where it is
 * linked in a published site of its organization (the oldest such site; its first site space).
 */
export const sitesHooks: FamilyHooks = {
  spacePublishedUrl(store, space, role) {
    const siteSpace = firstPublishedSiteSpace(store, space);
    if (siteSpace === undefined) return undefined;
    const site = findSite(store, space.organizationId, siteSpace.siteId)!;
    // Published URLs do not depend on the origin; the role decides whether they carry a key.
    const view = siteView(store, site, "", role);
    const section =
      siteSpace.sectionId === null ? undefined : findSection(store, site.id, siteSpace.sectionId);
    return publishedUrl(
      view,
      section === undefined ? [siteSpace.path] : [section.path, siteSpace.path],
    );
  },
  // A site shows only spaces of its own organization: a transfer takes the space out of the rest.
  spacesTransferred: unlinkSpacesOutside,
};
