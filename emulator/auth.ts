import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { HttpError, notFound } from "./errors";
import { requestHeader } from "./http/headers";
import type { Store } from "./store";
import { membershipRole, userForToken } from "./store/identity";

/**
 * Who may do what: every family checks access through this module, so a role means the same
 * thing on every route.
 */

/** The API's RoleLevel (§2.1); `null`, where allowed, is a guest. */
export const roleLevel = z.enum(["admin", "create", "review", "edit", "comment", "read"]);
export type Role = z.output<typeof roleLevel>;

/** How far each role reaches: a role may do everything the roles below it may. */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  read: 1,
  comment: 2,
  edit: 3,
  review: 4,
  create: 5,
  admin: 6,
};

/**
 * What a route needs: any membership, guests included (`guest`: the organization itself, and the
 * lists that show a guest only what its grants reach); a role of any level (`member`); or at
 * least a given role. On a space, collection or site the role checked is the caller's effective
 * role there, so `member` is met by any grant reaching a guest. A guest is held to what its
 * grants reach (README, "Security model"; docs/api-decisions.md, "Guests").
 */
export type Access = "guest" | "member" | Role;

/** Whether a role (`null`: a guest, or a guest's on an object no grant of it reaches) reaches `minimum`. */
export function hasRole(role: string | null, minimum: Access): boolean {
  if (minimum === "guest") return true;
  if (minimum === "member") return role !== null;
  const rank = role === null ? 0 : (ROLE_RANK[role as Role] ?? 0);
  return rank >= ROLE_RANK[minimum];
}

/** What routes read from the Hono context. */
export interface EmulatorEnv {
  Variables: { userId: string };
}

/** Bearer authentication: a missing or unknown token is 401 with the API's error body. */
export function bearerAuth(store: Store): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined)
      throw new HttpError(401, "missing bearer token in the Authorization header");
    const userId = userForToken(store, token);
    if (userId === undefined) throw new HttpError(401, "unknown API token");
    c.set("userId", userId);
    await next();
  };
}

/** Where the emulator is reached from this request: the root of every `urls` value. */
export function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}

/**
 * The caller's role in `organizationId`, or undefined when it is not a member. For a DELETE,
 * which answers 204 for targets the caller cannot see rather than revealing them.
 */
export function roleIn(
  store: Store,
  userId: string,
  organizationId: string,
): string | null | undefined {
  return membershipRole(store, organizationId, userId);
}

/**
 * Checks that the caller belongs to `organizationId` (404 otherwise, as if it did not exist, so
 * another organization's ids cannot be probed) and that its role reaches `minimum` (403
 * otherwise). Returns the role.
 */
export function requireRole(
  store: Store,
  userId: string,
  organizationId: string,
  minimum: Access,
): string | null {
  const role = membershipRole(store, organizationId, userId);
  if (role === undefined) throw notFound(`organization ${organizationId}`);
  return checkRole(role, minimum, organizationId);
}

/**
 * A role already read, checked against `minimum`: 403 below it. Returns the role. `on` names the
 * object when the role is the caller's effective role there (`space abc`), not the organization's.
 */
export function checkRole(
  role: string | null,
  minimum: Access,
  organizationId: string,
  on?: string,
): string | null {
  if (!hasRole(role, minimum)) {
    const where = on === undefined ? `in organization ${organizationId}` : `on ${on}`;
    throw new HttpError(
      403,
      minimum === "member"
        ? `this operation needs a role ${where}; a guest reaches only what its grants share with it`
        : `this operation needs the ${minimum} role ${where}; the caller's role is ${role ?? "guest"}`,
    );
  }
  return role;
}

/** Whether two secrets are equal, in a time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  // Digests have one length, which timingSafeEqual needs, and hide the expected one's.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The bearer token of a request, if it sent one. */
export function bearerToken(c: Context): string | undefined {
  const header = requestHeader(c, "authorization") ?? "";
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/**
 * The admin API's authentication: the emulator's admin token (printed at start, or given with
 * `--admin-token`) as a bearer token. An API token does not open it: the admin API seeds,
 * resets and reads every tenant's requests.
 */
export function adminAuth(adminToken: string): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined)
      throw new HttpError(
        401,
        "the admin API needs the emulator's admin token as a bearer token in the Authorization header (printed at start, or set with --admin-token)",
      );
    if (!sameSecret(token, adminToken))
      throw new HttpError(
        401,
        "this is not the emulator's admin token (API tokens do not open the admin API)",
      );
    await next();
  };
}

/** Who is looking at the app pages: the emulator's admin, or a user by an API token. */
export type Viewer = { kind: "admin" } | { kind: "user"; userId: string };

/** The viewer a token stands for: the admin token, or a user's API token; else undefined. */
export function viewerForToken(
  store: Store,
  adminToken: string,
  token: string,
): Viewer | undefined {
  if (sameSecret(token, adminToken)) return { kind: "admin" };
  const userId = userForToken(store, token);
  return userId === undefined ? undefined : { kind: "user", userId };
}

/**
 * The viewer's role in an organization, as the API would give it: the emulator's admin is an
 * admin everywhere; undefined when the viewer is not a member.
 */
export function viewerRole(
  store: Store,
  viewer: Viewer,
  organizationId: string,
): string | null | undefined {
  return viewer.kind === "admin" ? "admin" : membershipRole(store, organizationId, viewer.userId);
}
