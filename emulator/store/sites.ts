import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { findSpace, spaceJson } from "./spaces";

/**
 * Docs sites and what hangs off them: sections, section groups, site spaces, share links and the
 * adaptive schema. Every child row cascades from its site, so deleting a site removes its whole
 * structure in one statement while the spaces it linked (another family's rows) stay.
 *
 * Order is real: sections that are not in a group and section groups share one `position`
 * sequence (the site's top level); a grouped section's `position` orders it inside its group;
 * a site space's `position` orders it inside its section, or inside the site root.
 */
export const sitesSchema = `
CREATE TABLE IF NOT EXISTS sites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  title TEXT NOT NULL,
  visibility TEXT NOT NULL,
  published INTEGER NOT NULL DEFAULT 0,
  basename TEXT,
  proxy TEXT,
  adaptive_content INTEGER NOT NULL DEFAULT 0,
  agents_context TEXT NOT NULL DEFAULT 'included',
  default_section_id TEXT,
  default_site_space_id TEXT,
  adaptive_schema TEXT,
  adaptive_schema_updated_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sites_by_org ON sites(organization_id);
CREATE TABLE IF NOT EXISTS site_section_groups (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  icon TEXT,
  position INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS site_sections (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT,
  path TEXT NOT NULL,
  condition TEXT,
  icon TEXT,
  group_id TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
  position INTEGER NOT NULL,
  default_site_space_id TEXT,
  UNIQUE (site_id, path)
);
CREATE TABLE IF NOT EXISTS site_spaces (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
  space_id TEXT NOT NULL,
  path TEXT NOT NULL,
  condition TEXT,
  position INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS site_spaces_path
  ON site_spaces(site_id, COALESCE(section_id, ''), path);
CREATE INDEX IF NOT EXISTS site_spaces_by_space ON site_spaces(space_id);
CREATE TABLE IF NOT EXISTS site_share_links (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  key TEXT NOT NULL UNIQUE,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
`;

export type SiteVisibility = "public" | "unlisted" | "share-link" | "visitor-auth";

export interface SiteRow {
  id: string;
  organizationId: string;
  type: string;
  title: string;
  visibility: SiteVisibility;
  published: boolean;
  basename: string | null;
  proxy: string | null;
  adaptiveContent: boolean;
  agentsContext: "included" | "excluded";
  defaultSectionId: string | null;
  defaultSiteSpaceId: string | null;
  adaptiveSchema: string | null;
  adaptiveSchemaUpdatedAt: string | null;
  createdAt: string;
}

export interface SectionRow {
  id: string;
  siteId: string;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  groupId: string | null;
  position: number;
  defaultSiteSpaceId: string | null;
}

export interface GroupRow {
  id: string;
  siteId: string;
  title: string;
  icon: string | null;
  position: number;
}

export interface SiteSpaceRow {
  id: string;
  siteId: string;
  sectionId: string | null;
  spaceId: string;
  path: string;
  condition: string | null;
  position: number;
}

export interface ShareLinkRow {
  id: string;
  siteId: string;
  name: string;
  key: string;
  active: boolean;
  createdAt: string;
}

/** One item of a site's top level: a section outside any group, or a section group. */
export interface TopItem {
  type: "site-section" | "site-section-group";
  id: string;
}

type Raw = Record<string, unknown>;

const str = (v: unknown): string => v as string;
const strOrNull = (v: unknown): string | null => (v === null ? null : (v as string));

function toSite(r: Raw): SiteRow {
  return {
    id: str(r.id),
    organizationId: str(r.organization_id),
    type: str(r.type),
    title: str(r.title),
    visibility: r.visibility as SiteVisibility,
    published: r.published === 1,
    basename: strOrNull(r.basename),
    proxy: strOrNull(r.proxy),
    adaptiveContent: r.adaptive_content === 1,
    agentsContext: r.agents_context as SiteRow["agentsContext"],
    defaultSectionId: strOrNull(r.default_section_id),
    defaultSiteSpaceId: strOrNull(r.default_site_space_id),
    adaptiveSchema: strOrNull(r.adaptive_schema),
    adaptiveSchemaUpdatedAt: strOrNull(r.adaptive_schema_updated_at),
    createdAt: str(r.created_at),
  };
}

