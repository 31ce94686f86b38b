import type { Target } from "pulumi-docs-workspace/tools";
import { RoleLevel } from "pulumi-docs-workspace/tools";
import { collectionPermission } from "pulumi-docs-workspace/tools";
import { grantId } from "pulumi-docs-workspace/tools";
import { sitePermission } from "pulumi-docs-workspace/tools";
import { spacePermission } from "pulumi-docs-workspace/tools";
import type { Value } from "./code";
import { byTitle, type Declarer } from "./declarations";
import type { Inventory, TargetPermissions } from "./inventory";

/**
 * The grants on spaces, collections and sites, each as its own (additive) SpacePermission,
 * CollectionPermission or SitePermission, declared after the teams and members they name: a
 * team by its variable (so a clone grants the copy of the team, found by its title), a user by
 * e-mail where the service shows one (so a clone grants the member with that address).
 */
export function declarePermissions(program: Declarer, inventory: Inventory): void {
  const titles = new Map<string, string>([
    ...inventory.collections.map((c) => [c.id, c.title] as const),
    ...inventory.spaces.map((s) => [s.id, s.title] as const),
    ...inventory.sites.map((s) => [s.site.id, s.site.title] as const),
  ]);
  const teamTitles = new Map(inventory.teams.map(({ team }) => [team.id, team.title]));
  const emails = new Map(inventory.members.map((m) => [m.id, m.user.email]));
  const targetTitle = (t: Target) => titles.get(t.id) ?? t.id;
  for (const held of [...inventory.permissions].sort(byTitle((p) => targetTitle(p.target)))) {
    declareGrants(program, held, targetTitle(held.target), teamTitles, emails);
  }
}

/** One grant as the program declares it, with the principal's name for titles. */
interface Declared {
  id: string;
  who: string;
  role: string | null;
  principal: { teamId?: unknown; userId?: string | undefined; email?: string | undefined };
}

function declareGrants(
  program: Declarer,
  { target, teams, users }: TargetPermissions,
  title: string,
  teamTitles: ReadonlyMap<string, string>,
  emails: ReadonlyMap<string, string | undefined>,
): void {
  const grants: Declared[] = [
    ...teams.map((t) => ({
      id: grantId(target.id, { teamId: t.team.id, userId: null }),
      who: teamTitles.get(t.team.id) ?? t.team.title ?? t.team.id,
      role: t.permission,
      principal: { teamId: program.ref(t.team.id) },
    })),
    ...users.map((u) => {
      const email = u.user.email ?? emails.get(u.user.id);
      return {
        id: grantId(target.id, { teamId: null, userId: u.user.id }),
        who: email ?? u.user.id,
        role: u.permission,
        principal: email ? { email } : { userId: u.user.id },
      };
    }),
  ].sort(byTitle((g) => g.who));
  for (const g of grants) {
    const role = RoleLevel.safeParse(g.role);
    if (!role.success) {
      program.notes.push(
        `${title}: ${g.who} holds the role ${g.role ?? "guest"}, which no grant declares.`,
      );
      continue;
    }
    const object = { id: g.id, title: `${title} ${g.who}` };
    const principal = {
      teamId: g.principal.teamId as Value | undefined,
      userId: g.principal.userId,
      email: g.principal.email,
      role: role.data,
    };
    const ref = program.ref(target.id);
    if (target.kind === "space")
      program.declare(spacePermission, object, { spaceId: ref, ...principal }, EXTRA);
    else if (target.kind === "collection")
      program.declare(collectionPermission, object, { collectionId: ref, ...principal }, EXTRA);
    else program.declare(sitePermission, object, { siteId: ref, ...principal }, EXTRA);
  }
}

/** A grant is found by its target and principal: no `adoptId`, in a clone or not. */
const EXTRA = {
  adoptId: undefined,
  comments: ["Additive: a grant made by hand beside it stays (the README's Permissions)."],
};
