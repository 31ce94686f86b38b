import { z } from "zod";
import * as api from "../api/site-context-connections";
import type { Context } from "../context";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import { pollUntil } from "../lifecycle/polling";

/** How long `up` waits for a new connection's first sync unless `syncTimeoutSeconds` says. */
export const DEFAULT_SYNC_TIMEOUT_SECONDS = 300;

/** The connectors the service has: a builtin one, or an installed integration's. */
const CONNECTOR = new RegExp(
  `^(?:${Object.keys(api.SETUP_FIELDS).join("|")}|integration:[^:]+)$`.replaceAll(".", "\\."),
);

const setupInputs = Object.fromEntries(
  Object.entries(api.ContextSetupFields).map(([name, schema]) => [name, schema.optional()]),
) as { [K in api.SetupField]: z.ZodOptional<(typeof api.ContextSetupFields)[K]> };

const SETUP_NAMES = Object.keys(api.ContextSetupFields) as api.SetupField[];
const isSecret = (field: string) => (api.SECRET_SETUP_FIELDS as readonly string[]).includes(field);

type SetupValues = { [K in api.SetupField]?: unknown };

/**
 * Each connector takes its own setup fields: check refuses a missing one and one of another
 * connector, naming the property and the connector.
 */
function setupOfConnector(inputs: { connector: string } & SetupValues) {
  const fields = api.setupFieldsOf(inputs.connector);
  if (fields === undefined) return [];
  const taken: readonly string[] = [...fields.required, ...fields.optional];
  return SETUP_NAMES.flatMap((name) => {
    const set = inputs[name] !== undefined && inputs[name] !== null;
    if (!set && fields.required.includes(name))
      return [{ property: name, reason: `is required by a ${inputs.connector} connection` }];
    if (set && !taken.includes(name))
      return [{ property: name, reason: `is not taken by a ${inputs.connector} connection` }];
    return [];
  });
}

/** The service's `setupSettings` of a connection: the connector's fields, as declared. */
function settingsOf(connector: string, values: SetupValues): Record<string, unknown> | undefined {
  const fields = api.setupFieldsOf(connector);
  const taken = [...(fields?.required ?? []), ...(fields?.optional ?? [])];
  if (taken.length === 0) return undefined;
  return Object.fromEntries(
    taken.flatMap((name) => (values[name] == null ? [] : [[name, values[name]]])),
  );
}

/**
 * Waits until the connection's sync leaves `pending` and `syncing`: a failed sync fails naming
 * its reason (the source refused the credentials, ...), and the wait's timeout names the status
 * it was left in.
 */
async function waitForSync(
  { client }: Context,
  wire: api.SiteContextConnection,
  inputs: { organizationId: string; siteId: string; syncTimeoutSeconds?: number | null },
): Promise<api.SiteContextConnection> {
  const timeout = inputs.syncTimeoutSeconds ?? DEFAULT_SYNC_TIMEOUT_SECONDS;
  return pollUntil({
    what: `context connection ${wire.id} (${wire.connector}) to sync`,
    timeoutMs: timeout * 1000,
    remedy: "run up again once the source answers, or raise syncTimeoutSeconds",
    probe: async () => {
      const now = await api.getContextConnection(
        client,
        inputs.organizationId,
        inputs.siteId,
        wire.id,
      );
      if (now.status === "failed")
        throw new Error(
          `context connection ${wire.id} (${now.connector}) failed its sync: ${now.failureReason ?? "unknown"}${now.failureMessage === undefined ? "" : ` (${now.failureMessage})`}`,
        );
      return now.status === "succeeded"
        ? { done: true, value: now }
        : { done: false, state: now.status };
    },
  });
}

/** A setup field as read back: the service's value, or for a credential the declared one. */
function setupOutput(name: api.SetupField) {
  return (wire: api.SiteContextConnection, known: Record<string, unknown>) =>
    isSecret(name)
      ? (known[name] ?? null)
      : ((wire.setupSettings?.[name] as string | Record<string, string> | undefined) ?? null);
}

/**
 * A context connection of a site: a source its agent reads (a website, a YouTube channel, GitHub
 * issues, a help desk, ...). The connector never changes (a change replaces the connection);
 * its setup fields, usage settings, filter and label change in one PATCH. Create waits until the
 * first sync has succeeded; a failed one fails `up` and removes the connection.
 */
