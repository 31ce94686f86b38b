import { z } from "zod";
import { aggregateOf, type Reach } from "../access/permissions";
import { requireSite } from "../access/sites";
import { visibleCollection, visibleSpace } from "../access/spaces";
import { roleLevel, type Access, type Role } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, HttpError } from "../errors";
import { empty, json } from "../http/route";
import { PERMISSION_INVITE_MAX } from "../limits";
import { envelope, pageOf, pageQuery, slicePage } from "../pagination";
import { roleOrGuest } from "../render/common";
import { renderUser } from "../render/members";
import {
  TeamContentPermissionList,
  TeamSitePermissionOverrideList,
  UserContentPermissionList,
  UserSitePermissionList,
  UserSitePermissionOverrideList,
  type UserSitePermissionOriginJson,
} from "../render/permissions";
import { renderTeam } from "../render/teams";
import { findMember } from "../store/members";
import {
  findGrant,
  listGrants,
  putGrant,
  removeGrant,
  type Principal,
  type PrincipalKind,
  type Target,
  type TargetKind,
} from "../store/permissions";
import { findTeam, teamRole } from "../store/teams";
import { id } from "../validation";

/**
 * The hosted service's permissions families on spaces, collections and sites
 * (docs/api-decisions.md, "Permissions"): invite teams and members with a role, change or take
 * away one principal's grant, list the grants, and list who can access the object. Managing
 * needs the `admin` role on the object (the organization's, or one a grant gives); reading, that
 * the caller sees it.
 */

/** One kind of object grants are on, and how a route finds it and checks the caller. */
interface TargetSpec {
  kind: TargetKind;
  /** In operation ids: `inviteToSpace`. */
  noun: "Space" | "Collection" | "Site";
  base: string;
  /** The object, after checking the caller's effective role on it (404, then 403). */
  resolve(ctx: ApiContext, params: Record<string, string>, minimum: Access): Target;
}

const SPACE: TargetSpec = {
  kind: "space",
  noun: "Space",
  base: "/spaces/{spaceId}",
  resolve(ctx, params, minimum) {
    const { row } = visibleSpace(ctx, params.spaceId!, { minimum });
    return { kind: "space", id: row.id, organizationId: row.organizationId };
  },
};

const COLLECTION: TargetSpec = {
  kind: "collection",
  noun: "Collection",
  base: "/collections/{collectionId}",
  resolve(ctx, params, minimum) {
    const { row } = visibleCollection(ctx, params.collectionId!, minimum);
    return { kind: "collection", id: row.id, organizationId: row.organizationId };
  },
};

const SITE: TargetSpec = {
  kind: "site",
  noun: "Site",
  base: "/orgs/{organizationId}/sites/{siteId}",
  resolve(ctx, params, minimum) {
    const ref = { organizationId: params.organizationId!, siteId: params.siteId! };
    const { site } = requireSite(ctx, ref, minimum);
    return { kind: "site", id: site.id, organizationId: site.organizationId };
  },
};

const principals = z.array(id).min(1).max(PERMISSION_INVITE_MAX);

/** The hosted `InviteUsersAndTeams`: a role (`null`: guest) and teams and/or users by id. */
const inviteBody = z.strictObject({
  role: roleOrGuest,
  teams: principals.optional(),
  users: principals.optional(),
});

/** The hosted PATCH bodies: a space's and a collection's take `MemberRoleOrGuest`, a site's `MemberRole`. */
const updateBody = z.strictObject({ role: roleOrGuest.optional() });
const siteUpdateBody = z.strictObject({ role: roleLevel.optional() });

/**
 * The role a grant on `spec` may hold: any RoleLevel, and on a site also `null` (a guest
 * override, listed as such). A space's and a collection's lists show a RoleLevel, so `null` is
 * refused there, naming the field.
 */
function grantRole(spec: TargetSpec, role: string | null): string | null {
  if (role === null && spec.kind !== "site")
    throw badRequest(
      `role: a ${spec.kind} permission needs a role (${roleLevel.options.join(", ")}); null (guest) is for sites, and DELETE takes a grant away`,
    );
  return role;
}

/** The principal a body or a path names: a team or a member of the target's organization, else 404. */
function requirePrincipal(
  ctx: ApiContext,
  target: Target,
  kind: PrincipalKind,
  principalId: string,
  field: string,
): Principal {
  const found =
    kind === "team"
      ? findTeam(ctx.store, target.organizationId, principalId)
      : findMember(ctx.store, target.organizationId, principalId);
  if (found === undefined)
    throw new HttpError(
      404,
      `${field}: no ${kind === "team" ? "team" : "member"} ${principalId} in organization ${target.organizationId}`,
    );
  return { kind, id: principalId };
}

