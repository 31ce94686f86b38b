import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { conflict } from "../errors";
import { envelope, pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import {
  configurationInput,
  externalIds,
  IntegrationInstallationJson,
  IntegrationJson,
  installationLocation,
  OrganizationInstallationJson,
  renderInstallation,
  renderIntegration,
} from "../render/integrations";
import {
  checkConfiguration,
  requireInstallation,
  requireIntegration,
  statusOf,
  visibleInstallation,
} from "../access/integrations";
import { catalogue, findIntegration, type CatalogueEntry } from "../store/integration-catalogue";
import {
  deleteInstallation,
  insertInstallation,
  installationOf,
  listInstallations,
  updateInstallation,
  type InstallationRow,
} from "../store/integrations";
import { countContentInstallations } from "../store/integration-targets";

/** The hosted catalogue filters this emulator serves: `search`, `category`, `target`. */
const catalogueQuery = pageQuery.extend({
  search: z.string().max(256).optional(),
  category: z
    .enum(["analytics", "collaboration", "content", "marketing", "visitor-auth", "other"])
    .optional(),
  target: z.enum(["all", "site", "space", "organization"]).optional(),
});

const installBody = z.strictObject({ organization: z.string().min(1).max(64) });
const patchBody = z.strictObject({
  externalIds: externalIds.optional(),
  configuration: configurationInput.optional(),
  space_selection: z.enum(["all", "selected"]).optional(),
  site_selection: z.enum(["all", "selected"]).optional(),
});

const IntegrationList = listOf("IntegrationList", IntegrationJson);
const InstallationList = listOf("OrganizationInstallationList", OrganizationInstallationJson);
const installationAnswer = { description: "The installation", schema: IntegrationInstallationJson };
const base = "/integrations/{integrationName}/installations";

/** The catalogue entries a list's filters keep, in catalogue order. */
function filtered(query: z.output<typeof catalogueQuery>): CatalogueEntry[] {
  const search = query.search?.toLowerCase();
  return catalogue().filter(
    (e) =>
      (search === undefined ||
        e.name.toLowerCase().includes(search) ||
        e.title.toLowerCase().includes(search)) &&
      (query.category === undefined || e.categories.includes(query.category)) &&
      (query.target === undefined || e.target === query.target),
  );
}

function rendered(ctx: ApiContext, entry: CatalogueEntry, row: InstallationRow) {
  return renderInstallation(ctx.origin, row, {
    status: statusOf(entry, "account", row.configuration),
    spaces: countContentInstallations(ctx.store, "space", row.id),
  });
}

/**
 * Integrations (docs/api-decisions.md, "Integrations"): the seeded catalogue, readable by any
 * caller, and an organization's installations, its admins' only. One installation of each
 * integration per organization (409); its configuration is checked against the integration's
 * account schema and replaced whole by a PATCH that sends it.
 */
export const integrationRoutes = [
  apiRoute({
    method: "get",
    path: "/integrations",
    operationId: "listIntegrations",
    summary: "The integrations of the catalogue",
    query: catalogueQuery,
    responses: { 200: { description: "A page of integrations", schema: IntegrationList } },
    handler({ query }, ctx) {
      const items = filtered(query).map((e) => renderIntegration(ctx.origin, e));
      return json(200, slicePage(pageOf(query), items));
    },
  }),

  apiRoute({
    method: "get",
    path: "/integrations/{integrationName}",
    operationId: "getIntegrationByName",
    summary: "An integration of the catalogue, with its configuration schemas",
    responses: { 200: { description: "The integration", schema: IntegrationJson } },
    handler({ params }, ctx) {
      return json(200, renderIntegration(ctx.origin, requireIntegration(params.integrationName)));
    },
  }),

  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/integrations",
    operationId: "listOrganizationIntegrations",
    summary: "The integrations an organization may install",
    query: catalogueQuery,
    responses: { 200: { description: "A page of integrations", schema: IntegrationList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const items = filtered(query).map((e) => renderIntegration(ctx.origin, e));
      return json(200, slicePage(pageOf(query), items));
    },
  }),

  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/installations",
    operationId: "listOrganizationInstallations",
    summary: "An organization's installations, each with its integration, oldest first",
    query: pageQuery,
    responses: { 200: { description: "A page of installations", schema: InstallationList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const page = pageOf(query);
      const { rows, count } = listInstallations(ctx.store, params.organizationId, page);
      const items = rows.flatMap((row) => {
        const entry = findIntegration(row.integration);
        if (entry === undefined) return [];
        const integration = renderIntegration(ctx.origin, entry);
        return [{ installation: rendered(ctx, entry, row), integration }];
      });
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "installIntegration",
    summary: "Install an integration in an organization",
    body: installBody,
    responses: {
      201: {
        description: "The installation, its address in `Location`",
        schema: IntegrationInstallationJson,
      },
    },
    handler({ params, body }, ctx) {
      const entry = requireIntegration(params.integrationName);
      ctx.requireRole(body.organization, "admin");
      const existing = installationOf(ctx.store, body.organization, entry.name);
      if (existing !== undefined)
        throw conflict(
          `integration ${entry.name} is already installed in organization ${body.organization}: installation ${existing.id}`,
        );
      const row = insertInstallation(ctx.store, body.organization, entry.name);
      return {
        ...json(201, rendered(ctx, entry, row)),
        headers: { location: installationLocation(ctx.origin, row) },
      };
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{installationId}`,
    operationId: "getIntegrationInstallationById",
    summary: "An installation, with its account configuration",
    responses: { 200: installationAnswer },
    handler({ params }, ctx) {
      const { entry, installation } = requireInstallation(
        ctx,
        params.integrationName,
        params.installationId,
      );
      return json(200, rendered(ctx, entry, installation));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{installationId}`,
    operationId: "updateIntegrationInstallation",
    summary: "Change an installation's configuration, external ids, or space and site selection",
    body: patchBody,
    responses: { 200: installationAnswer },
    handler({ params, body }, ctx) {
      const { entry, installation } = requireInstallation(
        ctx,
        params.integrationName,
        params.installationId,
      );
      const row = updateInstallation(ctx.store, installation, {
        configuration:
          body.configuration && checkConfiguration(entry, "account", body.configuration),
        externalIds: body.externalIds,
        spaceSelection: body.space_selection,
        siteSelection: body.site_selection,
      });
      return json(200, rendered(ctx, entry, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{installationId}`,
    operationId: "uninstallIntegration",
    summary: "Uninstall an integration from an organization, and from its sites and spaces",
    responses: {
      204: { description: "The installation did not exist" },
      205: { description: "The integration has been uninstalled" },
    },
    handler({ params }, ctx) {
      const found = visibleInstallation(ctx, params.integrationName, params.installationId);
      if (found === undefined) return empty(204);
      ctx.requireRole(found.organizationId, "admin");
      deleteInstallation(ctx.store, found.id);
      return empty(205);
    },
  }),
];
