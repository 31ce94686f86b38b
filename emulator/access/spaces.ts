import type { z } from "zod";
import { checkRole, type Access } from "../auth";
import type { ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import type { siblingRef, positionSchema } from "../validation";
import {
  findCollection,
  placeAmongSiblings,
  setParent,
  type CollectionRow,
  type SiblingRef,
} from "../store/collections";
import { findSpace, isExpired, purgeSpace } from "../store/spaces";
import { effectiveRole } from "./permissions";

/**
 * Which spaces and collections a caller reaches, and where they may sit: the parent a body
 * names and the place among siblings. The spaces and collections families, and every family
 * that works in a space, go through here.
 */

/**
 * A live space the caller can see: absent, deleted and other organizations' spaces are all
 * 404. A deleted space past its restore window is removed for good on the way.
 */
export function visibleSpace(
  ctx: ApiContext,
  spaceId: string,
  options: { minimum?: Access; deleted?: boolean } = {},
) {
  const row = findSpace(ctx.store, spaceId);
  const role = row && ctx.roleIn(row.organizationId);
  if (!row || role === undefined) throw notFound(`space ${spaceId}`);
  if (isExpired(ctx.store, row)) {
    purgeSpace(ctx.store, row.id);
    throw notFound(`space ${spaceId} (deleted more than 7 days ago and permanently removed)`);
  }
  if (row.deletedAt !== null && !options.deleted) throw notFound(`space ${spaceId}`);
  const reach = effectiveRole(ctx.store, { kind: "space", ...row }, ctx.userId, role);
  const minimum = options.minimum ?? "member";
  return { row, role: checkRole(reach.role, minimum, row.organizationId, `space ${row.id}`) };
}

/**
 * The collection, once the caller is known to belong to its organization (404 otherwise), with
 * the caller's effective role on it (403 below `minimum`).
 */
export function visibleCollection(
  ctx: ApiContext,
  collectionId: string,
  minimum: Access = "member",
) {
  const row = findCollection(ctx.store, collectionId);
  const role = row && ctx.roleIn(row.organizationId);
  if (!row || role === undefined) throw notFound(`collection ${collectionId}`);
  const reach = effectiveRole(ctx.store, { kind: "collection", ...row }, ctx.userId, role);
  return {
    row,
    role: checkRole(reach.role, minimum, row.organizationId, `collection ${row.id}`),
  };
}

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

function toSiblingRef(ref: z.output<typeof siblingRef>): SiblingRef {
  return ref.type === "space"
    ? { kind: "space", id: ref.space }
    : { kind: "collection", id: ref.collection };
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
