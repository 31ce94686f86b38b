import type { Store } from "./index";
import { Table, all, boolean, one, text, type Raw, type SqlValue, type RowIn } from "./sql";

/**
 * Docs sites (§2.4). Every child row (sections, groups, site spaces, share links) cascades from
 * its site, so deleting a site removes its whole structure in one statement while the spaces it
 * linked (another family's rows) stay. The adaptive schema is kept on the site's row.
 */
const sites = new Table(
  "sites",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    type: text("NOT NULL"),
    title: text("NOT NULL"),
    visibility: text("NOT NULL").of<SiteVisibility>(),
    published: boolean("NOT NULL DEFAULT 0"),
    basename: text(),
    proxy: text(),
    adaptiveContent: boolean("NOT NULL DEFAULT 0"),
    agentsContext: text("NOT NULL DEFAULT 'included'").of<"included" | "excluded">(),
    defaultSectionId: text(),
    defaultSiteSpaceId: text(),
    adaptiveSchema: text(),
    adaptiveSchemaUpdatedAt: text(),
    createdAt: text("NOT NULL"),
  },
  { indexes: { sites_by_org: "(organization_id)" } },
);

/** The family's tables, created at every open. */
export const sitesTables = [sites];

export type SiteVisibility = "public" | "unlisted" | "share-link" | "visitor-auth";

export type SiteRow = RowIn<typeof sites>;

export interface SiteFilters {
  space?: string;
  title?: string;
  published?: boolean;
  type?: string;
}

/**
 * The WHERE of a site list: equality filters from the column map, and the two it cannot
 * express (a linked space, a title substring).
 */
function siteWhere(organizationId: string, filters: SiteFilters) {
  const { published, type } = filters;
  const equal = sites.where({ organizationId, published, type });
  const clauses = [equal.sql];
  const values: SqlValue[] = [...equal.values];
  if (filters.space !== undefined) {
    clauses.push(
      "EXISTS (SELECT 1 FROM site_spaces ss WHERE ss.site_id = sites.id AND ss.space_id = ?)",
    );
    values.push(filters.space);
  }
  if (filters.title !== undefined) {
    // A case-insensitive substring match; `instr` avoids treating `%` and `_` as wildcards.
    clauses.push("instr(lower(title), lower(?)) > 0");
    values.push(filters.title);
  }
  return { sql: clauses.join(" AND "), values };
}

export function listSites(
  store: Store,
  organizationId: string,
  filters: SiteFilters,
  page: { limit: number; offset: number },
): { rows: SiteRow[]; count: number } {
  const where = siteWhere(organizationId, filters);
  const rows = all<Raw>(
    store,
    `${sites.select} WHERE ${where.sql} ORDER BY created_at, rowid LIMIT ? OFFSET ?`,
    ...where.values,
    page.limit,
    page.offset,
  );
  const { n } = one<{ n: number }>(
    store,
    `SELECT COUNT(*) AS n FROM sites WHERE ${where.sql}`,
    ...where.values,
  )!;
  return { rows: rows.map((row) => sites.decode(row)), count: n };
}

/** The site, only when it belongs to `organizationId`: another org's site is not found. */
export function findSite(store: Store, organizationId: string, siteId: string) {
  return sites.find(store, { id: siteId, organizationId });
}

export function insertSite(
  store: Store,
  organizationId: string,
  fields: { type: string; title: string; visibility: SiteVisibility },
): SiteRow {
  return sites.insert(store, {
    ...fields,
    id: store.newId(),
    organizationId,
    createdAt: store.now(),
  });
}

export interface SitePatch {
  title?: string;
  visibility?: SiteVisibility;
  published?: boolean;
  basename?: string;
  proxy?: string | null;
  adaptiveContent?: boolean;
  agentsContext?: "included" | "excluded";
  defaultSectionId?: string;
  defaultSiteSpaceId?: string;
}

export function updateSite(store: Store, site: SiteRow, patch: SitePatch): SiteRow {
  sites.update(store, { id: site.id }, patch);
  return findSite(store, site.organizationId, site.id)!;
}

/** Keeps a site's adaptive schema (its JSON text) on its row, with when it changed. */
export function writeSiteAdaptiveSchema(store: Store, siteId: string, text: string): void {
  sites.update(
    store,
    { id: siteId },
    { adaptiveSchema: text, adaptiveSchemaUpdatedAt: store.now() },
  );
}

export function deleteSite(store: Store, siteId: string): void {
  sites.delete(store, { id: siteId });
}

export function countSiteSpaces(store: Store, siteId: string): number {
  return one<{ n: number }>(
    store,
    "SELECT COUNT(*) AS n FROM site_spaces WHERE site_id = ?",
    siteId,
  )!.n;
}

/** The site of this organization that already uses `basename`, other than `exceptId`. */
export function basenameOwner(
  store: Store,
  organizationId: string,
  basename: string,
  exceptId: string,
): string | undefined {
  return one<{ id: string }>(
    store,
    "SELECT id FROM sites WHERE organization_id = ? AND basename = ? AND id <> ?",
    organizationId,
    basename,
    exceptId,
  )?.id;
}

/** Every site of an organization, oldest first (the app pages list them). */
export function sitesOf(store: Store, organizationId: string): SiteRow[] {
  return listSites(store, organizationId, {}, { limit: -1, offset: 0 }).rows;
}

/** How many sites an organization has. */
export function countSites(store: Store, organizationId: string): number {
  return listSites(store, organizationId, {}, { limit: 0, offset: 0 }).count;
}
