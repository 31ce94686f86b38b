import { createHmac } from "node:crypto";
import { z } from "zod";
import { empty, json } from "../http/route";
import { roleLevel } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { envelope, pageOf, pageQuery, slicePage } from "../pagination";
import { listOf, named } from "../render/common";
import { MemberJson } from "../render/members";
import { SpaceJson } from "../render/spaces";
import { effectiveRole } from "../access/permissions";
import { renderTeam, TeamJson, TeamMembershipJson } from "../render/teams";
import {
  adminCount,
  findMember,
  listMembers,
  markSsoMember,
  removeMember,
  setMemberRole,
  touchMember,
  organizationKey,
  type MemberRow,
} from "../store/members";
import { findUser } from "../store/identity";
import { spacesOf } from "../store/spaces";
import { teamsOfMember } from "../store/teams";
import { renderSpaceFor } from "../render/spaces";
import { memberJson } from "../views";

const order = z.enum(["asc", "desc"]).default("desc");

const memberQuery = pageQuery.extend({
  order,
  role: z.union([roleLevel, z.literal("guest")]).optional(),
  search: z.string().max(512).optional(),
  sort: z.enum(["joinedAt", "lastSeenAt", "name"]).default("joinedAt"),
});

const MemberList = listOf("OrganizationMemberList", MemberJson);
const MemberSpace = named(
  "MemberContentPermission",
  z.strictObject({ permission: roleLevel, space: SpaceJson }),
);
const MemberSpaceList = listOf("MemberContentPermissionList", MemberSpace);
const MemberTeamList = listOf(
  "MemberTeamList",
  z.strictObject({ team: TeamJson, member: TeamMembershipJson }),
);
/**
 * The same JWT under both names: `gitbookVisitorClaims`, what the hosted service sends and its
 * client reads, and `serviceVisitorClaims`, §4.12's name (docs/api-decisions.md).
 */
const PingJson = named(
  "OrganizationPing",
  z.strictObject({ gitbookVisitorClaims: z.string(), serviceVisitorClaims: z.string() }),
);

const base = "/orgs/{organizationId}/members";

/** How long a ping's visitor claims are valid, in seconds. */
const VISITOR_CLAIMS_TTL = 3600;

/**
 * The caller's visitor claims as a JWT signed with the organization's key (HS256): `iss` the
 * emulator, `aud` the organization, `sub` the user, `iat`/`exp` (one hour, on the store's clock)
 * and the claims a visitor-auth site reads: `email`, `name` and the member's `role`.
 */
