import { z } from "zod";
import { empty, json } from "../http/route";
import { roleLevel } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import {
  renderSamlProvider,
  SamlProviderJson,
  samlService,
  SsoLoginJson,
} from "../render/saml-providers";
import {
  deleteSamlProvider,
  findSamlProvider,
  insertSamlProvider,
  samlProvidersOf,
  updateSamlProvider,
  type SamlProviderFields,
  type SamlProviderRow,
} from "../store/saml-providers";
import { findTeam } from "../store/teams";
import { SAML_LIMITS } from "../limits";

// §8's limits; a URL is http(s), as an identity provider's sign-in page is.
const fields = {
  label: z.string().min(1).max(SAML_LIMITS.label),
  entityID: z.string().min(1).max(SAML_LIMITS.entityID),
  certificate: z.string().min(1).max(SAML_LIMITS.certificate),
  ssoURL: z.url({ protocol: /^https?$/ }).max(SAML_LIMITS.ssoURL),
  defaultTeam: z.string().min(1).max(64).nullable(),
  defaultRole: roleLevel.nullable(),
};
const createBody = z.strictObject({
  label: fields.label,
  entityID: fields.entityID.optional(),
  certificate: fields.certificate.optional(),
  ssoURL: fields.ssoURL.optional(),
  defaultTeam: fields.defaultTeam.optional(),
  defaultRole: fields.defaultRole.optional(),
});
const patchBody = createBody.partial();

const SamlProviderList = listOf("OrganizationSAMLProviderList", SamlProviderJson);
const SsoLoginList = z.strictObject({ items: z.array(SsoLoginJson) });

const base = "/orgs/{organizationId}/saml";

function render(ctx: ApiContext, row: SamlProviderRow) {
  const team =
    row.defaultTeam === null ? undefined : findTeam(ctx.store, row.organizationId, row.defaultTeam);
  return renderSamlProvider(ctx.origin, row, team);
}

/** A body's `defaultTeam` must be a team of the organization: 400 naming it otherwise. */
function checkedFields(ctx: ApiContext, organizationId: string, body: SamlProviderFields) {
  if (
    typeof body.defaultTeam === "string" &&
    !findTeam(ctx.store, organizationId, body.defaultTeam)
  )
    throw badRequest(
      `defaultTeam: ${body.defaultTeam} is not a team of organization ${organizationId}`,
    );
  return body;
}

/**
 * §4.12 SSO: SAML providers, and the sign-in list. Configuring SSO is the organization admin's;
 * the certificate is answered in the API object (the service's schema has it) and never shown
 * on the app pages.
 */
export const samlRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSamlProviders",
    summary: "An organization's SAML providers",
    query: pageQuery,
    responses: { 200: { description: "A page of SAML providers", schema: SamlProviderList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const page = slicePage(pageOf(query), samlProvidersOf(ctx.store, params.organizationId));
      return json(200, { ...page, items: page.items.map((row) => render(ctx, row)) });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSamlProvider",
    summary: "Configure a SAML identity provider",
    body: createBody,
    responses: { 201: { description: "The new SAML provider", schema: SamlProviderJson } },
    handler({ params, body }, ctx) {
      const org = params.organizationId;
      ctx.requireRole(org, "admin");
      const row = insertSamlProvider(ctx.store, org, {
        ...checkedFields(ctx, org, body),
        label: body.label,
      });
      return json(201, render(ctx, row));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{samlProviderId}`,
    operationId: "getSamlProvider",
    summary: "A SAML provider",
    responses: { 200: { description: "The SAML provider", schema: SamlProviderJson } },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = findSamlProvider(ctx.store, params.organizationId, params.samlProviderId);
      if (row === undefined) throw notFound(`SAML provider ${params.samlProviderId}`);
      return json(200, render(ctx, row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{samlProviderId}`,
    operationId: "updateSamlProvider",
    summary: "Change a SAML provider",
    body: patchBody,
    responses: { 200: { description: "The SAML provider", schema: SamlProviderJson } },
    handler({ params, body }, ctx) {
      const org = params.organizationId;
      ctx.requireRole(org, "admin");
      const row = findSamlProvider(ctx.store, org, params.samlProviderId);
      if (row === undefined) throw notFound(`SAML provider ${params.samlProviderId}`);
      return json(
        200,
        render(ctx, updateSamlProvider(ctx.store, row, checkedFields(ctx, org, body))),
      );
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{samlProviderId}`,
    operationId: "deleteSamlProvider",
    summary: "Remove a SAML provider",
    responses: {
      204: { description: "The SAML provider did not exist" },
      205: { description: "The SAML provider has been deleted" },
    },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = findSamlProvider(ctx.store, params.organizationId, params.samlProviderId);
      if (row === undefined) return empty(204);
      deleteSamlProvider(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/sso",
    operationId: "listSsoLogins",
    summary: "Where members sign in through SSO: each provider's label and start URL",
    responses: { 200: { description: "The sign-in providers", schema: SsoLoginList } },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const items = samlProvidersOf(ctx.store, params.organizationId).map((row) => ({
        id: row.id,
        label: row.label,
        startURL: samlService(ctx.origin, row).startURL,
      }));
      return json(200, { items });
    },
  }),
];
