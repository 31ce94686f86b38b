import { z } from "zod";
import * as api from "../api/custom-hostnames";
import type { Context } from "../context";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { pollUntil } from "../lifecycle/polling";

/** How long `up` waits for a hostname to go live unless `activationTimeoutSeconds` says otherwise. */
export const DEFAULT_ACTIVATION_TIMEOUT_SECONDS = 300;

interface WaitSettings {
  hostname: string;
  activationTimeoutSeconds?: number | null;
}

/**
 * Polls the hostname until the service serves it (`live`). A status the service does not retry
 * from fails at once, naming it; any other (the DNS records not right yet, the certificate on
 * its way) is waited out until the timeout, whose message names the status it was left in.
 */
export async function waitUntilLive(
  { client }: Context,
  settings: WaitSettings,
): Promise<api.CustomHostname> {
  const timeout = settings.activationTimeoutSeconds ?? DEFAULT_ACTIVATION_TIMEOUT_SECONDS;
  return pollUntil({
    what: `custom hostname ${settings.hostname} to go live`,
    timeoutMs: timeout * 1000,
    remedy:
      "point its DNS at the service (a CNAME record, not proxied), then run up again, or raise activationTimeoutSeconds",
    probe: async () => {
      const now = await api.getActiveHostname(client, settings.hostname);
      const status = now.status ?? "unknown";
      const failed = api.FAILED[status];
      if (failed !== undefined)
        throw new Error(`custom hostname ${settings.hostname} is ${status}: ${failed}`);
      return status === api.LIVE ? { done: true, value: now } : { done: false, state: status };
    },
  });
}

/** Where the hostname serves now: the id of its site, or `null` for the organization. */
const siteOf = (hostname: api.CustomHostname) =>
  hostname.target.type === "site" ? hostname.target.site : null;

/**
 * Moves the hostname to the target `news` names: the target that uses it lets it go first (one
 * hostname serves one target), then the new one takes it and it is waited for again.
 */
async function move(
  ctx: Context,
  hostname: string,
  news: {
    organizationId: string;
    siteId?: string | null;
    activationTimeoutSeconds?: number | null;
  },
): Promise<api.CustomHostname> {
  const current = await api.getCustomHostname(ctx.client, hostname);
  const siteId = news.siteId ?? null;
  if (current.isActive && siteOf(current) !== siteId)
    await api.setTargetHostname(ctx.client, news.organizationId, siteOf(current), null);
  await api.setTargetHostname(ctx.client, news.organizationId, siteId, hostname);
  return waitUntilLive(ctx, { ...news, hostname });
}

/**
 * A custom hostname (`docs.example.com`) serving a site, or with no site the organization's
 * default content. Create sets it on its target and waits until the service serves it (`live`);
 * a change of hostname replaces it; a change of site moves it (the old target lets it go, the
 * new one takes it). Destroy removes it. It is the provider's only way to write a site's
 * `hostname`, which the Site resource reads.
 */
export const customHostname = defineResource({
  kind: "custom-hostname",
  type: "CustomHostname",
  repeatable: true,
  inputs: resourceInputs({
    hostname: api.SiteHostname,
    siteId: Id.nullish(),
    activationTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  }),
  replaceOnChange: ["organizationId", "hostname"],
  // Waiting is how `up` behaves, not a property of the hostname: changing it changes nothing.
  createOnly: ["activationTimeoutSeconds"],
  // No site: the organization's hostname.
  absentMeans: { siteId: null },
  response: api.CustomHostname,
  createBody: z.object({ hostname: api.SiteHostname, siteId: Id.nullish() }),
  outputs: {
    siteId: (hostname) => siteOf(hostname),
    activationTimeoutSeconds: (_, known) => known.activationTimeoutSeconds ?? null,
    /**
     * Where the service stands with its DNS records and certificate: `live` once it serves the
     * hostname (after `up`), else a DNS status (`dns_wrong_cname`, ...), an SSL one
     * (`ssl_pending`, ...) or an error (`invalid_domain`, `internal_error`), as a refresh reads it.
     */
    status: (hostname) => hostname.status ?? null,
    /** Whether its target uses it: `true` while the resource exists. */
    isActive: (hostname) => hostname.isActive,
  },
  idOf: (hostname) => hostname.hostname,
  create: async ({ client }, inputs) => {
    await api.setTargetHostname(
      client,
      inputs.organizationId,
      inputs.siteId ?? null,
      inputs.hostname,
    );
    return api.getCustomHostname(client, inputs.hostname);
  },
  settle: (ctx, _id, _wire, inputs) => waitUntilLive(ctx, inputs),
  read: ({ client }, id) => api.getActiveHostname(client, id),
  delete: ({ client }, id) => api.removeCustomHostname(client, id),
  operations: [{ input: "siteId", run: (ctx, id, news) => move(ctx, id, news) }],
});

type Inputs = ArgsInputs<typeof customHostname>;

/** The arguments of a {@link CustomHostname}. */
export interface CustomHostnameArgs extends WorkspaceArgs {
  /**
   * The organization the hostname's target belongs to; defaults to the workspace's
   * organization. A change replaces the hostname.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The hostname: lower case, three labels or more (`docs.example.com`), at most 512
   * characters. One hostname serves one site or organization, in any organization of the
   * service: one used elsewhere fails with the API's 409. A change replaces it.
   * @example "docs.example.com"
   */
  hostname: Input<Inputs["hostname"]>;
  /**
   * The site the hostname serves. Absent (or `null`): the organization's default content. A
   * change moves the hostname: the old target lets it go and the new one takes it, checked
   * again.
   * @example docs.id
   */
  siteId?: Input<Inputs["siteId"]>;
  /**
   * How long `up` waits for the service to serve the hostname (`live`), in seconds, 1 to 3600
   * (default 300). Past it, `up` fails naming the status the hostname is in; a status the service
   * does not retry from (`ssl_failed`, `invalid_domain`, ...) fails at once. A failed create
   * leaves no hostname behind. A change is no change.
   * @example 900
   */
  activationTimeoutSeconds?: Input<Inputs["activationTimeoutSeconds"]>;
  /**
   * The hostname of an existing custom hostname to take over instead of setting one.
   * @example "docs.example.com"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
