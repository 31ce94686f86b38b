import { z } from "zod";
import { authoritativeList } from "../lifecycle/authoritative-list";
import * as api from "../api/permissions";
import { Email, listMembers } from "../api/people";
import type { Context } from "../context";
import { Id } from "../lifecycle/define";

/**
 * The authoritative form of permissions: `permissions` on a Space, Collection or Site, the exact
 * list of its grants. Like Team `members` (team.ts): the declared list in one order, read back as
 * declared (an e-mail stays an e-mail), grants made by hand shown as drift and removed by the
 * next `up`.
 */

/** One declared grant: exactly one of `teamId`, `userId`, `email`, and the role. */
export const PermissionEntry = z
  .object({
    teamId: Id.optional(),
    userId: Id.optional(),
    email: Email.optional(),
    role: api.PermissionRole,
  })
  .superRefine((entry, ctx) => {
    const set = [entry.teamId, entry.userId, entry.email].filter((v) => v !== undefined);
    if (set.length !== 1)
      ctx.addIssue({ code: "custom", message: "set exactly one of teamId, userId and email" });
  });
export type PermissionEntry = z.output<typeof PermissionEntry>;

/** An entry's principal, as one string: what sorts the list and finds a duplicate. */
function keyOf(entry: PermissionEntry): string {
  if (entry.teamId !== undefined) return `team:${entry.teamId}`;
  if (entry.userId !== undefined) return `user:${entry.userId}`;
  // An entry with no principal is refused by its own check; it keys apart from every other.
  return `email:${entry.email?.toLowerCase() ?? ""}`;
}
const byPrincipal = (a: PermissionEntry, b: PermissionEntry) =>
  keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;

/**
 * The declared list in one order (by principal), so that listing the same grants differently is
 * no change, and a refresh that reads them back in another order shows none either.
 */
export const Permissions = authoritativeList(PermissionEntry, {
  max: 1000,
  keyOf,
  twice: (_, key) => `${key} is listed twice`,
});

/** A grant the target holds now: a team's or a user's, its e-mail when shown, and its role. */
export interface CurrentGrant {
  kind: api.PrincipalKind;
  id: string;
  email?: string | undefined;
  role: string | null;
}

/** The target's grants now: one read of its team list and one of its user list. */
export async function currentGrants(
  client: Context["client"],
  target: api.Target,
): Promise<CurrentGrant[]> {
  const [teams, users] = await Promise.all([
    api.listTeamPermissions(client, target),
    api.listUserPermissions(client, target),
  ]);
  return [
    ...teams.map((t) => ({ kind: "teams" as const, id: t.team.id, role: t.permission })),
    ...users.map((u) => ({
      kind: "users" as const,
      id: u.user.id,
      email: u.user.email,
      role: u.permission,
    })),
  ];
}

function names(entry: PermissionEntry, grant: CurrentGrant): boolean {
  if (entry.teamId !== undefined) return grant.kind === "teams" && grant.id === entry.teamId;
  if (grant.kind !== "users") return false;
  if (entry.userId !== undefined) return grant.id === entry.userId;
  return grant.email?.toLowerCase() === entry.email!.toLowerCase();
}

/** The principal of an entry, as declared: only its set key. */
function principalOf(entry: PermissionEntry): Omit<PermissionEntry, "role"> {
  if (entry.teamId !== undefined) return { teamId: entry.teamId };
  if (entry.userId !== undefined) return { userId: entry.userId };
  return { email: entry.email! };
}

/**
 * The grants as the program would write them: each declared entry the target holds, named as
 * declared, with its role now; then every other grant (made by hand), a user by e-mail when
 * known. A declared entry the target lacks is left out: both show as drift.
 */
export function grantsAsDeclared(
  grants: readonly CurrentGrant[],
  declared: readonly PermissionEntry[],
): PermissionEntry[] {
  const out: PermissionEntry[] = [];
  const matched = new Set<CurrentGrant>();
  for (const entry of declared) {
    const grant = grants.find((g) => !matched.has(g) && names(entry, g));
    if (grant === undefined) continue;
    matched.add(grant);
    out.push({ ...principalOf(entry), role: grant.role as api.PermissionRole });
  }
  for (const grant of grants) {
    if (matched.has(grant)) continue;
    const role = grant.role as api.PermissionRole;
    if (grant.kind === "teams") out.push({ teamId: grant.id, role });
    else out.push(grant.email ? { email: grant.email, role } : { userId: grant.id, role });
  }
  return out.sort(byPrincipal);
}

