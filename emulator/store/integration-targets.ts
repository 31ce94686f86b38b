import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

/** Whether a content installation is on a site or on a space. */
export type ContentKind = "site" | "space";

export type ContentInstallationRow<K extends ContentKind = ContentKind> = RowIn<
  typeof siteInstallations
> & { kind: K };

/**
 * An organization's installation enabled on one site or one space, with the integration's
 * configuration for it (docs/api-decisions.md, "Integrations"). Removing the installation, the
 * site or the space removes it.
 */
const columns = (target: string) => ({
  installationId: text("NOT NULL REFERENCES integration_installations(id) ON DELETE CASCADE"),
  targetId: text(`NOT NULL REFERENCES ${target}(id) ON DELETE CASCADE`),
  configuration: json("NOT NULL").of<Record<string, unknown>>(),
  externalIds: json("NOT NULL").of<string[]>(),
  createdAt: text("NOT NULL"),
  updatedAt: text("NOT NULL"),
});

const siteInstallations = new Table("integration_site_installations", columns("sites"), {
  constraints: ["PRIMARY KEY (installation_id, target_id)"],
});
const spaceInstallations = new Table("integration_space_installations", columns("spaces"), {
  constraints: ["PRIMARY KEY (installation_id, target_id)"],
});

/** The family's tables, created at every open. */
export const integrationTargetsTables = [siteInstallations, spaceInstallations];

const tableOf = (kind: ContentKind) => (kind === "site" ? siteInstallations : spaceInstallations);

export function findContentInstallation<K extends ContentKind>(
  store: Store,
  kind: K,
  installationId: string,
  targetId: string,
): ContentInstallationRow<K> | undefined {
  const row = tableOf(kind).find(store, { installationId, targetId });
  return row && { ...row, kind };
}

/** One page of an installation's sites or spaces, oldest first, and how many it has. */
export function listContentInstallations<K extends ContentKind>(
  store: Store,
  kind: K,
  installationId: string,
  page: { limit: number; offset: number },
): { rows: ContentInstallationRow<K>[]; count: number } {
  const { rows, count } = tableOf(kind).list(store, { installationId }, "created_at, rowid", page);
  return { rows: rows.map((r) => ({ ...r, kind })), count };
}

export function countContentInstallations(
  store: Store,
  kind: ContentKind,
  installationId: string,
): number {
  return tableOf(kind).count(store, { installationId });
}

/** Every installation enabled on a site or a space, for its app page. */
export function installationsOn(
  store: Store,
  kind: ContentKind,
  targetId: string,
): ContentInstallationRow[] {
  const page = { limit: 1000, offset: 0 };
  return tableOf(kind)
    .list(store, { targetId }, "created_at, rowid", page)
    .rows.map((r) => ({ ...r, kind }));
}

export function insertContentInstallation<K extends ContentKind>(
  store: Store,
  kind: K,
  installationId: string,
  targetId: string,
  configuration: Record<string, unknown>,
): ContentInstallationRow<K> {
  const now = store.now();
  const row = tableOf(kind).insert(store, {
    installationId,
    targetId,
    configuration,
    externalIds: [],
    createdAt: now,
    updatedAt: now,
  });
  return { ...row, kind };
}

export function updateContentInstallation<K extends ContentKind>(
  store: Store,
  row: ContentInstallationRow<K>,
  patch: Partial<Pick<ContentInstallationRow, "configuration" | "externalIds">>,
): ContentInstallationRow<K> {
  const filter = { installationId: row.installationId, targetId: row.targetId };
  tableOf(row.kind).update(store, filter, { ...patch, updatedAt: store.now() });
  return findContentInstallation(store, row.kind, row.installationId, row.targetId)!;
}

export function deleteContentInstallation(store: Store, row: ContentInstallationRow): void {
  tableOf(row.kind).delete(store, { installationId: row.installationId, targetId: row.targetId });
}
