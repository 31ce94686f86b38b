import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { memberships, users } from "./identity";
import { Table, all, one, text, type Raw, type RowIn } from "./sql";

/**
 * Members of an organization (§2.10, §4.12). Their rows are the `members` and `users` tables of
 * the identity schema (seeded through the admin API): this module reads and changes them for the
 * members routes.
 */

/** A row of `members`: someone's membership of an organization. */
type Membership = RowIn<typeof memberships>;

/** What a member shows of their user (the `users` row). */
type MemberUser = RowIn<typeof users>;

/** A member: the membership with its user's name, e-mail and photo. */
export type MemberRow = Membership & MemberUser;

/** A member's columns: the membership under `m`, its user under `u`. */
const COLUMNS = `${memberships.columnsOf("m")}, ${users.columnsOf("u")}`;

/** A joined row decoded by both maps (each keeps the other's fields as read; the membership's last, for its booleans). */
const toMember = (raw: Raw): MemberRow => ({ ...users.decode(raw), ...memberships.decode(raw) });

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
  const rows = all<Raw>(
    store,
    `SELECT ${COLUMNS} ${from}
     ORDER BY ${SORT_COLUMN[filter.sort]} ${direction}, m.user_id ${direction} LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  ).map(toMember);
  const { n } = one<{ n: number }>(store, `SELECT COUNT(*) AS n ${from}`, ...params)!;
  return { rows, count: n };
}

export function findMember(
  store: Store,
  organizationId: string,
  userId: string,
): MemberRow | undefined {
  const row = one<Raw>(
    store,
    `SELECT ${COLUMNS} FROM members m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = ? AND m.user_id = ?`,
    organizationId,
    userId,
  );
  return row && toMember(row);
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
  const row = one<Raw>(
    store,
    `SELECT ${COLUMNS} FROM members m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = ? AND (u.id = ? OR lower(u.email) = lower(?))`,
    organizationId,
    ref,
    ref,
  );
  return row && toMember(row);
}

export function setMemberRole(
  store: Store,
  { organizationId, userId }: { organizationId: string; userId: string },
  role: string | null,
): void {
  memberships.update(store, { organizationId, userId }, { role });
}

/** Removes a membership; the member's team memberships in the organization go with it. */
export function removeMember(store: Store, organizationId: string, userId: string): void {
  memberships.delete(store, { organizationId, userId });
}

/** The number of admins an organization has: it must keep one. */
export function adminCount(store: Store, organizationId: string): number {
  return memberships.count(store, { organizationId, role: "admin" });
}

/** `POST /ping`: the caller was seen now. */
export function touchMember(store: Store, organizationId: string, userId: string): void {
  memberships.update(store, { organizationId, userId }, { lastSeenAt: store.now() });
}

/** `POST /members/{userId}/sso`: the member may now sign in through SSO. */
export function markSsoMember(store: Store, organizationId: string, userId: string): void {
  memberships.update(store, { organizationId, userId }, { sso: true });
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
const visitorClaimKeysTable = new Table("visitor_claim_keys", {
  organizationId: text("PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE"),
  secret: text("NOT NULL"),
});

/** The family's tables, created at every open. */
export const visitorClaimKeysTables = [visitorClaimKeysTable];

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
  return one<{ secret: string }>(
    store,
    "SELECT secret FROM visitor_claim_keys WHERE organization_id = ?",
    organizationId,
  )!.secret;
}
