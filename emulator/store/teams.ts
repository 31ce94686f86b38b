import type { Store } from "./index";
import { Table, all, one, text, type RowIn } from "./sql";

/**
 * Teams of an organization and their members (§2.10, §4.12). A team member is a member of the
 * organization: the composite key makes removing someone from the organization take them out of
 * its teams too.
 */
const teams = new Table(
  "teams",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    title: text("NOT NULL"),
    createdAt: text("NOT NULL"),
  },
  { indexes: { teams_by_org: "(organization_id, created_at)" } },
);

const memberships = new Table(
  "team_members",
  {
    teamId: text("NOT NULL REFERENCES teams(id) ON DELETE CASCADE"),
    organizationId: text("NOT NULL"),
    userId: text("NOT NULL"),
    role: text("NOT NULL").of<TeamRole>(),
    addedAt: text("NOT NULL"),
  },
  {
    constraints: [
      "PRIMARY KEY (team_id, user_id)",
      "FOREIGN KEY (organization_id, user_id) REFERENCES members(organization_id, user_id) ON DELETE CASCADE",
    ],
    indexes: { team_members_by_user: "(organization_id, user_id)" },
  },
);

/** The family's tables, created at every open. */
export const teamsTables = [teams, memberships];

export type TeamRole = "owner" | "member";

/** A team as the teams table keeps it. */
type TeamRecord = RowIn<typeof teams>;

export interface TeamRow extends TeamRecord {
  /** How many members it has. */
  members: number;
  /** How many spaces it has been given a role on (the permissions family's grants). */
  spaces: number;
}

export interface TeamMemberRow {
  userId: string;
  role: TeamRole;
}

/** A team's columns read under `t`, with how many members it has and spaces it was given. */
const TEAM_COLUMNS = `${teams.columnsOf("t")},
  (SELECT COUNT(*) FROM team_members tm WHERE tm.team_id = t.id) AS members,
  (SELECT COUNT(*) FROM permissions p WHERE p.team_id = t.id AND p.target_kind = 'space') AS spaces`;

/** The filters of `GET /teams`: `title` contains (case-insensitive), `owner` can manage. */
export interface TeamFilter {
  title?: string;
  /** Only the teams this user may manage: all of them for an admin, else those they own. */
  owner?: { userId: string; admin: boolean };
}

export function listTeams(
  store: Store,
  organizationId: string,
  filter: TeamFilter,
  page: { limit: number; offset: number },
): { rows: TeamRow[]; count: number } {
  const where = ["t.organization_id = ?"];
  const params: string[] = [organizationId];
  if (filter.title !== undefined) {
    where.push("instr(lower(t.title), lower(?)) > 0");
    params.push(filter.title);
  }
  if (filter.owner !== undefined && !filter.owner.admin) {
    where.push(
      "EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id = ? AND o.role = 'owner')",
    );
    params.push(filter.owner.userId);
  }
  const from = `FROM teams t WHERE ${where.join(" AND ")}`;
  const rows = all<TeamRow>(
    store,
    `SELECT ${TEAM_COLUMNS} ${from} ORDER BY t.created_at, t.rowid LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  const { n } = one<{ n: number }>(store, `SELECT COUNT(*) AS n ${from}`, ...params)!;
  return { rows, count: n };
}

/** The team, only when it belongs to `organizationId`. */
export function findTeam(store: Store, organizationId: string, teamId: string) {
  return one<TeamRow>(
    store,
    `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.id = ? AND t.organization_id = ?`,
    teamId,
    organizationId,
  );
}

export function insertTeam(store: Store, organizationId: string, title: string): string {
  return teams.insert(store, { id: store.newId(), organizationId, title, createdAt: store.now() })
    .id;
}

export function renameTeam(store: Store, teamId: string, title: string): void {
  teams.update(store, { id: teamId }, { title });
}

export function deleteTeam(store: Store, teamId: string): void {
  teams.delete(store, { id: teamId });
}

/** A team's members, in the order they joined it, with their roles in it. */
export function teamMembers(
  store: Store,
  teamId: string,
  page: { limit: number; offset: number },
): { rows: TeamMemberRow[]; count: number } {
  const { rows, count } = memberships.list(store, { teamId }, "added_at, rowid", page);
  return { rows: rows.map(({ userId, role }) => ({ userId, role })), count };
}

export function teamRole(store: Store, teamId: string, userId: string): TeamRole | undefined {
  return memberships.find(store, { teamId, userId })?.role;
}

/** Adds a member to a team with `role`, or changes the role of one already in it. */
export function putTeamMember(
  store: Store,
  team: Pick<TeamRow, "id" | "organizationId">,
  userId: string,
  role: TeamRole,
): void {
  store
    .statement(
      `INSERT INTO team_members (team_id, organization_id, user_id, role, added_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role`,
    )
    .run(team.id, team.organizationId, userId, role, store.now());
}

/** Whether the user was in the team. */
export function removeTeamMember(store: Store, teamId: string, userId: string): boolean {
  const was = memberships.find(store, { teamId, userId }) !== undefined;
  memberships.delete(store, { teamId, userId });
  return was;
}

/** One page of the teams a member belongs to, with their role in each. */
export function teamsOfMember(
  store: Store,
  organizationId: string,
  userId: string,
  title: string | undefined,
  page: { limit: number; offset: number },
): { rows: { team: TeamRow; role: TeamRole }[]; count: number } {
  const params: string[] = [organizationId, userId];
  let where = "t.organization_id = ? AND mine.user_id = ?";
  if (title !== undefined) {
    where += " AND instr(lower(t.title), lower(?)) > 0";
    params.push(title);
  }
  const from = `FROM teams t JOIN team_members mine ON mine.team_id = t.id WHERE ${where}`;
  const rows = all<TeamRow & { role: TeamRole }>(
    store,
    `SELECT ${TEAM_COLUMNS}, mine.role AS role ${from}
     ORDER BY t.created_at, t.rowid LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  ).map(({ role, ...team }) => ({ team, role }));
  const { n } = one<{ n: number }>(store, `SELECT COUNT(*) AS n ${from}`, ...params)!;
  return { rows, count: n };
}

/** How many teams of the organization a member is in: the Member's `teams` count. */
export function teamCountOf(store: Store, organizationId: string, userId: string): number {
  return memberships.count(store, { organizationId, userId });
}

/** Every team of an organization: the app page lists them. */
export function teamsOf(store: Store, organizationId: string): TeamRow[] {
  return listTeams(store, organizationId, {}, { limit: -1, offset: 0 }).rows;
}
