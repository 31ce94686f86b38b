import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ApiError } from "../client";
import * as api from "../api/permissions";
import { Email } from "../api/people";
import type { Context } from "../context";
import { Id, resourceInputs } from "../lifecycle/define";
import { grantImportId } from "../lifecycle/import-id";
import type { Input, WorkspaceArgs } from "../lifecycle/define";
import { memberUserId } from "./organization-member";

/**
 * What SpacePermission, CollectionPermission and SitePermission share: one principal (a team, or
 * a user by id or e-mail) and its role on one target, added beside the target's other grants.
 */

/** The inputs every grant takes beside its target. */
export const principalInputs = {
  teamId: Id.optional(),
  userId: Id.optional(),
  email: Email.optional(),
  role: api.PermissionRole,
};

/**
 * The arguments every grant takes beside its target: SpacePermissionArgs, CollectionPermissionArgs
 * and SitePermissionArgs each add the one property naming their object. Set exactly one of
 * `teamId`, `userId` and `email`.
 */
export interface GrantArgs extends WorkspaceArgs {
  /**
   * The organization the principal belongs to; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<string>;
  /**
   * The team granted the role. A change replaces the grant.
   * @example writers.id
   */
  teamId?: Input<string>;
  /**
   * The user granted the role, by id. A change replaces the grant.
   * @example "usr_3f9a"
   */
  userId?: Input<string>;
  /**
   * The user granted the role, by the e-mail of a member of the organization, looked up before
   * anything is written; an address no member has fails with an error naming `email`.
   * @example "linus@example.com"
   */
  email?: Input<string>;
  /**
   * The role on the object: `admin`, `create`, `edit`, `review`, `comment` or `read`. A change is
   * one PATCH.
   * @example "edit"
   */
  role: Input<api.PermissionRole>;
  /**
   * Not used: a grant is found by its object and principal (an existing one is taken over with
   * the declared role), so setting it is an error.
   * @example "spc_8d1e/teams/team_2c3d"
   */
  adoptId?: Input<string | null>;
}

/** Exactly one of `teamId`, `userId` and `email` names the principal. */
export function onePrincipal(inputs: {
  teamId?: string | undefined;
  userId?: string | undefined;
  email?: string | undefined;
}): pulumi.dynamic.CheckFailure[] {
  const set = [inputs.teamId, inputs.userId, inputs.email].filter((v) => v !== undefined);
  if (set.length === 1) return [];
  return [
    {
      property: inputs.teamId === undefined ? "userId" : "teamId",
      reason: "set exactly one of teamId, userId and email",
    },
  ];
}

/** A grant is found by its target and principal: `adoptId` has nothing to name. */
export function noAdopt(adoptId: string | null | undefined): pulumi.dynamic.CheckFailure[] {
  if (adoptId == null) return [];
  return [
    {
      property: "adoptId",
      reason:
        "a grant is found by its target and its teamId, userId or email (an existing one is taken over with the declared role): leave adoptId out",
    },
  ];
}

