import type { ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import { INTEGRATION_LIMITS } from "../limits";
import {
  findIntegration,
  type CatalogueEntry,
  type ConfigurationLevel,
  type ConfigurationProperty,
} from "../store/integration-catalogue";
import { findInstallation, type InstallationRow } from "../store/integrations";
import type { ContentKind } from "../store/integration-targets";
import { findSite } from "../store/sites";
import { findSpace } from "../store/spaces";

/**
 * Who reaches integrations and how a configuration is checked (docs/api-decisions.md,
 * "Integrations"). The catalogue is public to any caller. An installation is its organization's
 * admins' (the hosted Organization's `listInstallations` and `installIntegration` permissions):
 * anyone outside the organization hears 404, a member below admin 403.
 */

/** The catalogue entry of `name`; 404 for a name the catalogue does not hold. */
export function requireIntegration(name: string): CatalogueEntry {
  const entry = findIntegration(name);
  if (entry === undefined) throw notFound(`integration ${name}`);
  return entry;
}

/** The installation `id` of integration `name`, which the caller administers. */
export function requireInstallation(
  ctx: ApiContext,
  name: string,
  id: string,
): { entry: CatalogueEntry; installation: InstallationRow } {
  const entry = requireIntegration(name);
  const installation = visibleInstallation(ctx, name, id);
  if (installation === undefined) throw notFound(`installation ${id} of integration ${name}`);
  ctx.requireRole(installation.organizationId, "admin");
  return { entry, installation };
}

/**
 * The installation `id` of integration `name` when it exists in an organization the caller is a
 * member of; `undefined` otherwise (a DELETE then answers that it did not exist).
 */
export function visibleInstallation(
  ctx: ApiContext,
  name: string,
  id: string,
): InstallationRow | undefined {
  const installation = findInstallation(ctx.store, name, id);
  if (installation === undefined || ctx.roleIn(installation.organizationId) === undefined)
    return undefined;
  return installation;
}

/** Whether the integration may be enabled on a site or a space (its `target`). */
export function requireInstallableOn(entry: CatalogueEntry, kind: ContentKind): void {
  if (entry.target !== "all" && entry.target !== kind)
    throw badRequest(
      `integration ${entry.name} cannot be installed on a ${kind}: its target is ${entry.target}`,
    );
}

/**
 * The site or space `targetId` of the installation's organization: a path parameter that does not
 * resolve is 404, a body field (`siteId`) 400 naming it.
 */
export function requireContentTarget(
  ctx: ApiContext,
  installation: InstallationRow,
  kind: ContentKind,
  targetId: string,
  field?: string,
): void {
  const found =
    kind === "site"
      ? findSite(ctx.store, installation.organizationId, targetId) !== undefined
      : isLiveSpaceOf(ctx, installation.organizationId, targetId);
  if (found) return;
  if (field !== undefined)
    throw badRequest(`${field}: ${targetId} is not a ${kind} of this organization`);
  throw notFound(`${kind} ${targetId}`);
}

function isLiveSpaceOf(ctx: ApiContext, organizationId: string, spaceId: string): boolean {
  const space = findSpace(ctx.store, spaceId);
  return space?.organizationId === organizationId && space.deletedAt === null;
}

/**
 * A configuration checked as the service checks it against the integration's schema for
 * `level`: each property must be one the schema declares, of its type (a string of at most
 * 2048 characters, one of its `enum` when it has one; a finite number; a boolean), never a
 * button; every `required` property must be there. A failure is 400 naming the property and the
 * rule, never the value (it may be a credential).
 */
export function checkConfiguration(
  entry: CatalogueEntry,
  level: ConfigurationLevel,
  configuration: Record<string, unknown>,
): Record<string, unknown> {
  const schema = entry.configurations[level];
  const keys = Object.keys(configuration);
  if (schema === undefined) {
    if (keys.length === 0) return configuration;
    throw badRequest(`configuration: integration ${entry.name} takes no ${level} configuration`);
  }
  for (const key of keys) {
    const property = schema.properties[key];
    if (property === undefined)
      throw badRequest(
        `configuration.${key}: integration ${entry.name} has no ${level} configuration property ${key}`,
      );
    const problem = propertyProblem(property, configuration[key]);
    if (problem !== undefined) throw badRequest(`configuration.${key}: ${problem}`);
  }
  const missing = (schema.required ?? []).find((key) => configuration[key] === undefined);
  if (missing !== undefined)
    throw badRequest(
      `configuration.${missing}: is required by integration ${entry.name}'s ${level} configuration`,
    );
  return configuration;
}

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
      if (value.length > INTEGRATION_LIMITS.stringValue)
        return `must be at most ${INTEGRATION_LIMITS.stringValue} characters`;
      if (property.enum !== undefined && !property.enum.includes(value))
        return `must be one of ${property.enum.join(", ")}`;
      return undefined;
  }
}

/** `active` once the configuration holds every property `level` requires, else `pending`. */
export function statusOf(
  entry: CatalogueEntry,
  level: ConfigurationLevel,
  configuration: Record<string, unknown>,
): "active" | "pending" {
  const required = entry.configurations[level]?.required ?? [];
  return required.every((key) => configuration[key] !== undefined) ? "active" : "pending";
}

/** A configuration with its secret properties' values masked, for the app pages. */
export function maskedConfiguration(
  entry: CatalogueEntry | undefined,
  level: ConfigurationLevel,
  configuration: Record<string, unknown>,
): Record<string, unknown> {
  const properties = entry?.configurations[level]?.properties ?? {};
  return Object.fromEntries(
    Object.entries(configuration).map(([key, value]) => [
      key,
      properties[key]?.secret === true ? "***" : value,
    ]),
  );
}
