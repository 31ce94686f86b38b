import type { Store } from "./index";
import {
  groupSections,
  nextGroupPosition,
  nextTopPosition,
  topLevel,
  writeTopLevel,
  type SectionRow,
  type TopItem,
} from "./site-sections";
import { assignments, type Raw, str, strOrNull } from "./sql";

/**
 * Site section groups (§4.11): a group sits on the site's top level among the sections that are
 * in no group, and orders its own sections.
 */
export const sectionGroupsSchema = `
CREATE TABLE IF NOT EXISTS site_section_groups (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  icon TEXT,
  position INTEGER NOT NULL
);
`;

export interface GroupRow {
  id: string;
  siteId: string;
  title: string;
  icon: string | null;
  position: number;
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
