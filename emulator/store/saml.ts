import type { Store } from "./index";
import { assignments, placeholders, type Raw, str, strOrNull } from "./sql";

/**
 * SAML providers of an organization (§2.10, §4.12). The certificate is kept as sent: the API
 * answers it, and only the app pages leave it out.
 */
export const samlSchema = `
CREATE TABLE IF NOT EXISTS saml_providers (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  entity_id TEXT,
  certificate TEXT,
  sso_url TEXT,
  default_team TEXT REFERENCES teams(id) ON DELETE SET NULL,
  default_role TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS saml_providers_by_org ON saml_providers(organization_id, created_at);
`;

export interface SamlProviderRow {
  id: string;
  organizationId: string;
  label: string;
  entityID: string | null;
  certificate: string | null;
  ssoURL: string | null;
  defaultTeam: string | null;
  defaultRole: string | null;
  createdAt: string;
}

/** The fields of the create and PATCH bodies, as the row holds them. */
export interface SamlProviderFields {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string | null;
  defaultRole?: string | null;
}

function toProvider(r: Raw): SamlProviderRow {
  return {
    id: str(r.id),
    organizationId: str(r.organization_id),
    label: str(r.label),
    entityID: strOrNull(r.entity_id),
    certificate: strOrNull(r.certificate),
    ssoURL: strOrNull(r.sso_url),
    defaultTeam: strOrNull(r.default_team),
    defaultRole: strOrNull(r.default_role),
    createdAt: str(r.created_at),
  };
}

function columns(fields: SamlProviderFields) {
  return {
    label: fields.label,
    entity_id: fields.entityID,
    certificate: fields.certificate,
    sso_url: fields.ssoURL,
    default_team: fields.defaultTeam,
    default_role: fields.defaultRole,
  };
}

/** An organization's SAML providers, oldest first. */
export function samlProvidersOf(store: Store, organizationId: string): SamlProviderRow[] {
  return (
    store
      .statement(
        "SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY created_at, rowid",
      )
      .all(organizationId) as Raw[]
  ).map(toProvider);
}

/** The provider, only when it belongs to `organizationId`. */
export function findSamlProvider(store: Store, organizationId: string, id: string) {
  const row = store
    .statement("SELECT * FROM saml_providers WHERE id = ? AND organization_id = ?")
    .get(id, organizationId) as Raw | undefined;
  return row === undefined ? undefined : toProvider(row);
}

export function insertSamlProvider(
  store: Store,
  organizationId: string,
  fields: SamlProviderFields & { label: string },
): SamlProviderRow {
  const id = store.newId();
  const set = assignments({ ...columns(fields), id, organization_id: organizationId });
  const names = set.sql.split(", ").map((s) => s.replace(" = ?", ""));
  store
    .statement(
      `INSERT INTO saml_providers (${names.join(", ")}, created_at)
       VALUES (${placeholders(names)}, ?)`,
    )
    .run(...set.values, store.now());
  return findSamlProvider(store, organizationId, id)!;
}

export function updateSamlProvider(
  store: Store,
  provider: SamlProviderRow,
  fields: SamlProviderFields,
): SamlProviderRow {
  const set = assignments(columns(fields));
  if (set.sql !== "")
    store
      .statement(`UPDATE saml_providers SET ${set.sql} WHERE id = ?`)
      .run(...set.values, provider.id);
  return findSamlProvider(store, provider.organizationId, provider.id)!;
}

export function deleteSamlProvider(store: Store, id: string): void {
  store.statement("DELETE FROM saml_providers WHERE id = ?").run(id);
}
