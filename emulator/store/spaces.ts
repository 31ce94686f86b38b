import { endPosition } from "./collections";
import type { Store } from "./index";

/**
 * Spaces (§2.3). A DELETE only sets `deleted_at`: the row stays restorable for 7 days
 * (§3), measured with the store's clock so tests can move time. `position` orders the space
 * among its siblings (collections and spaces with the same parent).
 */
export const spacesSchema = `
CREATE TABLE IF NOT EXISTS spaces (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id TEXT,
  title TEXT NOT NULL DEFAULT '',
  emoji TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'private',
  edit_mode TEXT NOT NULL DEFAULT 'live',
  language TEXT,
  default_level TEXT,
  revision TEXT NOT NULL,
  empty INTEGER NOT NULL DEFAULT 0,
  position REAL NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX IF NOT EXISTS spaces_by_org ON spaces(organization_id, parent_id, position);
`;

/** Spaces stay restorable this long after `deletedAt` (§8). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface SpaceRow {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string;
  visibility: string;
  editMode: "live" | "locked";
  language: string | null;
  defaultLevel: string | null;
  revision: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

const COLUMNS = `id, organization_id AS organizationId, parent_id AS parentId, title, emoji,
  visibility, edit_mode AS editMode, language, default_level AS defaultLevel, revision, position,
  created_at AS createdAt, updated_at AS updatedAt, deleted_at AS deletedAt`;

/** The space with this id, soft-deleted ones included (the row's `deletedAt` says so). */
export function findSpace(store: Store, id: string): SpaceRow | undefined {
  return store.statement(`SELECT ${COLUMNS} FROM spaces WHERE id = ?`).get(id) as
    SpaceRow | undefined;
}

/** Live spaces matching a SQL condition, one page of them, and how many match in all. */
export function listSpaces(
  store: Store,
  where: string,
  params: (string | null)[],
  page: { limit: number; offset: number },
): { rows: SpaceRow[]; count: number } {
  const condition = `deleted_at IS NULL AND (${where})`;
  const rows = store
    .statement(
      `SELECT ${COLUMNS} FROM spaces WHERE ${condition} ORDER BY position, id LIMIT ? OFFSET ?`,
    )
    .all(...params, page.limit, page.offset) as unknown as SpaceRow[];
  const { n } = store
    .statement(`SELECT COUNT(*) AS n FROM spaces WHERE ${condition}`)
    .get(...params) as { n: number };
  return { rows, count: n };
}

/** Creates a space at the end of its parent (or of the organization's top level). */
export function insertSpace(
  store: Store,
  organizationId: string,
  fields: {
    title?: string;
    emoji?: string;
    parent?: string | null;
    language?: string;
    editMode?: "live" | "locked";
    defaultLevel?: string | null;
    empty?: boolean;
  },
): SpaceRow {
  const now = store.now();
  const parentId = fields.parent ?? null;
  return store
    .statement(
      `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, edit_mode, language,
         default_level, revision, empty, position, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    )
    .get(
      store.newId(),
      organizationId,
      parentId,
      fields.title ?? "",
      fields.emoji ?? "",
      fields.editMode ?? "live",
      fields.language ?? null,
      fields.defaultLevel ?? null,
      store.newId(),
      fields.empty ? 1 : 0,
      endPosition(store, organizationId, parentId),
      now,
      now,
    ) as unknown as SpaceRow;
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
  return listSpaces(store, "organization_id = ?", [organizationId], { limit: -1, offset: 0 }).rows;
}

/** The fields of §4.4's PATCH, as the row holds them. */
export interface SpaceFields {
  editMode: "live" | "locked";
  title: string;
  defaultLevel: string | null;
  language: string | null;
  emoji: string;
}

export function updateSpace(store: Store, id: string, fields: SpaceFields): SpaceRow {
  store
    .statement(
      `UPDATE spaces SET edit_mode = ?, title = ?, default_level = ?, language = ?, emoji = ?,
         updated_at = ? WHERE id = ?`,
    )
    .run(
      fields.editMode,
      fields.title,
      fields.defaultLevel,
      fields.language,
      fields.emoji,
      store.now(),
      id,
    );
  return findSpace(store, id)!;
}

/** Moves a space to the trash: restorable for 7 days (§3). */
export function trashSpace(store: Store, id: string): void {
  const now = store.now();
  store
    .statement("UPDATE spaces SET deleted_at = ?, updated_at = ? WHERE id = ?")
    .run(now, now, id);
}

/** Removes a space past its restore window for good. */
export function purgeSpace(store: Store, id: string): void {
  store.statement("DELETE FROM spaces WHERE id = ?").run(id);
}

/**
 * Brings a space back from the trash. Its collection may have been deleted meanwhile: the space
 * then comes back at the end of the top level.
 */
export function restoreSpace(store: Store, row: SpaceRow, parentExists: boolean): SpaceRow {
  const parent = parentExists ? row.parentId : null;
  store
    .statement(
      "UPDATE spaces SET deleted_at = NULL, parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
    )
    .run(
      parent,
      parent === row.parentId ? row.position : endPosition(store, row.organizationId, null),
      store.now(),
      row.id,
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
  store
    .statement(
      "UPDATE spaces SET organization_id = ?, parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
    )
    .run(organizationId, parentId, endPosition(store, organizationId, parentId), store.now(), id);
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
  store
    .statement("UPDATE spaces SET title = ?, emoji = ?, language = ?, updated_at = ? WHERE id = ?")
    .run(source.title, source.emoji, language, store.now(), targetId);
  return findSpace(store, targetId)!;
}