export const siteContextConnection = defineResource({
  kind: "site-context-connection",
  type: "SiteContextConnection",
  importId: IN_SITE,
  inputs: resourceInputs({
    siteId: Id,
    connector: z
      .string()
      .max(256)
      .regex(CONNECTOR, "must be a builtin connector or integration:<name>"),
    ...setupInputs,
    usageSettings: api.ContextUsageSettings.extend({ sync: z.boolean().default(false) }).optional(),
    filter: api.ContextConnectionFilter.default(""),
    label: api.ContextConnectionLabel.default(""),
    syncTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
  }),
  rules: (inputs) => setupOfConnector(inputs),
  replaceOnChange: ["organizationId", "siteId", "connector"],
  // Waiting is how `up` behaves, not a property of the connection: changing it changes nothing.
  createOnly: ["syncTimeoutSeconds"],
  response: api.SiteContextConnection,
  // The hosted create takes no label: the lifecycle PATCHes it after, undone on failure.
  createBody: z.object({
    ...setupInputs,
    usageSettings: api.ContextUsageSettings.optional(),
    filter: api.ContextConnectionFilter,
  }),
  patchBody: z.object({
    ...setupInputs,
    usageSettings: api.ContextUsageSettings.optional(),
    filter: api.ContextConnectionFilter,
    label: api.ContextConnectionLabel,
  }),
  outputs: {
    siteId: (_, known) => known.siteId,
    ...(Object.fromEntries(SETUP_NAMES.map((name) => [name, setupOutput(name)])) as {
      [K in api.SetupField]: ReturnType<typeof setupOutput>;
    }),
    usageSettings: (wire) => ({ ...wire.usageSettings, sync: wire.usageSettings.sync ?? false }),
    filter: (wire) => wire.filter ?? "",
    label: (wire) => wire.label ?? "",
    syncTimeoutSeconds: (_, known) => known.syncTimeoutSeconds ?? null,
    /** The address to send mail to, for a `builtin:email` connection; `null` for the others. */
    ingestionAddress: (wire) => wire.email?.ingestionAddress ?? null,
  },
  secretOutputs: api.SECRET_SETUP_FIELDS,
  create: ({ client }, inputs) =>
    api.createContextConnection(client, inputs.organizationId, inputs.siteId, {
      connector: inputs.connector,
      ...present("setupSettings", settingsOf(inputs.connector, inputs)),
      ...present("usageSettings", inputs.usageSettings),
      ...(inputs.filter === "" ? {} : { filter: inputs.filter }),
    }),
  settle: (ctx, _id, wire, inputs) => waitForSync(ctx, wire, inputs),
  read: ({ client }, id, olds) =>
    api.getContextConnection(client, olds.organizationId, olds.siteId, id),
  listedIn: (olds) => api.contextConnectionsList(olds.organizationId, olds.siteId),
  patch: ({ client }, id, olds, body) => {
    const setupChanged = SETUP_NAMES.some((name) => body[name] !== undefined);
    return api.updateContextConnection(client, olds.organizationId, olds.siteId, id, {
      // A new setup is sent whole: the declared values of the fields that did not change.
      ...(setupChanged
        ? {
            connector: olds.connector,
            ...present(
              "setupSettings",
              settingsOf(olds.connector, { ...olds, ...definedOf(body) }),
            ),
          }
        : {}),
      ...present("usageSettings", body.usageSettings),
      ...present("filter", body.filter),
      ...present("label", body.label),
    });
  },
  delete: ({ client }, id, olds) =>
    api.deleteContextConnection(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "connector and settings in its site",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listContextConnections(client, inputs.organizationId, inputs.siteId)).filter(
        (c) =>
          c.connector === inputs.connector &&
          SETUP_NAMES.every(
            (name) =>
              isSecret(name) ||
              JSON.stringify(c.setupSettings?.[name] ?? null) ===
                JSON.stringify(inputs[name] ?? null),
          ),
      ),
  },
});

function present<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function definedOf<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}

type Inputs = ArgsInputs<typeof siteContextConnection>;

