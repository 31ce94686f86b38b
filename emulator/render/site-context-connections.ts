import { z } from "zod";
import { CONTEXT_CONNECTION_LIMITS as L } from "../limits";
import type {
  ContextConnectionRow,
  ContextStatus,
  FailureReason,
  UsageSettings,
} from "../store/site-context-connections";
import { issuesMessage, validate } from "../../common/issues";
import { badRequest } from "../errors";
import { named, present, timestamp, url } from "./common";

/** `ContextConnectionStatus`: where the connection's sync stands. */
export const CONTEXT_STATUSES = [
  "pending",
  "syncing",
  "succeeded",
  "failed",
] as const satisfies readonly ContextStatus[];
/** `ContextConnectionFailureReason`. */
export const failureReason = z.enum([
  "authentication",
  "misconfigured",
  "rate_limited",
  "upstream_unavailable",
  "unknown",
] as const satisfies readonly FailureReason[]);

/** What a secret setup field is answered as: the hosted service redacts them when read back. */
export const REDACTED = "********";

/** The setup fields that hold credentials, by connector: answered redacted, never shown. */
export const SECRET_SETUP_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "builtin:github-discussions": ["token"],
  "builtin:github-issues": ["token"],
  "builtin:intercom": ["token"],
  "builtin:front": ["token"],
  "builtin:zendesk": ["apiToken"],
  "builtin:zoho-desk": ["clientSecret", "refreshToken"],
  "builtin:freshdesk": ["apiKey"],
  "builtin:pylon": ["token"],
  "builtin:hubspot": ["token"],
  "builtin:linear": ["token"],
  "builtin:jira": ["apiToken"],
};

/** The connectors whose records are pushed to them (mail, the API): nothing to sync or verify. */
export const PUSHED_CONNECTORS: readonly string[] = ["builtin:email", "builtin:api"];

const setting = z.string().min(1).max(L.setting);
const repository = z
  .string()
  .max(L.setting)
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "must be owner/repository");
/** `YoutubeChannelPattern`: a channel id (`UC` and 22 characters) or a handle (`@name`). */
const youtubeChannel = z
  .string()
  .regex(
    /^(?:UC[A-Za-z0-9_-]{22}|@[A-Za-z0-9._-]{3,100})$/,
    "must be a channel id (UC…) or a handle (@…)",
  );
const httpUrl = z.url({ protocol: /^https?$/ }).max(L.url);
const tokenOnly = z.strictObject({ token: setting });
const changeRequestStatus = z.enum(["draft", "open", "archived", "merged"]);

/** The setup of each builtin connector that has one (`ContextConnectorSetup`). */
const SETUPS = {
  "builtin:website": z.strictObject({ url: httpUrl }),
  "builtin:youtube": z.strictObject({ channelId: youtubeChannel }),
  "builtin:github-discussions": z.strictObject({ repository, token: setting }),
  "builtin:github-issues": z.strictObject({ repository, token: setting }),
  "builtin:intercom": tokenOnly,
  "builtin:front": tokenOnly,
  "builtin:zendesk": z.strictObject({ subdomain: setting, email: setting, apiToken: setting }),
  "builtin:zoho-desk": z.strictObject({
    dataCenter: setting,
    orgId: setting,
    clientId: setting,
    clientSecret: setting,
    refreshToken: setting,
  }),
  "builtin:freshdesk": z.strictObject({ domain: setting, apiKey: setting }),
  "builtin:pylon": tokenOnly,
  "builtin:hubspot": tokenOnly,
  "builtin:linear": tokenOnly,
  "builtin:jira": z.strictObject({
    baseUrl: httpUrl,
    apiEmail: z.email().max(L.email),
    apiToken: z.string().min(1).max(L.setting),
    statusMapping: z
      .partialRecord(changeRequestStatus, z.string().min(1).max(L.statusName))
      .optional(),
  }),
};

/** The connector of an installed integration: `integration:<name>`. */
const INTEGRATION = /^integration:[^:]+$/;
const BUILTINS = ["builtin:email", "builtin:api", ...Object.keys(SETUPS)] as const;

/** `connector`: a builtin connector, or `integration:<name>`. */
export const connectorName = z.union([
  z.enum(BUILTINS),
  z.string().regex(INTEGRATION, "must be a builtin connector or integration:<name>"),
]);

