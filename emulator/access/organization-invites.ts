import { hasRole } from "../auth";
import type { ApiContext } from "../context";
import { badRequest } from "../errors";
import { renderCollection } from "../render/collections";
import type { InviteLinkJson } from "../render/organization-invites";
import { renderSpaceFor } from "../render/spaces";
import { findCollection } from "../store/collections";
import type { InviteLinkRow } from "../store/organization-invites";
import { findSpace } from "../store/spaces";

/**
 * What the invite-link routes share (docs/api-decisions.md, "Organization invite links"): the
 * target a create names, checked against the organization, and the link as the API answers it.
 */

export type InviteTarget =
  | { role: string | null }
  | { level: string | null; space: string }
  | { level: string | null; collection: string };

/**
 * The row's fields for a create body: a space must be a live space of the organization, a
 * collection one of its collections; anything else is 400 naming `space` or `collection`.
 */
export function targetFields(ctx: ApiContext, organizationId: string, body: InviteTarget) {
  if ("role" in body) return { role: body.role, spaceId: null, collectionId: null };
  if ("space" in body) {
    const space = findSpace(ctx.store, body.space);
    if (space === undefined || space.organizationId !== organizationId || space.deletedAt !== null)
      throw badRequest(`space: ${body.space} is not a space of organization ${organizationId}`);
    return { role: body.level, spaceId: space.id, collectionId: null };
  }
  const collection = findCollection(ctx.store, body.collection);
  if (collection === undefined || collection.organizationId !== organizationId)
    throw badRequest(
      `collection: ${body.collection} is not a collection of organization ${organizationId}`,
    );
  return { role: body.level, spaceId: null, collectionId: collection.id };
}

/**
 * The link as the API answers it. `redundant`: the caller's role in the organization already
 * gives what the link gives (a guest link is redundant for any member).
 */
export function renderInviteLink(ctx: ApiContext, row: InviteLinkRow): InviteLinkJson {
  const callerRole = ctx.roleIn(row.organizationId) ?? null;
  const redundant = hasRole(callerRole, (row.role ?? "guest") as Parameters<typeof hasRole>[1]);
  const base = { object: "invite" as const, id: row.id, redundant };
  if (row.spaceId !== null) {
    const space = findSpace(ctx.store, row.spaceId)!;
    return { ...base, level: row.role as never, space: renderSpaceFor(ctx, space, callerRole) };
  }
  if (row.collectionId !== null) {
    const collection = findCollection(ctx.store, row.collectionId)!;
    return {
      ...base,
      level: row.role as never,
      collection: renderCollection(collection, ctx.origin, callerRole),
    };
  }
  return { ...base, role: row.role as never };
}
