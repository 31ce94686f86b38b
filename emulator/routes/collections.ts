import type { Hono } from "hono";
import { z } from "zod";
import { requireMember, type EmulatorEnv } from "../auth";
import { badRequest, conflict, notFound } from "../errors";
import { envelope, readPage } from "../pagination";
import type { Store } from "../store";
import {
  collectionJson,
  collectionSubtree,
  endPosition,
  findCollection,
  insertCollection,
  placeAmongSiblings,
  type CollectionRow,
  type SiblingRef,
} from "../store/collections";
import { listSpaces, spaceJson } from "../store/spaces";
import { readBody, readQuery } from "../validation";
import { originOf, requireRole, roleLevel } from "./organizations";

const id = z.string().min(1).max(64);

/** A sibling reference in `position`: `{ type: space, space }` (§4.1) or `{ type: collection, collection }`. */
const siblingRef = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("space"), space: id }),
  z.strictObject({ type: z.literal("collection"), collection: id }),
]);

export const positionSchema = z.strictObject({
  before: siblingRef.optional(),
  after: siblingRef.optional(),
});

export function toSiblingRef(ref: z.output<typeof siblingRef>): SiblingRef {
  return ref.type === "space"
    ? { kind: "space", id: ref.space }
    : { kind: "collection", id: ref.collection };
}

const createCollection = z.strictObject({
  title: z.string().max(50).optional(),
  parent: id.nullable().optional(),
});

const patchCollection = z.strictObject({
  title: z.string().max(50).optional(),
  description: z.string().max(100).nullable().optional(),
  defaultLevel: z
    .union([roleLevel, z.literal("inherit")])
    .nullable()
    .optional(),
});

/** The move body of collections and spaces: a parent (`null` is the top level) and a position. */
export const moveBody = z.strictObject({
  parent: id.nullable().optional(),
  position: positionSchema.optional(),
});

/**
 * Moves a collection or a space under `parentId` and places it among its new siblings as the
 * body's `position` says. Runs inside the caller's transaction; an invalid position is a 400.
 */
export function moveAmongSiblings(
  store: Store,
  organizationId: string,
  moving: SiblingRef,
  parentId: string | null,
  position: z.output<typeof positionSchema> | undefined,
): void {
  if (parentId !== null) requireParent(store, organizationId, parentId);
  const table = moving.kind === "collection" ? "collections" : "spaces";
  store
    .statement(`UPDATE ${table} SET parent_id = ?, updated_at = ? WHERE id = ?`)
    .run(parentId, store.now(), moving.id);
  const error = placeAmongSiblings(store, organizationId, parentId, moving, {
    before: position?.before && toSiblingRef(position.before),
    after: position?.after && toSiblingRef(position.after),
  });
  if (error) throw badRequest(error);
}

const transferBody = z.strictObject({ organization: id });

const listQuery = z.looseObject({
  nested: z.enum(["true", "false"]).optional(),
});

/**
 * A parent named in a body must be a collection of the same organization; anything else is
 * the caller's mistake about that field, so 400 naming it.
 */
export function requireParent(store: Store, organizationId: string, parent: string): CollectionRow {
  const row = findCollection(store, parent);
  if (!row || row.organizationId !== organizationId) {
    throw badRequest(
      `parent: collection ${parent} does not exist in organization ${organizationId}`,
    );
  }
  return row;
}

