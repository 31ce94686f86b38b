import * as pulumi from "@pulumi/pulumi";
import {
  getIntegration as fetchIntegration,
  type ConfigurationSchema,
  type Integration,
} from "../api/integrations";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** The arguments of {@link getIntegration}. */
export interface GetIntegrationArgs extends LookupWorkspaceArgs {
  /**
   * The integration's name in the catalogue.
   * @example "slack"
   */
  name: pulumi.Input<string>;
}

/** One property of an integration's configuration schema. */
export interface IntegrationConfigurationProperty {
  /** Its type: `string`, `number`, `boolean`, or `button` (which takes no value). */
  type: string;
  title: string | null;
  description: string | null;
  /** The values a `string` property takes, when the schema lists them; `null` when any. */
  enum: string[] | null;
  /** The value the integration uses when the property is not set; `null` when none. */
  default: string | number | boolean | null;
  /** Whether the property holds a credential (a token, a webhook URL, a key). */
  secret: boolean;
}

/** An integration's configuration schema for one place: its properties and the required ones. */
export interface IntegrationConfigurationSchema {
  properties: Record<string, IntegrationConfigurationProperty>;
  required: string[];
}

/** What {@link getIntegration} returns. */
export interface IntegrationResult {
  name: string;
  title: string;
  description: string | null;
  version: number;
  /** Where it can be installed beside the organization: `all`, `site`, `space` or `organization`. */
  target: string;
  categories: string[];
  /** The permissions it is granted once installed. */
  scopes: string[];
  /** The schema of an installation's configuration (`IntegrationInstallation`); `null` when none. */
  accountConfiguration: IntegrationConfigurationSchema | null;
  /** The schema of a site installation's configuration; `null` when it takes none. */
  siteConfiguration: IntegrationConfigurationSchema | null;
  /** The schema of a space installation's configuration; `null` when it takes none. */
  spaceConfiguration: IntegrationConfigurationSchema | null;
}

function schemaOf(schema: ConfigurationSchema | undefined): IntegrationConfigurationSchema | null {
  if (schema === undefined) return null;
  const properties = Object.entries(schema.properties ?? {}).map(([key, p]) => {
    const value = p.default;
    const property: IntegrationConfigurationProperty = {
      type: p.type,
      title: p.title ?? null,
      description: p.description ?? null,
      enum: p.enum ?? null,
      default: ["string", "number", "boolean"].includes(typeof value)
        ? (value as string | number | boolean)
        : null,
      secret: p.secret === true,
    };
    return [key, property] as const;
  });
  return { properties: Object.fromEntries(properties), required: schema.required ?? [] };
}

function resultOf(found: Integration): IntegrationResult {
  return {
    name: found.name,
    title: found.title,
    description: found.description ?? null,
    version: found.version,
    target: found.target,
    categories: found.categories,
    scopes: found.scopes,
    accountConfiguration: schemaOf(found.configurations?.account),
    siteConfiguration: schemaOf(found.configurations?.site),
    spaceConfiguration: schemaOf(found.configurations?.space),
  };
}

/**
 * Looks up an integration of the catalogue by name, with the configuration schemas its
 * installations take (for the organization, a site, a space) and which of their properties hold
 * credentials. The catalogue is public: any token may read it. Runs in the program process with
 * the same configuration resolution and client as the resources.
 *
 * @example
 * ```ts
 * const slack = getIntegration({ name: "slack" });
 * export const slackRequires = slack.accountConfiguration.apply((s) => s?.required ?? []);
 * ```
 */
export function getIntegration(args: GetIntegrationArgs): pulumi.Output<IntegrationResult> {
  return pulumi
    .all([args.name, args.workspace])
    .apply(([name, workspace]) => lookUpIntegration({ name, workspace }));
}

/** {@link getIntegration} once its arguments are known: also the native `getIntegration` invoke. */
export async function lookUpIntegration(args: {
  name: string;
  workspace?: string | undefined;
}): Promise<IntegrationResult> {
  const { client } = lookupContext("getIntegration", args.workspace);
  return resultOf(await fetchIntegration(client, args.name));
}