function visitorClaims(ctx: ApiContext, organizationId: string, role: string | null): string {
  const user = findUser(ctx.store, ctx.userId)!;
  const iat = Math.floor(Date.parse(ctx.store.now()) / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({
    iss: ctx.origin,
    aud: organizationId,
    sub: user.userId,
    iat,
    exp: iat + VISITOR_CLAIMS_TTL,
    email: user.email,
    name: user.displayName,
    role,
  })}`;
  const key = organizationKey(ctx.store, organizationId);
  return `${unsigned}.${createHmac("sha256", key).update(unsigned).digest("base64url")}`;
}

function requireMember(ctx: ApiContext, organizationId: string, userId: string): MemberRow {
  const row = findMember(ctx.store, organizationId, userId);
  if (row === undefined) throw notFound(`member ${userId} of organization ${organizationId}`);
  return row;
}

/** An organization keeps at least one admin: the last one cannot be demoted or removed. */
function keepAnAdmin(ctx: ApiContext, member: MemberRow, newRole: string | null | undefined) {
  if (
    member.role === "admin" &&
    newRole !== "admin" &&
    adminCount(ctx.store, member.organizationId) === 1
  )
    throw conflict(
      `member ${member.userId} is the last admin of organization ${member.organizationId}; make another member admin first`,
    );
}

/** §4.12 Members: listing, reading, the role, removal, ping, SSO, and a member's spaces and teams. */
export const memberRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listMembers",
    summary: "An organization's members, filtered and sorted",
    query: memberQuery,
    responses: { 200: { description: "A page of members", schema: MemberList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const page = pageOf(query);
      const { rows, count } = listMembers(ctx.store, params.organizationId, query, page);
      return json(
        200,
        envelope(
          page,
          rows.map((row) => memberJson(ctx, row)),
          count,
        ),
      );
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{userId}`,
    operationId: "getMember",
    summary: "A member of an organization",
    responses: { 200: { description: "The member", schema: MemberJson } },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      return json(200, memberJson(ctx, requireMember(ctx, params.organizationId, params.userId)));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{userId}`,
    operationId: "updateMember",
    summary: "Change a member's role (`null`: guest)",
    body: z.strictObject({ role: roleLevel.nullable().optional() }),
    responses: { 200: { description: "The member", schema: MemberJson } },
    handler({ params, body }, ctx) {
      const { organizationId, userId } = params;
      ctx.requireRole(organizationId, "admin");
      const row = ctx.store.transaction(() => {
        const member = requireMember(ctx, organizationId, userId);
        if (body.role === undefined) return member;
        keepAnAdmin(ctx, member, body.role);
        setMemberRole(ctx.store, { organizationId, userId }, body.role);
        return requireMember(ctx, organizationId, userId);
      });
      return json(200, memberJson(ctx, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{userId}`,
    operationId: "removeMember",
    summary: "Remove a member from the organization and its teams",
    responses: {
      204: { description: "The user was not a member" },
      205: { description: "The member has been removed" },
    },
    handler({ params }, ctx) {
      const { organizationId, userId } = params;
      ctx.requireRole(organizationId, "admin");
      return ctx.store.transaction(() => {
        const member = findMember(ctx.store, organizationId, userId);
        if (member === undefined) return empty(204);
        keepAnAdmin(ctx, member, undefined);
        removeMember(ctx.store, organizationId, userId);
        return empty(205);
      });
    },
  }),

  apiRoute({
    method: "post",
    path: "/orgs/{organizationId}/ping",
    operationId: "pingOrganization",
    summary: "Record that the caller was seen in the organization now",
    responses: {
      200: {
        description: "Seen, with a signed JWT of the visitor claims to attach to the caller",
        schema: PingJson,
      },
    },
    handler({ params }, ctx) {
      const role = ctx.requireRole(params.organizationId, "member");
      touchMember(ctx.store, params.organizationId, ctx.userId);
      const claims = visitorClaims(ctx, params.organizationId, role);
      return json(200, { gitbookVisitorClaims: claims, serviceVisitorClaims: claims });
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/{userId}/sso`,
    operationId: "setSsoMember",
    summary: "Let a member sign in through the organization's SSO",
    responses: { 200: { description: "The member, now an SSO member", schema: MemberJson } },
    handler({ params }, ctx) {
      const { organizationId, userId } = params;
      ctx.requireRole(organizationId, "admin");
      requireMember(ctx, organizationId, userId);
      markSsoMember(ctx.store, organizationId, userId);
      return json(200, memberJson(ctx, requireMember(ctx, organizationId, userId)));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{userId}/spaces`,
    operationId: "listMemberSpaces",
    summary: "The spaces a member reaches, with the role it has in each",
    query: pageQuery.extend({ order }),
    responses: { 200: { description: "A page of space permissions", schema: MemberSpaceList } },
    handler({ params, query }, ctx) {
      const { organizationId, userId } = params;
      const callerRole = ctx.requireRole(organizationId, "member");
      const member = requireMember(ctx, organizationId, userId);
      // Each live space with the member's effective role there: a guest's are those grants reach.
      const spaces = spacesOf(ctx.store, organizationId).flatMap((row) => {
        const { role } = effectiveRole(ctx.store, { kind: "space", ...row }, userId, member.role);
        return role === null ? [] : [{ row, permission: role }];
      });
      spaces.sort(
        (a, b) =>
          (query.order === "asc" ? 1 : -1) *
          (a.row.createdAt.localeCompare(b.row.createdAt) || a.row.id.localeCompare(b.row.id)),
      );
      const page = slicePage(pageOf(query), spaces);
      return json(200, {
        ...page,
        items: page.items.map(({ row, permission }) => ({
          permission,
          space: renderSpaceFor(ctx, row, callerRole),
        })),
      });
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{userId}/teams`,
    operationId: "listMemberTeams",
    summary: "The teams a member is in, with its role in each",
    query: pageQuery.extend({ title: z.string().max(256).optional() }),
    responses: { 200: { description: "A page of teams", schema: MemberTeamList } },
    handler({ params, query }, ctx) {
      const { organizationId, userId } = params;
      const callerRole = ctx.requireRole(organizationId, "member");
      requireMember(ctx, organizationId, userId);
      const page = pageOf(query);
      const { rows, count } = teamsOfMember(ctx.store, organizationId, userId, query.title, page);
      const admin = callerRole === "admin";
      const items = rows.map(({ team, role }) => ({
        team: renderTeam(team, admin || (userId === ctx.userId && role === "owner")),
        member: { role },
      }));
      return json(200, envelope(page, items, count));
    },
  }),
];
