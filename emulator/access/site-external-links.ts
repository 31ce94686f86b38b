import { badRequest, notFound } from "../errors";
import { findExternalLink, type ExternalLinkRow } from "../store/site-external-links";
import { findGroup } from "../store/site-section-groups";
import { findSection, orderedSections } from "../store/site-sections";
import type { SiteRow } from "../store/sites";
import type { Store } from "../store";

/**
 * What the external-link routes share to place a link in a site's navigation
 * (docs/api-decisions.md, "Site external links"): a link needs a site with sections, and sits at
 * the top level or in a section group of the same site, never in a section.
 */

/** A link of the site the caller reached; another site's or organization's is 404. */
export function requireExternalLink(store: Store, site: SiteRow, id: string): ExternalLinkRow {
  const link = findExternalLink(store, site.id, id);
  if (link === undefined) throw notFound(`site external link ${id}`);
  return link;
}

/** Links need a section-based structure: a site whose structure is its site spaces is 400. */
export function requireSectionStructure(store: Store, site: SiteRow): void {
  if (orderedSections(store, site.id).length === 0)
    throw badRequest(
      `site ${site.id} has a simple structure (no section); external links need a site with sections`,
    );
}

/**
 * The group a `parent` names (`null`: the top level). A section is refused by name (links cannot
 * be inside a section), anything else that is not a group of this site too.
 */
export function linkParent(store: Store, site: SiteRow, parent: string | null): string | null {
  if (parent === null) return null;
  if (findGroup(store, site.id, parent) !== undefined) return parent;
  if (findSection(store, site.id, parent) !== undefined)
    throw badRequest(
      `parent ${parent} is a section; an external link sits at the site root or in a section group`,
    );
  throw badRequest(`parent ${parent} is not a section group of this site`);
}