function toSection(r: Raw): SectionRow {
  return {
    id: str(r.id),
    siteId: str(r.site_id),
    title: str(r.title),
    description: strOrNull(r.description),
    path: str(r.path),
    condition: strOrNull(r.condition),
    icon: strOrNull(r.icon),
    groupId: strOrNull(r.group_id),
    position: Number(r.position),
    defaultSiteSpaceId: strOrNull(r.default_site_space_id),
  };
}

function toGroup(r: Raw): GroupRow {
  return {
    id: str(r.id),
    siteId: str(r.site_id),
    title: str(r.title),
    icon: strOrNull(r.icon),
    position: Number(r.position),
  };
}

function toSiteSpace(r: Raw): SiteSpaceRow {
  return {
    id: str(r.id),
    siteId: str(r.site_id),
    sectionId: strOrNull(r.section_id),
    spaceId: str(r.space_id),
    path: str(r.path),
    condition: strOrNull(r.condition),
    position: Number(r.position),
  };
}

function toShareLink(r: Raw): ShareLinkRow {
  return {
    id: str(r.id),
    siteId: str(r.site_id),
    name: str(r.name),
    key: str(r.key),
    active: r.active === 1,
    createdAt: str(r.created_at),
  };
}

/**
 * Builds `SET a = ?, b = ?` from the defined entries of a patch, so an update writes only what
 * the caller sent (an explicit `null` clears the column, an absent key leaves it unchanged).
 */
function assignments(patch: Record<string, unknown>): { sql: string; values: SqlValue[] } {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  return {
    sql: entries.map(([column]) => `${column} = ?`).join(", "),
    values: entries.map(([, v]) => (typeof v === "boolean" ? (v ? 1 : 0) : (v as SqlValue))),
  };
}

type SqlValue = string | number | null;

// ---------------------------------------------------------------------------------------------
// Organizations (read only: the identity family owns the table)

export interface OrgFacts {
  hostname: string | null;
  plan: string;
}

export function orgFacts(store: Store, organizationId: string): OrgFacts {
  const row = store
    .statement("SELECT hostname, plan FROM organizations WHERE id = ?")
    .get(organizationId) as { hostname: string | null; plan: string } | undefined;
  return { hostname: row?.hostname ?? null, plan: row?.plan ?? "free_2024" };
}

// ---------------------------------------------------------------------------------------------
// Sites

export interface SiteFilters {
  space?: string;
  title?: string;
  published?: boolean;
  type?: string;
}

