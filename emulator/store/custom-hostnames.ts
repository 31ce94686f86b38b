import type { Store } from "./index";
import { Table, boolean, integer, text, type RowIn } from "./sql";

/**
 * A hostname's status: one of the hosted `CustomHostnameStatus` values (render/custom-hostnames.ts
 * lists them).
 */
type HostnameStatus = string;

/** The status of a hostname whose check is under way. */
export const CHECKING = "ssl_pending";

/**
 * Custom hostnames (docs/api-decisions.md, "Custom hostnames"): one row per hostname, naming the
 * site (or, with no site, the organization) it was last attached to. `active` while that target
 * still uses it; a detached one stays, inactive, until it is removed or another target takes it.
 * `checks` counts the checks of its DNS and certificate: a check that a newer one replaced does
 * not write. `verdict` is the status the admin API said the check under way ends in.
 */
const customHostnames = new Table(
  "custom_hostnames",
  {
    hostname: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    siteId: text("REFERENCES sites(id) ON DELETE CASCADE"),
    active: boolean("NOT NULL"),
    status: text("NOT NULL"),
    checks: integer("NOT NULL DEFAULT 0"),
    verdict: text(),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
  },
  { indexes: { custom_hostnames_by_org: "(organization_id)" } },
);

/** The family's tables, created at every open. */
export const customHostnamesTables = [customHostnames];

export type CustomHostnameRow = RowIn<typeof customHostnames>;

/** What a hostname serves: a site of the organization, or (`siteId` null) the organization. */
export interface HostnameTarget {
  organizationId: string;
  siteId: string | null;
}

export function findCustomHostname(store: Store, hostname: string): CustomHostnameRow | undefined {
  return customHostnames.find(store, { hostname });
}

/** The hostname `target` uses now; `undefined` when it has none. */
export function activeHostnameOf(store: Store, target: HostnameTarget): string | undefined {
  return customHostnames.find(store, { ...target, active: true })?.hostname;
}

const sameTarget = (row: CustomHostnameRow, target: HostnameTarget) =>
  row.organizationId === target.organizationId && row.siteId === target.siteId;

/** Whether another target than `target` uses `hostname` now (in any organization). */
export function hostnameHeldElsewhere(
  store: Store,
  hostname: string,
  target: HostnameTarget,
): boolean {
  const row = findCustomHostname(store, hostname);
  return row !== undefined && row.active && !sameTarget(row, target);
}

/** Detaches whatever hostname `target` uses: it stays, inactive. */
export function detachHostname(store: Store, target: HostnameTarget): void {
  customHostnames.update(
    store,
    { ...target, active: true },
    { active: false, updatedAt: store.now() },
  );
}

/**
 * Makes `hostname` the one `target` uses, its check starting: answers the row, or `undefined` when
 * the target already used it (nothing to check again). The caller has made sure no other target
 * uses it.
 */
export function attachHostname(
  store: Store,
  hostname: string,
  target: HostnameTarget,
): CustomHostnameRow | undefined {
  const row = findCustomHostname(store, hostname);
  if (row?.active && sameTarget(row, target)) return undefined;
  detachHostname(store, target);
  const now = store.now();
  const fields = { ...target, active: true, status: CHECKING, verdict: null, updatedAt: now };
  if (row === undefined) {
    return customHostnames.insert(store, { hostname, ...fields, checks: 1, createdAt: now });
  }
  customHostnames.update(store, { hostname }, { ...fields, checks: row.checks + 1 });
  return findCustomHostname(store, hostname);
}

/** Starts a new check of the hostname: answers the row, whose `checks` its job carries. */
export function recheckHostname(store: Store, hostname: string): CustomHostnameRow {
  const row = findCustomHostname(store, hostname)!;
  customHostnames.update(
    store,
    { hostname },
    { status: CHECKING, checks: row.checks + 1, updatedAt: store.now() },
  );
  return findCustomHostname(store, hostname)!;
}

/**
 * Ends check number `check` of the hostname: in the admin API's verdict when it gave one, else
 * `live`. False when a newer check replaced it, or the hostname is gone.
 */
export function concludeHostnameCheck(store: Store, hostname: string, check: number): boolean {
  const row = findCustomHostname(store, hostname);
  if (row === undefined || row.checks !== check || row.status !== CHECKING) return false;
  customHostnames.update(
    store,
    { hostname },
    { status: row.verdict ?? "live", verdict: null, updatedAt: store.now() },
  );
  return true;
}

/**
 * The admin API's status for the hostname: what the check under way ends in, or, when none is,
 * the status from now on (its DNS changed since).
 */
export function setHostnameVerdict(store: Store, hostname: string, status: HostnameStatus): void {
  const row = findCustomHostname(store, hostname)!;
  const patch = row.status === CHECKING ? { verdict: status } : { status, verdict: null };
  customHostnames.update(store, { hostname }, { ...patch, updatedAt: store.now() });
}

export function deleteCustomHostname(store: Store, hostname: string): void {
  customHostnames.delete(store, { hostname });
}

/** Every hostname whose check a stopped emulator left under way. */
export function hostnamesInCheck(store: Store): CustomHostnameRow[] {
  return customHostnames.list(store, { status: CHECKING }, "hostname", { limit: -1, offset: 0 })
    .rows;
}
