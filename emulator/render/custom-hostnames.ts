import { z } from "zod";
import type { CustomHostnameRow } from "../store/custom-hostnames";
import { named, url } from "./common";

/** The hosted `CustomHostnameDnsStatus`, `CustomHostnameSslStatus` and `CustomHostnameErrorStatus`. */
export const HOSTNAME_STATUSES = [
  "dns_passed",
  "dns_wrong_cname",
  "dns_no_cname",
  "dns_cloudflare_proxied",
  "dns_wrong_caa",
  "live",
  "ssl_unknown",
  "ssl_pending",
  "ssl_failed",
  "ssl_retry_expired",
  "invalid_domain",
  "internal_error",
] as const;
export type HostnameStatus = (typeof HOSTNAME_STATUSES)[number];

/** The hosted `SiteHostname`: at least three labels, lower case, at most 512 characters. */
export const SITE_HOSTNAME =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const SiteHostname = named(
  "SiteHostname",
  z
    .string()
    .max(512)
    .regex(SITE_HOSTNAME, "must be a lower-case host name of three labels or more"),
);

export const CustomHostnameStatus = named("CustomHostnameStatus", z.enum(HOSTNAME_STATUSES));

/** The hosted `CustomHostname`. */
export const CustomHostnameJson = named(
  "CustomHostname",
  z.strictObject({
    object: z.literal("custom-hostname"),
    hostname: z.string(),
    target: z.union([
      z.strictObject({ type: z.literal("organization"), organization: z.string() }),
      z.strictObject({ type: z.literal("site"), site: z.string() }),
    ]),
    isActive: z.boolean(),
    status: CustomHostnameStatus,
    urls: z.strictObject({ location: url }),
  }),
);
export type CustomHostnameJson = z.input<typeof CustomHostnameJson>;

export function renderCustomHostname(origin: string, row: CustomHostnameRow): CustomHostnameJson {
  return {
    object: "custom-hostname",
    hostname: row.hostname,
    target:
      row.siteId === null
        ? { type: "organization", organization: row.organizationId }
        : { type: "site", site: row.siteId },
    isActive: row.active,
    status: row.status as HostnameStatus,
    urls: { location: `${origin}/v1/custom-hostnames/${row.hostname}` },
  };
}
