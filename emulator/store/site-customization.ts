import type { Store } from "./index";
import { Table } from "./sql";

/**
 * A site's customization settings, and each site space's override of them (the hosted
 * `.../customization` operations; docs/api-decisions.md, "Site customization"). A site with no
 * row answers the service's defaults; a site space with no row overrides nothing. Both keep the
 * document as JSON: its shape is the render module's, validated by the routes.
 */
export const siteCustomizationSchema = `
CREATE TABLE IF NOT EXISTS site_customizations (
  site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  settings TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS site_space_customizations (
  site_space_id TEXT PRIMARY KEY REFERENCES site_spaces(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  overrides TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS site_space_customizations_by_site ON site_space_customizations(site_id);
`;

export interface SiteCustomizationRow {
  siteId: string;
  settings: Record<string, unknown>;
  updatedAt: string;
}

export interface SiteSpaceCustomizationRow {
  siteSpaceId: string;
  siteId: string;
  overrides: Record<string, unknown>;
  updatedAt: string;
}

const sites = new Table<SiteCustomizationRow>("site_customizations", {
  siteId: {},
  settings: { type: "json" },
  updatedAt: {},
});

const siteSpaces = new Table<SiteSpaceCustomizationRow>("site_space_customizations", {
  siteSpaceId: {},
  siteId: {},
  overrides: { type: "json" },
  updatedAt: {},
});

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
