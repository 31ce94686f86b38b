import type { Store } from "./index";
import { Table, integer, json, text, type RowIn } from "./sql";

/** `ContextConnectionStatus`: where the connection's sync stands. */
export type ContextStatus = "pending" | "syncing" | "succeeded" | "failed";
/** `ContextConnectionFailureReason`. */
export type FailureReason =
  "authentication" | "misconfigured" | "rate_limited" | "upstream_unavailable" | "unknown";
/** `ContextUsageSettings`. */
export interface UsageSettings {
  changeRequests: boolean;
  search: boolean;
  sync?: boolean;
  searchBoost: "x0.8" | "x1.0" | "x1.2";
}

/** How a sync the admin API decided ends: failed for a reason, or (`null`) as it would. */
export interface SyncVerdict {
  failureReason: FailureReason;
  failureMessage: string;
}

/**
 * Site context connections (docs/api-decisions.md, "Site context connections"): the sources a
 * site's agent reads. `setupSettings` hold credentials: the API answers them redacted, the app
 * page names them only. `syncs` counts the syncs started: a sync that a newer one replaced does
 * not write. `verdict` is how the admin API said the sync under way (or the next one) ends.
 */
const connections = new Table(
  "site_context_connections",
  {
    id: text("PRIMARY KEY"),
    siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
    connector: text("NOT NULL"),
    setupSettings: json().of<Record<string, unknown>>(),
    usageSettings: json("NOT NULL").of<UsageSettings>(),
    label: text(),
    filter: text(),
    status: text("NOT NULL").of<ContextStatus>(),
    records: integer("NOT NULL DEFAULT 0"),
    failureReason: text().of<FailureReason>(),
    failureMessage: text(),
    syncs: integer("NOT NULL DEFAULT 0"),
    verdict: json().of<SyncVerdict>(),
    syncedAt: text(),
    createdAt: text("NOT NULL"),
  },
  { indexes: { site_context_connections_by_status: "(status)" } },
);

/** The family's tables, created at every open. */
export const siteContextConnectionsTables = [connections];

export type ContextConnectionRow = RowIn<typeof connections>;

/** One page of a site's connections, oldest first, and how many it has. */
export function listContextConnections(
  store: Store,
  siteId: string,
  page: { limit: number; offset: number },
): { rows: ContextConnectionRow[]; count: number } {
  return connections.list(store, { siteId }, "created_at, rowid", page);
}

export function findContextConnection(
  store: Store,
  siteId: string,
  id: string,
): ContextConnectionRow | undefined {
  return connections.find(store, { siteId, id });
}

function byId(store: Store, id: string): ContextConnectionRow | undefined {
  return connections.find(store, { id });
}

/** What a connection is written with. */
export type ContextConnectionFields = Pick<
  ContextConnectionRow,
  "connector" | "setupSettings" | "usageSettings" | "label" | "filter"
>;

/** A new connection, its first sync pending: the caller starts its job. */
export function insertContextConnection(
  store: Store,
  siteId: string,
  fields: ContextConnectionFields,
): ContextConnectionRow {
  return connections.insert(store, {
    id: store.newId(),
    siteId,
    ...fields,
    status: "pending",
    records: 0,
    failureReason: null,
    failureMessage: null,
    syncs: 1,
    verdict: null,
    syncedAt: null,
    createdAt: store.now(),
  });
}

export function updateContextConnection(
  store: Store,
  row: ContextConnectionRow,
  patch: Partial<ContextConnectionFields>,
): ContextConnectionRow {
  connections.update(store, { id: row.id }, patch);
  return byId(store, row.id)!;
}

/** Starts a new sync of the connection (pending, its failure cleared): answers its number. */
export function restartSync(store: Store, id: string): number {
  const row = byId(store, id)!;
  connections.update(
    store,
    { id },
    { status: "pending", failureReason: null, failureMessage: null, syncs: row.syncs + 1 },
  );
  return row.syncs + 1;
}

/** Moves sync number `sync` from pending to syncing; false when it is no longer the one. */
export function beginSync(store: Store, id: string, sync: number): boolean {
  const row = byId(store, id);
  if (row === undefined || row.syncs !== sync) return false;
  if (row.status === "pending") connections.update(store, { id }, { status: "syncing" });
  return row.status === "pending" || row.status === "syncing";
}

/**
 * Ends sync number `sync`: failed as the admin API's verdict says, else succeeded with `records`
 * ingested. False when a newer sync replaced it, or the connection is gone.
 */
export function concludeSync(store: Store, id: string, sync: number, records: number): boolean {
  const row = byId(store, id);
  if (row === undefined || row.syncs !== sync || row.status !== "syncing") return false;
  const verdict = row.verdict;
  connections.update(
    store,
    { id },
    verdict === null
      ? { status: "succeeded", records, syncedAt: store.now() }
      : { status: "failed", ...verdict, verdict: null },
  );
  return true;
}

/**
 * The admin API's outcome for the connection: how the sync under way ends, or, when none is,
 * where it stands from now on (its source broke, or recovered, since). `null` is success.
 */
export function setSyncVerdict(store: Store, id: string, verdict: SyncVerdict | null): void {
  const row = byId(store, id)!;
  const underWay = row.status === "pending" || row.status === "syncing";
  if (underWay) connections.update(store, { id }, { verdict });
  else if (verdict === null)
    connections.update(
      store,
      { id },
      { status: "succeeded", failureReason: null, failureMessage: null },
    );
  else connections.update(store, { id }, { status: "failed", ...verdict, verdict: null });
}

export function deleteContextConnection(store: Store, id: string): void {
  connections.delete(store, { id });
}

/** Every connection whose sync a stopped emulator left under way. */
export function connectionsInSync(store: Store): ContextConnectionRow[] {
  const page = { limit: -1, offset: 0 };
  return [
    ...connections.list(store, { status: "pending" }, "created_at, rowid", page).rows,
    ...connections.list(store, { status: "syncing" }, "created_at, rowid", page).rows,
  ];
}
