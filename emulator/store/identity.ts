import type { Store } from "./index";

/**
 * Organizations, users, their memberships and API tokens: what every other family checks
 * access against. Seeded through the admin API; organizations are also patched through §4.2.
 */
export const identitySchema = `
CREATE TABLE IF NOT EXISTS organizations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  email_domains TEXT NOT NULL DEFAULT '[]',
  hostname TEXT UNIQUE,
  type TEXT NOT NULL DEFAULT 'business',
  use_case TEXT,
  community_type TEXT,
  default_role TEXT,
  default_content TEXT,
  logo TEXT,
  sso INTEGER NOT NULL DEFAULT 0,
  ai INTEGER NOT NULL DEFAULT 0,
  invite_links INTEGER NOT NULL DEFAULT 1,
  plan TEXT NOT NULL DEFAULT 'free_2024'
);
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  photo_url TEXT
);
CREATE TABLE IF NOT EXISTS members (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT,
  joined_at TEXT NOT NULL,
  last_seen_at TEXT,
  disabled INTEGER NOT NULL DEFAULT 0,
  sso INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, user_id)
);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE
);
`;

/** The user a bearer token belongs to, or undefined for an unknown token. */
export function userForToken(store: Store, token: string): string | undefined {
  const row = store.statement("SELECT user_id FROM tokens WHERE token = ?").get(token) as
    { user_id: string } | undefined;
  return row?.user_id;
}

/** The caller's role in an organization: `null` is a guest, undefined is not a member. */
export function membershipRole(
  store: Store,
  organizationId: string,
  userId: string,
): string | null | undefined {
  const row = store
    .statement("SELECT role FROM members WHERE organization_id = ? AND user_id = ?")
    .get(organizationId, userId) as { role: string | null } | undefined;
  return row === undefined ? undefined : row.role;
}

export interface OrganizationRow {
  id: string;
  title: string;
  createdAt: string;
  emailDomains: string;
  hostname: string | null;
  type: string;
  useCase: string | null;
  communityType: string | null;
  defaultRole: string | null;
  /** JSON of the `defaultContent` value, or null when unset. */
  defaultContent: string | null;
  logo: string | null;
  sso: number;
  ai: number;
  inviteLinks: number;
  plan: string;
}

const ORG_COLUMNS = `id, title, created_at AS createdAt, email_domains AS emailDomains, hostname,
  type, use_case AS useCase, community_type AS communityType, default_role AS defaultRole,
  default_content AS defaultContent, logo, sso, ai, invite_links AS inviteLinks, plan`;

export function findOrganization(store: Store, id: string): OrganizationRow | undefined {
  return store.statement(`SELECT ${ORG_COLUMNS} FROM organizations WHERE id = ?`).get(id) as
    OrganizationRow | undefined;
}

/** The organizations `userId` belongs to, one page of them, oldest first, and their number. */
export function organizationsOf(
  store: Store,
  userId: string,
  page: { limit: number; offset: number },
): { rows: OrganizationRow[]; count: number } {
  const rows = store
    .statement(
      `SELECT ${ORG_COLUMNS} FROM organizations
       WHERE id IN (SELECT organization_id FROM members WHERE user_id = ?)
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    )
    .all(userId, page.limit, page.offset) as unknown as OrganizationRow[];
  const { n } = store
    .statement("SELECT COUNT(*) AS n FROM members WHERE user_id = ?")
    .get(userId) as { n: number };
  return { rows, count: n };
}

/** The caller's organizations that list `domain` among their e-mail domains. */
export function organizationsByEmailDomain(
  store: Store,
  userId: string,
  domain: string,
): OrganizationRow[] {
  return store
    .statement(
      `SELECT ${ORG_COLUMNS} FROM organizations
       WHERE id IN (SELECT organization_id FROM members WHERE user_id = ?)
         AND EXISTS (SELECT 1 FROM json_each(email_domains) WHERE lower(value) = lower(?))
       ORDER BY created_at, id`,
    )
    .all(userId, domain) as unknown as OrganizationRow[];
}

export function insertOrganization(
  store: Store,
  fields: { id?: string; title: string; hostname?: string; emailDomains?: string[] },
): string {
  const id = fields.id ?? store.newId();
  store
    .statement(
      `INSERT INTO organizations (id, title, created_at, email_domains, hostname)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      fields.title,
      store.now(),
      JSON.stringify(fields.emailDomains ?? []),
      fields.hostname ?? null,
    );
  return id;
}

export function insertUser(
  store: Store,
  fields: { id?: string; displayName: string; email: string },
): string {
  const id = fields.id ?? store.newId();
  store
    .statement("INSERT INTO users (id, display_name, email) VALUES (?, ?, ?)")
    .run(id, fields.displayName, fields.email);
  return id;
}

/** Adds or updates a membership. */
export function upsertMember(
  store: Store,
  organizationId: string,
  userId: string,
  role: string | null,
): void {
  store
    .statement(
      `INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = excluded.role`,
    )
    .run(organizationId, userId, role, store.now());
}

export function insertToken(store: Store, token: string, userId: string): void {
  store.statement("INSERT INTO tokens (token, user_id) VALUES (?, ?)").run(token, userId);
}

/** The first token of the first organization's first admin: what the command line prints. */
export function firstAdminToken(
  store: Store,
): { token: string; organizationId: string } | undefined {
  return store
    .statement(
      `SELECT t.token AS token, m.organization_id AS organizationId
       FROM tokens t JOIN members m ON m.user_id = t.user_id
       JOIN organizations o ON o.id = m.organization_id
       WHERE m.role = 'admin' ORDER BY o.created_at, o.id, t.rowid LIMIT 1`,
    )
    .get() as { token: string; organizationId: string } | undefined;
}
