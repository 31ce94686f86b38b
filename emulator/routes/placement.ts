import { z } from "zod";
import type { ApiContext } from "../context";
import { badRequest } from "../errors";
import {
  findCollection,
  placeAmongSiblings,
  setParent,
  type CollectionRow,
  type SiblingRef,
} from "../store/collections";

/**
 * Where collections and spaces sit: the parent they name and their place among siblings. Both
 * families' create, move and transfer routes share it.
 */

export const id = z.string().min(1).max(64);

/** A sibling reference in `position`: `{ type: space, space }` (§4.1) or `{ type: collection, collection }`. */
const siblingRef = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("space"), space: id }),
  z.strictObject({ type: z.literal("collection"), collection: id }),
]);

const positionSchema = z.strictObject({
  before: siblingRef.optional(),
  after: siblingRef.optional(),
});

function toSiblingRef(ref: z.output<typeof siblingRef>): SiblingRef {
  return ref.type === "space"
    ? { kind: "space", id: ref.space }
    : { kind: "collection", id: ref.collection };
}

/** The move body of collections and spaces: a parent (`null` is the top level) and a position. */
export const moveBody = z.strictObject({
  parent: id.nullable().optional(),
  position: positionSchema.optional(),
});

/**
 * A parent named in a body must be a collection of the same organization; anything else is
 * the caller's mistake about that field, so 400 naming it.
 */
export function requireParent(
  { store }: ApiContext,
  organizationId: string,
  parent: string,
): CollectionRow {
  const row = findCollection(store, parent);
  if (!row || row.organizationId !== organizationId) {
    throw badRequest(
      `parent: collection ${parent} does not exist in organization ${organizationId}`,
    );
  }
  return row;
}

/**
 * Moves a collection or a space under `parentId` and places it among its new siblings as the
 * body's `position` says. Runs inside the caller's transaction; an invalid position is a 400.
 */
export function moveAmongSiblings(
  ctx: ApiContext,
  organizationId: string,
  moving: SiblingRef,
  parentId: string | null,
  position: z.output<typeof positionSchema> | undefined,
): void {
  if (parentId !== null) requireParent(ctx, organizationId, parentId);
  setParent(ctx.store, moving, parentId);
  const error = placeAmongSiblings(ctx.store, organizationId, parentId, moving, {
    before: position?.before && toSiblingRef(position.before),
    after: position?.after && toSiblingRef(position.after),
  });
  if (error) throw badRequest(error);
}
