import type { Store } from "./index";
import { Table, all, integer, one, text, type RowIn } from "./sql";

/**
 * Site sections. Order is real: sections that are in no group and section groups share one
 * `position` sequence, the site's top level (kept here, used by the groups too); a grouped
 * section's `position` orders it inside its group.
 */
const sections = new Table(
  "site_sections",
  {
    id: text("PRIMARY KEY"),
    siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
    title: text("NOT NULL"),
    description: text(),
    path: text("NOT NULL"),
    condition: text(),
    icon: text(),
    groupId: text("REFERENCES site_section_groups(id) ON DELETE SET NULL"),
    position: integer("NOT NULL"),
    defaultSiteSpaceId: text(),
  },
  { constraints: ["UNIQUE (site_id, path)"] },
);

/** The family's tables, created at every open. */
export const siteSectionsTables = [sections];

export type SectionRow = RowIn<typeof sections>;

/** One item of a site's top level: a section outside any group, or a section group. */
export interface TopItem {
  type: "site-section" | "site-section-group";
  id: string;
}

// Top-level order (ungrouped sections and section groups)

export function topLevel(store: Store, siteId: string): TopItem[] {
  const rows = all<TopItem>(
    store,
    `SELECT 'site-section' AS type, id, position FROM site_sections
       WHERE site_id = ? AND group_id IS NULL
     UNION ALL
     SELECT 'site-section-group' AS type, id, position FROM site_section_groups WHERE site_id = ?
     ORDER BY position, id`,
    siteId,
    siteId,
  );
  return rows.map((r) => ({ type: r.type, id: r.id }));
}

/** Rewrites the top-level positions so they follow `items` exactly. */
export function writeTopLevel(store: Store, items: readonly TopItem[]): void {
  const group = store.statement("UPDATE site_section_groups SET position = ? WHERE id = ?");
  items.forEach((item, i) =>
    item.type === "site-section"
      ? sections.update(store, { id: item.id }, { position: i })
      : group.run(i, item.id),
  );
}

export function nextTopPosition(store: Store, siteId: string): number {
  const { p } = one<{ p: number | null }>(
    store,
    `SELECT MAX(p) AS p FROM (
       SELECT MAX(position) AS p FROM site_sections WHERE site_id = ? AND group_id IS NULL
       UNION ALL SELECT MAX(position) FROM site_section_groups WHERE site_id = ?)`,
    siteId,
    siteId,
  )!;
  return p === null ? 0 : p + 1;
}

export function findSection(store: Store, siteId: string, sectionId: string) {
  return sections.find(store, { id: sectionId, siteId });
}

export function groupSections(store: Store, groupId: string): SectionRow[] {
  return sections.list(store, { groupId }, "position, id", { limit: -1, offset: 0 }).rows;
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
    one(
      store,
      "SELECT 1 FROM site_sections WHERE site_id = ? AND path = ? AND id IS NOT ?",
      siteId,
      path,
      exceptId ?? null,
    ) !== undefined
  );
}

export function insertSection(
  store: Store,
  siteId: string,
  fields: { title: string; path: string; icon: string | null; groupId: string | null },
): SectionRow {
  const position =
    fields.groupId === null
      ? nextTopPosition(store, siteId)
      : nextGroupPosition(store, fields.groupId);
  return sections.insert(store, { ...fields, id: store.newId(), siteId, position });
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
  sections.update(store, { id: section.id }, patch);
  return findSection(store, section.siteId, section.id)!;
}

/** Puts a section in a group (null: none), at `position` when given. */
export function setSectionGroup(
  store: Store,
  sectionId: string,
  groupId: string | null,
  position?: number,
): void {
  sections.update(store, { id: sectionId }, { groupId, position });
}

/** Deletes a section; its site spaces go with it (foreign key cascade). */
export function deleteSection(store: Store, sectionId: string): void {
  sections.delete(store, { id: sectionId });
}

/** The position after the last section of a group. */
export function nextGroupPosition(store: Store, groupId: string): number {
  const { p } = one<{ p: number | null }>(
    store,
    "SELECT MAX(position) AS p FROM site_sections WHERE group_id = ?",
    groupId,
  )!;
  return p === null ? 0 : p + 1;
}
