import type { Store } from "./index";
import { Table, all, integer, one, text, type RowIn } from "./sql";

/**
 * Site sections. Order is real: sections that are in no group, section groups and external links
 * that are in no group share one `position` sequence, the site's top level (kept here, used by
 * the groups and the links too); a grouped section's or link's `position` orders it among its
 * group's children.
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

/**
 * One item of a site's top level: a section outside any group, a section group, or an external
 * link outside any group.
 */
export interface TopItem {
  type: "site-section" | "site-section-group" | "site-external-link";
  id: string;
}

/** One child of a section group: a section or an external link. */
export interface GroupChild {
  type: "site-section" | "site-external-link";
  id: string;
}

// Top-level order (ungrouped sections, section groups, ungrouped external links)

export function topLevel(store: Store, siteId: string): TopItem[] {
  const rows = all<TopItem>(
    store,
    `SELECT 'site-section' AS type, id, position FROM site_sections
       WHERE site_id = ? AND group_id IS NULL
     UNION ALL
     SELECT 'site-section-group' AS type, id, position FROM site_section_groups WHERE site_id = ?
     UNION ALL
     SELECT 'site-external-link' AS type, id, position FROM site_external_links
       WHERE site_id = ? AND group_id IS NULL
     ORDER BY position, id`,
    siteId,
    siteId,
    siteId,
  );
  return rows.map((r) => ({ type: r.type, id: r.id }));
}

const positionOf = {
  "site-section": "UPDATE site_sections SET position = ? WHERE id = ?",
  "site-section-group": "UPDATE site_section_groups SET position = ? WHERE id = ?",
  "site-external-link": "UPDATE site_external_links SET position = ? WHERE id = ?",
} as const;

/** Rewrites the positions of a level (the top level, or a group's children) to follow `items`. */
export function writeOrder(store: Store, items: readonly TopItem[]): void {
  items.forEach((item, i) => store.statement(positionOf[item.type]).run(i, item.id));
}

/** Rewrites the top-level positions so they follow `items` exactly. */
export const writeTopLevel = writeOrder;

export function nextTopPosition(store: Store, siteId: string): number {
  const { p } = one<{ p: number | null }>(
    store,
    `SELECT MAX(p) AS p FROM (
       SELECT MAX(position) AS p FROM site_sections WHERE site_id = ? AND group_id IS NULL
       UNION ALL SELECT MAX(position) FROM site_section_groups WHERE site_id = ?
       UNION ALL SELECT MAX(position) FROM site_external_links
         WHERE site_id = ? AND group_id IS NULL)`,
    siteId,
    siteId,
    siteId,
  )!;
  return p === null ? 0 : p + 1;
}

/** A group's children in order: its sections and external links share its `position` sequence. */
export function groupChildren(store: Store, groupId: string): GroupChild[] {
  const rows = all<GroupChild>(
    store,
    `SELECT 'site-section' AS type, id, position FROM site_sections WHERE group_id = ?
     UNION ALL
     SELECT 'site-external-link' AS type, id, position FROM site_external_links WHERE group_id = ?
     ORDER BY position, id`,
    groupId,
    groupId,
  );
  return rows.map((r) => ({ type: r.type, id: r.id }));
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
    else if (item.type === "site-section-group") out.push(...groupSections(store, item.id));
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

/** The position after the last child (section or external link) of a group. */
export function nextGroupPosition(store: Store, groupId: string): number {
  const { p } = one<{ p: number | null }>(
    store,
    `SELECT MAX(p) AS p FROM (
       SELECT MAX(position) AS p FROM site_sections WHERE group_id = ?
       UNION ALL SELECT MAX(position) FROM site_external_links WHERE group_id = ?)`,
    groupId,
    groupId,
  )!;
  return p === null ? 0 : p + 1;
}
