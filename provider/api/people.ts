import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll, paginate, segment } from "../client";
import { open, RoleLevel } from "./common";

/** Members and teams (§2.10, §4.12), with the limits of §8. SAML providers: saml-providers.ts. */

/** A team member's role in its team. */
export const TEAM_ROLES = ["owner", "member"] as const;
export const TeamRole = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRole>;

/** The hosted service's team title: 1 to 64 characters. */
export const TeamTitle = z.string().min(1).max(64);

/** An e-mail address, as members are named by; lower case, as the service compares them. */
export const Email = z.email();

/** A Member as the provider reads it: `id` is the user's id. */
export const Member = z.looseObject({
  id: z.string(),
  role: open(RoleLevel).nullable(),
  user: z.looseObject({
    id: z.string(),
    displayName: z.string().optional(),
    email: z.string().optional(),
  }),
  disabled: z.boolean().optional(),
  joinedAt: z.string().optional(),
  lastSeenAt: z.string().optional(),
  sso: z.boolean().optional(),
  spaces: z.number().optional(),
  teams: z.number().optional(),
});
export type Member = z.infer<typeof Member>;

export const Team = z.looseObject({
  id: z.string(),
  title: z.string(),
  /** How many members it has. */
  members: z.number(),
  spaces: z.number().optional(),
  createdAt: z.string().optional(),
});
export type Team = z.infer<typeof Team>;

export const TeamMembership = z.looseObject({
  organization: Member,
  team: z.looseObject({ role: open(TeamRole) }),
});
export type TeamMembership = z.infer<typeof TeamMembership>;

/** The bulk team-member update (GAPS.md): users by id or e-mail, roles by user id. */
export interface TeamMembersUpdate {
  add?: string[];
  remove?: string[];
  memberships?: Record<string, { role: TeamRole }>;
}

/** The path of an organization. */
export const org = (organizationId: string) =>
  `/v1/orgs/${segment("organizationId", organizationId)}`;
const member = (organizationId: string, userId: string) =>
  `${org(organizationId)}/members/${segment("userId", userId)}`;
const team = (organizationId: string, teamId: string) =>
  `${org(organizationId)}/teams/${segment("teamId", teamId)}`;

export function getMember(client: ApiClient, organizationId: string, userId: string) {
  return client.get(member(organizationId, userId), Member);
}

/**
 * The member with this e-mail address, or undefined: one search of the members list (it matches
 * names and e-mails by substring), then an exact, case-insensitive match on the e-mail.
 */
export async function findMemberByEmail(
  client: ApiClient,
  organizationId: string,
  email: string,
): Promise<Member | undefined> {
  const wanted = email.toLowerCase();
  for await (const m of paginate(client, `${org(organizationId)}/members`, Member, {
    search: email,
    limit: 1000,
  })) {
    if (m.user.email?.toLowerCase() === wanted) return m;
  }
  return undefined;
}

/** Every member of the organization: to resolve several e-mails with one listing. */
export function listMembers(client: ApiClient, organizationId: string): Promise<Member[]> {
  return listAll(client, `${org(organizationId)}/members`, Member, { limit: 1000 });
}

export function setMemberRole(
  client: ApiClient,
  organizationId: string,
  userId: string,
  role: RoleLevel | null,
): Promise<Member> {
  return client.request("PATCH", member(organizationId, userId), {
    body: { role },
    schema: Member,
  });
}

export function removeMember(client: ApiClient, organizationId: string, userId: string) {
  return client.request("DELETE", member(organizationId, userId));
}

export function getTeam(client: ApiClient, organizationId: string, teamId: string) {
  return client.get(team(organizationId, teamId), Team);
}

/** Every team of the organization. */
export function listTeams(client: ApiClient, organizationId: string): Promise<Team[]> {
  return listAll(client, `${org(organizationId)}/teams`, Team, { limit: 1000 });
}

/** The teams whose title contains `title` (case-insensitive). */
export function findTeams(client: ApiClient, organizationId: string, title: string) {
  return listAll(client, `${org(organizationId)}/teams`, Team, { title, limit: 1000 });
}

/** Creates a team with `PUT` (GAPS.md); `members` are user ids, each with the role member. */
export function createTeam(
  client: ApiClient,
  organizationId: string,
  body: { title: string; members?: string[] },
): Promise<Team> {
  // This PUT makes a new team each time it is sent: never retried when its outcome is unknown
  // (the create looks for what it made by its title instead).
  return client.request("PUT", `${org(organizationId)}/teams`, {
    body,
    schema: Team,
    idempotent: false,
  });
}

export function renameTeam(
  client: ApiClient,
  organizationId: string,
  teamId: string,
  title: string,
) {
  return client.request("PATCH", team(organizationId, teamId), { body: { title }, schema: Team });
}

export function deleteTeam(client: ApiClient, organizationId: string, teamId: string) {
  return client.request("DELETE", team(organizationId, teamId));
}

export function listTeamMembers(client: ApiClient, organizationId: string, teamId: string) {
  return listAll(client, `${team(organizationId, teamId)}/members`, TeamMembership, {
    limit: 1000,
  });
}

/** One request that adds, removes and sets roles; a user in both `add` and `remove` is removed. */
export function updateTeamMembers(
  client: ApiClient,
  organizationId: string,
  teamId: string,
  body: TeamMembersUpdate,
): Promise<void> {
  return client.request("PUT", `${team(organizationId, teamId)}/members`, { body });
}

export function putTeamMember(
  client: ApiClient,
  organizationId: string,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  const path = `${team(organizationId, teamId)}/members/${segment("userId", userId)}`;
  return client.request("PUT", path, { body: { role } });
}

export function removeTeamMember(
  client: ApiClient,
  organizationId: string,
  teamId: string,
  userId: string,
): Promise<void> {
  const path = `${team(organizationId, teamId)}/members/${segment("userId", userId)}`;
  return client.request("DELETE", path);
}
