import type { Store } from "./index";
import { Table } from "./sql";

/** The saml_providers table's column map: its SELECT, INSERT, UPDATE and filters come from it. */
const providers = new Table<SamlProviderRow>("saml_providers", {
  id: {},
  organizationId: {},
  label: {},
  entityID: { column: "entity_id" },
  certificate: {},
  ssoURL: { column: "sso_url" },
  defaultTeam: {},
  defaultRole: {},
  createdAt: {},
});

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

/** The body's fields, and only those. */
function columns(fields: SamlProviderFields): SamlProviderFields {
  const { label, entityID, certificate, ssoURL, defaultTeam, defaultRole } = fields;
  return { label, entityID, certificate, ssoURL, defaultTeam, defaultRole };
}

/** An organization's SAML providers, oldest first. */
export function samlProvidersOf(store: Store, organizationId: string): SamlProviderRow[] {
  const page = { limit: -1, offset: 0 };
  return providers.list(store, { organizationId }, "created_at, rowid", page).rows;
}

/** The provider, only when it belongs to `organizationId`. */
export function findSamlProvider(store: Store, organizationId: string, id: string) {
  return providers.find(store, { id, organizationId });
}

export function insertSamlProvider(
  store: Store,
  organizationId: string,
  fields: SamlProviderFields & { label: string },
): SamlProviderRow {
  return providers.insert(store, {
    ...columns(fields),
    id: store.newId(),
    organizationId,
    createdAt: store.now(),
  });
}

export function updateSamlProvider(
  store: Store,
  provider: SamlProviderRow,
  fields: SamlProviderFields,
): SamlProviderRow {
  providers.update(store, { id: provider.id }, columns(fields));
  return findSamlProvider(store, provider.organizationId, provider.id)!;
}

export function deleteSamlProvider(store: Store, id: string): void {
  providers.delete(store, { id });
}
