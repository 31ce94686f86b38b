import type { Store } from "./index";
import { nextGroupPosition, nextTopPosition } from "./site-sections";
import { Table, boolean, integer, json, text, type RowIn } from "./sql";

/**
 * Site external links (docs/api-decisions.md, "Site external links"): links in a site's
 * navigation, at the top level or in a section group. Their order is the structure's: a link in
 * no group shares the top level's `position` sequence with sections and groups, a grouped link
 * its group's with the group's sections (store/site-sections.ts).
 */
const links = new Table("site_external_links", {
  id: text("PRIMARY KEY"),
  siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
  title: text("NOT NULL"),
  url: text("NOT NULL"),
  description: text(),
  icon: text(),
  condition: text(),
  draft: boolean("NOT NULL"),
  localizedTitle: json().of<Record<string, string>>(),
  localizedDescription: json().of<Record<string, string>>(),
  groupId: text("REFERENCES site_section_groups(id) ON DELETE SET NULL"),
  position: integer("NOT NULL"),
});

/** The family's tables, created at every open. */
export const siteExternalLinksTables = [links];

export type ExternalLinkRow = RowIn<typeof links>;

/** What a link is written with; `groupId` null is the top level. */
export type ExternalLinkFields = Pick<
  ExternalLinkRow,
  | "title"
  | "url"
  | "description"
  | "icon"
  | "condition"
  | "draft"
  | "localizedTitle"
  | "localizedDescription"
  | "groupId"
>;

export function findExternalLink(store: Store, siteId: string, id: string) {
  return links.find(store, { siteId, id });
}

/** Every link of a site, top level and groups alike, in no particular order. */
export function siteExternalLinks(store: Store, siteId: string): ExternalLinkRow[] {
  return links.list(store, { siteId }, "position, id", { limit: -1, offset: 0 }).rows;
}

function endOf(store: Store, siteId: string, groupId: string | null): number {
  return groupId === null ? nextTopPosition(store, siteId) : nextGroupPosition(store, groupId);
}

/** A new link, last of its level (the top level, or its group's children). */
export function insertExternalLink(store: Store, siteId: string, fields: ExternalLinkFields) {
  const position = endOf(store, siteId, fields.groupId);
  return links.insert(store, { id: store.newId(), siteId, ...fields, position });
}

/** Changes a link; one that changes level goes last of its new level. */
export function updateExternalLink(
  store: Store,
  row: ExternalLinkRow,
  patch: Partial<ExternalLinkFields>,
): ExternalLinkRow {
  const moves = patch.groupId !== undefined && patch.groupId !== row.groupId;
  const position = moves ? endOf(store, row.siteId, patch.groupId!) : undefined;
  links.update(store, { id: row.id }, { ...patch, position });
  return findExternalLink(store, row.siteId, row.id)!;
}

export function deleteExternalLink(store: Store, id: string): void {
  links.delete(store, { id });
}