export function mountCollections(app: Hono<EmulatorEnv>, store: Store): void {
  /** The collection, once the caller is known to belong to its organization (404 otherwise). */
  const visible = (c: Parameters<typeof requireMember>[1], collectionId: string) => {
    const row = findCollection(store, collectionId);
    if (!row) throw notFound(`collection ${collectionId}`);
    try {
      return { row, role: requireMember(store, c, row.organizationId) };
    } catch {
      throw notFound(`collection ${collectionId}`);
    }
  };
  const writable = (c: Parameters<typeof requireMember>[1], collectionId: string) => {
    const { row } = visible(c, collectionId);
    return { row, role: requireRole(store, c, row.organizationId, "create") };
  };

  app.get("/orgs/:organizationId/collections", (c) => {
    const organizationId = c.req.param("organizationId");
    const role = requireMember(store, c, organizationId);
    const page = readPage(c);
    const { nested } = readQuery(c, listQuery);
    const where =
      nested === "false" ? "organization_id = ? AND parent_id IS NULL" : "organization_id = ?";
    const rows = store
      .statement(
        `SELECT id FROM collections WHERE ${where} ORDER BY parent_id IS NOT NULL, position, id LIMIT ? OFFSET ?`,
      )
      .all(organizationId, page.limit, page.offset) as { id: string }[];
    const { n } = store
      .statement(`SELECT COUNT(*) AS n FROM collections WHERE ${where}`)
      .get(organizationId) as { n: number };
    const origin = originOf(c);
    const items = rows.map((r) => collectionJson(findCollection(store, r.id)!, origin, role));
    return c.json(envelope(page, items, n));
  });

  app.post("/orgs/:organizationId/collections", async (c) => {
    const organizationId = c.req.param("organizationId");
    const role = requireRole(store, c, organizationId, "create");
    const body = await readBody(c, createCollection);
    const row = store.transaction(() => {
      if (body.parent != null) requireParent(store, organizationId, body.parent);
      return insertCollection(store, organizationId, body);
    });
    return c.json(collectionJson(row, originOf(c), role), 201);
  });

  app.get("/collections/:collectionId", (c) => {
    const { row, role } = visible(c, c.req.param("collectionId"));
    return c.json(collectionJson(row, originOf(c), role));
  });

  app.patch("/collections/:collectionId", async (c) => {
    const { row, role } = writable(c, c.req.param("collectionId"));
    const body = await readBody(c, patchCollection);
    const next = {
      title: body.title ?? row.title,
      description: body.description === undefined ? row.description : body.description,
      defaultLevel: body.defaultLevel === undefined ? row.defaultLevel : body.defaultLevel,
    };
    store
      .statement(
        "UPDATE collections SET title = ?, description = ?, default_level = ?, updated_at = ? WHERE id = ?",
      )
      .run(next.title, next.description, next.defaultLevel, store.now(), row.id);
    return c.json(collectionJson(findCollection(store, row.id)!, originOf(c), role));
  });

  app.delete("/collections/:collectionId", (c) => {
    const collectionId = c.req.param("collectionId");
    const row = findCollection(store, collectionId);
    // Absent and invisible targets both answer 204 (§4.1): a DELETE cannot probe ids either.
    if (!row || requireMemberOrUndefined(c, row.organizationId) === undefined)
      return c.body(null, 204);
    requireRole(store, c, row.organizationId, "create");
    store.transaction(() => {
      const subtree = collectionSubtree(store, row.id);
      const marks = subtree.map(() => "?").join(", ");
      // The spaces inside go to the trash, restorable for 7 days like any deleted space.
      store
        .statement(
          `UPDATE spaces SET deleted_at = ?, updated_at = ? WHERE parent_id IN (${marks}) AND deleted_at IS NULL`,
        )
        .run(store.now(), store.now(), ...subtree);
      store.statement(`DELETE FROM collections WHERE id IN (${marks})`).run(...subtree);
    });
    return c.body(null, 204);
  });

  app.get("/collections/:collectionId/spaces", (c) => {
    const { row, role } = visible(c, c.req.param("collectionId"));
    const page = readPage(c);
    const { rows, count } = listSpaces(store, "parent_id = ?", [row.id], page);
    const origin = originOf(c);
    return c.json(
      envelope(
        page,
        rows.map((s) => spaceJson(store, s, origin, role)),
        count,
      ),
    );
  });

  app.post("/collections/:collectionId/move", async (c) => {
    const { row, role } = writable(c, c.req.param("collectionId"));
    const body = await readBody(c, moveBody);
    store.transaction(() => {
      const parentId = body.parent === undefined ? row.parentId : body.parent;
      if (parentId !== null && collectionSubtree(store, row.id).includes(parentId)) {
        throw conflict(
          `parent: cannot move collection ${row.id} into itself or its own descendant ${parentId}`,
        );
      }
      moveAmongSiblings(
        store,
        row.organizationId,
        { kind: "collection", id: row.id },
        parentId,
        body.position,
      );
    });
    return c.json(collectionJson(findCollection(store, row.id)!, originOf(c), role));
  });

  app.post("/collections/:collectionId/transfer", async (c) => {
    const { row } = writable(c, c.req.param("collectionId"));
    const body = await readBody(c, transferBody);
    // The target must be an organization the caller may create content in; others are 404.
    const role = requireRole(store, c, body.organization, "create");
    if (body.organization !== row.organizationId) {
      store.transaction(() => {
        const subtree = collectionSubtree(store, row.id);
        const marks = subtree.map(() => "?").join(", ");
        const now = store.now();
        store
          .statement(
            `UPDATE collections SET organization_id = ?, updated_at = ? WHERE id IN (${marks})`,
          )
          .run(body.organization, now, ...subtree);
        store
          .statement(
            `UPDATE spaces SET organization_id = ?, updated_at = ? WHERE parent_id IN (${marks})`,
          )
          .run(body.organization, now, ...subtree);
        store
          .statement("UPDATE collections SET parent_id = NULL, position = ? WHERE id = ?")
          .run(endPosition(store, body.organization, null), row.id);
      });
    }
    return c.json(collectionJson(findCollection(store, row.id)!, originOf(c), role));
  });

  function requireMemberOrUndefined(
    c: Parameters<typeof requireMember>[1],
    organizationId: string,
  ): string | null | undefined {
    try {
      return requireMember(store, c, organizationId);
    } catch {
      return undefined;
    }
  }
}
