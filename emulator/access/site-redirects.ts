import { badRequest } from "../errors";
import { hostedBase } from "../render/sites";
import { findPage, pagesOf } from "../store/content";
import { findOrganization } from "../store/organizations";
import { findSection } from "../store/site-sections";
import { findSiteSpace, siteSpacesOfSpace } from "../store/site-spaces";
import { findSpace } from "../store/spaces";
import type { RedirectDestination } from "../store/site-redirects";
import type { SiteRow } from "../store/sites";
import type { Store } from "../store";

/**
 * What the site-redirect routes share to check a destination against the site and to resolve
 * where a redirect leads (docs/api-decisions.md, "Site redirects and visitor authentication").
 */

/** A destination as a body may give it: a stored form, or a page named by its space and path. */
export type InputDestination =
  RedirectDestination | { kind: "path"; spaceId: string; path: string };

/** The live revision of a site space's space, to find its pages in. */
function revisionOf(store: Store, spaceId: string): string | undefined {
  const space = findSpace(store, spaceId);
  return space === undefined || space.deletedAt !== null ? undefined : space.revision;
}

/**
 * The destination as it is kept, once every id in it is checked against the site: a section or
 * site space of this site, a page of that site space's space; a `path` destination becomes the
 * `site-page` it names. Anything that does not resolve is 400 naming `<field>.<key>`.
 */
export function resolveDestination(
  store: Store,
  site: SiteRow,
  destination: InputDestination,
  field: string,
): RedirectDestination {
  const bad = (key: string, what: string) => badRequest(`${field}.${key} ${what}`);
  switch (destination.kind) {
    case "external":
      return destination;
    case "site-section":
      if (findSection(store, site.id, destination.siteSectionId) === undefined)
        throw bad("siteSectionId", `${destination.siteSectionId} is not a section of this site`);
      return destination;
    case "site-space":
    case "site-page": {
      const siteSpace = findSiteSpace(store, site.id, destination.siteSpaceId);
      if (siteSpace === undefined)
        throw bad("siteSpaceId", `${destination.siteSpaceId} is not a site space of this site`);
      if (destination.kind === "site-space") return destination;
      const revision = revisionOf(store, siteSpace.spaceId);
      if (revision === undefined || findPage(store, revision, destination.pageId) === undefined)
        throw bad("pageId", `${destination.pageId} is not a page of site space ${siteSpace.id}`);
      return destination;
    }
    case "path": {
      const siteSpace = siteSpacesOfSpace(store, destination.spaceId).find(
        (s) => s.siteId === site.id,
      );
      if (siteSpace === undefined)
        throw bad("spaceId", `${destination.spaceId} is not linked in this site`);
      const revision = revisionOf(store, destination.spaceId);
      const path = destination.path.replace(/^\/+|\/+$/g, "");
      const page =
        revision === undefined ? undefined : pagesOf(store, revision).find((p) => p.path === path);
      if (page === undefined)
        throw bad("path", `${destination.path} is not a page of space ${destination.spaceId}`);
      return { kind: "site-page", siteSpaceId: siteSpace.id, pageId: page.id };
    }
  }
}

/**
 * The URL a redirect leads to: the external URL, or the destination's address under the site's
 * hosted base (published or not: the hosted lookup always answers a target).
 */
export function redirectTarget(store: Store, site: SiteRow, to: RedirectDestination): string {
  if (to.kind === "external") return to.url;
  const base = hostedBase(site, findOrganization(store, site.organizationId)?.hostname ?? null);
  const segments: string[] = [];
  if (to.kind === "site-section") {
    const section = findSection(store, site.id, to.siteSectionId);
    if (section !== undefined) segments.push(section.path);
  } else {
    const siteSpace = findSiteSpace(store, site.id, to.siteSpaceId);
    if (siteSpace !== undefined) {
      const section =
        siteSpace.sectionId === null ? undefined : findSection(store, site.id, siteSpace.sectionId);
      if (section !== undefined) segments.push(section.path);
      segments.push(siteSpace.path);
      const revision = revisionOf(store, siteSpace.spaceId);
      const page =
        to.kind === "site-page" && revision !== undefined
          ? findPage(store, revision, to.pageId)
          : undefined;
      if (page !== undefined) segments.push(...page.path.split("/"));
    }
  }
  return `${base}${segments.map((s) => `/${encodeURIComponent(s)}`).join("")}`;
}
