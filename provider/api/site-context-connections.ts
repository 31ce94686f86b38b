import { z } from "zod";
import { listAll, segment, type ApiClient } from "../client";
import { siteById, WHOLE_LIST } from "./sites";

/**
 * A site's context connections (docs/api-decisions.md, "Site context connections"), under
 * `/v1/orgs/{organizationId}/sites/{siteId}/context-connections`: the sources a site's agent
 * reads. The API document is silent on them; the forms and limits are the hosted service's (and
 * the emulator's where it is silent), kept here so that check refuses what the API would refuse.
 * Credentials are answered redacted: the provider keeps what the program declared, secret.
 */

/** A setup string: 1 to 1024 characters. */
const Setting = z.string().min(1).max(1024);

/**
 * Every setup field of every connector, flat: a program sets those of its connector
 * (`SETUP_FIELDS`), and check refuses the others, naming them.
 */
export const ContextSetupFields = {
  url: z.url({ protocol: /^https?$/ }).max(2048),
  channelId: z
    .string()
    .regex(/^(?:UC[A-Za-z0-9_-]{22}|@[A-Za-z0-9._-]{3,100})$/, "must be UC… or @handle"),
  repository: z
    .string()
    .max(1024)
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "must be owner/repository"),
  token: Setting,
  subdomain: Setting,
  email: Setting,
  apiToken: Setting,
  dataCenter: Setting,
  orgId: Setting,
  clientId: Setting,
  clientSecret: Setting,
  refreshToken: Setting,
  domain: Setting,
  apiKey: Setting,
  baseUrl: z.url({ protocol: /^https?$/ }).max(2048),
  apiEmail: z.email().max(254),
  statusMapping: z.partialRecord(
    z.enum(["draft", "open", "archived", "merged"]),
    z.string().min(1).max(255),
  ),
};
export type SetupField = keyof typeof ContextSetupFields;

/** The credentials among the setup fields: secret in state, redacted by the service. */
export const SECRET_SETUP_FIELDS = [
  "token",
  "apiToken",
  "clientSecret",
  "refreshToken",
  "apiKey",
] as const satisfies readonly SetupField[];

/** Each builtin connector's setup fields: required ones, then optional ones. */
export const SETUP_FIELDS: Readonly<
  Record<string, { required: readonly SetupField[]; optional?: readonly SetupField[] }>
> = {
  "builtin:email": { required: [] },
  "builtin:api": { required: [] },
  "builtin:website": { required: ["url"] },
  "builtin:youtube": { required: ["channelId"] },
  "builtin:github-discussions": { required: ["repository", "token"] },
  "builtin:github-issues": { required: ["repository", "token"] },
  "builtin:intercom": { required: ["token"] },
  "builtin:front": { required: ["token"] },
  "builtin:zendesk": { required: ["subdomain", "email", "apiToken"] },
  "builtin:zoho-desk": {
    required: ["dataCenter", "orgId", "clientId", "clientSecret", "refreshToken"],
  },
  "builtin:freshdesk": { required: ["domain", "apiKey"] },
  "builtin:pylon": { required: ["token"] },
  "builtin:hubspot": { required: ["token"] },
  "builtin:linear": { required: ["token"] },
  "builtin:jira": { required: ["baseUrl", "apiEmail", "apiToken"], optional: ["statusMapping"] },
};

/** An installed integration's connector: `integration:<name>`. */
export const INTEGRATION_CONNECTOR = /^integration:[^:]+$/;

/** The fields of `connector`'s setup; `undefined` for a connector the service does not have. */
export function setupFieldsOf(connector: string) {
  if (INTEGRATION_CONNECTOR.test(connector)) return { required: [], optional: [] };
  const fields = SETUP_FIELDS[connector];
  return fields === undefined ? undefined : { optional: [], ...fields };
}

/** `ContextUsageSettings`. */
export const ContextUsageSettings = z.object({
  changeRequests: z.boolean(),
  search: z.boolean(),
  sync: z.boolean().optional(),
  searchBoost: z.enum(["x0.8", "x1.0", "x1.2"]),
});
export const ContextConnectionFilter = z.string().max(1024);
export const ContextConnectionLabel = z.string().max(128);

/** A context connection as the provider reads it. */
export const SiteContextConnection = z.object({
  id: z.string(),
  connector: z.string(),
  setupSettings: z.record(z.string(), z.unknown()).optional(),
  usageSettings: ContextUsageSettings,
  label: z.string().optional(),
  filter: z.string().optional(),
  status: z.enum(["pending", "syncing", "succeeded", "failed"]),
  records: z.number().int(),
  failureReason: z.string().optional(),
  failureMessage: z.string().optional(),
  email: z.object({ ingestionAddress: z.string() }).optional(),
  createdAt: z.string(),
});
export type SiteContextConnection = z.infer<typeof SiteContextConnection>;

/** A connection's setup as the service takes it. */
export interface ContextSetup {
  connector: string;
  setupSettings?: Record<string, unknown>;
}

/** What a create sends: the setup, its usage settings and its filter. */
export type ContextConnectionCreate = ContextSetup & {
  usageSettings?: z.infer<typeof ContextUsageSettings>;
  filter?: string;
};

/** What a PATCH sends: a new setup, or other fields, or both. */
export type ContextConnectionPatch = Partial<ContextSetup> & {
  usageSettings?: z.infer<typeof ContextUsageSettings>;
  label?: string;
  filter?: string;
};

const connectionsOf = (organizationId: string, siteId: string, id?: string) =>
  `${siteById(organizationId, siteId)}/context-connections${id === undefined ? "" : `/${segment("siteContextConnectionId", id)}`}`;

/** The site's context connections, as one list walk serves them. */
export function contextConnectionsList(organizationId: string, siteId: string) {
  return {
    path: connectionsOf(organizationId, siteId),
    item: SiteContextConnection,
    query: WHOLE_LIST,
  };
}

export function getContextConnection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<SiteContextConnection> {
  return client.get(connectionsOf(organizationId, siteId, id), SiteContextConnection);
}

export function createContextConnection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: ContextConnectionCreate,
): Promise<SiteContextConnection> {
  return client.request("POST", connectionsOf(organizationId, siteId), {
    body,
    schema: SiteContextConnection,
  });
}

export function updateContextConnection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
  body: ContextConnectionPatch,
): Promise<SiteContextConnection> {
  return client.request("PATCH", connectionsOf(organizationId, siteId, id), {
    body,
    schema: SiteContextConnection,
  });
}

export async function deleteContextConnection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<void> {
  await client.request("DELETE", connectionsOf(organizationId, siteId, id));
}

/** Every context connection of the site. */
export function listContextConnections(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteContextConnection[]> {
  return listAll(client, connectionsOf(organizationId, siteId), SiteContextConnection, WHOLE_LIST);
}
