import { z } from "zod";
import { ApiError, listAll, segment, type ApiClient } from "../client";

/**
 * Integrations (docs/api-decisions.md, "Integrations"): the public catalogue under
 * `/v1/integrations`, an organization's installation of one under
 * `/v1/integrations/{integrationName}/installations`, and the installation's site and space
 * installations under it. A configuration is checked against the integration's configuration
 * schema for where it applies, here as the service checks it, so that check refuses what the
 * API would refuse.
 */

/** The hosted `integrationName`: letters, digits, `-`, `_` and `.`, at most 100 characters. */
export const IntegrationName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9-_.]+$/);

/** A configuration value: what the hosted schema's property types take. */
export const ConfigurationValue = z.union([z.string(), z.number(), z.boolean()]);
/** `IntegrationInstallationConfiguration`: property name to value. */
export const Configuration = z.record(z.string(), ConfigurationValue);
export type Configuration = z.infer<typeof Configuration>;

/** `IntegrationInstallationSpaceSelection`, `IntegrationInstallationSiteSelection`. */
export const Selection = z.enum(["all", "selected"]);

/** One property of an `IntegrationConfigurationSchema`, as the provider reads it. */
const ConfigurationProperty = z.looseObject({
  type: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(z.string()).optional(),
  /** A credential (the emulator's extension: the hosted schema has no such mark). */
  secret: z.boolean().optional(),
});
export type ConfigurationProperty = z.infer<typeof ConfigurationProperty>;

/** `IntegrationConfigurationSchema`; a ContentKit component (`componentId`) has no properties. */
export const ConfigurationSchema = z.looseObject({
  properties: z.record(z.string(), ConfigurationProperty).optional(),
  required: z.array(z.string()).optional(),
});
export type ConfigurationSchema = z.infer<typeof ConfigurationSchema>;

/** Where a configuration applies: the organization's installation, a site, a space. */
export type ConfigurationLevel = "account" | "site" | "space";

/** An integration of the catalogue, as the provider reads it. */
export const Integration = z.object({
  name: z.string(),
  version: z.number(),
  title: z.string(),
  description: z.string().optional(),
  target: z.string(),
  scopes: z.array(z.string()),
  categories: z.array(z.string()),
  configurations: z
    .object({
      account: ConfigurationSchema.optional(),
      site: ConfigurationSchema.optional(),
      space: ConfigurationSchema.optional(),
    })
    .optional(),
});
export type Integration = z.infer<typeof Integration>;

/** An organization's installation of an integration, as the provider reads it. */
export const IntegrationInstallation = z.object({
  id: z.string(),
  status: z.string(),
  space_selection: Selection,
  site_selection: Selection,
  configuration: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  target: z.object({ organization: z.string() }).optional(),
});
export type IntegrationInstallation = z.infer<typeof IntegrationInstallation>;

const integrationPath = (name: string) => `/v1/integrations/${segment("integrationName", name)}`;
const installationsPath = (name: string, id?: string) =>
  `${integrationPath(name)}/installations${id === undefined ? "" : `/${segment("installationId", id)}`}`;

export function getIntegration(client: ApiClient, name: string): Promise<Integration> {
  return client.get(integrationPath(name), Integration);
}

/** The integration of the catalogue named `name`; `undefined` when the catalogue has none. */
export async function findIntegration(
  client: ApiClient,
  name: string,
): Promise<Integration | undefined> {
  try {
    return await getIntegration(client, name);
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return undefined;
    throw error;
  }
}

export function getInstallation(
  client: ApiClient,
  name: string,
  id: string,
): Promise<IntegrationInstallation> {
  return client.get(installationsPath(name, id), IntegrationInstallation);
}

export function installIntegration(
  client: ApiClient,
  name: string,
  organizationId: string,
): Promise<IntegrationInstallation> {
  return client.request("POST", installationsPath(name), {
    body: { organization: organizationId },
    schema: IntegrationInstallation,
  });
}

/** The PATCH of an installation, as the API spells its fields. */
export interface InstallationPatch {
  configuration?: Configuration;
  space_selection?: z.infer<typeof Selection>;
  site_selection?: z.infer<typeof Selection>;
}

export function updateInstallation(
  client: ApiClient,
  name: string,
  id: string,
  body: InstallationPatch,
): Promise<IntegrationInstallation> {
  return client.request("PATCH", installationsPath(name, id), {
    body,
    schema: IntegrationInstallation,
  });
}

export async function uninstallIntegration(
  client: ApiClient,
  name: string,
  id: string,
): Promise<void> {
  await client.request("DELETE", installationsPath(name, id));
}

const OrganizationInstallation = z.object({
  installation: IntegrationInstallation,
  integration: z.object({ name: z.string() }),
});

/** Every installation of the organization, each with its integration's name. */
export async function listInstallations(
  client: ApiClient,
  organizationId: string,
): Promise<(IntegrationInstallation & { integration: string })[]> {
  const items = await listAll(
    client,
    `/v1/orgs/${segment("organizationId", organizationId)}/installations`,
    OrganizationInstallation,
    { limit: 1000 },
  );
  return items.map((i) => ({ ...i.installation, integration: i.integration.name }));
}

/** The longest string value a configuration property takes (the emulator's bound). */
export const CONFIGURATION_STRING_MAX = 2048;

