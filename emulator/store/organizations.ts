import type { Store } from "./index";

/** Organizations (§2.9): seeded through the admin API, read and patched through §4.2. */
export const organizationsSchema = `
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
`;

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

/** The fields of §4.2's PATCH, as columns take them; absent fields are left unchanged. */
export interface OrganizationPatch {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: string | null;
  defaultContent?: { type: "site"; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

export function updateOrganization(store: Store, id: string, patch: OrganizationPatch): void {
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  const set = (column: string, value: string | number | null | undefined) => {
    if (value === undefined) return;
    sets.push(`${column} = ?`);
    values.push(value);
  };
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  set("title", patch.title);
  set("email_domains", patch.emailDomains && JSON.stringify(patch.emailDomains));
  set("hostname", patch.hostname);
  set("default_role", patch.defaultRole);
  set(
    "default_content",
    patch.defaultContent === undefined
      ? undefined
      : patch.defaultContent && JSON.stringify(patch.defaultContent),
  );
  set("logo", patch.logo);
  set("sso", flag(patch.sso));
  set("ai", flag(patch.ai));
  set("invite_links", flag(patch.inviteLinks));
  if (sets.length === 0) return;
  store.statement(`UPDATE organizations SET ${sets.join(", ")} WHERE id = ?`).run(...values, id);
}

/** Whether another organization than `exceptId` holds `hostname`. */
export function hostnameTaken(store: Store, hostname: string, exceptId: string): boolean {
  return (
    store
      .statement("SELECT 1 FROM organizations WHERE hostname = ? AND id <> ?")
      .get(hostname, exceptId) !== undefined
  );
}

export function organizationExists(store: Store, id: string): boolean {
  return store.statement("SELECT 1 FROM organizations WHERE id = ?").get(id) !== undefined;
}

/** Whether any organization exists: a data file that holds one is resumed, never seeded. */
export function hasOrganizations(store: Store): boolean {
  return store.statement("SELECT 1 FROM organizations LIMIT 1").get() !== undefined;
}

/** Every organization, oldest first: the app's index page lists them. */
export function allOrganizations(store: Store): OrganizationRow[] {
  return store
    .statement(`SELECT ${ORG_COLUMNS} FROM organizations ORDER BY created_at, id`)
    .all() as unknown as OrganizationRow[];
}