/**
 * A connector's `setupSettings` checked against its form (`ContextConnectorSetup`): a connector
 * with no settings takes none. The body's schema takes them as an object, and the route checks
 * them here, so a failure names the form's own field (`setupSettings.token is required`), which a
 * union of the forms would not.
 */
export function checkSetup(
  connector: string,
  settings: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  const form = (SETUPS as Record<string, z.ZodType<Record<string, unknown>>>)[connector];
  if (form === undefined) {
    if (settings !== undefined) throw badRequest(`setupSettings is not taken by ${connector}`);
    return null;
  }
  const result = validate(form, settings);
  if (!result.success)
    throw badRequest(
      issuesMessage(
        result.issues.map((i) => ({
          ...i,
          path: i.path === "body" ? "setupSettings" : `setupSettings.${i.path}`,
        })),
      ),
    );
  return result.data;
}

/** A body's setup: its connector, and its settings as an object the route checks. */
export const setupShape = {
  connector: connectorName,
  setupSettings: z.record(z.string(), z.unknown()).optional(),
};

/** `ContextUsageSettings`. */
export const usageSettings: z.ZodType<UsageSettings> = z.strictObject({
  changeRequests: z.boolean(),
  search: z.boolean(),
  sync: z.boolean().optional(),
  searchBoost: z.enum(["x0.8", "x1.0", "x1.2"]),
});
/** What a connection created without `usageSettings` uses: searched, at no boost. */
export const DEFAULT_USAGE: UsageSettings = {
  changeRequests: false,
  search: true,
  sync: false,
  searchBoost: "x1.0",
};
export const connectionFilter = z.string().max(L.filter);
export const connectionLabel = z.string().max(L.label);

export const ContextConnectionJson = named(
  "ContextConnection",
  z.strictObject({
    object: z.literal("context-connection"),
    id: z.string(),
    createdAt: timestamp,
    syncedAt: timestamp.optional(),
    label: z.string().optional(),
    filter: z.string().optional(),
    status: z.enum(CONTEXT_STATUSES),
    records: z.number().int(),
    failureMessage: z.string().optional(),
    failureReason: failureReason.optional(),
    email: z.strictObject({ ingestionAddress: z.string() }).optional(),
    usageSettings,
    urls: z.strictObject({ location: url }),
    connector: z.string(),
    setupSettings: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type ContextConnectionJson = z.input<typeof ContextConnectionJson>;

export const ContextConnectionTestResultJson = named(
  "ContextConnectionTestResult",
  z.strictObject({
    object: z.literal("context-connection-test-result"),
    success: z.boolean(),
    error: z.string().optional(),
  }),
);

/** The address mail to an email connection goes to, made from its id. */
export function ingestionAddress(id: string): string {
  return `context-${id.toLowerCase()}@inbound.docs-workspace.test`;
}

/** A connection's setup settings as answered: each credential redacted. */
export function redactedSettings(
  connector: string,
  settings: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (settings === null) return null;
  const secrets = SECRET_SETUP_FIELDS[connector] ?? [];
  return Object.fromEntries(
    Object.entries(settings).map(([k, v]) => [k, secrets.includes(k) ? REDACTED : v]),
  );
}

export function renderContextConnection(
  origin: string,
  organizationId: string,
  row: ContextConnectionRow,
): ContextConnectionJson {
  return {
    object: "context-connection",
    id: row.id,
    createdAt: row.createdAt,
    ...present("syncedAt", row.syncedAt),
    ...present("label", row.label),
    ...present("filter", row.filter),
    status: row.status,
    records: row.records,
    ...present("failureMessage", row.failureMessage),
    ...present("failureReason", row.failureReason),
    ...(row.connector === "builtin:email"
      ? { email: { ingestionAddress: ingestionAddress(row.id) } }
      : {}),
    usageSettings: row.usageSettings,
    urls: {
      location: `${origin}/v1/orgs/${organizationId}/sites/${row.siteId}/context-connections/${row.id}`,
    },
    connector: row.connector,
    ...present("setupSettings", redactedSettings(row.connector, row.setupSettings)),
  };
}
