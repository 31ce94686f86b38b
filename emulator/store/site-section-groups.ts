import type { Store } from "./index";
import {
  groupChildren,
  nextGroupPosition,
  nextTopPosition,
  setSectionGroup,
  topLevel,
  writeTopLevel,
  type SectionRow,
} from "./site-sections";
import { Table, integer, text, type RowIn } from "./sql";

/**
 * Site section groups (§4.11): a group sits on the site's top level among the sections and
 * external links that are in no group, and orders its own children (sections and links).
 */
const groups = new Table("site_section_groups", {
  id: text("PRIMARY KEY"),
  siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
  title: text("NOT NULL"),
  icon: text(),
  position: integer("NOT NULL"),
});

/** The family's tables, created at every open. */
export const sectionGroupsTables = [groups];

export type GroupRow = RowIn<typeof groups>;

export function findGroup(store: Store, siteId: string, groupId: string) {
  return groups.find(store, { id: groupId, siteId });
}

export function listGroups(store: Store, siteId: string): GroupRow[] {
  return groups.list(store, { siteId }, "position, id", { limit: -1, offset: 0 }).rows;
}

export function insertGroup(
  store: Store,
  siteId: string,
  fields: { title: string; icon: string | null },
): GroupRow {
  const position = nextTopPosition(store, siteId);
  return groups.insert(store, { ...fields, id: store.newId(), siteId, position });
}

export function updateGroup(
  store: Store,
  group: GroupRow,
  patch: { title?: string; icon?: string | null },
): GroupRow {
  const { title, icon } = patch;
  groups.update(store, { id: group.id }, { title, icon });
  return findGroup(store, group.siteId, group.id)!;
}

/**
 * Puts a section at the end of a group. A section is in at most one group, so this also takes
 * it out of the top level or of its previous group. Already in this group: nothing changes.
 */
export function addSectionToGroup(store: Store, section: SectionRow, groupId: string): void {
  if (section.groupId === groupId) return;
  setSectionGroup(store, section.id, groupId, nextGroupPosition(store, groupId));
}

/** Takes a section out of its group and places it on the top level right after the group. */
export function removeSectionFromGroup(store: Store, section: SectionRow): void {
  if (section.groupId === null) return;
  const groupId = section.groupId;
  const items = topLevel(store, section.siteId);
  setSectionGroup(store, section.id, null);
  const at = items.findIndex((i) => i.type === "site-section-group" && i.id === groupId);
  items.splice(at + 1, 0, { type: "site-section", id: section.id });
  writeTopLevel(store, items);
}

/**
 * Deletes a group; its children (sections and external links) stay and take the group's place on
 * the top level, in order (the foreign keys take them out of the group).
 */
export function deleteGroup(store: Store, group: GroupRow): void {
  const members = groupChildren(store, group.id);
  const items = topLevel(store, group.siteId);
  const at = items.findIndex((i) => i.type === "site-section-group" && i.id === group.id);
  items.splice(at, 1, ...members);
  groups.delete(store, { id: group.id });
  writeTopLevel(store, items);
}
