import { z } from "zod";
import { authoritativeList } from "../lifecycle/authoritative-list";
import * as api from "../api/people";
import type { Context } from "../context";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { undoOnFailure } from "../lifecycle/handlers";

/** One declared membership: a user id or an e-mail address, and the role in the team. */
export const TeamMemberEntry = z.object({
  user: z.string().min(1).max(320),
  role: api.TeamRole.default("member"),
});
export type TeamMemberEntry = z.output<typeof TeamMemberEntry>;

/** How a user is named: an e-mail holds an `@`, which no user id does. */
const isEmail = (user: string) => user.includes("@");
const keyOf = (user: string) => user.toLowerCase();
const byUser = (a: TeamMemberEntry, b: TeamMemberEntry) =>
  keyOf(a.user) < keyOf(b.user) ? -1 : keyOf(a.user) > keyOf(b.user) ? 1 : 0;

/**
 * The declared list in one order (by user), so that listing the same people differently is no
 * change, and a refresh that reads them back in another order shows none either.
 */
const Members = authoritativeList(TeamMemberEntry, {
  max: 1000,
  keyOf: (entry) => keyOf(entry.user),
  twice: (entry) => `${entry.user} is listed twice`,
});

/** A member of the team as the API shows it: its user id, its e-mail, its role in the team. */
export interface CurrentMember {
  userId: string;
  email?: string | undefined;
  role: string;
}

function current(memberships: readonly api.TeamMembership[]): CurrentMember[] {
  return memberships.map((m) => ({
    userId: m.organization.id,
    email: m.organization.user.email,
    role: m.team.role,
  }));
}

function names(entry: TeamMemberEntry, member: CurrentMember): boolean {
  return member.userId === entry.user || member.email?.toLowerCase() === keyOf(entry.user);
}

/**
 * The team's members as the program would write them: each declared entry the team holds, named
 * as declared; then anyone else in the team (added out of band), by e-mail when known. A declared
 * entry the team lacks is left out: both show as drift.
 */
export function membersAsDeclared(
  team: readonly CurrentMember[],
  declared: readonly TeamMemberEntry[],
): TeamMemberEntry[] {
  const out: TeamMemberEntry[] = [];
  const matched = new Set<CurrentMember>();
  for (const entry of declared) {
    const member = team.find((m) => !matched.has(m) && names(entry, m));
    if (member === undefined) continue;
    matched.add(member);
    out.push({ user: entry.user, role: member.role as api.TeamRole });
  }
  for (const member of team) {
    if (!matched.has(member))
      out.push({ user: member.email ?? member.userId, role: member.role as api.TeamRole });
  }
  return out.sort(byUser);
}

/**
 * The one bulk update that makes the team hold exactly `wanted`: add who is missing (by user id;
 * `ids` maps each declared e-mail to its user), remove who is not declared, and set every role
 * that differs. Pure, so tested alone; the handler only sends it.
 */
export function planTeamMembers(
  team: readonly CurrentMember[],
  wanted: readonly TeamMemberEntry[],
  ids: ReadonlyMap<string, string>,
): api.TeamMembersUpdate {
  const add: string[] = [];
  const memberships: Record<string, { role: api.TeamRole }> = {};
  const kept = new Set<CurrentMember>();
  for (const entry of wanted) {
    const member = team.find((m) => names(entry, m));
    if (member !== undefined) {
      kept.add(member);
      if (member.role !== entry.role) memberships[member.userId] = { role: entry.role };
      continue;
    }
    const userId = isEmail(entry.user) ? ids.get(keyOf(entry.user))! : entry.user;
    add.push(userId);
    if (entry.role !== "member") memberships[userId] = { role: entry.role };
  }
  const remove = team.filter((m) => !kept.has(m)).map((m) => m.userId);
  return {
    ...(add.length > 0 ? { add } : {}),
    ...(remove.length > 0 ? { remove } : {}),
    ...(Object.keys(memberships).length > 0 ? { memberships } : {}),
  };
}

/**
 * The user ids of the declared e-mails not already in the team, from one listing of the
 * organization's members, made only when there is such an e-mail. An e-mail no member has is an
 * error naming its entry, raised before anything is written.
 */
