import type { Context } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../auth";
import { requireMember } from "../auth";
import { badRequest, HttpError, notFound } from "../errors";
import type { Store } from "../store";
import {
  findSite,
  insertSiteSpace,
  siteSpacePathTaken,
  type SiteRow,
  type SiteView,
  siteView,
  slugify,
  uniquePath,
} from "../store/sites";
import { findSpace, ROLE_RANK } from "../store/spaces";
import { readQuery } from "../validation";

/** What a docs-site route has once it has checked the caller and found the site. */
export interface SiteRequest {
  organizationId: string;
  role: string | null;
  site: SiteRow;
  origin: string;
  view: SiteView;
}

/**
 * The least role each kind of write needs. Site settings, publishing and share links are the
 * site admin's; the content structure (sections, groups, site spaces) is what the `create` role
 * manages. Reads need membership only.
 */
export type SiteAccess = "read" | "create" | "admin";

export function originOf(c: Context<EmulatorEnv>): string {
  return new URL(c.req.url).origin;
}

export function param(c: Context<EmulatorEnv>, name: string): string {
  const value = c.req.param(name);
  if (value === undefined) throw badRequest(`missing path parameter ${name}`);
  return value;
}

export function requireRole(role: string | null, access: SiteAccess): void {
  if (access === "read") return;
  const rank = role === null ? 0 : (ROLE_RANK[role] ?? 0);
  if (rank < ROLE_RANK[access]!)
    throw new HttpError(
      403,
      `this operation needs the ${access} role in the organization; the caller's role is ${role ?? "guest"}`,
    );
}

/** Checks membership (404 for an org the token cannot see), then the role, then the site. */
export function requireOrg(
  store: Store,
  c: Context<EmulatorEnv>,
  access: SiteAccess,
): { organizationId: string; role: string | null } {
  const organizationId = param(c, "organizationId");
  const role = requireMember(store, c, organizationId);
  requireRole(role, access);
  return { organizationId, role };
}

export function requireSite(
  store: Store,
  c: Context<EmulatorEnv>,
  access: SiteAccess,
  shareKey?: string,
): SiteRequest {
  const { organizationId, role } = requireOrg(store, c, access);
  const siteId = param(c, "siteId");
  const site = findSite(store, organizationId, siteId);
  if (site === undefined) throw notFound(`site ${siteId}`);
  const origin = originOf(c);
  return {
    organizationId,
    role,
    site,
    origin,
    view: siteView(store, site, origin, role, shareKey),
  };
}

/** The view again after a write changed the site or its structure (defaults, counts). */
export function refreshView(store: Store, request: SiteRequest): SiteView {
  const site = findSite(store, request.organizationId, request.site.id)!;
  return siteView(store, site, request.origin, request.role, request.view.shareKey);
}

const shareKeyQuery = z.looseObject({ shareKey: z.string().optional() });

export function readShareKey(c: Context<EmulatorEnv>): string | undefined {
  return readQuery(c, shareKeyQuery).shareKey;
}

/** A reference to another object in a body: when it does not resolve, 400 naming the field. */
export function badReference(field: string, message: string): HttpError {
  return badRequest(`${field} ${message}`);
}

/**
 * Where to insert a moved item among its siblings (the moved item already left out of
 * `order`), from a `position` of `before` and/or `after` references. Each reference must be a
 * sibling; with both, they must be neighbours. Anything else is an invalid position, 400.
 */
export function insertionIndex(
  order: readonly string[],
  movedId: string,
  position: { before?: string; after?: string },
  field: { before: string; after: string },
  siblings: string,
): number {
  const { before, after } = position;
  if (before === undefined && after === undefined)
    throw badRequest("position must have before or after");
  const indexOf = (id: string, name: string) => {
    if (id === movedId) throw badRequest(`${name} must not reference the item being moved`);
    const i = order.indexOf(id);
    if (i < 0) throw badRequest(`${name} ${id} is not one of ${siblings}`);
    return i;
  };
  const b = before === undefined ? undefined : indexOf(before, field.before);
  const a = after === undefined ? undefined : indexOf(after, field.after);
  if (a !== undefined && b !== undefined && a + 1 !== b)
    throw badRequest(`position.after and position.before are not neighbours`);
  return a !== undefined ? a + 1 : b!;
}

/** A live space of the organization, for a body field that links one; otherwise 400. */
export function requireLiveSpace(
  store: Store,
  organizationId: string,
  spaceId: string,
  field: string,
) {
  const space = findSpace(store, spaceId);
  if (space === undefined || space.organizationId !== organizationId || space.deletedAt !== null)
    throw badReference(field, `${spaceId} is not a live space of this organization`);
  return space;
}

/** Links a space into a container (a section, or the root), at a path unique there. */
export function linkSpace(
  store: Store,
  siteId: string,
  sectionId: string | null,
  space: { id: string; title: string },
) {
  const path = uniquePath(slugify(space.title), (p) =>
    siteSpacePathTaken(store, siteId, sectionId, p),
  );
  return insertSiteSpace(store, siteId, { sectionId, spaceId: space.id, path });
}
