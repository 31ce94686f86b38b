import type { Store } from "./index";
import { Table, all, boolean, json, one, text, type Raw, type RowIn } from "./sql";

/** Organizations (§2.9): seeded through the admin API, read and patched through §4.2. */
const organizations = new Table("organizations", {
  id: text("PRIMARY KEY"),
  title: text("NOT NULL"),
  createdAt: text("NOT NULL"),
  emailDomains: json("NOT NULL DEFAULT '[]'").of<string[]>(),
  hostname: text("UNIQUE"),
  type: text("NOT NULL DEFAULT 'business'"),
  useCase: text(),
  communityType: text(),
  defaultRole: text(),
  /** The `defaultContent` value (kept as JSON), or null when unset. */
  defaultContent: json().of<DefaultContent>(),
  logo: text(),
  sso: boolean("NOT NULL DEFAULT 0"),
  ai: boolean("NOT NULL DEFAULT 0"),
  inviteLinks: boolean("NOT NULL DEFAULT 1"),
  plan: text("NOT NULL DEFAULT 'free_2024'"),
});

/** The family's tables, created at every open. */
export const organizationsTables = [organizations];

export type OrganizationRow = RowIn<typeof organizations>;

/** What an organization's `defaultContent` names: one of its sites. */
export interface DefaultContent {
  type: "site";
  site: string;
}

const decoded = (rows: Raw[]) => rows.map((row) => organizations.decode(row));

export function findOrganization(store: Store, id: string): OrganizationRow | undefined {
  return organizations.find(store, { id });
}

/** The organizations `userId` belongs to, one page of them, oldest first, and their number. */
export function organizationsOf(
  store: Store,
  userId: string,
  page: { limit: number; offset: number },
): { rows: OrganizationRow[]; count: number } {
  const rows = all<Raw>(
    store,
    `${organizations.select}
     WHERE id IN (SELECT organization_id FROM members WHERE user_id = ?)
     ORDER BY created_at, id LIMIT ? OFFSET ?`,
    userId,
    page.limit,
    page.offset,
  );
  const { n } = one<{ n: number }>(
    store,
    "SELECT COUNT(*) AS n FROM members WHERE user_id = ?",
    userId,
  )!;
  return { rows: decoded(rows), count: n };
}

/** The caller's organizations that list `domain` among their e-mail domains. */
export function organizationsByEmailDomain(
  store: Store,
  userId: string,
  domain: string,
): OrganizationRow[] {
  return decoded(
    all<Raw>(
      store,
      `${organizations.select}
       WHERE id IN (SELECT organization_id FROM members WHERE user_id = ?)
         AND EXISTS (SELECT 1 FROM json_each(email_domains) WHERE lower(value) = lower(?))
       ORDER BY created_at, id`,
      userId,
      domain,
    ),
  );
}

export function insertOrganization(
  store: Store,
  fields: { id?: string; title: string; hostname?: string; emailDomains?: string[] },
): string {
  return organizations.insert(store, {
    id: fields.id ?? store.newId(),
    title: fields.title,
    createdAt: store.now(),
    emailDomains: fields.emailDomains ?? [],
    hostname: fields.hostname ?? null,
  }).id;
}

/** The fields of §4.2's PATCH, as columns take them; absent fields are left unchanged. */
export interface OrganizationPatch {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: string | null;
  defaultContent?: DefaultContent | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

export function updateOrganization(store: Store, id: string, patch: OrganizationPatch): void {
  const { title, emailDomains, hostname, defaultRole, defaultContent, logo, sso, ai, inviteLinks } =
    patch;
  organizations.update(
    store,
    { id },
    { title, emailDomains, hostname, defaultRole, defaultContent, logo, sso, ai, inviteLinks },
  );
}

/** Whether another organization than `exceptId` holds `hostname`. */
export function hostnameTaken(store: Store, hostname: string, exceptId: string): boolean {
  return (
    one(store, "SELECT 1 FROM organizations WHERE hostname = ? AND id <> ?", hostname, exceptId) !==
    undefined
  );
}

export function organizationExists(store: Store, id: string): boolean {
  return organizations.count(store, { id }) > 0;
}

/** Whether any organization exists: a data file that holds one is resumed, never seeded. */
export function hasOrganizations(store: Store): boolean {
  return one(store, "SELECT 1 FROM organizations LIMIT 1") !== undefined;
}

/** Every organization, oldest first: the app's index page lists them. */
export function allOrganizations(store: Store): OrganizationRow[] {
  return organizations.list(store, {}, "created_at, id", { limit: -1, offset: 0 }).rows;
}
