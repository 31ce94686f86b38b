import { z } from "zod";
import type { CatalogueEntry } from "../store/integration-catalogue";
import type { InstallationRow } from "../store/integrations";
import { named, timestamp, url } from "./common";
import { OrganizationJson } from "./organizations";

/** The hosted `integrationName` path parameter: `^[a-zA-Z0-9-_.]+$`, at most 100 characters. */
export const integrationName = z
  .string()
  .max(100)
  .regex(/^[a-zA-Z0-9-_.]+$/);

const selection = z.enum(["all", "selected"]);
/** `IntegrationInstallationExternalIds`: at most 5. */
export const externalIds = z.array(z.string().max(512)).max(5);
/** `IntegrationInstallationConfiguration`: an object; its properties are the schema's. */
export const configurationInput = z.record(z.string(), z.unknown());

const propertyBase = {
  title: z.string().optional(),
  description: z.string().max(100).optional(),
  secret: z.boolean().optional(),
};
const ConfigurationProperty = z.union([
  z.strictObject({
    ...propertyBase,
    type: z.literal("string"),
    default: z.string().optional(),
    enum: z.array(z.string()).optional(),
  }),
  z.strictObject({ ...propertyBase, type: z.literal("number"), default: z.number().optional() }),
  z.strictObject({ ...propertyBase, type: z.literal("boolean"), default: z.boolean().optional() }),
  z.strictObject({
    ...propertyBase,
    type: z.literal("button"),
    callback_url: z.string(),
    button_text: z.string(),
  }),
]);
const ConfigurationSchema = named(
  "IntegrationConfigurationSchema",
  z.strictObject({
    properties: z.record(z.string(), ConfigurationProperty),
    required: z.array(z.string()).optional(),
  }),
);

export const IntegrationJson = named(
  "Integration",
  z.strictObject({
    object: z.literal("integration"),
    name: z.string(),
    version: z.number(),
    title: z.string().min(2).max(30),
    description: z.string().max(100),
    summary: z.string().max(2048),
    previewImages: z.array(z.string()).max(3),
    target: z.enum(["all", "site", "space", "organization"]),
    verified: z.boolean(),
    visibility: z.enum(["public", "private", "unlisted"]),
    scopes: z.array(z.string()),
    categories: z.array(z.string()),
    blocks: z.array(z.never()),
    contentSources: z.array(z.never()),
    configurations: z.strictObject({
      account: ConfigurationSchema.optional(),
      space: ConfigurationSchema.optional(),
      site: ConfigurationSchema.optional(),
    }),
    externalLinks: z.array(z.strictObject({ url, label: z.string() })).max(5),
    owner: OrganizationJson,
    permissions: z.strictObject({ admin: z.boolean() }),
    urls: z.strictObject({
      location: url,
      app: url,
      assets: url,
      icon: url,
      publicEndpoint: url,
      publicContentEndpoint: url,
    }),
  }),
);
export type IntegrationJson = z.input<typeof IntegrationJson>;

/** The organization that publishes the seeded catalogue, as the hosted one is GitBook's. */
const PUBLISHER = { id: "gitbook-integrations", title: "GitBook Integrations" };

function publisher(origin: string): OrganizationJson {
  const no = false;
  return {
    object: "organization",
    id: PUBLISHER.id,
    title: PUBLISHER.title,
    createdAt: "2022-01-01T00:00:00.000Z",
    emailDomains: [],
    type: "business",
    inviteLinks: false,
    plan: "enterprise_2024",
    mergeRules: { type: "none" },
    urls: {
      location: `${origin}/v1/orgs/${PUBLISHER.id}`,
      app: `${origin}/app/o/${PUBLISHER.id}`,
    },
    trial: { status: "notapplicable", count: 0 },
    permissions: {
      view: true,
      access: no,
      admin: no,
      ownTeam: no,
      createContent: no,
      createOpenAPISpec: no,
      viewBilling: no,
      listMembers: no,
      listTeams: no,
      listIntegrations: no,
      listInstallations: no,
      installIntegration: no,
    },
  };
}

/** Where an integration's public endpoint is served (the emulator runs none). */
const endpoint = (origin: string, name: string) => `${origin}/integrations/${name}`;

export function renderIntegration(origin: string, entry: CatalogueEntry): IntegrationJson {
  return {
    object: "integration",
    name: entry.name,
    version: entry.version,
    title: entry.title,
    description: entry.description,
    summary: entry.summary,
    previewImages: [],
    target: entry.target,
    verified: true,
    visibility: "public",
    scopes: entry.scopes,
    categories: entry.categories,
    blocks: [],
    contentSources: [],
    configurations: entry.configurations,
    externalLinks: entry.externalLinks,
    owner: publisher(origin),
    permissions: { admin: false },
    urls: {
      location: `${origin}/v1/integrations/${entry.name}`,
      app: `${origin}/app/integrations/${entry.name}`,
      assets: `${endpoint(origin, entry.name)}/assets`,
      icon: `${endpoint(origin, entry.name)}/assets/icon.png`,
      publicEndpoint: endpoint(origin, entry.name),
      publicContentEndpoint: endpoint(origin, entry.name),
    },
  };
}

export const installationStatus = z.enum(["active", "pending", "paused"]);

export const IntegrationInstallationJson = named(
  "IntegrationInstallation",
  z.strictObject({
    id: z.string(),
    status: installationStatus,
    space_selection: selection,
    site_selection: selection,
    spaces: z.number().int().min(0),
    configuration: configurationInput,
    createdAt: timestamp,
    updatedAt: timestamp,
    urls: z.strictObject({
      location: url,
      app: url,
      publicEndpoint: url,
      publicContentEndpoint: url,
    }),
    externalIds,
    target: z.strictObject({ organization: z.string() }),
  }),
);
export type IntegrationInstallationJson = z.input<typeof IntegrationInstallationJson>;

/** An installation's API location, the root of its sites' and spaces'. */
export const installationLocation = (origin: string, row: InstallationRow) =>
  `${origin}/v1/integrations/${row.integration}/installations/${row.id}`;

/**
 * An organization's installation: `status` is `active` once its configuration holds every
 * property the integration's account schema requires, `pending` until then.
 */
export function renderInstallation(
  origin: string,
  row: InstallationRow,
  facts: { status: "active" | "pending"; spaces: number },
): IntegrationInstallationJson {
  const location = installationLocation(origin, row);
  return {
    id: row.id,
    status: facts.status,
    space_selection: row.spaceSelection,
    site_selection: row.siteSelection,
    spaces: facts.spaces,
    configuration: row.configuration,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    urls: {
      location,
      app: `${origin}/app/o/${row.organizationId}/integrations/${row.integration}`,
      publicEndpoint: `${endpoint(origin, row.integration)}/installations/${row.id}`,
      publicContentEndpoint: `${endpoint(origin, row.integration)}/installations/${row.id}`,
    },
    externalIds: row.externalIds,
    target: { organization: row.organizationId },
  };
}

/** One item of `GET /orgs/{organizationId}/installations`. */
export const OrganizationInstallationJson = named(
  "OrganizationIntegrationInstallation",
  z.strictObject({ installation: IntegrationInstallationJson, integration: IntegrationJson }),
);
