import type { Store } from "./index";
import { assignments, type Raw, str, strOrNull } from "./sql";

/**
 * Site sections. Order is real: sections that are in no group and section groups share one
 * `position` sequence, the site's top level (kept here, used by the groups too); a grouped
 * section's `position` orders it inside its group.
 */
export const siteSectionsSchema = `
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
`;

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

/** One item of a site's top level: a section outside any group, or a section group. */
export interface TopItem {
  type: "site-section" | "site-section-group";
  id: string;
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

export function nextTopPosition(store: Store, siteId: string): number {
  const { p } = store
    .statement(
      `SELECT MAX(p) AS p FROM (
         SELECT MAX(position) AS p FROM site_sections WHERE site_id = ? AND group_id IS NULL
         UNION ALL SELECT MAX(position) FROM site_section_groups WHERE site_id = ?)`,
    )
    .get(siteId, siteId) as { p: number | null };
  return p === null ? 0 : p + 1;
}

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

/** The position after the last section of a group. */
export function nextGroupPosition(store: Store, groupId: string): number {
  const { p } = store
    .statement("SELECT MAX(position) AS p FROM site_sections WHERE group_id = ?")
    .get(groupId) as { p: number | null };
  return p === null ? 0 : p + 1;
}