function propertyProblem(property: ConfigurationProperty, value: unknown): string | undefined {
  switch (property.type) {
    case "button":
      return "is a button and takes no value";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? undefined : "must be a number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be a boolean";
    case "string":
      if (typeof value !== "string") return "must be a string";
      if (value.length > CONFIGURATION_STRING_MAX)
        return `must be at most ${CONFIGURATION_STRING_MAX} characters`;
      if (property.enum !== undefined && !property.enum.includes(value))
        return `must be one of ${property.enum.map((v) => JSON.stringify(v)).join(", ")}`;
      return undefined;
    default:
      return undefined;
  }
}

/**
 * A configuration checked against the integration's schema for `level`, as the service checks
 * it: each property one the schema declares and of its type, never a button, and, when a
 * configuration is declared (`requireAll`), every required one there. Each failure names `configuration.<property>` and the rule, never the value (it may be a
 * credential). A schema given as a ContentKit component (no properties) is not checked here.
 */
export function configurationFailures(
  integration: Integration,
  level: ConfigurationLevel,
  configuration: Record<string, unknown>,
  { requireAll }: { requireAll: boolean },
): { property: string; reason: string }[] {
  const schema = integration.configurations?.[level];
  const keys = Object.keys(configuration);
  if (schema === undefined)
    return keys.length === 0
      ? []
      : [
          {
            property: "configuration",
            reason: `integration ${integration.name} takes no ${level} configuration`,
          },
        ];
  const properties = schema.properties;
  if (properties === undefined) return [];
  const failures = keys.flatMap((key) => {
    const property = properties[key];
    const reason =
      property === undefined
        ? `is not a property of integration ${integration.name}'s ${level} configuration (it has ${Object.keys(properties).join(", ")})`
        : propertyProblem(property, configuration[key]);
    return reason === undefined ? [] : [{ property: `configuration.${key}`, reason }];
  });
  for (const key of requireAll ? (schema.required ?? []) : [])
    if (configuration[key] === undefined)
      failures.push({
        property: `configuration.${key}`,
        reason: `is required by integration ${integration.name}'s ${level} configuration`,
      });
  return failures;
}

/** The properties of the integration's schema for `level` that hold credentials. */
export function secretProperties(integration: Integration, level: ConfigurationLevel): string[] {
  const properties = integration.configurations?.[level]?.properties ?? {};
  return Object.keys(properties).filter((key) => properties[key]!.secret === true);
}

/** An installation on a site or a space, as the provider reads it. */
export const ContentInstallation = z.object({
  integration: z.string(),
  installation: z.string(),
  status: z.string(),
  configuration: z.record(z.string(), z.unknown()),
  site: z.string().optional(),
  space: z.string().optional(),
});
export type ContentInstallation = z.infer<typeof ContentInstallation>;

/**
 * The provider's id of an installation on a site or space: where it lives, unique where the
 * target's id is not (a site or space has one installation of each integration).
 */
export function contentInstallationId(
  known: { integration: string; installationId: string },
  targetId: string,
): string {
  return `${known.integration}/${known.installationId}/${targetId}`;
}

/** Where an installation on a site or space lives. */
export interface ContentPlace {
  integration: string;
  installationId: string;
  kind: "site" | "space";
}

const contentPath = (at: ContentPlace, targetId?: string) =>
  `${installationsPath(at.integration, at.installationId)}/${at.kind}s${
    targetId === undefined ? "" : `/${segment(at.kind === "site" ? "siteId" : "spaceId", targetId)}`
  }`;

export function getContentInstallation(
  client: ApiClient,
  at: ContentPlace,
  targetId: string,
): Promise<ContentInstallation> {
  return client.get(contentPath(at, targetId), ContentInstallation);
}

/** Every site or space the installation is on. */
export function listContentInstallations(
  client: ApiClient,
  at: ContentPlace,
): Promise<ContentInstallation[]> {
  return listAll(client, contentPath(at), ContentInstallation, { limit: 1000 });
}

/** The hosted POST that enables an installation on a site. */
export function installOnSite(
  client: ApiClient,
  at: ContentPlace,
  siteId: string,
): Promise<ContentInstallation> {
  return client.request("POST", contentPath(at), {
    body: { siteId },
    schema: ContentInstallation,
  });
}

/**
 * The PATCH of a site's or a space's installation; for a space, also what enables it there
 * (the hosted document has no POST for a space: docs/api-decisions.md, "Integrations").
 */
export function updateContentInstallation(
  client: ApiClient,
  at: ContentPlace,
  targetId: string,
  body: { configuration?: Configuration },
): Promise<ContentInstallation> {
  return client.request("PATCH", contentPath(at, targetId), {
    body,
    schema: ContentInstallation,
  });
}

export async function uninstallFromContent(
  client: ApiClient,
  at: ContentPlace,
  targetId: string,
): Promise<void> {
  await client.request("DELETE", contentPath(at, targetId));
}

/**
 * The integration a site or space installation's check reads: its target must allow the place,
 * and the configuration must fit the place's schema. Failures name the property.
 */
export async function contentFailures(
  client: ApiClient,
  name: string,
  kind: "site" | "space",
  configuration: Configuration | undefined,
): Promise<{ property: string; reason: string }[]> {
  const integration = await findIntegration(client, name);
  if (integration === undefined)
    return [{ property: "integration", reason: "is not an integration of the catalogue" }];
  if (integration.target !== "all" && integration.target !== kind)
    return [
      {
        property: "integration",
        reason: `cannot be installed on a ${kind}: its target is ${integration.target}`,
      },
    ];
  return configurationFailures(integration, kind, configuration ?? {}, {
    requireAll: configuration !== undefined,
  });
}
