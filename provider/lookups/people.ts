import * as pulumi from "@pulumi/pulumi";
import * as api from "../api/people";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** Who {@link getMember} looks up: by e-mail address or by user id. */
export type GetMemberArgs = LookupWorkspaceArgs & { organizationId?: pulumi.Input<string> } & (
    | { email: pulumi.Input<string>; userId?: never }
    | { userId: pulumi.Input<string>; email?: never }
  );

/** What {@link getMember} returns. */
export interface MemberResult {
  userId: string;
  email: string | null;
  displayName: string | null;
  /** The member's role; `null` for a guest. */
  role: string | null;
  sso: boolean | null;
  disabled: boolean | null;
  joinedAt: string | null;
  teamCount: number | null;
}

/**
 * Looks up a member of the organization by e-mail or user id, with the same configuration and
 * client as the resources. An e-mail no member has is an error naming it.
 *
 * @example
 * ```ts
 * const ada = getMember({ email: "ada@example.com" });
 * export const adaRole = ada.role;
 * ```
 */
export function getMember(args: GetMemberArgs): pulumi.Output<MemberResult> {
  return pulumi
    .all([args.organizationId, args.email, args.userId, args.workspace])
    .apply(([organizationId, email, userId, workspace]) =>
      lookUpMember({ organizationId, email, userId, workspace }),
    );
}

/** {@link getMember} once its arguments are known. */
export async function lookUpMember(args: {
  organizationId?: string | undefined;
  email?: string | undefined;
  userId?: string | undefined;
  workspace?: string | undefined;
}): Promise<MemberResult> {
  const { config, client } = lookupContext("getMember", args.workspace);
  const org = args.organizationId ?? config.requireOrganizationId();
  let member: api.Member | undefined;
  if (args.userId !== undefined) member = await api.getMember(client, org, args.userId);
  else if (args.email !== undefined) member = await api.findMemberByEmail(client, org, args.email);
  else throw new Error("getMember: set email or userId");
  if (member === undefined)
    throw new Error(`getMember: no member of organization ${org} has the e-mail ${args.email}`);
  return {
    userId: member.id,
    email: member.user.email ?? null,
    displayName: member.user.displayName ?? null,
    role: member.role,
    sso: member.sso ?? null,
    disabled: member.disabled ?? null,
    joinedAt: member.joinedAt ?? null,
    teamCount: member.teams ?? null,
  };
}

/** The arguments of {@link getTeam}. */
export interface GetTeamArgs extends LookupWorkspaceArgs {
  /** The team's exact title (the API filters by contains; the lookup keeps the exact match). */
  title: pulumi.Input<string>;
  organizationId?: pulumi.Input<string>;
}

/** What {@link getTeam} returns. */
export interface TeamResult {
  id: string;
  title: string;
  memberCount: number;
  spaceCount: number | null;
  createdAt: string | null;
}

/**
 * Looks up a team by its exact title. No team, or more than one, with that title is an error
 * saying so.
 *
 * @example
 * ```ts
 * const admins = getTeam({ title: "Administrators" });
 * new TeamMember("ada-admin", { teamId: admins.id, email: "ada@example.com" });
 * ```
 */
export function getTeam(args: GetTeamArgs): pulumi.Output<TeamResult> {
  return pulumi
    .all([args.organizationId, args.title, args.workspace])
    .apply(([organizationId, title, workspace]) =>
      lookUpTeam({ organizationId, title, workspace }),
    );
}

/** {@link getTeam} once its arguments are known. */
export async function lookUpTeam(args: {
  organizationId?: string | undefined;
  title: string;
  workspace?: string | undefined;
}): Promise<TeamResult> {
  const { config, client } = lookupContext("getTeam", args.workspace);
  const org = args.organizationId ?? config.requireOrganizationId();
  const title = args.title;
  const teams = (await api.findTeams(client, org, title)).filter((t) => t.title === title);
  if (teams.length !== 1)
    throw new Error(
      `getTeam: organization ${org} has ${teams.length === 0 ? "no team" : `${teams.length} teams`} titled ${JSON.stringify(title)}`,
    );
  const [team] = teams as [api.Team];
  return {
    id: team.id,
    title: team.title,
    memberCount: team.members,
    spaceCount: team.spaces ?? null,
    createdAt: team.createdAt ?? null,
  };
}
