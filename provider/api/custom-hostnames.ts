import { z } from "zod";
import { ApiError, segment, type ApiClient } from "../client";
import { siteById } from "./sites";

/**
 * Custom hostnames (docs/api-decisions.md, "Custom hostnames"): read, revalidated and removed
 * under `/v1/custom-hostnames/{hostname}`; attached by a site's PATCH `hostname` or the
 * organization's PATCH `customHostname`, `null` detaching it. The limits are the hosted
 * document's, kept here so that check refuses what the API would refuse.
 */

/** The hosted `SiteHostname`: lower case, three labels or more, at most 512 characters. */
export const SiteHostname = z
  .string()
  .max(512)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/);

/** Where the hostname serves: a site, or the organization's default content. */
const Target = z.union([
  z.object({ type: z.literal("site"), site: z.string() }),
  z.object({ type: z.literal("organization"), organization: z.string() }),
]);

/** A custom hostname as the provider reads it. */
export const CustomHostname = z.object({
  hostname: z.string(),
  target: Target,
  isActive: z.boolean(),
  /** One of the hosted `CustomHostnameStatus` values; read as any string, the service may add one. */
  status: z.string().optional(),
});
export type CustomHostname = z.infer<typeof CustomHostname>;

/** The status of a hostname that serves its target. */
export const LIVE = "live";

/**
 * Statuses no wait ends: the service gave up. Any other status (DNS not yet right, a
 * certificate on its way) may still become `live`.
 */
export const FAILED: Readonly<Record<string, string>> = {
  ssl_failed: "the certificate could not be issued",
  ssl_retry_expired: "the service stopped retrying the certificate",
  invalid_domain: "the service does not take this name as a domain",
  internal_error: "the service failed checking it",
};

const hostnamePath = (hostname: string) => `/v1/custom-hostnames/${segment("hostname", hostname)}`;

export function getCustomHostname(client: ApiClient, hostname: string): Promise<CustomHostname> {
  return client.get(hostnamePath(hostname), CustomHostname);
}

/**
 * The hostname while a site or the organization uses it: an inactive one (detached out of band)
 * is 404, as gone, so that a refresh drops it and the next `up` attaches it again.
 */
export async function getActiveHostname(
  client: ApiClient,
  hostname: string,
): Promise<CustomHostname> {
  const found = await getCustomHostname(client, hostname);
  if (found.isActive) return found;
  throw new ApiError(404, 404, "GET", hostnamePath(hostname), `${hostname} is not in use`);
}

/** Sets (or, with `null`, detaches) the custom hostname of a site, or with no site, the organization. */
export async function setTargetHostname(
  client: ApiClient,
  organizationId: string,
  siteId: string | null,
  hostname: string | null,
): Promise<void> {
  if (siteId === null) {
    await client.request("PATCH", `/v1/orgs/${segment("organizationId", organizationId)}`, {
      body: { customHostname: hostname },
    });
  } else {
    await client.request("PATCH", siteById(organizationId, siteId), { body: { hostname } });
  }
}

/** Removes the hostname from whatever uses it (the hosted 205; 204 when it did not exist). */
export async function removeCustomHostname(client: ApiClient, hostname: string): Promise<void> {
  await client.request("DELETE", hostnamePath(hostname));
}