/** The requests that make a target's grants exactly the wanted list. */
export interface GrantPlan {
  /** One POST per role: the teams and users to add with it. */
  invites: { role: api.PermissionRole; teams: string[]; users: string[] }[];
  /** One PATCH per grant whose role differs. */
  roles: { kind: api.PrincipalKind; id: string; role: api.PermissionRole }[];
  /** One DELETE per grant not declared. */
  removes: { kind: api.PrincipalKind; id: string }[];
}

/**
 * What makes the target hold exactly `wanted`: add who is missing (`ids` maps each declared
 * e-mail to its user), set each role that differs, remove who is not declared. Pure, so tested
 * alone; the handler only sends it.
 */
export function planGrants(
  grants: readonly CurrentGrant[],
  wanted: readonly PermissionEntry[],
  ids: ReadonlyMap<string, string>,
): GrantPlan {
  const plan: GrantPlan = { invites: [], roles: [], removes: [] };
  const kept = new Set<CurrentGrant>();
  for (const entry of wanted) {
    const grant = grants.find((g) => !kept.has(g) && names(entry, g));
    if (grant !== undefined) {
      kept.add(grant);
      if (grant.role !== entry.role)
        plan.roles.push({ kind: grant.kind, id: grant.id, role: entry.role });
      continue;
    }
    let invite = plan.invites.find((i) => i.role === entry.role);
    if (invite === undefined)
      plan.invites.push((invite = { role: entry.role, teams: [], users: [] }));
    if (entry.teamId !== undefined) invite.teams.push(entry.teamId);
    else invite.users.push(entry.userId ?? ids.get(entry.email!.toLowerCase())!);
  }
  for (const grant of grants) {
    if (!kept.has(grant)) plan.removes.push({ kind: grant.kind, id: grant.id });
  }
  return plan;
}

/**
 * The user ids of the declared e-mails the target does not hold yet, from one listing of the
 * organization's members, made only when there is such an e-mail. An e-mail no member has is an
 * error naming it, raised before anything is written.
 */
async function resolveEmails(
  { client }: Context,
  organizationId: string,
  wanted: readonly PermissionEntry[],
  grants: readonly CurrentGrant[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const pending = wanted.filter((e) => e.email !== undefined && !grants.some((g) => names(e, g)));
  if (pending.length === 0) return ids;
  const members = await listMembers(client, organizationId);
  for (const entry of pending) {
    const email = entry.email!.toLowerCase();
    const member = members.find((m) => m.user.email?.toLowerCase() === email);
    if (member === undefined)
      throw new Error(
        `permissions: no member of organization ${organizationId} has the e-mail ${entry.email}`,
      );
    ids.set(email, member.id);
  }
  return ids;
}

/**
 * Makes the target's grants exactly `wanted`: one read of its grants (two lists), then the
 * fewest POSTs, PATCHes and DELETEs that get there.
 */
export async function applyPermissions(
  ctx: Context,
  target: api.Target,
  wanted: readonly PermissionEntry[],
): Promise<void> {
  const grants = await currentGrants(ctx.client, target);
  const ids = await resolveEmails(ctx, target.organizationId, wanted, grants);
  const plan = planGrants(grants, wanted, ids);
  for (const { role, teams, users } of plan.invites) {
    await api.invite(ctx.client, target, role, {
      ...(teams.length > 0 ? { teams } : {}),
      ...(users.length > 0 ? { users } : {}),
    });
  }
  for (const { kind, id, role } of plan.roles) {
    await api.setPermission(ctx.client, target, kind, id, role);
  }
  for (const { kind, id } of plan.removes) await api.removePermission(ctx.client, target, kind, id);
}

/** The output `permissions`: as declared when read, what was last applied otherwise. */
export function permissionsOutput(
  grants: readonly CurrentGrant[] | undefined,
  declared: PermissionEntry[] | null | undefined,
): PermissionEntry[] | null {
  if (grants === undefined) return declared ?? null;
  return grantsAsDeclared(grants, declared ?? []);
}

/** The grants a Space, Collection or Site read carries beside the object, when they are managed. */
export const Grants = z.array(
  z.object({
    kind: z.enum(["teams", "users"]),
    id: z.string(),
    email: z.string().optional(),
    role: z.string().nullable(),
  }),
);
