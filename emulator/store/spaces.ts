import { endPosition } from "./collections";
import type { Store } from "./index";
import { Table, boolean, real, text, type RowIn } from "./sql";
import { RESTORE_WINDOW_MS } from "../limits";

/**
 * Spaces (§2.3). A DELETE only sets `deleted_at`: the row stays restorable for 7 days
 * (§3), measured with the store's clock so tests can move time. `position` orders the space
 * among its siblings (collections and spaces with the same parent).
 */
const spaces = new Table(
  "spaces",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    parentId: text(),
    title: text("NOT NULL DEFAULT ''"),
    emoji: text("NOT NULL DEFAULT ''"),
    visibility: text("NOT NULL DEFAULT 'private'"),
    editMode: text("NOT NULL DEFAULT 'live'").of<"live" | "locked">(),
    language: text(),
    defaultLevel: text(),
    revision: text("NOT NULL"),
    /** Created without the first page a new space is given (§4.4's `empty`). */
    empty: boolean("NOT NULL DEFAULT 0"),
    position: real("NOT NULL"),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
    deletedAt: text(),
  },
  { indexes: { spaces_by_org: "(organization_id, parent_id, position)" } },
);

/** The family's tables, created at every open. */
export const spacesTables = [spaces];

/** A space as the store keeps it. */
export type SpaceRow = RowIn<typeof spaces>;

/** The space with this id, soft-deleted ones included (the row's `deletedAt` says so). */
export function findSpace(store: Store, id: string): SpaceRow | undefined {
  return spaces.find(store, { id });
}

/** What spaces are listed by: an organization's, or a collection's. */
export type SpaceFilter = { organizationId: string } | { parentId: string };

/** Live spaces matching a filter, one page of them, and how many match in all. */
export function listSpaces(
  store: Store,
  filter: SpaceFilter,
  page: { limit: number; offset: number },
): { rows: SpaceRow[]; count: number } {
  return spaces.list(store, { ...filter, deletedAt: null }, "position, id", page);
}

/** How many live spaces match a filter. */
export function countSpaces(store: Store, filter: SpaceFilter): number {
  return spaces.count(store, { ...filter, deletedAt: null });
}

/** What a new space may be given; everything else takes the column's default. */
export type NewSpace = Partial<Omit<SpaceFields, "organizationId" | "revision" | "position">>;

/** Creates a space at the end of its parent (or of the organization's top level). */
export function insertSpace(store: Store, organizationId: string, fields: NewSpace): SpaceRow {
  const now = store.now();
  const parentId = fields.parentId ?? null;
  return spaces.insert(store, {
    ...fields,
    id: store.newId(),
    organizationId,
    parentId,
    revision: store.newId(),
    position: endPosition(store, organizationId, parentId),
    createdAt: now,
    updatedAt: now,
  });
}

/** Whether a soft-deleted space is past its restore window at the store's current time. */
export function isExpired(store: Store, row: SpaceRow): boolean {
  return (
    row.deletedAt !== null &&
    store.clock().getTime() - Date.parse(row.deletedAt) > RESTORE_WINDOW_MS
  );
}

/** Every live space of an organization, each level in its order (the app page builds the tree). */
export function spacesOf(store: Store, organizationId: string): SpaceRow[] {
  return listSpaces(store, { organizationId }, { limit: -1, offset: 0 }).rows;
}

/** What a write may change of a space: everything but its identity and its times. */
export type SpaceFields = Omit<SpaceRow, "id" | "createdAt" | "updatedAt" | "deletedAt">;

/** Writes the fields a PATCH sent (`null` clears one, an absent one is left as it is). */
export function updateSpace(store: Store, id: string, fields: Partial<SpaceFields>): SpaceRow {
  spaces.update(store, { id }, { ...fields, updatedAt: store.now() });
  return findSpace(store, id)!;
}

/** Moves a space to the trash: restorable for 7 days (§3). */
export function trashSpace(store: Store, id: string): void {
  const now = store.now();
  spaces.update(store, { id }, { deletedAt: now, updatedAt: now });
}

/** Removes a space past its restore window for good. */
export function purgeSpace(store: Store, id: string): void {
  spaces.delete(store, { id });
}

/**
 * Brings a space back from the trash. Its collection may have been deleted meanwhile: the space
 * then comes back at the end of the top level.
 */
export function restoreSpace(store: Store, row: SpaceRow, parentExists: boolean): SpaceRow {
  const parentId = parentExists ? row.parentId : null;
  spaces.update(
    store,
    { id: row.id },
    {
      deletedAt: null,
      parentId,
      position:
        parentId === row.parentId ? row.position : endPosition(store, row.organizationId, null),
      updatedAt: store.now(),
    },
  );
  return findSpace(store, row.id)!;
}

/** Moves a space to another organization, at the end of `parentId` there (null: top level). */
export function transferSpace(
  store: Store,
  id: string,
  organizationId: string,
  parentId: string | null,
): SpaceRow {
  const position = endPosition(store, organizationId, parentId);
  spaces.update(store, { id }, { organizationId, parentId, position, updatedAt: store.now() });
  return findSpace(store, id)!;
}

/**
 * Makes `targetId` a copy of `source` in `language`: its title and emoji; the content is copied by
 * the caller, as a new revision (what a translation run produces, §2.12).
 */
export function copySpaceInto(
  store: Store,
  targetId: string,
  source: SpaceRow,
  language: string,
): SpaceRow {
  const { title, emoji } = source;
  spaces.update(store, { id: targetId }, { title, emoji, language, updatedAt: store.now() });
  return findSpace(store, targetId)!;
}
