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
  const row = store.db.prepare("SELECT user_id FROM tokens WHERE token = ?").get(token) as
    { user_id: string } | undefined;
  return row?.user_id;
}

/** The caller's role in an organization: `null` is a guest, undefined is not a member. */
export function membershipRole(
  store: Store,
  organizationId: string,
  userId: string,
): string | null | undefined {
  const row = store.db
    .prepare("SELECT role FROM members WHERE organization_id = ? AND user_id = ?")
    .get(organizationId, userId) as { role: string | null } | undefined;
  return row === undefined ? undefined : row.role;
}
