import { z } from "zod";
import { ApiError } from "../client";
import * as api from "../api/people";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { memberUserId, oneUser } from "./organization-member";

/** The membership as the resource reads it, from the team's member list. */
const Membership = z.object({
  teamId: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  role: z.string(),
});
type Membership = z.output<typeof Membership>;

/** The resource's id: the team's id and the user's, as `team/user`. */
const idOf = (teamId: string, userId: string) => `${teamId}/${userId}`;

/**
 * The membership of `userId` in the team, or a 404 ApiError when the user is not in it (or the
 * team is gone): the API has no GET of one team member, so this reads the team's member list.
 */
async function readMembership(
  client: Parameters<typeof api.listTeamMembers>[0],
  organizationId: string,
  teamId: string,
  userId: string,
): Promise<Membership> {
  const members = await api.listTeamMembers(client, organizationId, teamId);
  const found = members.find((m) => m.organization.id === userId);
  if (found === undefined) {
    const path = `/v1/orgs/${organizationId}/teams/${teamId}/members`;
    throw new ApiError(404, 404, "GET", path, `user ${userId} is not in team ${teamId}`);
  }
  return {
    teamId,
    userId,
    email: found.organization.user.email ?? null,
    role: found.team.role,
  };
}

export const teamMember = defineResource({
  kind: "team-member",
  type: "TeamMember",
  importId: { formats: ["<teamId>/<userId>"] },
  repeatable: true,
  inputs: resourceInputs({
    teamId: Id,
    userId: Id.optional(),
    email: api.Email.optional(),
    role: api.TeamRole.default("member"),
  }),
  rules: (inputs) => [
    ...oneUser(inputs),
    ...(inputs.adoptId == null
      ? []
      : [
          {
            property: "adoptId",
            reason: "a membership is found by teamId and userId or email: leave adoptId out",
          },
        ]),
  ],
  replaceOnChange: ["organizationId", "teamId", "userId", "email"],
  response: Membership,
  createBody: z.object({ role: api.TeamRole }),
  patchBody: z.object({ role: api.TeamRole }),
  outputs: {
    email: (m, known) =>
      known.email && m.email?.toLowerCase() === known.email.toLowerCase() ? known.email : m.email,
  },
  idOf: (m) => idOf(m.teamId, m.userId),
  // One PUT adds the member with its role (after one search when named by e-mail). The PUT
  // answers nothing: the outputs come from what was sent.
  async create(ctx, inputs) {
    const org = inputs.organizationId;
    const userId = await memberUserId(ctx, org, inputs);
    await api
      .putTeamMember(ctx.client, org, inputs.teamId, userId, inputs.role)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.isNotFound)
          throw new Error(
            `teamId ${inputs.teamId} or userId ${userId}: no such team, or the user is not a member of organization ${org}`,
          );
        throw error;
      });
    return { teamId: inputs.teamId, userId, email: inputs.email ?? null, role: inputs.role };
  },
  read: ({ client }, _id, olds) =>
    readMembership(client, olds.organizationId, olds.teamId, olds.userId!),
  async patch({ client }, _id, olds, body) {
    await api.putTeamMember(client, olds.organizationId, olds.teamId, olds.userId!, body.role);
    return {
      teamId: olds.teamId,
      userId: olds.userId!,
      email: olds.email ?? null,
      role: body.role,
    };
  },
  delete: ({ client }, _id, olds) =>
    api.removeTeamMember(client, olds.organizationId, olds.teamId, olds.userId!),
});

type Inputs = ArgsInputs<typeof teamMember>;

/** The arguments of a {@link TeamMember}: set `userId` or `email`, not both. */
export interface TeamMemberArgs extends WorkspaceArgs {
  /**
   * The organization; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The team. A change moves the membership to the other team.
   * @example reviewers.id
   */
  teamId: Input<Inputs["teamId"]>;
  /**
   * The member's user id.
   * @example "usr_3f9a"
   */
  userId?: Input<Inputs["userId"]>;
  /**
   * The member's e-mail address, looked up before anything is written; an address no member of
   * the organization has fails with an error naming `email`.
   * @example "linus@example.com"
   */
  email?: Input<Inputs["email"]>;
  /**
   * The role in the team: `owner` manages its members, `member` (the default) belongs to it.
   * @example "owner"
   */
  role?: Input<Inputs["role"]>;
  /**
   * Not used: a membership is found by team and user (an existing one is taken over as it is),
   * so setting it is an error.
   * @example "team_2c3d/usr_3f9a"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