function inviteRoute(spec: TargetSpec) {
  return apiRoute({
    method: "post",
    path: `${spec.base}/permissions`,
    operationId: `inviteTo${spec.noun}`,
    summary: `Give teams or members a role on a ${spec.kind}`,
    body: inviteBody,
    responses: { 204: { description: "The grants are made (or their role changed)" } },
    handler({ params, body }, ctx) {
      const target = spec.resolve(ctx, params as Record<string, string>, "admin");
      const role = grantRole(spec, body.role);
      if (body.teams === undefined && body.users === undefined)
        throw badRequest("teams or users: one of them must list at least one id");
      ctx.store.transaction(() => {
        const found = [
          ...(body.teams ?? []).map((t, i) =>
            requirePrincipal(ctx, target, "team", t, `teams[${i}]`),
          ),
          ...(body.users ?? []).map((u, i) =>
            requirePrincipal(ctx, target, "user", u, `users[${i}]`),
          ),
        ];
        for (const principal of found) putGrant(ctx.store, target, principal, role);
      });
      return empty(204);
    },
  });
}

const PATH_KEY = { team: "teamId", user: "userId" } as const;
const NOUN = { team: "Team", user: "User" } as const;

function updateRoute(spec: TargetSpec, kind: PrincipalKind) {
  return apiRoute({
    method: "patch",
    path: `${spec.base}/permissions/${kind}s/{${PATH_KEY[kind]}}`,
    operationId: `update${NOUN[kind]}PermissionIn${spec.noun}`,
    summary: `Change the role a ${kind} has on a ${spec.kind}`,
    body: spec.kind === "site" ? siteUpdateBody : updateBody,
    responses: { 204: { description: "The role is changed" } },
    handler({ params, body }, ctx) {
      const p = params as Record<string, string>;
      const target = spec.resolve(ctx, p, "admin");
      const principal = requirePrincipal(ctx, target, kind, p[PATH_KEY[kind]]!, PATH_KEY[kind]);
      if (findGrant(ctx.store, target, principal) === undefined)
        throw new HttpError(
          404,
          `${kind} ${principal.id} has no permission on ${spec.kind} ${target.id}`,
        );
      if (body.role !== undefined)
        putGrant(ctx.store, target, principal, grantRole(spec, body.role));
      return empty(204);
    },
  });
}

function removeRoute(spec: TargetSpec, kind: PrincipalKind) {
  return apiRoute({
    method: "delete",
    path: `${spec.base}/permissions/${kind}s/{${PATH_KEY[kind]}}`,
    operationId: `remove${NOUN[kind]}From${spec.noun}`,
    summary: `Take away the role a ${kind} has on a ${spec.kind}`,
    responses: {
      204: { description: `The ${kind} had no permission there` },
      205: { description: `The ${kind}'s permission is taken away` },
    },
    handler({ params }, ctx) {
      const p = params as Record<string, string>;
      const target = spec.resolve(ctx, p, "admin");
      const principal = { kind, id: p[PATH_KEY[kind]]! };
      return removeGrant(ctx.store, target, principal) ? empty(205) : empty(204);
    },
  });
}

function teamListRoute(spec: TargetSpec) {
  return apiRoute({
    method: "get",
    path: `${spec.base}/permissions/teams`,
    operationId: `listTeamPermissionsIn${spec.noun}`,
    summary: `The teams given a role on a ${spec.kind}`,
    query: pageQuery,
    responses: {
      200: {
        description: "A page of team permissions",
        schema: spec.kind === "site" ? TeamSitePermissionOverrideList : TeamContentPermissionList,
      },
    },
    handler({ params, query }, ctx) {
      const target = spec.resolve(ctx, params as Record<string, string>, "member");
      const admin = ctx.roleIn(target.organizationId) === "admin";
      const page = pageOf(query);
      const { rows, count } = listGrants(ctx.store, target, "team", page);
      const items = rows.map((grant) => {
        const team = findTeam(ctx.store, target.organizationId, grant.principalId)!;
        const manage = admin || teamRole(ctx.store, team.id, ctx.userId) === "owner";
        return { permission: grant.role as Role, team: renderTeam(team, manage) };
      });
      return json(200, envelope(page, items, count));
    },
  });
}

