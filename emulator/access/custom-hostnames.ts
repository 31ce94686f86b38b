import { hasRole } from "../auth";
import type { ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { checkCustomHostname } from "../jobs/custom-hostnames";
import {
  attachHostname,
  detachHostname,
  findCustomHostname,
  hostnameHeldElsewhere,
  type CustomHostnameRow,
  type HostnameTarget,
} from "../store/custom-hostnames";

/**
 * Who reaches a custom hostname (docs/api-decisions.md, "Custom hostnames"). The hosted
 * operations are staff-only (`user-internal`); the emulator has no staff, so the admins of the
 * organization the hostname belongs to stand in for them. Anyone else hears 404, as if it did
 * not exist: a hostname of another tenant is never confirmed.
 */
export function requireCustomHostname(ctx: ApiContext, hostname: string): CustomHostnameRow {
  const row = findCustomHostname(ctx.store, hostname.toLowerCase());
  if (row === undefined || !hasRole(ctx.roleIn(row.organizationId) ?? null, "admin"))
    throw notFound(`custom hostname ${hostname}`);
  return row;
}

/** The hostname the caller may remove; `undefined` when it does not exist for the caller. */
export function removableCustomHostname(
  ctx: ApiContext,
  hostname: string,
): CustomHostnameRow | undefined {
  const row = findCustomHostname(ctx.store, hostname.toLowerCase());
  if (row === undefined || !hasRole(ctx.roleIn(row.organizationId) ?? null, "admin"))
    return undefined;
  return row;
}

/**
 * Writes the custom hostname a site's or the organization's PATCH sets (`null` detaches it), in
 * the caller's transaction: a hostname another target uses, in any organization, is 409; a new
 * one starts its check. The caller has checked that it is the target's admin.
 */
export function setTargetHostname(
  ctx: ApiContext,
  target: HostnameTarget,
  hostname: string | null,
): void {
  if (hostname === null) {
    detachHostname(ctx.store, target);
    return;
  }
  if (hostnameHeldElsewhere(ctx.store, hostname, target))
    throw conflict(`hostname ${hostname} is already used by another site or organization`);
  const started = attachHostname(ctx.store, hostname, target);
  if (started !== undefined) checkCustomHostname(ctx.store, ctx.background, hostname);
}
