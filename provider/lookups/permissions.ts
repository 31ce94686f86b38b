import * as pulumi from "@pulumi/pulumi";
import * as api from "../api/permissions";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** The arguments of {@link getSpacePermissions}. */
export interface GetSpacePermissionsArgs extends LookupWorkspaceArgs {
  /**
   * The space whose permissions to read.
   * @example "spc_8d1e"
   */
  spaceId: pulumi.Input<string>;
}

/** A user as a permission names it: id, and name and e-mail when the service shows them. */
export interface PermissionUser {
  id: string;
  displayName: string | null;
  email: string | null;
}

/** What {@link getSpacePermissions} returns. `role` is `null` for a guest. */
export interface SpacePermissionsResult {
  spaceId: string;
  /** The teams granted a role on the space itself. */
  teams: { teamId: string; title: string | null; role: string | null }[];
  /** The users granted a role on the space itself. */
  users: { user: PermissionUser; role: string | null }[];
  /**
   * Every user's effective role on the space: direct grants, grants through teams, and what the
   * space inherits from its collections, as the service combines them.
   */
  aggregate: { user: PermissionUser; role: string | null }[];
}

/**
 * Reads who may do what on a space: its grants to teams and to users, and the aggregate, each
 * user's effective role. Runs in the program process with the same configuration resolution
 * and client as the resources; three GETs.
 *
 * @example
 * ```ts
 * const access = getSpacePermissions({ spaceId: runbook.id });
 * export const editors = access.aggregate.apply((a) => a.filter((p) => p.role === "edit").length);
 * ```
 */
export function getSpacePermissions(
  args: GetSpacePermissionsArgs,
): pulumi.Output<SpacePermissionsResult> {
  return pulumi
    .all([args.spaceId, args.workspace])
    .apply(([spaceId, workspace]) => lookUpSpacePermissions({ spaceId, workspace }));
}

const userOf = (u: api.UserPermission["user"]): PermissionUser => ({
  id: u.id,
  displayName: u.displayName ?? null,
  email: u.email ?? null,
});

/** {@link getSpacePermissions} once its arguments are known: also the native invoke. */
export async function lookUpSpacePermissions(args: {
  spaceId: string;
  workspace?: string | undefined;
}): Promise<SpacePermissionsResult> {
  const { client } = lookupContext("getSpacePermissions", args.workspace);
  // A space is addressed by its id alone: the target's organization is not used.
  const target: api.Target = { kind: "space", id: args.spaceId, organizationId: "" };
  const [teams, users, aggregate] = await Promise.all([
    api.listTeamPermissions(client, target),
    api.listUserPermissions(client, target),
    api.listAggregatePermissions(client, target),
  ]);
  return {
    spaceId: args.spaceId,
    teams: teams.map((t) => ({
      teamId: t.team.id,
      title: t.team.title ?? null,
      role: t.permission,
    })),
    users: users.map((u) => ({ user: userOf(u.user), role: u.permission })),
    aggregate: aggregate.map((a) => ({ user: userOf(a.user), role: a.permission })),
  };
}
