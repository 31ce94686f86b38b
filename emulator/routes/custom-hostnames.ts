import { apiRoute } from "../context";
import { badRequest, conflict } from "../errors";
import { empty, json } from "../http/route";
import { checkCustomHostname } from "../jobs/custom-hostnames";
import { CustomHostnameJson, renderCustomHostname } from "../render/custom-hostnames";
import { removableCustomHostname, requireCustomHostname } from "../access/custom-hostnames";
import { deleteCustomHostname, recheckHostname } from "../store/custom-hostnames";
import type { HostnameStatus } from "../render/custom-hostnames";

/**
 * The statuses a DNS revalidation may leave: the records were wrong, or the certificate could not
 * be issued. A hostname `live`, under check (`ssl_pending`), or not a domain at all cannot be.
 */
const REVALIDATABLE: readonly HostnameStatus[] = [
  "dns_passed",
  "dns_wrong_cname",
  "dns_no_cname",
  "dns_cloudflare_proxied",
  "dns_wrong_caa",
  "ssl_unknown",
  "ssl_failed",
  "ssl_retry_expired",
  "internal_error",
];

const path = "/custom-hostnames/{hostname}";

/**
 * Custom hostnames (docs/api-decisions.md, "Custom hostnames"): read, revalidated and removed
 * here; attached by the `hostname` of a site's PATCH or the `customHostname` of the
 * organization's. Only the admins of the hostname's organization reach them.
 */
export const customHostnameRoutes = [
  apiRoute({
    method: "get",
    path,
    operationId: "getCustomHostname",
    summary: "A custom hostname, with where its DNS and certificate stand",
    responses: { 200: { description: "The custom hostname", schema: CustomHostnameJson } },
    handler({ params }, ctx) {
      return json(
        200,
        renderCustomHostname(ctx.origin, requireCustomHostname(ctx, params.hostname)),
      );
    },
  }),

  apiRoute({
    method: "patch",
    path,
    operationId: "dnsRevalidateCustomHostname",
    summary: "Check a custom hostname's DNS records and certificate again",
    responses: {
      204: { description: "DNS validation has been retriggered" },
      400: { description: "The hostname is inactive: no site or organization uses it" },
      409: { description: "The hostname's status does not allow DNS revalidation" },
    },
    handler({ params }, ctx) {
      const row = requireCustomHostname(ctx, params.hostname);
      if (!row.active)
        throw badRequest(`custom hostname ${row.hostname} is inactive and cannot be revalidated`);
      if (!(REVALIDATABLE as readonly string[]).includes(row.status))
        throw conflict(
          `custom hostname ${row.hostname} is ${row.status}: its DNS cannot be revalidated`,
        );
      recheckHostname(ctx.store, row.hostname);
      checkCustomHostname(ctx.store, ctx.background, row.hostname);
      return empty(204);
    },
  }),

  apiRoute({
    method: "delete",
    path,
    operationId: "removeCustomHostname",
    summary: "Remove a custom hostname from the site or organization that uses it",
    responses: {
      204: { description: "Custom hostname did not exist" },
      205: { description: "Custom hostname has been removed" },
    },
    handler({ params }, ctx) {
      const row = removableCustomHostname(ctx, params.hostname);
      if (row === undefined) return empty(204);
      deleteCustomHostname(ctx.store, row.hostname);
      return empty(205);
    },
  }),
];
