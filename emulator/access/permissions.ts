import { ROLE_RANK, type Role } from "../auth";
import type { Store } from "../store";
import { findCollection } from "../store/collections";
import { membersOf, type MemberRow } from "../store/members";
import {
  grantsOn,
  teamMembersOf,
  teamsOfUser,
  type GrantRow,
  type TargetKind,
} from "../store/permissions";
import { findSpace } from "../store/spaces";

/**
 * A user's effective role on a space, a collection or a site: the highest of their organization
 * role and of every grant that reaches them (to them, or to a team they are in), on the object
 * itself or inherited from the collections above it, and of the default levels on the way
 * (docs/api-decisions.md, "Permissions"). Every route that checks a role on content goes through
 * here (access/spaces.ts, access/sites.ts).
 */

/** One object of the chain a role is inherited along: the object, then its collections upward. */
export interface Level {
  kind: TargetKind;
  id: string;
  /** Its `defaultLevel`: a RoleLevel raises every member with a role to it; null and inherit add nothing. */
  defaultLevel: string | null;
}

/** Where an effective role comes from. */
export type Origin =
  | { type: "organization" }
  | { type: "default"; level: Level }
  | { type: "grant"; level: Level; grant: GrantRow };

export interface Reach {
  /** The effective role; null when nothing reaches the user (a guest with no grant). */
  role: Role | null;
  origin: Origin;
}

const MAX_DEPTH = 64;

/** The chain of a collection: it, then its parents up to the top level. */
function collectionChain(store: Store, collectionId: string | null): Level[] {
  const chain: Level[] = [];
  let id = collectionId;
  while (id !== null && chain.length < MAX_DEPTH) {
    const row = findCollection(store, id);
    if (row === undefined) break;
    chain.push({ kind: "collection", id: row.id, defaultLevel: row.defaultLevel });
    id = row.parentId;
  }
  return chain;
}

/** The chain a role on `kind` `id` is inherited along, nearest first. */
export function chainOf(store: Store, kind: TargetKind, id: string): Level[] {
  if (kind === "site") return [{ kind, id, defaultLevel: null }];
  if (kind === "collection") return collectionChain(store, id);
  const space = findSpace(store, id);
  if (space === undefined) return [];
  return [
    { kind, id, defaultLevel: space.defaultLevel },
    ...collectionChain(store, space.parentId),
  ];
}

const rank = (role: string | null) => (role === null ? 0 : (ROLE_RANK[role as Role] ?? 0));

/**
 * The highest role among the organization role, the default levels (for members with a role)
 * and the grants to the user or their teams. Ties keep the first found: the organization, then
 * the nearest object.
 */
function highest(
  orgRole: string | null,
  chain: readonly Level[],
  grants: readonly GrantRow[],
  reaches: (grant: GrantRow) => boolean,
): Reach {
  let best: Reach = { role: orgRole as Role | null, origin: { type: "organization" } };
  const consider = (role: string | null, origin: Origin) => {
    if (rank(role) > rank(best.role)) best = { role: role as Role, origin };
  };
  for (const level of chain) {
    if (orgRole !== null && level.defaultLevel !== "inherit")
      consider(level.defaultLevel, { type: "default", level });
    for (const grant of grants) {
      if (grant.targetKind === level.kind && grant.targetId === level.id && reaches(grant))
        consider(grant.role, { type: "grant", level, grant });
    }
  }
  return best;
}

/** A member's effective role on an object of their organization. */
export function effectiveRole(
  store: Store,
  target: { kind: TargetKind; id: string; organizationId: string },
  userId: string,
  orgRole: string | null,
): Reach {
  const chain = chainOf(store, target.kind, target.id);
  const grants = grantsOn(store, target.organizationId, chain);
  const teams = grants.some((g) => g.principalKind === "team")
    ? teamsOfUser(store, target.organizationId, userId)
    : new Set<string>();
  return highest(orgRole, chain, grants, (grant) =>
    grant.principalKind === "user" ? grant.principalId === userId : teams.has(grant.principalId),
  );
}

/** Who can access an object, with which role and from where: every member something reaches. */
export function aggregateOf(
  store: Store,
  target: { kind: TargetKind; id: string; organizationId: string },
): { member: MemberRow; reach: Reach }[] {
  const chain = chainOf(store, target.kind, target.id);
  const grants = grantsOn(store, target.organizationId, chain);
  const byTeam = teamMembersOf(store, target.organizationId);
  return membersOf(store, target.organizationId).flatMap((member) => {
    const reach = highest(member.role, chain, grants, (grant) =>
      grant.principalKind === "user"
        ? grant.principalId === member.userId
        : (byTeam.get(grant.principalId) ?? []).includes(member.userId),
    );
    return reach.role === null ? [] : [{ member, reach }];
  });
}