function userListRoute(spec: TargetSpec) {
  return apiRoute({
    method: "get",
    path: `${spec.base}/permissions/users`,
    operationId: `listUserPermissionsIn${spec.noun}`,
    summary: `The members given a role on a ${spec.kind}`,
    query: pageQuery,
    responses: {
      200: {
        description: "A page of user permissions",
        schema: spec.kind === "site" ? UserSitePermissionOverrideList : UserContentPermissionList,
      },
    },
    handler({ params, query }, ctx) {
      const target = spec.resolve(ctx, params as Record<string, string>, "member");
      const page = pageOf(query);
      const { rows, count } = listGrants(ctx.store, target, "user", page);
      const items = rows.map((grant) => ({
        permission: grant.role as Role,
        user: renderUser(
          ctx.origin,
          findMember(ctx.store, target.organizationId, grant.principalId)!,
        ),
      }));
      return json(200, envelope(page, items, count));
    },
  });
}

const aggregateQuery = pageQuery.extend({ role: roleLevel.optional() });
const siteAggregateQuery = pageQuery.extend({
  role: z.union([roleLevel, z.literal("guest")]).optional(),
  team: id.optional(),
  search: z.string().max(320).optional(),
});

function contentAggregateRoute(spec: TargetSpec) {
  return apiRoute({
    method: "get",
    path: `${spec.base}/permissions/aggregate`,
    operationId: `listPermissionsAggregateIn${spec.noun}`,
    summary: `Who can access a ${spec.kind}, with their effective role`,
    query: aggregateQuery,
    responses: {
      200: { description: "A page of members and their roles", schema: UserContentPermissionList },
    },
    handler({ params, query }, ctx) {
      const target = spec.resolve(ctx, params as Record<string, string>, "member");
      const items = aggregateOf(ctx.store, target)
        .filter(({ reach }) => query.role === undefined || reach.role === query.role)
        .map(({ member, reach }) => ({
          permission: reach.role!,
          user: renderUser(ctx.origin, member),
        }));
      return json(200, slicePage(pageOf(query), items));
    },
  });
}

/** Where a site role comes from, in the hosted `UserSitePermissionOrigin`. */
function siteOrigin(target: Target, reach: Reach): UserSitePermissionOriginJson {
  const { origin } = reach;
  if (origin.type === "organization")
    return { type: "organization", organization: target.organizationId };
  if (origin.type === "default") return { type: "site", site: target.id, reason: "default" };
  return origin.grant.principalKind === "user"
    ? { type: "site", site: target.id, reason: "member" }
    : { type: "site", site: target.id, reason: "team", team: origin.grant.principalId };
}

function siteAggregateRoute() {
  return apiRoute({
    method: "get",
    path: `${SITE.base}/permissions/aggregate`,
    operationId: "listPermissionsAggregateInSite",
    summary: "Who can access a site, with their effective role and where it comes from",
    query: siteAggregateQuery,
    responses: {
      200: { description: "A page of members and their roles", schema: UserSitePermissionList },
    },
    handler({ params, query }, ctx) {
      const target = SITE.resolve(ctx, params as Record<string, string>, "member");
      const search = query.search?.toLowerCase();
      const inTeam = (userId: string) =>
        query.team === undefined || teamRole(ctx.store, query.team, userId) !== undefined;
      const items = aggregateOf(ctx.store, target)
        .filter(({ reach }) => query.role === undefined || reach.role === query.role)
        .filter(({ member }) => inTeam(member.userId))
        .filter(
          ({ member }) =>
            search === undefined ||
            member.displayName.toLowerCase().includes(search) ||
            member.email.toLowerCase().includes(search),
        )
        .map(({ member, reach }) => ({
          permission: reach.role,
          user: renderUser(ctx.origin, member),
          origin: siteOrigin(target, reach),
          disabled: member.disabled,
          ...(member.lastSeenAt !== null ? { lastSeenAt: member.lastSeenAt } : {}),
        }));
      return json(200, slicePage(pageOf(query), items));
    },
  });
}

function familyRoutes(spec: TargetSpec) {
  return [
    inviteRoute(spec),
    teamListRoute(spec),
    userListRoute(spec),
    updateRoute(spec, "team"),
    removeRoute(spec, "team"),
    updateRoute(spec, "user"),
    removeRoute(spec, "user"),
    spec.kind === "site" ? siteAggregateRoute() : contentAggregateRoute(spec),
  ];
}

/** The permissions of spaces, collections and sites. */
export const permissionRoutes = [
  ...familyRoutes(SPACE),
  ...familyRoutes(COLLECTION),
  ...familyRoutes(SITE),
];
