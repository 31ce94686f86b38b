import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

export type Selection = "all" | "selected";

export type InstallationRow = RowIn<typeof installations>;

/**
 * Integrations installed in an organization (docs/api-decisions.md, "Integrations"): one
 * installation of each integration per organization, with its account configuration (which may
 * hold credentials: the API answers them to the organization's admins only) and its space and
 * site selection. The integrations themselves are the seeded catalogue
 * (store/integration-catalogue.ts).
 */
const installations = new Table(
  "integration_installations",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    integration: text("NOT NULL"),
    configuration: json("NOT NULL").of<Record<string, unknown>>(),
    spaceSelection: text("NOT NULL").of<Selection>(),
    siteSelection: text("NOT NULL").of<Selection>(),
    externalIds: json("NOT NULL").of<string[]>(),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
  },
  { uniqueIndexes: { integration_installations_org: "(organization_id, integration)" } },
);

/** The family's tables, created at every open. */
export const integrationsTables = [installations];

export function findInstallation(store: Store, integration: string, id: string) {
  return installations.find(store, { integration, id });
}

export function installationOf(store: Store, organizationId: string, integration: string) {
  return installations.find(store, { organizationId, integration });
}

/** One page of an organization's installations, oldest first, and how many it has. */
export function listInstallations(
  store: Store,
  organizationId: string,
  page: { limit: number; offset: number },
): { rows: InstallationRow[]; count: number } {
  return installations.list(store, { organizationId }, "created_at, rowid", page);
}

export function insertInstallation(
  store: Store,
  organizationId: string,
  integration: string,
): InstallationRow {
  const now = store.now();
  return installations.insert(store, {
    id: store.newId(),
    organizationId,
    integration,
    configuration: {},
    spaceSelection: "selected",
    siteSelection: "selected",
    externalIds: [],
    createdAt: now,
    updatedAt: now,
  });
}

/** What a PATCH of the installation writes. */
export type InstallationFields = Pick<
  InstallationRow,
  "configuration" | "spaceSelection" | "siteSelection" | "externalIds"
>;

export function updateInstallation(
  store: Store,
  row: InstallationRow,
  patch: Partial<InstallationFields>,
): InstallationRow {
  installations.update(store, { id: row.id }, { ...patch, updatedAt: store.now() });
  return findInstallation(store, row.integration, row.id)!;
}

export function deleteInstallation(store: Store, id: string): void {
  installations.delete(store, { id });
}

/** An installation by its id alone, for what hangs off it (its site and space installations). */
export function installationById(store: Store, id: string) {
  return installations.find(store, { id });
}
