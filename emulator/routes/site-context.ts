import { z } from "zod";
import { hasRole, type Access } from "../auth";
import type { ApiContext } from "../context";
import { badRequest, HttpError, notFound } from "../errors";
import type { FamilyHooks } from "../hooks";
import { renderGroup, type SiteSectionGroupJson } from "../render/section-groups";
import { renderSection, type SiteSectionJson } from "../render/site-sections";
import { renderSiteSpace, type SiteSpaceJson } from "../render/site-spaces";
import { hostedBase, publishedUrl, type SiteView } from "../render/sites";
import { findOrganization } from "../store/organizations";
import type { GroupRow } from "../store/section-groups";
import { activeShareLinkByKey, listShareLinks } from "../store/share-links";
import {
  findSection,
  groupSections,
  orderedSections,
  type SectionRow,
} from "../store/site-sections";
import {
  containerSiteSpaces,
  firstPublishedSiteSpace,
  insertSiteSpace,
  siteSpacePathTaken,
  type SiteSpaceRow,
  unlinkSpacesOutside,
} from "../store/site-spaces";
import { countSiteSpaces, findSite, type SiteRow } from "../store/sites";
import { findSpace } from "../store/spaces";
import type { Store } from "../store";
import { renderSpaceFor } from "./spaces";

/**
 * What the docs-site families share: finding a site the caller may reach, the view its objects
 * render from, rendering nested objects, and the rules of paths and positions.
 */

/** What a docs-site route has once it has checked the caller and found the site. */
export interface SiteRequest {
  organizationId: string;
  role: string | null;
  site: SiteRow;
  view: SiteView;
}

/** The `shareKey` query (§4.1) of the reads that render published URLs. */
export const shareKeyQuery = z.looseObject({ shareKey: z.string().max(256).optional() });

/**
 * Checks membership (404 for an organization the token cannot see), then the role (403), then
 * the site (404). Site settings, publishing and share links are the site admin's; the content
 * structure (sections, groups, site spaces) is what the `create` role manages; reads need
 * membership only.
 */
export function requireSite(
  ctx: ApiContext,
  params: { organizationId: string; siteId: string },
  minimum: Access,
  shareKey?: string,
): SiteRequest {
  const role = ctx.requireRole(params.organizationId, minimum);
  const site = findSite(ctx.store, params.organizationId, params.siteId);
  if (site === undefined) throw notFound(`site ${params.siteId}`);
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
  };
}

export function renderSiteSpaceFor(
  ctx: ApiContext,
  view: SiteView,
  row: SiteSpaceRow,
  section?: SectionRow,
): SiteSpaceJson {
  const container =
    row.sectionId === null
      ? undefined
      : (section ?? findSection(ctx.store, row.siteId, row.sectionId));
  const found = findSpace(ctx.store, row.spaceId);
  // Never another organization's space, even from a data file written before transfers cut links.
  const space = found?.organizationId === view.site.organizationId ? found : undefined;
  return renderSiteSpace(view, row, container, space && renderSpaceFor(ctx, space, view.role));
}

export function renderSectionFor(
  ctx: ApiContext,
  view: SiteView,
  section: SectionRow,
): SiteSectionJson {
  const siteSpaces = containerSiteSpaces(ctx.store, section.siteId, section.id).map((row) =>
    renderSiteSpaceFor(ctx, view, row, section),
  );
  return renderSection(view, section, siteSpaces);
}

export function renderGroupFor(
  ctx: ApiContext,
  view: SiteView,
  group: GroupRow,
): SiteSectionGroupJson {
  const sections = groupSections(ctx.store, group.id).map((s) => renderSectionFor(ctx, view, s));
  return renderGroup(group, sections);
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

/** A reference to another object in a body: when it does not resolve, 400 naming the field. */
export function badReference(field: string, message: string): HttpError {
  return badRequest(`${field} ${message}`);
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

/** A URL path segment from a title: lower case, runs of other characters become one dash. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 90)
    .replace(/-+$/g, "");
  return slug === "" ? "space" : slug;
}

/** `base`, or `base-2`, `base-3`, ... : the first one `taken` refuses. */
export function uniquePath(base: string, taken: (path: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** Links a space into a container (a section, or the root), at a path unique there. */
export function linkSpace(
  store: Store,
  siteId: string,
  sectionId: string | null,
  space: { id: string; title: string },
) {
  const path = uniquePath(slugify(space.title), (p) =>
    siteSpacePathTaken(store, siteId, sectionId, p),
  );
  return insertSiteSpace(store, siteId, { sectionId, spaceId: space.id, path });
}
