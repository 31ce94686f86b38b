import type { FamilyHooks } from "../hooks";
import type { Store } from "./index";
import { Table, all, placeholders, text, type RowIn } from "./sql";

/** What a grant is on: a space, a collection or a site. */
export type TargetKind = "space" | "collection" | "site";
/** Who a grant is to: a team, or a member of the organization. */
export type PrincipalKind = "team" | "user";

/** The object a grant is on, with the organization it belongs to now. */
export interface Target {
  kind: TargetKind;
  id: string;
  organizationId: string;
}

export interface Principal {
  kind: PrincipalKind;
  id: string;
}

/** A grant as the permissions table keeps it. */
export type GrantRow = RowIn<typeof grants>;

/**
 * Grants of a role on a space, a collection or a site to a team or a member (the hosted
 * service's permissions families, docs/api-decisions.md "Permissions"). A grant goes with its
 * object (a purged space, a deleted collection or site) and with its principal (a deleted team, a
 * member removed from the organization): the foreign keys say so. A trashed space keeps its
 * grants, so a restore brings them back.
 */
const grants = new Table(
  "permissions",
  {
    targetKind: text(
      "NOT NULL CHECK (target_kind IN ('space', 'collection', 'site'))",
    ).of<TargetKind>(),
    targetId: text("NOT NULL"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    principalKind: text("NOT NULL CHECK (principal_kind IN ('team', 'user'))").of<PrincipalKind>(),
    principalId: text("NOT NULL"),
    /** A RoleLevel, or `null` (guest: a site override that gives nothing). */
    role: text(),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
    // One of each pair is set, by kind: the foreign keys that take the grant away with its object.
    spaceId: text("REFERENCES spaces(id) ON DELETE CASCADE"),
    collectionId: text("REFERENCES collections(id) ON DELETE CASCADE"),
    siteId: text("REFERENCES sites(id) ON DELETE CASCADE"),
    teamId: text("REFERENCES teams(id) ON DELETE CASCADE"),
    userId: text(),
  },
  {
    constraints: [
      "PRIMARY KEY (target_kind, target_id, principal_kind, principal_id)",
      "FOREIGN KEY (organization_id, user_id) REFERENCES members(organization_id, user_id) ON DELETE CASCADE",
    ],
    indexes: {
      permissions_by_team: "(team_id)",
      permissions_by_user: "(organization_id, user_id)",
    },
  },
);

/** The family's tables, created at every open. */
export const permissionsTables = [grants];

const targetKey = (target: Target) => ({
  targetKind: target.kind,
  targetId: target.id,
  organizationId: target.organizationId,
});

/** Gives `principal` `role` on `target`, or changes the role it has there. */
export function putGrant(
  store: Store,
  target: Target,
  principal: Principal,
  role: string | null,
): void {
  const key = { ...targetKey(target), principalKind: principal.kind, principalId: principal.id };
  const now = store.now();
  if (grants.find(store, key) !== undefined) {
    grants.update(store, key, { role, updatedAt: now });
    return;
  }
  grants.insert(store, {
    ...key,
    role,
    createdAt: now,
    updatedAt: now,
    spaceId: target.kind === "space" ? target.id : null,
    collectionId: target.kind === "collection" ? target.id : null,
    siteId: target.kind === "site" ? target.id : null,
    teamId: principal.kind === "team" ? principal.id : null,
    userId: principal.kind === "user" ? principal.id : null,
  });
}

/** The grant `principal` has on `target`, if any. */
export function findGrant(store: Store, target: Target, principal: Principal) {
  return grants.find(store, {
    ...targetKey(target),
    principalKind: principal.kind,
    principalId: principal.id,
  });
}

/** Takes a grant away; answers whether there was one. */
export function removeGrant(store: Store, target: Target, principal: Principal): boolean {
  const key = { ...targetKey(target), principalKind: principal.kind, principalId: principal.id };
  if (grants.find(store, key) === undefined) return false;
  grants.delete(store, key);
  return true;
}

/** One page of the grants on `target` to principals of one kind, oldest first. */
export function listGrants(
  store: Store,
  target: Target,
  principalKind: PrincipalKind,
  page: { limit: number; offset: number },
): { rows: GrantRow[]; count: number } {
  return grants.list(store, { ...targetKey(target), principalKind }, "created_at, rowid", page);
}

/**
 * Every grant on any of `targets` (all of one organization): what an effective role or the
 * aggregate is computed from. A grant left from before a transfer (its organization is not the
 * target's any more) is not read.
 */
export function grantsOn(
  store: Store,
  organizationId: string,
  targets: readonly { kind: TargetKind; id: string }[],
): GrantRow[] {
  if (targets.length === 0) return [];
  const pairs = targets.map(() => "(target_kind = ? AND target_id = ?)").join(" OR ");
  return all<GrantRow>(
    store,
    `${grants.select} WHERE organization_id = ? AND (${pairs}) ORDER BY created_at, rowid`,
    organizationId,
    ...targets.flatMap((t) => [t.kind, t.id]),
  );
}

/** The teams of an organization `userId` is in: the team grants that reach them. */
export function teamsOfUser(store: Store, organizationId: string, userId: string): Set<string> {
  const rows = all<{ teamId: string }>(
    store,
    "SELECT team_id AS teamId FROM team_members WHERE organization_id = ? AND user_id = ?",
    organizationId,
    userId,
  );
  return new Set(rows.map((r) => r.teamId));
}

/** Every team membership of an organization, team id to its members' user ids. */
export function teamMembersOf(store: Store, organizationId: string): Map<string, string[]> {
  const rows = all<{ teamId: string; userId: string }>(
    store,
    "SELECT team_id AS teamId, user_id AS userId FROM team_members WHERE organization_id = ?",
    organizationId,
  );
  const byTeam = new Map<string, string[]>();
  for (const { teamId, userId } of rows)
    byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), userId]);
  return byTeam;
}

/**
 * Spaces moved to another organization lose their grants: those name teams and members of the
 * organization they left. Runs in the transfer's transaction.
 */
export const permissionHooks: FamilyHooks = {
  spacesTransferred(store, spaceIds) {
    if (spaceIds.length === 0) return;
    store
      .statement(
        `DELETE FROM permissions WHERE target_kind = 'space' AND target_id IN (${placeholders(spaceIds)})`,
      )
      .run(...spaceIds);
  },
};