async function resolveEmails(
  { client }: Context,
  organizationId: string,
  wanted: readonly TeamMemberEntry[],
  team: readonly CurrentMember[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const pending = wanted.filter(
    (entry) => isEmail(entry.user) && !team.some((m) => names(entry, m)),
  );
  if (pending.length === 0) return ids;
  const members = await api.listMembers(client, organizationId);
  for (const entry of pending) {
    const member = members.find((m) => m.user.email?.toLowerCase() === keyOf(entry.user));
    // Named by its e-mail: the checked list is sorted, so an index would not be the program's.
    if (member === undefined)
      throw new Error(
        `members: no member of organization ${organizationId} has the e-mail ${entry.user}`,
      );
    ids.set(keyOf(entry.user), member.id);
  }
  return ids;
}

/** The Team as the resource reads it: the API's Team, with its memberships when managed. */
const TeamWithMembers = api.Team.extend({
  memberships: z.array(api.TeamMembership).optional(),
});
type TeamWithMembers = z.output<typeof TeamWithMembers>;

export const team = defineResource({
  kind: "team",
  type: "Team",
  inputs: resourceInputs({
    title: api.TeamTitle,
    members: Members.optional(),
  }),
  replaceOnChange: ["organizationId"],
  response: TeamWithMembers,
  createBody: z.object({ title: api.TeamTitle, members: Members }).partial(),
  patchBody: z.object({ title: api.TeamTitle }),
  outputs: {
    /**
     * The members as declared (sorted by user), and anyone else in the team; `null` when
     * `members` is not declared (then not managed, and not read).
     */
    members: (t, known) =>
      t.memberships === undefined
        ? (known.members ?? null)
        : membersAsDeclared(current(t.memberships), known.members ?? []),
    /**
     * How many members the team has, when `members` is declared (the team then decides who is in
     * it); otherwise `null`, since TeamMember resources and people outside the program change it.
     */
    memberCount: (t, _known, declares) => (declares("members") ? t.members : null),
    /**
     * Always `null`: the spaces a team has a role on are what grants decide (SpacePermission, a
     * Space's `permissions`, people in the app), so a count kept here would be stale after the
     * `up` that makes them. The getTeam lookup reads the current count.
     */
    spaceCount: (): number | null => null,
    createdAt: (t) => t.createdAt ?? null,
  },
  // Members named by e-mail are resolved first, so an unknown one fails before anything is
  // written; the team is then made with its members in one PUT, and owners, when any, get their
  // role in one more (the PUT gives everyone the role member). If that fails, the team goes.
  async create(ctx, inputs): Promise<TeamWithMembers> {
    const org = inputs.organizationId;
    const wanted = inputs.members ?? [];
    const ids = await resolveEmails(ctx, org, wanted, []);
    const plan = planTeamMembers([], wanted, ids);
    const created = await api.createTeam(ctx.client, org, {
      title: inputs.title,
      ...(plan.add ? { members: plan.add } : {}),
    });
    if (plan.memberships) {
      const memberships = plan.memberships;
      await undoOnFailure(
        () => api.deleteTeam(ctx.client, org, created.id),
        () => api.updateTeamMembers(ctx.client, org, created.id, { memberships }),
      );
    }
    return created;
  },
  async read({ client }, id, olds, declares) {
    const found = await api.getTeam(client, olds.organizationId, id);
    if (!declares("members")) return found;
    return { ...found, memberships: await api.listTeamMembers(client, olds.organizationId, id) };
  },
  patch: ({ client }, id, olds, body) =>
    api.renameTeam(client, olds.organizationId, id, body.title),
  delete: ({ client }, id, olds) => api.deleteTeam(client, olds.organizationId, id),
  naturalKey: {
    describe: "title in the organization",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.findTeams(client, inputs.organizationId, inputs.title)).filter(
        (t) => t.title === inputs.title,
      ),
  },
  operations: [
    {
      // Authoritative: one read of who is in the team now, then one bulk update that adds,
      // removes and sets roles so that exactly the declared members remain.
      input: "members",
      afterPatch: true,
      async run(ctx, id, news, olds, answered) {
        const org = news.organizationId;
        const wanted = news.members ?? [];
        const team = current(await api.listTeamMembers(ctx.client, org, id));
        const plan = planTeamMembers(team, wanted, await resolveEmails(ctx, org, wanted, team));
        if (Object.keys(plan).length > 0) await api.updateTeamMembers(ctx.client, org, id, plan);
        const base = answered ?? {
          id,
          title: olds.title,
          spaces: olds.spaceCount ?? undefined,
          createdAt: olds.createdAt ?? undefined,
        };
        return { ...base, members: wanted.length, memberships: undefined };
      },
    },
  ],
});

type Inputs = ArgsInputs<typeof team>;

/** The arguments of a {@link Team}. */
export interface TeamArgs extends WorkspaceArgs {
  /**
   * The organization; defaults to the workspace's organization. A change replaces the team.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The team's name, 1 to 64 characters.
   * @example "Writers"
   */
  title: Input<Inputs["title"]>;
  /**
   * The team's members, **authoritative**: each a user id or an e-mail address of a member of
   * the organization, with the role `owner` (manages the team's members) or `member` (the
   * default). Anyone else in the team, added out of band, is removed at the next `up` that sees
   * them (after `pulumi refresh`, or `up --refresh`), and the preview lists `members`. An e-mail
   * no member has fails with an error naming its entry, before anything is written. Omitted: the
   * members are not managed (use {@link TeamMember} then).
   * @example [{ user: "ada@example.com", role: "owner" }, { user: "grace@example.com" }]
   */
  members?: Input<Inputs["members"]>;
  /**
   * The id of an existing team to take over instead of creating one.
   * @example "team_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
