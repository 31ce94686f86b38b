import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll, paginate, segment } from "../client";
import { open, RoleLevel } from "./common";

/** Members, teams and SAML providers (§2.10, §4.12), with the limits of §8. */

/** A team member's role in its team. */
export const TEAM_ROLES = ["owner", "member"] as const;
export const TeamRole = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRole>;

/** The hosted service's team title: 1 to 64 characters. */
export const TeamTitle = z.string().min(1).max(64);

export const SamlLabel = z.string().min(1).max(30);
export const SamlEntityId = z.string().min(1).max(1024);
export const SamlCertificate = z.string().min(1).max(10000);
export const SamlSsoUrl = z.url({ protocol: /^https?$/ }).max(2048);

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

/**
 * A SAML setting as answered: absent (release 0.1.0's emulator) or `""` (the hosted service, for
 * a provider not yet configured) both read as unset.
 */
const samlSetting = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

export const SamlProvider = z.looseObject({
  id: z.string(),
  label: z.string(),
  ssoURL: samlSetting,
  entityID: samlSetting,
  certificate: samlSetting,
  defaultTeam: z.looseObject({ id: z.string() }).optional(),
  defaultRole: open(RoleLevel).nullish(),
  createdAt: z.string().optional(),
  status: z.string().optional(),
  service: z
    .looseObject({ acsURL: z.string(), startURL: z.string(), entityID: z.string() })
    .optional(),
});
export type SamlProvider = z.infer<typeof SamlProvider>;

/** The create body of a SAML provider; its PATCH takes the same fields. */
export const SamlProviderCreate = z.object({
  label: SamlLabel,
  entityID: SamlEntityId.optional(),
  certificate: SamlCertificate.optional(),
  ssoURL: SamlSsoUrl.optional(),
  defaultTeam: z.string().nullable().optional(),
  defaultRole: RoleLevel.nullable().optional(),
});
export const SamlProviderPatch = SamlProviderCreate.partial();

/** The bulk team-member update (GAPS.md): users by id or e-mail, roles by user id. */
export interface TeamMembersUpdate {
  add?: string[];
  remove?: string[];
  memberships?: Record<string, { role: TeamRole }>;
}

const org = (organizationId: string) => `/v1/orgs/${segment("organizationId", organizationId)}`;
const member = (organizationId: string, userId: string) =>
  `${org(organizationId)}/members/${segment("userId", userId)}`;
const team = (organizationId: string, teamId: string) =>
  `${org(organizationId)}/teams/${segment("teamId", teamId)}`;
const saml = (organizationId: string, id: string) =>
  `${org(organizationId)}/saml/${segment("samlProviderId", id)}`;

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

export function createSamlProvider(
  client: ApiClient,
  organizationId: string,
  body: z.output<typeof SamlProviderCreate>,
): Promise<SamlProvider> {
  return client.request("POST", `${org(organizationId)}/saml`, { body, schema: SamlProvider });
}

/** Every SAML provider of the organization. */
export function listSamlProviders(
  client: ApiClient,
  organizationId: string,
): Promise<SamlProvider[]> {
  return listAll(client, `${org(organizationId)}/saml`, SamlProvider, { limit: 1000 });
}

export function getSamlProvider(client: ApiClient, organizationId: string, id: string) {
  return client.get(saml(organizationId, id), SamlProvider);
}

export function updateSamlProvider(
  client: ApiClient,
  organizationId: string,
  id: string,
  body: z.output<typeof SamlProviderPatch>,
): Promise<SamlProvider> {
  return client.request("PATCH", saml(organizationId, id), { body, schema: SamlProvider });
}

export function deleteSamlProvider(client: ApiClient, organizationId: string, id: string) {
  return client.request("DELETE", saml(organizationId, id));
}
