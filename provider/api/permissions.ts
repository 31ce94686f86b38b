import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll, segment } from "../client";
import { open, RoleLevel } from "./common";

/**
 * Permissions on spaces, collections and sites, for teams and for users (the hosted service's
 * `inviteTo*`, `update*PermissionIn*`, `remove*From*` and `list*PermissionsIn*` operations;
 * docs/api-decisions.md, "Permissions (provider)").
 */

/** What a grant is on: a space, a collection, or a site (which lives under its organization). */
export type TargetKind = "space" | "collection" | "site";

export interface Target {
  kind: TargetKind;
  id: string;
  /** The site's organization; spaces and collections are addressed by their id alone. */
  organizationId: string;
}

/** A grant's role: the hosted `MemberRole` enumeration (the RoleLevel of §2.1). */
export const PermissionRole = RoleLevel;
export type PermissionRole = z.infer<typeof PermissionRole>;

const Principal = z.looseObject({ id: z.string() });

/** A team's grant as listed: its role (null: guest) and the team. */
export const TeamPermission = z.looseObject({
  permission: open(RoleLevel).nullable(),
  team: Principal.extend({ title: z.string().optional() }),
});
export type TeamPermission = z.infer<typeof TeamPermission>;

/** A user's grant as listed: its role (null: guest) and the user, with the e-mail when shown. */
export const UserPermission = z.looseObject({
  permission: open(RoleLevel).nullable(),
  user: Principal.extend({
    displayName: z.string().optional(),
    email: z.string().optional(),
  }),
});
export type UserPermission = z.infer<typeof UserPermission>;

/** A user's effective permission, grants and inheritance combined (`.../permissions/aggregate`). */
export const AggregatePermission = UserPermission.extend({
  origin: z.unknown().optional(),
});
export type AggregatePermission = z.infer<typeof AggregatePermission>;

/** The path of a target's permissions. */
export function permissionsPath(target: Target): string {
  switch (target.kind) {
    case "space":
      return `/v1/spaces/${segment("spaceId", target.id)}/permissions`;
    case "collection":
      return `/v1/collections/${segment("collectionId", target.id)}/permissions`;
    case "site": {
      const org = segment("organizationId", target.organizationId);
      return `/v1/orgs/${org}/sites/${segment("siteId", target.id)}/permissions`;
    }
  }
}

export type PrincipalKind = "teams" | "users";

const principalPath = (target: Target, kind: PrincipalKind, id: string) =>
  `${permissionsPath(target)}/${kind}/${segment(kind === "teams" ? "teamId" : "userId", id)}`;

export function listTeamPermissions(client: ApiClient, target: Target): Promise<TeamPermission[]> {
  return listAll(client, `${permissionsPath(target)}/teams`, TeamPermission, { limit: 1000 });
}

export function listUserPermissions(client: ApiClient, target: Target): Promise<UserPermission[]> {
  return listAll(client, `${permissionsPath(target)}/users`, UserPermission, { limit: 1000 });
}

export function listAggregatePermissions(
  client: ApiClient,
  target: Target,
): Promise<AggregatePermission[]> {
  const path = `${permissionsPath(target)}/aggregate`;
  return listAll(client, path, AggregatePermission, { limit: 1000 });
}

/**
 * Grants `role` to teams and users in one POST (answers 204). Sent again it sets the same role:
 * the service's invite is idempotent, so it is retried like a PUT.
 */
export function invite(
  client: ApiClient,
  target: Target,
  role: PermissionRole,
  principals: { teams?: string[]; users?: string[] },
): Promise<void> {
  return client.request("POST", permissionsPath(target), {
    body: { role, ...principals },
    idempotent: true,
  });
}

export function setPermission(
  client: ApiClient,
  target: Target,
  kind: PrincipalKind,
  id: string,
  role: PermissionRole,
): Promise<void> {
  return client.request("PATCH", principalPath(target, kind, id), { body: { role } });
}

export function removePermission(
  client: ApiClient,
  target: Target,
  kind: PrincipalKind,
  id: string,
): Promise<void> {
  return client.request("DELETE", principalPath(target, kind, id));
}
