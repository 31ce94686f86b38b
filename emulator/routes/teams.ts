import { z } from "zod";
import { empty, json } from "../http/route";
import { checkRole } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import { renderTeam, TeamJson, TeamMemberJson, teamRole } from "../render/teams";
import { findMember, resolveMember, type MemberRow } from "../store/members";
import {
  deleteTeam,
  findTeam,
  insertTeam,
  listTeams,
  putTeamMember,
  removeTeamMember,
  renameTeam,
  teamMembers,
  teamRole as roleInTeam,
  type TeamRole,
  type TeamRow,
} from "../store/teams";
import { memberJson } from "../views";
import { TEAM_TITLE_MAX } from "../limits";

const title = z.string().min(1).max(TEAM_TITLE_MAX);
/** A user id or an e-mail address. */
const userRef = z.string().min(1).max(320);
const MAX_REFS = 1000;

const updateMembersBody = z.strictObject({
  add: z.array(userRef).max(MAX_REFS).optional(),
  remove: z.array(userRef).max(MAX_REFS).optional(),
  memberships: z.record(userRef, z.strictObject({ role: teamRole })).optional(),
});

const TeamList = listOf("OrganizationTeamList", TeamJson);
const TeamMemberList = listOf("OrganizationTeamMemberList", TeamMemberJson);

const base = "/orgs/{organizationId}/teams";

function requireTeam(ctx: ApiContext, organizationId: string, teamId: string): TeamRow {
  const team = findTeam(ctx.store, organizationId, teamId);
  if (team === undefined) throw notFound(`team ${teamId}`);
  return team;
}

/** Whether the caller may manage `team`: an admin of its organization, or an owner of the team. */
function manages(ctx: ApiContext, role: string | null, team: TeamRow): boolean {
  return role === "admin" || roleInTeam(ctx.store, team.id, ctx.userId) === "owner";
}

/** The team, when the caller may manage it: 404 when absent, 403 when it may not. */
function requireManagedTeam(ctx: ApiContext, organizationId: string, teamId: string): TeamRow {
  const role = ctx.requireRole(organizationId, "member");
  const team = requireTeam(ctx, organizationId, teamId);
  if (!manages(ctx, role, team)) checkRole(role, "admin", organizationId);
  return team;
}

/** The member a body reference names (a user id or an e-mail); 400 naming `field` otherwise. */
function memberNamed(ctx: ApiContext, organizationId: string, ref: string, field: string) {
  const member = resolveMember(ctx.store, organizationId, ref);
  if (member === undefined)
    throw badRequest(
      `${field}: no member of organization ${organizationId} has the user id or e-mail ${JSON.stringify(ref)}`,
    );
  return member;
}

/**
 * What a bulk update does, worked out before anything is written: every reference must name a
 * member (400 naming the field otherwise); a user in both `add` and `remove` is removed (§4.12);
 * `memberships` sets the role of a member added here or already in the team.
 */
export function planTeamUpdate(
  ctx: ApiContext,
  team: TeamRow,
  body: z.output<typeof updateMembersBody>,
): { put: { userId: string; role: TeamRole }[]; remove: string[] } {
  const org = team.organizationId;
  const removed = new Set(
    (body.remove ?? []).map((ref, i) => memberNamed(ctx, org, ref, `remove[${i}]`).userId),
  );
  const roles = new Map<string, TeamRole>();
  for (const [ref, membership] of Object.entries(body.memberships ?? {})) {
    const field = `memberships.${ref}`;
    roles.set(memberNamed(ctx, org, ref, field).userId, membership.role);
  }
  const added = new Set<string>();
  for (const [i, ref] of (body.add ?? []).entries()) {
    const { userId } = memberNamed(ctx, org, ref, `add[${i}]`);
    if (!removed.has(userId)) added.add(userId);
  }
  const put: { userId: string; role: TeamRole }[] = [];
  for (const userId of added) {
    put.push({
      userId,
      role: roles.get(userId) ?? roleInTeam(ctx.store, team.id, userId) ?? "member",
    });
  }
  for (const [userId, role] of roles) {
    if (added.has(userId) || removed.has(userId)) continue;
    if (roleInTeam(ctx.store, team.id, userId) === undefined)
      throw badRequest(
        `memberships.${userId}: user ${userId} is not in team ${team.id} and not in add`,
      );
    put.push({ userId, role });
  }
  return { put, remove: [...removed] };
}

