import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import { configurationInput, externalIds } from "../render/integrations";
import {
  IntegrationSiteInstallationJson,
  IntegrationSpaceInstallationJson,
  renderContentInstallation,
} from "../render/integration-targets";
import {
  checkConfiguration,
  requireContentTarget,
  requireInstallableOn,
  requireInstallation,
  statusOf,
  visibleInstallation,
} from "../access/integrations";
import type { CatalogueEntry } from "../store/integration-catalogue";
import type { InstallationRow } from "../store/integrations";
import {
  deleteContentInstallation,
  findContentInstallation,
  insertContentInstallation,
  listContentInstallations,
  updateContentInstallation,
  type ContentInstallationRow,
  type ContentKind,
} from "../store/integration-targets";

/** `?extended=`: accepted; the target is answered by its id either way (docs/api-decisions.md). */
const extendedQuery = z.looseObject({ extended: z.enum(["true", "false"]).optional() });
const listQuery = pageQuery.extend({ extended: z.enum(["true", "false"]).optional() });
const patchBody = z.strictObject({
  externalIds: externalIds.optional(),
  configuration: configurationInput.optional(),
});

const base = "/integrations/{integrationName}/installations/{installationId}";
const SiteList = listOf("IntegrationSiteInstallationList", IntegrationSiteInstallationJson);
const SpaceList = listOf("IntegrationSpaceInstallationList", IntegrationSpaceInstallationJson);
const siteAnswer = {
  description: "The site installation",
  schema: IntegrationSiteInstallationJson,
};
const spaceAnswer = {
  description: "The space installation",
  schema: IntegrationSpaceInstallationJson,
};
const deleted = (kind: ContentKind) => ({
  204: { description: `The ${kind} installation did not exist` },
  205: { description: `The ${kind} installation has been deleted` },
});

type Found = { entry: CatalogueEntry; installation: InstallationRow };

function rendered<K extends ContentKind>(
  ctx: ApiContext,
  found: Found,
  row: ContentInstallationRow<K>,
) {
  const status = statusOf(found.entry, row.kind, row.configuration);
  return renderContentInstallation(ctx.origin, found.installation, row, status);
}

function list<K extends ContentKind>(
  ctx: ApiContext,
  kind: K,
  params: { integrationName: string; installationId: string },
  query: { limit?: number; page?: string },
) {
  const found = requireInstallation(ctx, params.integrationName, params.installationId);
  const page = pageOf(query);
  const { rows, count } = listContentInstallations(ctx.store, kind, found.installation.id, page);
  return envelope(
    page,
    rows.map((row) => rendered(ctx, found, row)),
    count,
  );
}

/** The installation on `targetId`; 404 when the target or the installation on it is missing. */
function requireOn<K extends ContentKind>(
  ctx: ApiContext,
  kind: K,
  params: { integrationName: string; installationId: string },
  targetId: string,
): Found & { row: ContentInstallationRow<K> } {
  const found = requireInstallation(ctx, params.integrationName, params.installationId);
  requireContentTarget(ctx, found.installation, kind, targetId);
  const row = findContentInstallation(ctx.store, kind, found.installation.id, targetId);
  if (row === undefined)
    throw notFound(`installation of integration ${found.entry.name} on ${kind} ${targetId}`);
  return { ...found, row };
}

/** A DELETE: 204 when the installation, the target or the installation on it is not there. */
function uninstall(
  ctx: ApiContext,
  kind: ContentKind,
  params: { integrationName: string; installationId: string },
  targetId: string,
) {
  const installation = visibleInstallation(ctx, params.integrationName, params.installationId);
  if (installation === undefined) return empty(204);
  ctx.requireRole(installation.organizationId, "admin");
  const row = findContentInstallation(ctx.store, kind, installation.id, targetId);
  if (row === undefined) return empty(204);
  deleteContentInstallation(ctx.store, row);
  return empty(205);
}

/**
 * An installation enabled on sites and spaces (docs/api-decisions.md, "Integrations"), its
 * organization's admins' only, as the installation is. A site installation is made by the
 * hosted POST (409 when the site has one); the hosted document has no POST for a space: its PATCH
 * enables the installation on the space when it is not yet, and changes its configuration
 * otherwise. A configuration is checked against the integration's site or space schema and
 * replaced whole by a PATCH that sends it.
 */
