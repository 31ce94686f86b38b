import type { Store } from "./index";
import { Table, all, one, placeholders, real, text, type RowIn } from "./sql";

/**
 * Collections (§2.2). `position` orders a collection among its siblings: the collections and
 * spaces that share its parent (or the organization's top level), so that a move with
 * `position` is a real reordering that later lists reflect.
 */
const collections = new Table(
  "collections",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    parentId: text(),
    title: text("NOT NULL DEFAULT ''"),
    description: text(),
    /** A RoleLevel, `null` (guest) or `inherit` (GAPS.md). */
    defaultLevel: text("DEFAULT 'inherit'"),
    position: real("NOT NULL"),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
  },
  { indexes: { collections_by_org: "(organization_id, parent_id, position)" } },
);

/** The family's tables, created at every open. */
export const collectionsTables = [collections];

export type CollectionRow = RowIn<typeof collections>;

/** A reference to a sibling in a move's `position`: a collection or a space. */
export interface SiblingRef {
  kind: "collection" | "space";
  id: string;
}

interface Sibling extends SiblingRef {
  position: number;
}

export function findCollection(store: Store, id: string): CollectionRow | undefined {
  return collections.find(store, { id });
}

/** The collections and live spaces directly under `parentId` (null: the top level), in order. */
export function siblingsOf(
  store: Store,
  organizationId: string,
  parentId: string | null,
): Sibling[] {
  return all<Sibling>(
    store,
    `SELECT 'collection' AS kind, id, position FROM collections
       WHERE organization_id = ? AND parent_id IS ?
     UNION ALL
     SELECT 'space' AS kind, id, position FROM spaces
       WHERE organization_id = ? AND parent_id IS ? AND deleted_at IS NULL
     ORDER BY position, id`,
    organizationId,
    parentId,
    organizationId,
    parentId,
  );
}

/** The position after every current sibling: where a new object goes. */
export function endPosition(store: Store, organizationId: string, parentId: string | null): number {
  const { last } = one<{ last: number | null }>(
    store,
    `SELECT MAX(p) AS last FROM (
       SELECT MAX(position) AS p FROM collections WHERE organization_id = ? AND parent_id IS ?
       UNION ALL
       SELECT MAX(position) AS p FROM spaces WHERE organization_id = ? AND parent_id IS ?)`,
    organizationId,
    parentId,
    organizationId,
    parentId,
  )!;
  return (last ?? -1) + 1;
}

/**
 * Places `moving` among the siblings of `parentId`, before `before` and/or after `after`, and
 * renumbers the siblings 0..n-1 so positions never run out of room between two neighbours.
 * Returns an error message when a reference is not a sibling there or the two disagree.
 */
export function placeAmongSiblings(
  store: Store,
  organizationId: string,
  parentId: string | null,
  moving: SiblingRef,
  position: { before?: SiblingRef; after?: SiblingRef },
): string | undefined {
  const siblings = siblingsOf(store, organizationId, parentId).filter(
    (s) => !(s.kind === moving.kind && s.id === moving.id),
  );
  const indexOf = (ref: SiblingRef) =>
    siblings.findIndex((s) => s.kind === ref.kind && s.id === ref.id);
  let index = siblings.length;
  if (position.after) {
    const i = indexOf(position.after);
    if (i < 0)
      return `position.after: ${position.after.kind} ${position.after.id} is not a sibling at the destination`;
    index = i + 1;
  }
  if (position.before) {
    const i = indexOf(position.before);
    if (i < 0)
      return `position.before: ${position.before.kind} ${position.before.id} is not a sibling at the destination`;
    if (position.after && i !== index) return "position.before and position.after are not adjacent";
    index = i;
  }
  siblings.splice(index, 0, { ...moving, position: 0 });
  const setSpace = store.statement("UPDATE spaces SET position = ? WHERE id = ?");
  siblings.forEach((s, i) =>
    s.kind === "collection"
      ? collections.update(store, { id: s.id }, { position: i })
      : setSpace.run(i, s.id),
  );
  return undefined;
}

