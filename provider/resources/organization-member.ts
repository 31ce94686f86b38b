import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ApiError } from "../client";
import { RoleLevel } from "../api/common";
import { getOrganization } from "../api/organizations";
import * as api from "../api/people";
import type { Context } from "../context";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/** Exactly one of `userId` and `email` names the member. */
export function oneUser(inputs: {
  userId?: string;
  email?: string;
}): pulumi.dynamic.CheckFailure[] {
  if ((inputs.userId === undefined) === (inputs.email === undefined))
    return [{ property: "userId", reason: "set either userId or email, not both" }];
  return [];
}

/**
 * The user id of the member a program names: `userId` as given, or the member with `email`,
 * found before anything is written. An e-mail no member has is an error naming `email`.
 */
export async function memberUserId(
  { client }: Context,
  organizationId: string,
  inputs: { userId?: string; email?: string },
): Promise<string> {
  if (inputs.userId !== undefined) return inputs.userId;
  const email = inputs.email!;
  const found = await api.findMemberByEmail(client, organizationId, email);
  if (found === undefined)
    throw new Error(`email: no member of organization ${organizationId} has the e-mail ${email}`);
  return found.id;
}

/** The e-mail as the program spells it when it is the member's, else the member's own. */
function emailOf(member: api.Member, declared: string | null | undefined): string | null {
  const actual = member.user.email;
  if (declared && actual?.toLowerCase() === declared.toLowerCase()) return declared;
  return actual ?? null;
}

export const organizationMember = defineResource({
  kind: "organization-member",
  type: "OrganizationMember",
  exporter: { standing: true },
  repeatable: true,
  inputs: resourceInputs({
    userId: Id.optional(),
    email: api.Email.optional(),
    role: RoleLevel.nullable(),
    removeOnDelete: z.boolean().optional(),
  }),
  rules: (inputs) => oneUser(inputs),
  replaceOnChange: ["organizationId", "userId", "email"],
  response: api.Member,
  createBody: z.object({ role: RoleLevel.nullable() }),
  patchBody: z.object({ role: RoleLevel.nullable() }),
  outputs: {
    userId: (member) => member.id,
    email: (member, known) => emailOf(member, known.email),
    removeOnDelete: (_, known) => known.removeOnDelete ?? null,
    displayName: (member) => member.user.displayName ?? null,
    /** Whether the member may sign in through SSO. */
    sso: (member) => member.sso ?? null,
    joinedAt: (member) => member.joinedAt ?? null,
  },
  idOf: (member) => member.id,
  // The member exists already (members join through invites or SSO): setting the role is one
  // PATCH, after one search when the program names the member by e-mail.
  async create(ctx, inputs) {
    const userId = await memberUserId(ctx, inputs.organizationId, inputs);
    return api
      .setMemberRole(ctx.client, inputs.organizationId, userId, inputs.role)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.isNotFound)
          throw new Error(
            `userId: ${userId} is not a member of organization ${inputs.organizationId}`,
          );
        throw error;
      });
  },
  read: ({ client }, id, olds) => api.getMember(client, olds.organizationId, id),
  patch: ({ client }, id, olds, body) =>
    api.setMemberRole(client, olds.organizationId, id, body.role ?? null),
  // Back to the organization's default role, read when the member is released; or, asked for,
  // out of the organization (and its teams).
  async delete({ client }, id, olds) {
    if (olds.removeOnDelete === true) return api.removeMember(client, olds.organizationId, id);
    const { defaultRole } = await getOrganization(client, olds.organizationId);
    await api.setMemberRole(client, olds.organizationId, id, defaultRole ?? null);
  },
  operations: [
    {
      // What delete will do is the provider's own: recorded in state, no request.
      input: "removeOnDelete",
      run: async () => undefined,
    },
  ],
});

type Inputs = ArgsInputs<typeof organizationMember>;

/** The arguments of an {@link OrganizationMember}: set `userId` or `email`, not both. */
export interface OrganizationMemberArgs extends WorkspaceArgs {
  /**
   * The organization; defaults to the workspace's organization. A change manages another
   * membership (the first is released as on delete).
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The member's user id. A change releases this member and manages the other.
   * @example "usr_3f9a"
   */
  userId?: Input<Inputs["userId"]>;
  /**
   * The member's e-mail address: the member is looked up by it before anything is written, and
   * an address no member has fails the update with an error naming `email`.
   * @example "ada@example.com"
   */
  email?: Input<Inputs["email"]>;
  /**
   * The member's role: a role level, or `null` for guest.
   * @example "review"
   */
  role: Input<Inputs["role"]>;
  /**
   * What delete does: `false` or absent gives the member back the organization's default role
   * (read at that moment); `true` removes the member from the organization and its teams.
   * @example true
   */
  removeOnDelete?: Input<Inputs["removeOnDelete"]>;
  /**
   * Accepted for uniformity: a member is always taken over as it is, so set `userId` instead.
   * @example "usr_3f9a"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
