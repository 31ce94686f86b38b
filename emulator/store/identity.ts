import { createHash } from "node:crypto";
import type { Store } from "./index";
import { Table, boolean, text } from "./sql";

/**
 * How a token is kept: its SHA-256, never the token. Tokens are random and long (a seeded one at
 * least 8 characters, the emulator's own 32 random bytes), so a plain digest suffices.
 */
export function tokenHash(token: string): string {
  return `sha256:${createHash("sha256").update(token).digest("hex")}`;
}

/**
 * Users, their memberships in organizations and their API tokens: what every family checks
 * access against. Seeded through the admin API.
 */
export const users = new Table("users", {
  id: text("PRIMARY KEY"),
  displayName: text("NOT NULL"),
  email: text("NOT NULL UNIQUE"),
  photoUrl: text(),
});

export const memberships = new Table(
  "members",
  {
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    userId: text("NOT NULL REFERENCES users(id) ON DELETE CASCADE"),
    role: text(),
    joinedAt: text("NOT NULL"),
    lastSeenAt: text(),
    disabled: boolean("NOT NULL DEFAULT 0"),
    sso: boolean("NOT NULL DEFAULT 0"),
  },
  { constraints: ["PRIMARY KEY (organization_id, user_id)"] },
);

const tokensTable = new Table("tokens", {
  // tokenHash(token): a token is never kept in clear.
  token: text("PRIMARY KEY"),
  userId: text("NOT NULL REFERENCES users(id) ON DELETE CASCADE"),
});

/** The family's tables, created at every open. */
export const identityTables = [users, memberships, tokensTable];

/** The user a bearer token belongs to, or undefined for an unknown token. */
export function userForToken(store: Store, token: string): string | undefined {
  const row = store
    .statement("SELECT user_id FROM tokens WHERE token = ?")
    .get(tokenHash(token)) as { user_id: string } | undefined;
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

/** The id of the user with this id or e-mail. */
export function findUserId(store: Store, ref: string): string | undefined {
  const row = store.statement("SELECT id FROM users WHERE id = ? OR email = ?").get(ref, ref) as
    { id: string } | undefined;
  return row?.id;
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
  store
    .statement("INSERT INTO tokens (token, user_id) VALUES (?, ?)")
    .run(tokenHash(token), userId);
}

/**
 * Hashes the tokens a file written before tokens were hashed keeps in clear, in one transaction,
 * then checkpoints: the clear tokens are left in neither the file nor its log. Answers how many.
 */
export function hashClearTokens(store: Store): number {
  const clear = store
    .statement("SELECT rowid AS id, token FROM tokens WHERE token NOT GLOB 'sha256:*'")
    .all() as { id: number; token: string }[];
  if (clear.length === 0) return 0;
  store.transaction(() => {
    for (const row of clear)
      store
        .statement("UPDATE tokens SET token = ? WHERE rowid = ?")
        .run(tokenHash(row.token), row.id);
  });
  store.checkpoint();
  return clear.length;
}

/**
 * The first token of the first organization's first admin, as kept (its hash), with its user:
 * whose token the command line prints.
 */
export function firstAdminToken(
  store: Store,
): { tokenHash: string; userId: string; organizationId: string } | undefined {
  return store
    .statement(
      `SELECT t.token AS tokenHash, t.user_id AS userId, m.organization_id AS organizationId
       FROM tokens t JOIN members m ON m.user_id = t.user_id
       JOIN organizations o ON o.id = m.organization_id
       WHERE m.role = 'admin' ORDER BY o.created_at, o.id, t.rowid LIMIT 1`,
    )
    .get() as { tokenHash: string; userId: string; organizationId: string } | undefined;
}

/** A user as other objects show it (a change request's author, a comment's poster). */
export interface UserRow {
  userId: string;
  displayName: string;
  email: string;
  photoUrl: string | null;
}

export function findUser(store: Store, id: string): UserRow | undefined {
  return store
    .statement(
      "SELECT id AS userId, display_name AS displayName, email, photo_url AS photoUrl FROM users WHERE id = ?",
    )
    .get(id) as UserRow | undefined;
}