export function insertCollection(
  store: Store,
  organizationId: string,
  fields: { title?: string; parent?: string | null },
): CollectionRow {
  const now = store.now();
  const parentId = fields.parent ?? null;
  return collections.insert(store, {
    id: store.newId(),
    organizationId,
    parentId,
    title: fields.title ?? "",
    position: endPosition(store, organizationId, parentId),
    createdAt: now,
    updatedAt: now,
  });
}

/** The ids of `id` and every collection nested under it, at any depth. */
export function collectionSubtree(store: Store, id: string): string[] {
  return all<{ id: string }>(
    store,
    `WITH RECURSIVE tree(id) AS (
       SELECT ? UNION ALL SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id)
     SELECT id FROM tree`,
    id,
  ).map((r) => r.id);
}

/** One page of an organization's collections, top level first, and how many there are. */
export function listCollections(
  store: Store,
  organizationId: string,
  options: { nested: boolean },
  page: { limit: number; offset: number },
): { rows: CollectionRow[]; count: number } {
  const filter = options.nested ? { organizationId } : { organizationId, parentId: null };
  return collections.list(store, filter, "parent_id IS NOT NULL, position, id", page);
}

/** Every collection of an organization, each level in its order (the app page builds the tree). */
export function collectionsOf(store: Store, organizationId: string): CollectionRow[] {
  return collections.list(store, { organizationId }, "position, id", { limit: -1, offset: 0 }).rows;
}

export function updateCollection(
  store: Store,
  id: string,
  fields: { title: string; description: string | null; defaultLevel: string | null },
): CollectionRow {
  const { title, description, defaultLevel } = fields;
  collections.update(store, { id }, { title, description, defaultLevel, updatedAt: store.now() });
  return findCollection(store, id)!;
}

/** Gives a collection or a space a new parent (null: the top level); its place is set apart. */
export function setParent(store: Store, moving: SiblingRef, parentId: string | null): void {
  const now = store.now();
  if (moving.kind === "collection")
    collections.update(store, { id: moving.id }, { parentId, updatedAt: now });
  else
    store
      .statement("UPDATE spaces SET parent_id = ?, updated_at = ? WHERE id = ?")
      .run(parentId, now, moving.id);
}

/** The ids of a collection's subtree, and the `?, ?, ...` that binds them in `IN (...)`. */
function subtreeParameters(store: Store, id: string): { subtree: string[]; marks: string } {
  const subtree = collectionSubtree(store, id);
  return { subtree, marks: placeholders(subtree) };
}

/**
 * Deletes a collection and the collections nested in it. Their spaces go to the trash,
 * restorable for 7 days like any deleted space.
 */
export function deleteCollectionTree(store: Store, id: string): void {
  store.transaction(() => {
    const { subtree, marks } = subtreeParameters(store, id);
    const now = store.now();
    store
      .statement(
        `UPDATE spaces SET deleted_at = ?, updated_at = ? WHERE parent_id IN (${marks}) AND deleted_at IS NULL`,
      )
      .run(now, now, ...subtree);
    store.statement(`DELETE FROM collections WHERE id IN (${marks})`).run(...subtree);
  });
}

/**
 * Moves a collection, the collections nested in it and their spaces to another organization,
 * the collection itself to the end of its top level. Answers the ids of the spaces moved.
 */
export function transferCollectionTree(store: Store, id: string, organizationId: string): string[] {
  return store.transaction(() => {
    const { subtree, marks } = subtreeParameters(store, id);
    const now = store.now();
    const spaceIds = all<{ id: string }>(
      store,
      `SELECT id FROM spaces WHERE parent_id IN (${marks})`,
      ...subtree,
    ).map((space) => space.id);
    store
      .statement(
        `UPDATE collections SET organization_id = ?, updated_at = ? WHERE id IN (${marks})`,
      )
      .run(organizationId, now, ...subtree);
    store
      .statement(
        `UPDATE spaces SET organization_id = ?, updated_at = ? WHERE parent_id IN (${marks})`,
      )
      .run(organizationId, now, ...subtree);
    const position = endPosition(store, organizationId, null);
    collections.update(store, { id }, { parentId: null, position });
    return spaceIds;
  });
}