/** §4.12 Teams and team members. */
export const teamRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listTeams",
    summary: "An organization's teams, by title or by who may manage them",
    query: pageQuery.extend({
      title: z.string().max(256).optional(),
      owner: z.string().min(1).max(320).optional(),
    }),
    responses: { 200: { description: "A page of teams", schema: TeamList } },
    handler({ params, query }, ctx) {
      const role = ctx.requireRole(params.organizationId, "member");
      const page = pageOf(query);
      let owner: { userId: string; admin: boolean } | undefined;
      if (query.owner !== undefined) {
        const member = findMember(ctx.store, params.organizationId, query.owner);
        if (member === undefined) return json(200, envelope(page, [], 0));
        owner = { userId: member.userId, admin: member.role === "admin" };
      }
      const filter = { title: query.title, owner };
      const { rows, count } = listTeams(ctx.store, params.organizationId, filter, page);
      const items = rows.map((team) => renderTeam(team, manages(ctx, role, team)));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "put",
    path: base,
    operationId: "createTeam",
    summary: "Create a team, optionally with members (user ids), each with the role member",
    body: z.strictObject({ title, members: z.array(userRef).max(MAX_REFS).optional() }),
    responses: { 201: { description: "The new team", schema: TeamJson } },
    handler({ params, body }, ctx) {
      const org = params.organizationId;
      ctx.requireRole(org, "admin");
      const team = ctx.store.transaction(() => {
        const members: MemberRow[] = (body.members ?? []).map((userId, i) => {
          const member = findMember(ctx.store, org, userId);
          if (member === undefined)
            throw badRequest(
              `members[${i}]: user ${userId} is not a member of organization ${org}`,
            );
          return member;
        });
        const id = insertTeam(ctx.store, org, body.title);
        for (const member of members)
          putTeamMember(ctx.store, { id, organizationId: org }, member.userId, "member");
        return requireTeam(ctx, org, id);
      });
      return json(201, renderTeam(team, true));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{teamId}`,
    operationId: "getTeam",
    summary: "A team",
    responses: { 200: { description: "The team", schema: TeamJson } },
    handler({ params }, ctx) {
      const role = ctx.requireRole(params.organizationId, "member");
      const team = requireTeam(ctx, params.organizationId, params.teamId);
      return json(200, renderTeam(team, manages(ctx, role, team)));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{teamId}`,
    operationId: "updateTeam",
    summary: "Rename a team",
    body: z.strictObject({ title }),
    responses: { 200: { description: "The team", schema: TeamJson } },
    handler({ params, body }, ctx) {
      const team = requireManagedTeam(ctx, params.organizationId, params.teamId);
      renameTeam(ctx.store, team.id, body.title);
      return json(200, renderTeam(requireTeam(ctx, params.organizationId, team.id), true));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{teamId}`,
    operationId: "deleteTeam",
    summary: "Delete a team; its members stay in the organization",
    responses: {
      204: { description: "The team did not exist" },
      205: { description: "The team has been deleted" },
    },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const team = findTeam(ctx.store, params.organizationId, params.teamId);
      if (team === undefined) return empty(204);
      deleteTeam(ctx.store, team.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{teamId}/members`,
    operationId: "listTeamMembers",
    summary: "A team's members and their roles in it",
    query: pageQuery,
    responses: { 200: { description: "A page of team members", schema: TeamMemberList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const team = requireTeam(ctx, params.organizationId, params.teamId);
      const page = pageOf(query);
      const { rows, count } = teamMembers(ctx.store, team.id, page);
      const items = rows.map(({ userId, role }) => ({
        organization: memberJson(ctx, findMember(ctx.store, team.organizationId, userId)!),
        team: { role },
        permissions: { view: true },
      }));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "put",
    path: `${base}/{teamId}/members`,
    operationId: "updateTeamMembers",
    summary: "Add, remove and set the roles of a team's members in one request",
    body: updateMembersBody,
    responses: { 204: { description: "The members have been updated" } },
    handler({ params, body }, ctx) {
      ctx.store.transaction(() => {
        const team = requireManagedTeam(ctx, params.organizationId, params.teamId);
        const plan = planTeamUpdate(ctx, team, body);
        for (const userId of plan.remove) removeTeamMember(ctx.store, team.id, userId);
        for (const { userId, role } of plan.put) putTeamMember(ctx.store, team, userId, role);
      });
      return empty(204);
    },
  }),

  apiRoute({
    method: "put",
    path: `${base}/{teamId}/members/{userId}`,
    operationId: "putTeamMember",
    summary: "Add a member to a team, or change its role in it",
    body: z.strictObject({ role: teamRole.optional() }),
    responses: { 204: { description: "The member has been added or updated" } },
    handler({ params, body }, ctx) {
      ctx.store.transaction(() => {
        const team = requireManagedTeam(ctx, params.organizationId, params.teamId);
        const member = findMember(ctx.store, team.organizationId, params.userId);
        if (member === undefined)
          throw notFound(`member ${params.userId} of organization ${team.organizationId}`);
        const role = body.role ?? roleInTeam(ctx.store, team.id, member.userId) ?? "member";
        putTeamMember(ctx.store, team, member.userId, role);
      });
      return empty(204);
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{teamId}/members/{userId}`,
    operationId: "removeTeamMember",
    summary: "Take a member out of a team",
    responses: {
      204: { description: "The user was not in the team" },
      205: { description: "The member has been taken out of the team" },
    },
    handler({ params }, ctx) {
      const team = requireManagedTeam(ctx, params.organizationId, params.teamId);
      return removeTeamMember(ctx.store, team.id, params.userId) ? empty(205) : empty(204);
    },
  }),
];
