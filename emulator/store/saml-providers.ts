import type { Store } from "./index";
import { Table, text, type RowIn } from "./sql";

/**
 * SAML providers of an organization (§2.10, §4.12). The certificate is kept as sent: the API
 * answers it, and only the app pages leave it out.
 */
const providers = new Table(
  "saml_providers",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    label: text("NOT NULL"),
    entityID: text().named("entity_id"),
    certificate: text(),
    ssoURL: text().named("sso_url"),
    defaultTeam: text("REFERENCES teams(id) ON DELETE SET NULL"),
    defaultRole: text(),
    createdAt: text("NOT NULL"),
  },
  { indexes: { saml_providers_by_org: "(organization_id, created_at)" } },
);

/** The family's tables, created at every open. */
export const samlTables = [providers];

export type SamlProviderRow = RowIn<typeof providers>;

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
