import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

/**
 * A site's customization settings, and each site space's override of them (the hosted
 * `.../customization` operations; docs/api-decisions.md, "Site customization"). A site with no
 * row answers the service's defaults; a site space with no row overrides nothing. Both keep the
 * document as JSON: its shape is the render module's, validated by the routes.
 */
const sites = new Table("site_customizations", {
  siteId: text("PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE"),
  settings: json("NOT NULL").of<Record<string, unknown>>(),
  updatedAt: text("NOT NULL"),
});

const siteSpaces = new Table(
  "site_space_customizations",
  {
    siteSpaceId: text("PRIMARY KEY REFERENCES site_spaces(id) ON DELETE CASCADE"),
    siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
    overrides: json("NOT NULL").of<Record<string, unknown>>(),
    updatedAt: text("NOT NULL"),
  },
  { indexes: { site_space_customizations_by_site: "(site_id)" } },
);

/** The family's tables, created at every open. */
export const siteCustomizationTables = [sites, siteSpaces];

export type SiteCustomizationRow = RowIn<typeof sites>;

export type SiteSpaceCustomizationRow = RowIn<typeof siteSpaces>;

/** The site's stored settings; `undefined` while nobody has written them. */
export function findSiteCustomization(store: Store, siteId: string) {
  return sites.find(store, { siteId });
}

/** Replaces the site's settings whole (PUT). */
export function writeSiteCustomization(
  store: Store,
  siteId: string,
  settings: Record<string, unknown>,
): SiteCustomizationRow {
  const updatedAt = store.now();
  if (sites.find(store, { siteId }) === undefined) {
    return sites.insert(store, { siteId, settings, updatedAt });
  }
  sites.update(store, { siteId }, { settings, updatedAt });
  return sites.find(store, { siteId })!;
}

/** The site space's override; `undefined` when it has none. */
export function findSiteSpaceCustomization(store: Store, siteSpaceId: string) {
  return siteSpaces.find(store, { siteSpaceId });
}

/** Every override of a site's site spaces, for the published view. */
export function siteSpaceCustomizationsOf(store: Store, siteId: string) {
  return siteSpaces.list(store, { siteId }, "site_space_id", { limit: -1, offset: 0 }).rows;
}

/**
 * Writes the site space's override. An empty one overrides nothing: its row goes, so that a
 * later DELETE answers that there was none.
 */
export function writeSiteSpaceCustomization(
  store: Store,
  siteId: string,
  siteSpaceId: string,
  overrides: Record<string, unknown>,
): void {
  if (Object.keys(overrides).length === 0) {
    siteSpaces.delete(store, { siteSpaceId });
    return;
  }
  const updatedAt = store.now();
  if (siteSpaces.find(store, { siteSpaceId }) === undefined) {
    siteSpaces.insert(store, { siteSpaceId, siteId, overrides, updatedAt });
    return;
  }
  siteSpaces.update(store, { siteSpaceId }, { overrides, updatedAt });
}

/** Removes the site space's override; whether there was one. */
export function deleteSiteSpaceCustomization(store: Store, siteSpaceId: string): boolean {
  const found = siteSpaces.find(store, { siteSpaceId }) !== undefined;
  siteSpaces.delete(store, { siteSpaceId });
  return found;
}
