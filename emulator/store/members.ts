import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { type Raw, str, strOrNull } from "./sql";

/**
 * Members of an organization (§2.10, §4.12). Their rows are the `members` and `users` tables of
 * the identity schema (seeded through the admin API): this module reads and changes them for the
 * members routes.
 */

export interface MemberRow {
  organizationId: string;
  userId: string;
  role: string | null;
  joinedAt: string;
  lastSeenAt: string | null;
  disabled: boolean;
  sso: boolean;
  displayName: string;
  email: string;
  photoUrl: string | null;
}

const COLUMNS = `m.organization_id, m.user_id, m.role, m.joined_at, m.last_seen_at, m.disabled,
  m.sso, u.display_name, u.email, u.photo_url`;

function toMember(r: Raw): MemberRow {
  return {
    organizationId: str(r.organization_id),
    userId: str(r.user_id),
    role: strOrNull(r.role),
    joinedAt: str(r.joined_at),
    lastSeenAt: strOrNull(r.last_seen_at),
    disabled: r.disabled === 1,
    sso: r.sso === 1,
    displayName: str(r.display_name),
    email: str(r.email),
    photoUrl: strOrNull(r.photo_url),
  };
}

/** §4.12's list filters: `role` (`guest` for `null`), `search`, `sort` and `order`. */
export interface MemberFilter {
  role?: string;
  search?: string;
  sort: "joinedAt" | "lastSeenAt" | "name";
  order: "asc" | "desc";
}

const SORT_COLUMN = {
  joinedAt: "m.joined_at",
  lastSeenAt: "m.last_seen_at",
  name: "u.display_name",
};

/** One page of an organization's members matching `filter`, and how many match in all. */
export function listMembers(
  store: Store,
  organizationId: string,
  filter: MemberFilter,
  page: { limit: number; offset: number },
): { rows: MemberRow[]; count: number } {
  const where = ["m.organization_id = ?"];
  const params: string[] = [organizationId];
  if (filter.role === "guest") where.push("m.role IS NULL");
  else if (filter.role !== undefined) {
    where.push("m.role = ?");
    params.push(filter.role);
  }
  if (filter.search !== undefined) {
    // A contains match on the name or the e-mail, case-insensitive, with LIKE's wildcards escaped.
    where.push("(lower(u.display_name) LIKE ? ESCAPE '\\' OR lower(u.email) LIKE ? ESCAPE '\\')");
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(pattern, pattern);
  }
  // Sorted by last seen, the list holds only the members seen at least once (§4.12).
  if (filter.sort === "lastSeenAt") where.push("m.last_seen_at IS NOT NULL");
  const from = `FROM members m JOIN users u ON u.id = m.user_id WHERE ${where.join(" AND ")}`;
  const direction = filter.order === "asc" ? "ASC" : "DESC";
  const rows = (
    store
      .statement(
        `SELECT ${COLUMNS} ${from}
         ORDER BY ${SORT_COLUMN[filter.sort]} ${direction}, m.user_id ${direction} LIMIT ? OFFSET ?`,
      )
      .all(...params, page.limit, page.offset) as Raw[]
  ).map(toMember);
  const { n } = store.statement(`SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number };
  return { rows, count: n };
}

export function findMember(
  store: Store,
  organizationId: string,
  userId: string,
): MemberRow | undefined {
  const row = store
    .statement(
      `SELECT ${COLUMNS} FROM members m JOIN users u ON u.id = m.user_id
       WHERE m.organization_id = ? AND m.user_id = ?`,
    )
    .get(organizationId, userId) as Raw | undefined;
  return row === undefined ? undefined : toMember(row);
}

/**
 * The member a reference names: a user id, or an e-mail address (matched case-insensitively).
 * Undefined when no member of the organization answers to it.
 */
export function resolveMember(
  store: Store,
  organizationId: string,
  ref: string,
): MemberRow | undefined {
  const row = store
    .statement(
      `SELECT ${COLUMNS} FROM members m JOIN users u ON u.id = m.user_id
       WHERE m.organization_id = ? AND (u.id = ? OR lower(u.email) = lower(?))`,
    )
    .get(organizationId, ref, ref) as Raw | undefined;
  return row === undefined ? undefined : toMember(row);
}

export function setMemberRole(
  store: Store,
  { organizationId, userId }: { organizationId: string; userId: string },
  role: string | null,
): void {
  store
    .statement("UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?")
    .run(role, organizationId, userId);
}

/** Removes a membership; the member's team memberships in the organization go with it. */
export function removeMember(store: Store, organizationId: string, userId: string): void {
  store
    .statement("DELETE FROM members WHERE organization_id = ? AND user_id = ?")
    .run(organizationId, userId);
}

/** The number of admins an organization has: it must keep one. */
export function adminCount(store: Store, organizationId: string): number {
  const { n } = store
    .statement("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin'")
    .get(organizationId) as { n: number };
  return n;
}

/** `POST /ping`: the caller was seen now. */
export function touchMember(store: Store, organizationId: string, userId: string): void {
  store
    .statement("UPDATE members SET last_seen_at = ? WHERE organization_id = ? AND user_id = ?")
    .run(store.now(), organizationId, userId);
}

/** `POST /members/{userId}/sso`: the member may now sign in through SSO. */
export function markSsoMember(store: Store, organizationId: string, userId: string): void {
  store
    .statement("UPDATE members SET sso = 1 WHERE organization_id = ? AND user_id = ?")
    .run(organizationId, userId);
}

/** Every member of an organization, by name: the app page lists them. */
export function membersOf(store: Store, organizationId: string): MemberRow[] {
  return listMembers(
    store,
    organizationId,
    { sort: "name", order: "asc" },
    { limit: -1, offset: 0 },
  ).rows;
}

/**
 * The key each organization signs its visitor claims with (`POST /orgs/{id}/ping`, HS256): made
 * at the first ping, kept so that claims stay verifiable across restarts. Never rendered.
 */
export const visitorClaimKeysSchema = `
CREATE TABLE IF NOT EXISTS visitor_claim_keys (
  organization_id TEXT PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  secret TEXT NOT NULL
);
`;

/**
 * The organization's signing key: it signs visitor claims and the temporary PDF URLs of change
 * requests. Made at first use, 32 random bytes.
 */
export function organizationKey(store: Store, organizationId: string): string {
  return visitorClaimKey(store, organizationId, () => randomBytes(32).toString("base64url"));
}

function visitorClaimKey(store: Store, organizationId: string, fresh: () => string): string {
  store
    .statement("INSERT OR IGNORE INTO visitor_claim_keys (organization_id, secret) VALUES (?, ?)")
    .run(organizationId, fresh());
  return (
    store
      .statement("SELECT secret FROM visitor_claim_keys WHERE organization_id = ?")
      .get(organizationId) as { secret: string }
  ).secret;
}