export const integrationTargetRoutes = [
  apiRoute({
    method: "get",
    path: `${base}/sites`,
    operationId: "listIntegrationInstallationSites",
    summary: "The sites an installation is enabled on, oldest first",
    query: listQuery,
    responses: { 200: { description: "A page of site installations", schema: SiteList } },
    handler: ({ params, query }, ctx) => json(200, list(ctx, "site", params, query)),
  }),

  apiRoute({
    method: "post",
    path: `${base}/sites`,
    operationId: "installIntegrationOnSite",
    summary: "Enable an installation on a site of its organization",
    query: extendedQuery,
    body: z.strictObject({ siteId: z.string().min(1).max(64) }),
    responses: {
      201: {
        description: "The site installation, its address in `Location`",
        schema: IntegrationSiteInstallationJson,
      },
    },
    handler({ params, body }, ctx) {
      const found = requireInstallation(ctx, params.integrationName, params.installationId);
      requireInstallableOn(found.entry, "site");
      requireContentTarget(ctx, found.installation, "site", body.siteId, "siteId");
      const id = found.installation.id;
      if (findContentInstallation(ctx.store, "site", id, body.siteId) !== undefined)
        throw conflict(
          `integration ${found.entry.name} is already installed on site ${body.siteId}`,
        );
      const row = insertContentInstallation(ctx.store, "site", id, body.siteId, {});
      const answer = rendered(ctx, found, row);
      return { ...json(201, answer), headers: { location: answer.urls.location } };
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/sites/{siteId}`,
    operationId: "getIntegrationSiteInstallation",
    summary: "An installation on one site, with its site configuration",
    query: extendedQuery,
    responses: { 200: siteAnswer },
    handler({ params }, ctx) {
      const found = requireOn(ctx, "site", params, params.siteId);
      return json(200, rendered(ctx, found, found.row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/sites/{siteId}`,
    operationId: "updateIntegrationSiteInstallation",
    summary: "Change an installation's configuration for one site",
    query: extendedQuery,
    body: patchBody,
    responses: { 200: siteAnswer },
    handler({ params, body }, ctx) {
      const found = requireOn(ctx, "site", params, params.siteId);
      const row = updateContentInstallation(ctx.store, found.row, {
        configuration:
          body.configuration && checkConfiguration(found.entry, "site", body.configuration),
        externalIds: body.externalIds,
      });
      return json(200, rendered(ctx, found, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/sites/{siteId}`,
    operationId: "uninstallIntegrationFromSite",
    summary: "Disable an installation on a site",
    responses: deleted("site"),
    handler: ({ params }, ctx) => uninstall(ctx, "site", params, params.siteId),
  }),

  apiRoute({
    method: "get",
    path: `${base}/spaces`,
    operationId: "listIntegrationInstallationSpaces",
    summary: "The spaces an installation is enabled on, oldest first",
    query: listQuery,
    responses: { 200: { description: "A page of space installations", schema: SpaceList } },
    handler: ({ params, query }, ctx) => json(200, list(ctx, "space", params, query)),
  }),

  apiRoute({
    method: "get",
    path: `${base}/spaces/{spaceId}`,
    operationId: "getIntegrationSpaceInstallation",
    summary: "An installation on one space, with its space configuration",
    query: extendedQuery,
    responses: { 200: spaceAnswer },
    handler({ params }, ctx) {
      const found = requireOn(ctx, "space", params, params.spaceId);
      return json(200, rendered(ctx, found, found.row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/spaces/{spaceId}`,
    operationId: "updateIntegrationSpaceInstallation",
    summary: "Enable an installation on a space, or change its configuration there",
    query: extendedQuery,
    body: patchBody,
    responses: { 200: spaceAnswer },
    handler({ params, body }, ctx) {
      const found = requireInstallation(ctx, params.integrationName, params.installationId);
      requireContentTarget(ctx, found.installation, "space", params.spaceId);
      const id = found.installation.id;
      const configuration =
        body.configuration && checkConfiguration(found.entry, "space", body.configuration);
      const existing = findContentInstallation(ctx.store, "space", id, params.spaceId);
      if (existing === undefined) requireInstallableOn(found.entry, "space");
      const current =
        existing ?? insertContentInstallation(ctx.store, "space", id, params.spaceId, {});
      const row = updateContentInstallation(ctx.store, current, {
        configuration,
        externalIds: body.externalIds,
      });
      return json(200, rendered(ctx, found, row));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/spaces/{spaceId}`,
    operationId: "uninstallIntegrationFromSpace",
    summary: "Disable an installation on a space",
    responses: deleted("space"),
    handler: ({ params }, ctx) => uninstall(ctx, "space", params, params.spaceId),
  }),
];
