import * as pulumi from "@pulumi/pulumi";
import { getCustomHostname as fetchCustomHostname } from "../api/custom-hostnames";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** The arguments of {@link getCustomHostname}. */
export interface GetCustomHostnameArgs extends LookupWorkspaceArgs {
  /**
   * The hostname to look up, such as `docs.example.com`.
   * @example "docs.example.com"
   */
  hostname: pulumi.Input<string>;
}

/** What {@link getCustomHostname} returns. */
export interface CustomHostnameResult {
  hostname: string;
  /** What it serves: `site` or `organization`. */
  targetType: string;
  /** The site it serves; `null` when it serves the organization. */
  siteId: string | null;
  /** The organization it serves; `null` when it serves a site. */
  organizationId: string | null;
  /** Whether its site or organization uses it now. */
  isActive: boolean;
  /**
   * Where the service stands with its DNS records and certificate: `live` once it serves the
   * hostname, else a DNS status (`dns_wrong_cname`, ...), an SSL one (`ssl_pending`, ...) or an
   * error (`invalid_domain`, `internal_error`); `null` when the service reports none.
   */
  status: string | null;
}

/**
 * Looks up a custom hostname the configured token may read (an admin's of the organization it
 * belongs to), by name: where it serves and whether the service serves it yet. Runs in the
 * program process with the same configuration resolution and client as the resources.
 *
 * @example
 * ```ts
 * const docsHost = getCustomHostname({ hostname: "docs.example.com" });
 * export const docsHostLive = docsHost.status.apply((status) => status === "live");
 * ```
 */
export function getCustomHostname(
  args: GetCustomHostnameArgs,
): pulumi.Output<CustomHostnameResult> {
  return pulumi
    .all([args.hostname, args.workspace])
    .apply(([hostname, workspace]) => lookUpCustomHostname({ hostname, workspace }));
}

/**
 * {@link getCustomHostname} once its arguments are known: also the native provider's
 * `getCustomHostname` invoke.
 */
export async function lookUpCustomHostname(args: {
  hostname: string;
  workspace?: string | undefined;
}): Promise<CustomHostnameResult> {
  const { client } = lookupContext("getCustomHostname", args.workspace);
  const found = await fetchCustomHostname(client, args.hostname);
  return {
    hostname: found.hostname,
    targetType: found.target.type,
    siteId: found.target.type === "site" ? found.target.site : null,
    organizationId: found.target.type === "organization" ? found.target.organization : null,
    isActive: found.isActive,
    status: found.status ?? null,
  };
}
