import type { Store } from "./index";
import { type Raw, str } from "./sql";

/**
 * Teams of an organization and their members (§2.10, §4.12). A team member is a member of the
 * organization: the composite key makes removing someone from the organization take them out of
 * its teams too.
 */
export const teamsSchema = `
CREATE TABLE IF NOT EXISTS teams (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS teams_by_org ON teams(organization_id, created_at);
CREATE TABLE IF NOT EXISTS team_members (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  role TEXT NOT NULL,
  added_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id),
  FOREIGN KEY (organization_id, user_id) REFERENCES members(organization_id, user_id)
    ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS team_members_by_user ON team_members(organization_id, user_id);
`;

export type TeamRole = "owner" | "member";

export interface TeamRow {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
  /** How many members it has. */
  members: number;
}

export interface TeamMemberRow {
  userId: string;
  role: TeamRole;
}

const TEAM_COLUMNS = `t.id, t.organization_id, t.title, t.created_at,
  (SELECT COUNT(*) FROM team_members tm WHERE tm.team_id = t.id) AS members`;

function toTeam(r: Raw): TeamRow {
  return {
    id: str(r.id),
    organizationId: str(r.organization_id),
    title: str(r.title),
    createdAt: str(r.created_at),
    members: r.members as number,
  };
}

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
  const rows = (
    store
      .statement(`SELECT ${TEAM_COLUMNS} ${from} ORDER BY t.created_at, t.rowid LIMIT ? OFFSET ?`)
      .all(...params, page.limit, page.offset) as Raw[]
  ).map(toTeam);
  const { n } = store.statement(`SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number };
  return { rows, count: n };
}

/** The team, only when it belongs to `organizationId`. */
export function findTeam(store: Store, organizationId: string, teamId: string) {
  const row = store
    .statement(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.id = ? AND t.organization_id = ?`)
    .get(teamId, organizationId) as Raw | undefined;
  return row === undefined ? undefined : toTeam(row);
}

export function insertTeam(store: Store, organizationId: string, title: string): string {
  const id = store.newId();
  store
    .statement("INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)")
    .run(id, organizationId, title, store.now());
  return id;
}

export function renameTeam(store: Store, teamId: string, title: string): void {
  store.statement("UPDATE teams SET title = ? WHERE id = ?").run(title, teamId);
}

export function deleteTeam(store: Store, teamId: string): void {
  store.statement("DELETE FROM teams WHERE id = ?").run(teamId);
}

/** A team's members, in the order they joined it, with their roles in it. */
export function teamMembers(
  store: Store,
  teamId: string,
  page: { limit: number; offset: number },
): { rows: TeamMemberRow[]; count: number } {
  const rows = store
    .statement(
      `SELECT user_id AS userId, role FROM team_members WHERE team_id = ?
       ORDER BY added_at, rowid LIMIT ? OFFSET ?`,
    )
    .all(teamId, page.limit, page.offset) as unknown as TeamMemberRow[];
  const { n } = store
    .statement("SELECT COUNT(*) AS n FROM team_members WHERE team_id = ?")
    .get(teamId) as { n: number };
  return { rows, count: n };
}

export function teamRole(store: Store, teamId: string, userId: string): TeamRole | undefined {
  const row = store
    .statement("SELECT role FROM team_members WHERE team_id = ? AND user_id = ?")
    .get(teamId, userId) as { role: TeamRole } | undefined;
  return row?.role;
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
  const { changes } = store
    .statement("DELETE FROM team_members WHERE team_id = ? AND user_id = ?")
    .run(teamId, userId);
  return Number(changes) > 0;
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
  const rows = (
    store
      .statement(
        `SELECT ${TEAM_COLUMNS}, mine.role AS role ${from}
         ORDER BY t.created_at, t.rowid LIMIT ? OFFSET ?`,
      )
      .all(...params, page.limit, page.offset) as Raw[]
  ).map((r) => ({ team: toTeam(r), role: r.role as TeamRole }));
  const { n } = store.statement(`SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number };
  return { rows, count: n };
}

/** How many teams of the organization a member is in: the Member's `teams` count. */
export function teamCountOf(store: Store, organizationId: string, userId: string): number {
  const { n } = store
    .statement("SELECT COUNT(*) AS n FROM team_members WHERE organization_id = ? AND user_id = ?")
    .get(organizationId, userId) as { n: number };
  return n;
}

/** Every team of an organization: the app page lists them. */
export function teamsOf(store: Store, organizationId: string): TeamRow[] {
  return listTeams(store, organizationId, {}, { limit: -1, offset: 0 }).rows;
}
