import { pathSlug, uniquePath } from "../markdown";
import type { Store } from "./index";
import type { SpacesTransferred } from "../hooks";
import { Table, all, boolean, integer, one, placeholders, text, type Raw, type RowIn } from "./sql";

/**
 * Site spaces: a space linked into a site, at the site root or in a section. `position` orders a
 * site space inside its container.
 */
const siteSpaces = new Table(
  "site_spaces",
  {
    id: text("PRIMARY KEY"),
    siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
    sectionId: text("REFERENCES site_sections(id) ON DELETE CASCADE"),
    spaceId: text("NOT NULL"),
    path: text("NOT NULL"),
    condition: text(),
    position: integer("NOT NULL"),
    // Added after release 0.1.0: whether the site space is left out of the site's navigation.
    hidden: boolean("NOT NULL DEFAULT 0").addedLater(),
  },
  {
    indexes: { site_spaces_by_space: "(space_id)" },
    uniqueIndexes: { site_spaces_path: "(site_id, COALESCE(section_id, ''), path)" },
  },
);

/** The family's tables, created at every open. */
export const siteSpacesTables = [siteSpaces];

export type SiteSpaceRow = RowIn<typeof siteSpaces>;

export function findSiteSpace(store: Store, siteId: string, siteSpaceId: string) {
  return siteSpaces.find(store, { id: siteSpaceId, siteId });
}

/** The site spaces of one container, in order: a section, or the site root (`null`). */
export function containerSiteSpaces(
  store: Store,
  siteId: string,
  sectionId: string | null,
): SiteSpaceRow[] {
  return siteSpaces.list(store, { siteId, sectionId }, "position, id", { limit: -1, offset: 0 })
    .rows;
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
  const { p } = one<{ p: number | null }>(
    store,
    "SELECT MAX(position) AS p FROM site_spaces WHERE site_id = ? AND section_id IS ?",
    siteId,
    fields.sectionId,
  )!;
  const position = p === null ? 0 : p + 1;
  return siteSpaces.insert(store, { ...fields, id: store.newId(), siteId, position });
}

/** Links a space into a container (a section, or the root), at a path unique there. */
export function linkSpace(
  store: Store,
  siteId: string,
  sectionId: string | null,
  space: { id: string; title: string },
): SiteSpaceRow {
  const path = uniquePath(pathSlug(space.title), (p) =>
    siteSpacePathTaken(store, siteId, sectionId, p),
  );
  return insertSiteSpace(store, siteId, { sectionId, spaceId: space.id, path });
}

export function updateSiteSpace(
  store: Store,
  row: SiteSpaceRow,
  patch: { path?: string; condition?: string | null; spaceId?: string; hidden?: boolean },
): SiteSpaceRow {
  siteSpaces.update(store, { id: row.id }, patch);
  return findSiteSpace(store, row.siteId, row.id)!;
}

/** Rewrites the positions of one container's site spaces so they follow `ids` exactly. */
export function writeSiteSpaceOrder(store: Store, ids: readonly string[]): void {
  const update = store.statement("UPDATE site_spaces SET position = ? WHERE id = ?");
  ids.forEach((id, i) => update.run(i, id));
}

export function deleteSiteSpace(store: Store, siteSpaceId: string): void {
  siteSpaces.delete(store, { id: siteSpaceId });
}

/**
 * Where a space is first published: its first site space in the oldest published site of its
 * organization, if any.
 */
export function firstPublishedSiteSpace(
  store: Store,
  space: { id: string; organizationId: string },
): SiteSpaceRow | undefined {
  const row = one<Raw>(
    store,
    `SELECT ${siteSpaces.columnsOf("ss")} FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
     WHERE ss.space_id = ? AND s.organization_id = ? AND s.published = 1
     ORDER BY s.created_at, s.rowid, ss.position LIMIT 1`,
    space.id,
    space.organizationId,
  );
  return row && siteSpaces.decode(row);
}

/** Removes the site spaces that link `spaceIds` in sites of an organization other than `organizationId`. */
export const unlinkSpacesOutside: SpacesTransferred = (store, spaceIds, organizationId) => {
  store
    .statement(
      `DELETE FROM site_spaces WHERE space_id IN (${placeholders(spaceIds)})
       AND site_id IN (SELECT id FROM sites WHERE organization_id <> ?)`,
    )
    .run(...spaceIds, organizationId);
};

/** Where a space is linked: its site spaces in any site, oldest site first. */
export function siteSpacesOfSpace(store: Store, spaceId: string): SiteSpaceRow[] {
  return all<Raw>(
    store,
    `SELECT ${siteSpaces.columnsOf("ss")} FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
     WHERE ss.space_id = ? ORDER BY s.created_at, s.rowid, ss.position`,
    spaceId,
  ).map((row) => siteSpaces.decode(row));
}