/** One grant as the resources read it: the principal, by id, and its role (null: guest). */
export const Grant = z.object({
  teamId: z.string().nullable(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string().nullable(),
});
export type Grant = z.output<typeof Grant>;

/** The grant's id: its target's id, then `teams/<teamId>` or `users/<userId>`. */
export function grantId(targetId: string, grant: Pick<Grant, "teamId" | "userId">): string {
  return grant.teamId !== null
    ? `${targetId}/teams/${grant.teamId}`
    : `${targetId}/users/${grant.userId}`;
}

/**
 * The grant of one principal on `target`, from one GET of the target's team or user list; a 404
 * ApiError when the principal holds none (or the target is gone).
 */
export async function readGrant(
  client: Context["client"],
  target: api.Target,
  principal: { teamId: string | null; userId: string | null },
): Promise<Grant> {
  const missing = (kind: string, id: string) =>
    new ApiError(
      404,
      404,
      "GET",
      `${api.permissionsPath(target)}/${kind}`,
      `${kind === "teams" ? "team" : "user"} ${id} holds no permission on ${target.kind} ${target.id}`,
    );
  if (principal.teamId !== null) {
    const teams = await api.listTeamPermissions(client, target);
    const found = teams.find((t) => t.team.id === principal.teamId);
    if (found === undefined) throw missing("teams", principal.teamId);
    return { teamId: found.team.id, userId: null, email: null, role: found.permission };
  }
  const users = await api.listUserPermissions(client, target);
  const found = users.find((u) => u.user.id === principal.userId);
  if (found === undefined) throw missing("users", principal.userId!);
  return {
    teamId: null,
    userId: found.user.id,
    email: found.user.email ?? null,
    role: found.permission,
  };
}

/**
 * Adds the grant: one GET of the target's team or user list (after one search of the members
 * when the user is named by e-mail), then one POST when the principal holds no grant yet. A grant
 * the principal already holds is taken over with the declared role: nothing more when it is the
 * same, one PATCH when it differs. The POST and PATCH answer nothing: the outputs come from what
 * was sent.
 */
export async function createGrant(
  ctx: Context,
  target: api.Target,
  inputs: {
    organizationId: string;
    teamId?: string | undefined;
    userId?: string | undefined;
    email?: string | undefined;
    role: api.PermissionRole;
  },
): Promise<Grant> {
  const teamId = inputs.teamId ?? null;
  const userId = teamId === null ? await memberUserId(ctx, inputs.organizationId, inputs) : null;
  const wanted = { teamId, userId, email: inputs.email ?? null, role: inputs.role };
  const held = await readGrant(ctx.client, target, wanted).catch((error: unknown) => {
    if (error instanceof ApiError && error.isNotFound) return undefined;
    throw error;
  });
  if (held !== undefined) {
    if (held.role === inputs.role) return { ...held, email: grantEmail(held, inputs.email) };
    return patchGrant(ctx.client, target, wanted, inputs.role);
  }
  const principals = teamId !== null ? { teams: [teamId] } : { users: [userId!] };
  await api.invite(ctx.client, target, inputs.role, principals).catch((error: unknown) => {
    if (error instanceof ApiError && error.isNotFound) {
      const who = teamId !== null ? `teamId ${teamId}` : `userId ${userId}`;
      throw new Error(
        `${target.kind}Id ${target.id} or ${who}: no such ${target.kind}, or no such principal in organization ${inputs.organizationId}`,
      );
    }
    throw error;
  });
  return wanted;
}

/** Sets the role of the recorded principal with one PATCH. */
export async function patchGrant(
  client: Context["client"],
  target: api.Target,
  olds: Pick<Grant, "teamId" | "userId" | "email">,
  role: api.PermissionRole,
): Promise<Grant> {
  if (olds.teamId !== null) await api.setPermission(client, target, "teams", olds.teamId, role);
  else await api.setPermission(client, target, "users", olds.userId!, role);
  return { teamId: olds.teamId, userId: olds.userId, email: olds.email ?? null, role };
}

/** Removes the recorded principal's grant (a 404 is success: the handlers' rule). */
export function deleteGrant(
  client: Context["client"],
  target: api.Target,
  olds: Pick<Grant, "teamId" | "userId">,
): Promise<void> {
  if (olds.teamId !== null) return api.removePermission(client, target, "teams", olds.teamId);
  return api.removePermission(client, target, "users", olds.userId!);
}

/** The e-mail as the program spells it when it is the user's, else the user's own. */
export function grantEmail(grant: Grant, declared: string | null | undefined): string | null {
  if (declared && grant.email?.toLowerCase() === declared.toLowerCase()) return declared;
  return grant.email ?? declared ?? null;
}

/** A grant's inputs once checked, as its handlers read them: its target's id under `K`. */
type GrantInputs<K extends string> = Record<K, string> & {
  organizationId: string;
  teamId?: string | undefined;
  userId?: string | undefined;
  email?: string | undefined;
  role: api.PermissionRole;
  adoptId?: string | null | undefined;
};
/** A grant's old outputs, as its handlers read them. */
type GrantOutputs<K extends string> = Record<K, string> & Grant & { organizationId: string };

/**
 * One additive grant resource's definition: SpacePermission, CollectionPermission and
 * SitePermission differ only in their target (the object's kind, the input naming it, the type
 * that lists its grants authoritatively), declared here once with its import id. Each file passes
 * it to `defineResource`, which types it with the target's input by name.
 */
export function grantDefinitionOf<const K extends string>(grant: {
  kind: string;
  type: string;
  target: { kind: api.TargetKind; key: K; owner: string; list: "permissions"; item: "grant" };
}) {
  const { key } = grant.target;
  const target = (o: Record<K, string> & { organizationId: string }): api.Target => ({
    kind: grant.target.kind,
    id: o[key],
    organizationId: o.organizationId,
  });
  // The target's input and output, named by `key`: the one place the name is not written out.
  const targetInput = { [key]: Id } as Record<K, typeof Id>;
  const targetOutput = { [key]: (_: Grant, known: Record<K, string>) => known[key] } as Record<
    K,
    (wire: Grant, known: Record<K, string>) => string
  >;
  return {
    kind: grant.kind,
    type: grant.type,
    importId: grantImportId(key),
    additiveTarget: grant.target,
    inputs: resourceInputs<Record<K, typeof Id> & typeof principalInputs>({
      ...targetInput,
      ...principalInputs,
    }),
    rules: (inputs: GrantInputs<K>) => [...onePrincipal(inputs), ...noAdopt(inputs.adoptId)],
    // The invite names one principal on one object, and an existing grant is taken over.
    repeatable: true as const,
    replaceOnChange: ["organizationId", "teamId", "userId", "email", key] as const,
    response: Grant,
    createBody: z.object({ role: api.PermissionRole }),
    patchBody: z.object({ role: api.PermissionRole }),
    outputs: {
      ...targetOutput,
      email: (wire: Grant, known: { email?: string | null }) => grantEmail(wire, known.email),
    },
    idOf: (wire: Grant, inputs: GrantInputs<K>) => grantId(inputs[key], wire),
    create: (ctx: Context, inputs: GrantInputs<K>) => createGrant(ctx, target(inputs), inputs),
    read: ({ client }: Context, _id: string, olds: GrantOutputs<K>) =>
      readGrant(client, target(olds), olds),
    patch: (
      { client }: Context,
      _id: string,
      olds: GrantOutputs<K>,
      body: { role: api.PermissionRole },
    ) => patchGrant(client, target(olds), olds, body.role),
    delete: ({ client }: Context, _id: string, olds: GrantOutputs<K>) =>
      deleteGrant(client, target(olds), olds),
  };
}