function siteWhere(organizationId: string, filters: SiteFilters) {
  const clauses = ["organization_id = ?"];
  const values: SqlValue[] = [organizationId];
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
  if (filters.published !== undefined) {
    clauses.push("published = ?");
    values.push(filters.published ? 1 : 0);
  }
  if (filters.type !== undefined) {
    clauses.push("type = ?");
    values.push(filters.type);
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
  const rows = store
    .statement(`SELECT * FROM sites WHERE ${where.sql} ORDER BY created_at, rowid LIMIT ? OFFSET ?`)
    .all(...where.values, page.limit, page.offset) as Raw[];
  const { n } = store
    .statement(`SELECT COUNT(*) AS n FROM sites WHERE ${where.sql}`)
    .get(...where.values) as { n: number };
  return { rows: rows.map(toSite), count: n };
}

/** The site, only when it belongs to `organizationId`: another org's site is not found. */
export function findSite(store: Store, organizationId: string, siteId: string) {
  const row = store
    .statement("SELECT * FROM sites WHERE id = ? AND organization_id = ?")
    .get(siteId, organizationId) as Raw | undefined;
  return row === undefined ? undefined : toSite(row);
}

export function insertSite(
  store: Store,
  organizationId: string,
  fields: { type: string; title: string; visibility: SiteVisibility },
): SiteRow {
  const id = store.newId();
  store
    .statement(
      "INSERT INTO sites (id, organization_id, type, title, visibility, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(id, organizationId, fields.type, fields.title, fields.visibility, store.now());
  return findSite(store, organizationId, id)!;
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
  adaptiveSchema?: string;
  adaptiveSchemaUpdatedAt?: string;
}

export function updateSite(store: Store, site: SiteRow, patch: SitePatch): SiteRow {
  const set = assignments({
    title: patch.title,
    visibility: patch.visibility,
    published: patch.published,
    basename: patch.basename,
    proxy: patch.proxy,
    adaptive_content: patch.adaptiveContent,
    agents_context: patch.agentsContext,
    default_section_id: patch.defaultSectionId,
    default_site_space_id: patch.defaultSiteSpaceId,
    adaptive_schema: patch.adaptiveSchema,
    adaptive_schema_updated_at: patch.adaptiveSchemaUpdatedAt,
  });
  if (set.sql !== "")
    store.statement(`UPDATE sites SET ${set.sql} WHERE id = ?`).run(...set.values, site.id);
  return findSite(store, site.organizationId, site.id)!;
}

export function deleteSite(store: Store, siteId: string): void {
  store.statement("DELETE FROM sites WHERE id = ?").run(siteId);
}

export function countSiteSpaces(store: Store, siteId: string): number {
  const { n } = store
    .statement("SELECT COUNT(*) AS n FROM site_spaces WHERE site_id = ?")
    .get(siteId) as { n: number };
  return n;
}

// ---------------------------------------------------------------------------------------------
// Top-level order (ungrouped sections and section groups)

export function topLevel(store: Store, siteId: string): TopItem[] {
  const rows = store
    .statement(
      `SELECT 'site-section' AS type, id, position FROM site_sections
         WHERE site_id = ? AND group_id IS NULL
       UNION ALL
       SELECT 'site-section-group' AS type, id, position FROM site_section_groups WHERE site_id = ?
       ORDER BY position, id`,
    )
    .all(siteId, siteId) as { type: TopItem["type"]; id: string }[];
  return rows.map((r) => ({ type: r.type, id: r.id }));
}

/** Rewrites the top-level positions so they follow `items` exactly. */
export function writeTopLevel(store: Store, items: readonly TopItem[]): void {
  const section = store.statement("UPDATE site_sections SET position = ? WHERE id = ?");
  const group = store.statement("UPDATE site_section_groups SET position = ? WHERE id = ?");
  items.forEach((item, i) => (item.type === "site-section" ? section : group).run(i, item.id));
}

function nextTopPosition(store: Store, siteId: string): number {
  const { p } = store
    .statement(
      `SELECT MAX(p) AS p FROM (
         SELECT MAX(position) AS p FROM site_sections WHERE site_id = ? AND group_id IS NULL
         UNION ALL SELECT MAX(position) FROM site_section_groups WHERE site_id = ?)`,
    )
    .get(siteId, siteId) as { p: number | null };
  return p === null ? 0 : p + 1;
}

// ---------------------------------------------------------------------------------------------
// Sections

export function findSection(store: Store, siteId: string, sectionId: string) {
  const row = store
    .statement("SELECT * FROM site_sections WHERE id = ? AND site_id = ?")
    .get(sectionId, siteId) as Raw | undefined;
  return row === undefined ? undefined : toSection(row);
}

export function groupSections(store: Store, groupId: string): SectionRow[] {
  return (
    store
      .statement("SELECT * FROM site_sections WHERE group_id = ? ORDER BY position, id")
      .all(groupId) as Raw[]
  ).map(toSection);
}

/** Every section of the site in reading order: the top level, each group's sections in place. */
export function orderedSections(store: Store, siteId: string): SectionRow[] {
  const out: SectionRow[] = [];
  for (const item of topLevel(store, siteId)) {
    if (item.type === "site-section") out.push(findSection(store, siteId, item.id)!);
    else out.push(...groupSections(store, item.id));
  }
  return out;
}

export function sectionPathTaken(
  store: Store,
  siteId: string,
  path: string,
  exceptId?: string,
): boolean {
  return (
    store
      .statement("SELECT 1 FROM site_sections WHERE site_id = ? AND path = ? AND id IS NOT ?")
      .get(siteId, path, exceptId ?? null) !== undefined
  );
}

export function insertSection(
  store: Store,
  siteId: string,
  fields: { title: string; path: string; icon: string | null; groupId: string | null },
): SectionRow {
  const id = store.newId();
  const position =
    fields.groupId === null
      ? nextTopPosition(store, siteId)
      : nextGroupPosition(store, fields.groupId);
  store
    .statement(
      "INSERT INTO site_sections (id, site_id, title, path, icon, group_id, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(id, siteId, fields.title, fields.path, fields.icon, fields.groupId, position);
  return findSection(store, siteId, id)!;
}

export interface SectionPatch {
  title?: string;
  path?: string;
  description?: string;
  condition?: string | null;
  icon?: string | null;
  defaultSiteSpaceId?: string;
}

export function updateSection(store: Store, section: SectionRow, patch: SectionPatch): SectionRow {
  const set = assignments({
    title: patch.title,
    path: patch.path,
    description: patch.description,
    condition: patch.condition,
    icon: patch.icon,
    default_site_space_id: patch.defaultSiteSpaceId,
  });
  if (set.sql !== "")
    store
      .statement(`UPDATE site_sections SET ${set.sql} WHERE id = ?`)
      .run(...set.values, section.id);
  return findSection(store, section.siteId, section.id)!;
}

/** Deletes a section; its site spaces go with it (foreign key cascade). */
export function deleteSection(store: Store, sectionId: string): void {
  store.statement("DELETE FROM site_sections WHERE id = ?").run(sectionId);
}

// ---------------------------------------------------------------------------------------------
// Section groups

export function findGroup(store: Store, siteId: string, groupId: string) {
  const row = store
    .statement("SELECT * FROM site_section_groups WHERE id = ? AND site_id = ?")
    .get(groupId, siteId) as Raw | undefined;
  return row === undefined ? undefined : toGroup(row);
}

export function listGroups(store: Store, siteId: string): GroupRow[] {
  return (
    store
      .statement("SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, id")
      .all(siteId) as Raw[]
  ).map(toGroup);
}

function nextGroupPosition(store: Store, groupId: string): number {
  const { p } = store
    .statement("SELECT MAX(position) AS p FROM site_sections WHERE group_id = ?")
    .get(groupId) as { p: number | null };
  return p === null ? 0 : p + 1;
}

export function insertGroup(
  store: Store,
  siteId: string,
  fields: { title: string; icon: string | null },
): GroupRow {
  const id = store.newId();
  store
    .statement(
      "INSERT INTO site_section_groups (id, site_id, title, icon, position) VALUES (?, ?, ?, ?, ?)",
    )
    .run(id, siteId, fields.title, fields.icon, nextTopPosition(store, siteId));
  return findGroup(store, siteId, id)!;
}

export function updateGroup(
  store: Store,
  group: GroupRow,
  patch: { title?: string; icon?: string | null },
): GroupRow {
  const set = assignments({ title: patch.title, icon: patch.icon });
  if (set.sql !== "")
    store
      .statement(`UPDATE site_section_groups SET ${set.sql} WHERE id = ?`)
      .run(...set.values, group.id);
  return findGroup(store, group.siteId, group.id)!;
}

/**
 * Puts a section at the end of a group. A section is in at most one group, so this also takes
 * it out of the top level or of its previous group. Already in this group: nothing changes.
 */
export function addSectionToGroup(store: Store, section: SectionRow, groupId: string): void {
  if (section.groupId === groupId) return;
  store
    .statement("UPDATE site_sections SET group_id = ?, position = ? WHERE id = ?")
    .run(groupId, nextGroupPosition(store, groupId), section.id);
}

/** Takes a section out of its group and places it on the top level right after the group. */
export function removeSectionFromGroup(store: Store, section: SectionRow): void {
  if (section.groupId === null) return;
  const groupId = section.groupId;
  const items = topLevel(store, section.siteId);
  store.statement("UPDATE site_sections SET group_id = NULL WHERE id = ?").run(section.id);
  const at = items.findIndex((i) => i.type === "site-section-group" && i.id === groupId);
  items.splice(at + 1, 0, { type: "site-section", id: section.id });
  writeTopLevel(store, items);
}

/** Deletes a group; its sections stay and take the group's place on the top level, in order. */
export function deleteGroup(store: Store, group: GroupRow): void {
  const members = groupSections(store, group.id);
  const items = topLevel(store, group.siteId);
  const at = items.findIndex((i) => i.type === "site-section-group" && i.id === group.id);
  items.splice(at, 1, ...members.map((s): TopItem => ({ type: "site-section", id: s.id })));
  store.statement("DELETE FROM site_section_groups WHERE id = ?").run(group.id);
  writeTopLevel(store, items);
}

// ---------------------------------------------------------------------------------------------
// Site spaces

export function findSiteSpace(store: Store, siteId: string, siteSpaceId: string) {
  const row = store
    .statement("SELECT * FROM site_spaces WHERE id = ? AND site_id = ?")
    .get(siteSpaceId, siteId) as Raw | undefined;
  return row === undefined ? undefined : toSiteSpace(row);
}

/** The site spaces of one container, in order: a section, or the site root (`null`). */
export function containerSiteSpaces(
  store: Store,
  siteId: string,
  sectionId: string | null,
): SiteSpaceRow[] {
  return (
    store
      .statement(
        "SELECT * FROM site_spaces WHERE site_id = ? AND section_id IS ? ORDER BY position, id",
      )
      .all(siteId, sectionId) as Raw[]
  ).map(toSiteSpace);
}

export function siteSpacePathTaken(
  store: Store,
  siteId: string,
  sectionId: string | null,
  path: string,
  exceptId?: string,
): boolean {
  return (
    store
      .statement(
        "SELECT 1 FROM site_spaces WHERE site_id = ? AND section_id IS ? AND path = ? AND id IS NOT ?",
      )
      .get(siteId, sectionId, path, exceptId ?? null) !== undefined
  );
}

export function insertSiteSpace(
  store: Store,
  siteId: string,
  fields: { sectionId: string | null; spaceId: string; path: string },
): SiteSpaceRow {
  const id = store.newId();
  const { p } = store
    .statement("SELECT MAX(position) AS p FROM site_spaces WHERE site_id = ? AND section_id IS ?")
    .get(siteId, fields.sectionId) as { p: number | null };
  store
    .statement(
      "INSERT INTO site_spaces (id, site_id, section_id, space_id, path, position) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(id, siteId, fields.sectionId, fields.spaceId, fields.path, p === null ? 0 : p + 1);
  return findSiteSpace(store, siteId, id)!;
}

export function updateSiteSpace(
  store: Store,
  row: SiteSpaceRow,
  patch: { path?: string; condition?: string | null; spaceId?: string },
): SiteSpaceRow {
  const set = assignments({
    path: patch.path,
    condition: patch.condition,
    space_id: patch.spaceId,
  });
  if (set.sql !== "")
    store.statement(`UPDATE site_spaces SET ${set.sql} WHERE id = ?`).run(...set.values, row.id);
  return findSiteSpace(store, row.siteId, row.id)!;
}

/** Rewrites the positions of one container's site spaces so they follow `ids` exactly. */
export function writeSiteSpaceOrder(store: Store, ids: readonly string[]): void {
  const update = store.statement("UPDATE site_spaces SET position = ? WHERE id = ?");
  ids.forEach((id, i) => update.run(i, id));
}

export function deleteSiteSpace(store: Store, siteSpaceId: string): void {
  store.statement("DELETE FROM site_spaces WHERE id = ?").run(siteSpaceId);
}

// ---------------------------------------------------------------------------------------------
// Share links

export function listShareLinks(store: Store, siteId: string): ShareLinkRow[] {
  return (
    store
      .statement("SELECT * FROM site_share_links WHERE site_id = ? ORDER BY created_at, rowid")
      .all(siteId) as Raw[]
  ).map(toShareLink);
}

export function findShareLink(store: Store, siteId: string, shareLinkId: string) {
  const row = store
    .statement("SELECT * FROM site_share_links WHERE id = ? AND site_id = ?")
    .get(shareLinkId, siteId) as Raw | undefined;
  return row === undefined ? undefined : toShareLink(row);
}

/** The active link of this site holding `key`, if any. */
export function activeShareLinkByKey(store: Store, siteId: string, key: string) {
  const row = store
    .statement("SELECT * FROM site_share_links WHERE site_id = ? AND key = ? AND active = 1")
    .get(siteId, key) as Raw | undefined;
  return row === undefined ? undefined : toShareLink(row);
}

export function insertShareLink(store: Store, siteId: string, name: string): ShareLinkRow {
  const id = store.newId();
  // The key is a secret in a URL: 24 random bytes, URL-safe, unrelated to the link's id.
  const key = randomBytes(24).toString("base64url");
  store
    .statement(
      "INSERT INTO site_share_links (id, site_id, name, key, active, created_at) VALUES (?, ?, ?, ?, 1, ?)",
    )
    .run(id, siteId, name, key, store.now());
  return findShareLink(store, siteId, id)!;
}

export function updateShareLink(
  store: Store,
  link: ShareLinkRow,
  patch: { name?: string; active?: boolean },
): ShareLinkRow {
  const set = assignments({ name: patch.name, active: patch.active });
  if (set.sql !== "")
    store
      .statement(`UPDATE site_share_links SET ${set.sql} WHERE id = ?`)
      .run(...set.values, link.id);
  return findShareLink(store, link.siteId, link.id)!;
}

export function deleteShareLink(store: Store, shareLinkId: string): void {
  store.statement("DELETE FROM site_share_links WHERE id = ?").run(shareLinkId);
}

// ---------------------------------------------------------------------------------------------
// Paths

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

// ---------------------------------------------------------------------------------------------
// API objects

/**
 * What every object of one site needs to render itself, computed once per request: where the
 * site is published, which share key its published URLs carry, and which section and site
 * space are the defaults.
 */
export interface SiteView {
  site: SiteRow;
  origin: string;
  role: string | null;
  /** The published URL of the site itself, without a share key. */
  base: string;
  /** Carried by every published URL of a `share-link` site (`?share=<key>`). */
  shareKey: string | undefined;
  defaultSectionId: string | null;
  defaultSiteSpaceId: string | null;
}

/** The emulator's own published address of a site, before any proxy. */
function hostedBase(store: Store, site: SiteRow): string {
  const org = orgFacts(store, site.organizationId);
  // Host names are case-insensitive and URL parsers lower-case them, so write them that way.
  const host = (org.hostname ?? site.organizationId).toLowerCase();
  return `https://${host}.docs.emulator.local/${site.basename ?? site.id}`;
}

/**
 * The share key published URLs carry: for a `share-link` site, the key the caller passed when it
 * is an active link of this site, otherwise the oldest active link's key; for other
 * visibilities, none.
 */
export function resolveShareKey(
  store: Store,
  site: SiteRow,
  requested: string | undefined,
): string | undefined {
  if (site.visibility !== "share-link") return undefined;
  if (requested !== undefined && activeShareLinkByKey(store, site.id, requested)) return requested;
  return listShareLinks(store, site.id).find((l) => l.active)?.key;
}

function containerDefault(
  store: Store,
  siteId: string,
  sectionId: string | null,
  chosen: string | null,
): string | null {
  const rows = containerSiteSpaces(store, siteId, sectionId);
  return rows.find((r) => r.id === chosen)?.id ?? rows[0]?.id ?? null;
}

/** The site's default section: the chosen one while it exists, else the first in order. */
export function defaultSectionOf(store: Store, site: SiteRow): SectionRow | undefined {
  const sections = orderedSections(store, site.id);
  return sections.find((s) => s.id === site.defaultSectionId) ?? sections[0];
}

export function siteView(
  store: Store,
  site: SiteRow,
  origin: string,
  role: string | null,
  requestedShareKey?: string,
): SiteView {
  const section = defaultSectionOf(store, site);
  return {
    site,
    origin,
    role,
    base: site.proxy !== null ? `https://${site.proxy}` : hostedBase(store, site),
    shareKey: resolveShareKey(store, site, requestedShareKey),
    defaultSectionId: section?.id ?? null,
    defaultSiteSpaceId:
      section === undefined
        ? containerDefault(store, site.id, null, site.defaultSiteSpaceId)
        : containerDefault(store, site.id, section.id, section.defaultSiteSpaceId),
  };
}

function publishedUrl(view: SiteView, segments: readonly string[]): string | undefined {
  if (!view.site.published) return undefined;
  const path = segments.map((s) => `/${encodeURIComponent(s)}`).join("");
  return `${view.base}${path}${view.shareKey !== undefined ? `?share=${view.shareKey}` : ""}`;
}

const withPublished = (url: string | undefined) => (url !== undefined ? { published: url } : {});

export function siteJson(store: Store, view: SiteView): Record<string, unknown> {
  const { site } = view;
  return {
    object: "site",
    id: site.id,
    type: site.type,
    title: site.title,
    ...(site.basename !== null ? { basename: site.basename } : {}),
    ...(site.proxy !== null
      ? { proxy: { origin: `https://${site.proxy}`, target: hostedBase(store, site) } }
      : {}),
    visibility: site.visibility,
    published: site.published,
    siteSpaces: countSiteSpaces(store, site.id),
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    urls: {
      location: `${view.origin}/v1/orgs/${site.organizationId}/sites/${site.id}`,
      app: `${view.origin}/app/o/${site.organizationId}/sites/${site.id}`,
      ...withPublished(publishedUrl(view, [])),
    },
  };
}

export function siteSpaceJson(
  store: Store,
  view: SiteView,
  row: SiteSpaceRow,
  section?: SectionRow,
): Record<string, unknown> {
  const space = findSpace(store, row.spaceId);
  const container =
    row.sectionId === null ? undefined : (section ?? findSection(store, row.siteId, row.sectionId));
  const segments = container === undefined ? [row.path] : [container.path, row.path];
  return {
    object: "site-space",
    id: row.id,
    path: row.path,
    ...(row.sectionId !== null ? { section: row.sectionId } : {}),
    ...(space !== undefined ? { space: spaceJson(store, space, view.origin, view.role) } : {}),
    title: space?.title ?? "",
    default: row.id === view.defaultSiteSpaceId,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    urls: withPublished(publishedUrl(view, segments)),
  };
}

export function sectionJson(
  store: Store,
  view: SiteView,
  section: SectionRow,
): Record<string, unknown> {
  return {
    object: "site-section",
    id: section.id,
    title: section.title,
    ...(section.description !== null ? { description: section.description } : {}),
    default: section.id === view.defaultSectionId,
    path: section.path,
    ...(section.condition !== null ? { condition: section.condition } : {}),
    ...(section.groupId !== null ? { sectionGroup: section.groupId } : {}),
    siteSpaces: containerSiteSpaces(store, section.siteId, section.id).map((row) =>
      siteSpaceJson(store, view, row, section),
    ),
    urls: withPublished(publishedUrl(view, [section.path])),
    ...(section.icon !== null ? { icon: section.icon } : {}),
  };
}

export function groupJson(store: Store, view: SiteView, group: GroupRow): Record<string, unknown> {
  return {
    object: "site-section-group",
    id: group.id,
    title: group.title,
    ...(group.icon !== null ? { icon: group.icon } : {}),
    sections: groupSections(store, group.id).map((s) => sectionJson(store, view, s)),
  };
}

export function shareLinkJson(view: SiteView, link: ShareLinkRow): Record<string, unknown> {
  return {
    object: "share-link",
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    // Always present, published or not: it is how the link's holder reaches the site.
    urls: { published: `${view.base}?share=${link.key}` },
  };
}

/**
 * The published URL of a space, for the spaces family's `urls.published`: where the space is
 * linked in a published site of its organization (the oldest such site; its first site space).
 */
export function spacePublishedUrl(
  store: Store,
  space: { id: string; organizationId: string },
  origin: string,
): string | undefined {
  const row = store
    .statement(
      `SELECT ss.* FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
       WHERE ss.space_id = ? AND s.organization_id = ? AND s.published = 1
       ORDER BY s.created_at, s.rowid, ss.position LIMIT 1`,
    )
    .get(space.id, space.organizationId) as Raw | undefined;
  if (row === undefined) return undefined;
  const siteSpace = toSiteSpace(row);
  const site = findSite(store, space.organizationId, siteSpace.siteId)!;
  const view = siteView(store, site, origin, "admin");
  const section =
    siteSpace.sectionId === null ? undefined : findSection(store, site.id, siteSpace.sectionId);
  const segments = section === undefined ? [siteSpace.path] : [section.path, siteSpace.path];
  return publishedUrl(view, segments);
}