/** The arguments of a {@link SiteContextConnection}. Each connector takes its own setup fields. */
export interface SiteContextConnectionArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the connection.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose agent reads the source. A change replaces the connection.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The source: `builtin:website`, `builtin:youtube`, `builtin:github-issues`,
   * `builtin:github-discussions`, `builtin:intercom`, `builtin:front`, `builtin:zendesk`,
   * `builtin:zoho-desk`, `builtin:freshdesk`, `builtin:pylon`, `builtin:hubspot`,
   * `builtin:linear`, `builtin:jira`, `builtin:email`, `builtin:api`, or an installed
   * integration's `integration:<name>`. It decides which setup fields are required and which are
   * refused (check names each). A change replaces the connection.
   * @example "builtin:github-issues"
   */
  connector: Input<Inputs["connector"]>;
  /** `builtin:website`: the site to read, an http or https URL. @example "https://status.example.com" */
  url?: Input<Inputs["url"]>;
  /** `builtin:youtube`: a channel id (`UC` and 22 characters) or handle (`@name`). @example "@acme" */
  channelId?: Input<Inputs["channelId"]>;
  /** `builtin:github-issues` and `builtin:github-discussions`: `owner/repository`. @example "acme/docs" */
  repository?: Input<Inputs["repository"]>;
  /**
   * The access token of `builtin:github-issues`, `builtin:github-discussions`, `builtin:intercom`,
   * `builtin:front`, `builtin:pylon`, `builtin:hubspot` and `builtin:linear`. A secret: encrypted
   * in state, never in a log or an error. The service answers it redacted, so a change made by
   * hand is not seen; a change here is one PATCH.
   * @example pulumi.secret("ghp_...")
   */
  token?: Input<Inputs["token"]>;
  /** `builtin:zendesk`: the account's subdomain. @example "acme" */
  subdomain?: Input<Inputs["subdomain"]>;
  /** `builtin:zendesk`: the email of the account whose token is used. @example "bot@acme.example" */
  email?: Input<Inputs["email"]>;
  /**
   * The API token of `builtin:zendesk` and `builtin:jira`. A secret, as `token` is.
   * @example pulumi.secret("...")
   */
  apiToken?: Input<Inputs["apiToken"]>;
  /** `builtin:zoho-desk`: the data center's domain suffix (`com`, `eu`, ...). @example "eu" */
  dataCenter?: Input<Inputs["dataCenter"]>;
  /** `builtin:zoho-desk`: the Zoho Desk organization id. @example "700000001" */
  orgId?: Input<Inputs["orgId"]>;
  /** `builtin:zoho-desk`: the OAuth client id. @example "1000.ABC" */
  clientId?: Input<Inputs["clientId"]>;
  /** `builtin:zoho-desk`: the OAuth client secret. A secret, as `token` is. @example pulumi.secret("...") */
  clientSecret?: Input<Inputs["clientSecret"]>;
  /** `builtin:zoho-desk`: the OAuth refresh token. A secret, as `token` is. @example pulumi.secret("...") */
  refreshToken?: Input<Inputs["refreshToken"]>;
  /** `builtin:freshdesk`: the account's domain (`acme.freshdesk.com` or `acme`). @example "acme" */
  domain?: Input<Inputs["domain"]>;
  /** `builtin:freshdesk`: an API key that reads tickets. A secret, as `token` is. @example pulumi.secret("...") */
  apiKey?: Input<Inputs["apiKey"]>;
  /** `builtin:jira`: the Jira Cloud site's URL. @example "https://acme.atlassian.net" */
  baseUrl?: Input<Inputs["baseUrl"]>;
  /** `builtin:jira`: the email of the Atlassian account whose token is used. @example "bot@acme.example" */
  apiEmail?: Input<Inputs["apiEmail"]>;
  /**
   * `builtin:jira`, optional: the Jira status a linked issue moves to when a change request
   * reaches a status (`draft`, `open`, `archived`, `merged`).
   * @example { merged: "Done" }
   */
  statusMapping?: Input<Inputs["statusMapping"]>;
  /**
   * How the agent uses the records: `changeRequests` (proposes change requests from them),
   * `search` (shows them in search), `sync` (writes change-request state back to the source;
   * default false) and `searchBoost` (`x0.8`, `x1.0` or `x1.2`). Omitted: left as it is (a new
   * connection is searched, at `x1.0`). A change is one PATCH.
   * @example { changeRequests: true, search: true, searchBoost: "x1.2" }
   */
  usageSettings?: Input<Inputs["usageSettings"]>;
  /**
   * Restricts what is read from the source (a tag, a label or an expression, as the connector
   * reads it), at most 1024 characters. Omitted or empty: everything. A change is one PATCH, and
   * the service syncs again.
   * @example "label:documentation"
   */
  filter?: Input<Inputs["filter"]>;
  /**
   * A label for the connection, at most 128 characters. Omitted or empty: none.
   * @example "Support tickets"
   */
  label?: Input<Inputs["label"]>;
  /**
   * How long `up` waits for a new connection's first sync, in seconds, 1 to 3600 (default 300).
   * Past it, `up` fails naming the status the sync is in; a failed sync fails at once, naming
   * its reason. Either way the connection is removed, so none is left that no state records. A
   * change is no change.
   * @example 600
   */
  syncTimeoutSeconds?: Input<Inputs["syncTimeoutSeconds"]>;
  /**
   * The id of an existing context connection of `siteId` to take over instead of creating one.
   * @example "ctx_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
