import { z } from "zod";
import { json } from "../http/route";
import { roleLevel } from "../auth";
import { apiRoute } from "../context";
import { badRequest, conflict, notFound } from "../errors";
import { envelope, pageQuery, pageOf } from "../pagination";
import { listOf } from "../render/common";
import { OrganizationJson, renderOrganization } from "../render/organizations";
import {
  findOrganization,
  hostnameTaken,
  organizationsByEmailDomain,
  organizationsOf,
  updateOrganization,
} from "../store/organizations";
import { findSite } from "../store/sites";
import { setTargetHostname } from "../access/custom-hostnames";
import { SiteHostname } from "../render/custom-hostnames";
import { activeHostnameOf } from "../store/custom-hostnames";
import type { Store } from "../store";

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const HOSTNAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

const patchOrganization = z.strictObject({
  title: z.string().min(2).max(255).optional(),
  emailDomains: z.array(z.string().max(253).regex(DOMAIN)).max(100).optional(),
  hostname: z.string().min(3).max(32).regex(HOSTNAME).optional(),
  defaultRole: roleLevel.nullable().optional(),
  defaultContent: z
    .strictObject({ type: z.literal("site"), site: z.string().min(1).max(64) })
    .nullable()
    .optional(),
  logo: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  // The organization's custom hostname (docs/api-decisions.md, "Custom hostnames"); `null` detaches it.
  customHostname: SiteHostname.nullable().optional(),
});

/** The custom hostname the organization uses, whatever its status. */
const hostnameOf = (store: Store, organizationId: string) =>
  activeHostnameOf(store, { organizationId, siteId: null });

const OrganizationList = listOf("OrganizationList", OrganizationJson);

/** §4.2 Organizations. */
export const organizationRoutes = [
  apiRoute({
    method: "get",
    path: "/orgs",
    operationId: "listOrganizations",
    summary: "The caller's organizations",
    query: pageQuery,
    responses: { 200: { description: "A page of organizations", schema: OrganizationList } },
    handler({ query }, { store, userId, origin, requireRole }) {
      const page = pageOf(query);
      const { rows, count } = organizationsOf(store, userId, page);
      const items = rows.map((row) =>
        renderOrganization(row, origin, requireRole(row.id, "guest"), hostnameOf(store, row.id)),
      );
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}",
    operationId: "getOrganization",
    summary: "An organization",
    responses: { 200: { description: "The organization", schema: OrganizationJson } },
    handler({ params }, { store, origin, requireRole }) {
      const id = params.organizationId;
      const role = requireRole(id, "guest");
      const row = findOrganization(store, id);
      if (!row) throw notFound(`organization ${id}`);
      return json(200, renderOrganization(row, origin, role, hostnameOf(store, id)));
    },
  }),

  apiRoute({
    method: "patch",
    path: "/orgs/{organizationId}",
    operationId: "updateOrganization",
    summary: "Change an organization's settings",
    body: patchOrganization,
    responses: { 200: { description: "The updated organization", schema: OrganizationJson } },
    handler({ params, body }, ctx) {
      const { store, origin, requireRole } = ctx;
      const id = params.organizationId;
      const role = requireRole(id, "admin");
      const { customHostname, ...settings } = body;
      store.transaction(() => {
        if (body.hostname !== undefined && hostnameTaken(store, body.hostname, id))
          throw conflict(`hostname ${body.hostname} is already taken`);
        if (body.defaultContent && !findSite(store, id, body.defaultContent.site))
          throw badRequest(
            `defaultContent.site: ${body.defaultContent.site} is not a site of organization ${id}`,
          );
        if (customHostname !== undefined)
          setTargetHostname(ctx, { organizationId: id, siteId: null }, customHostname);
        updateOrganization(store, id, {
          ...settings,
          emailDomains: body.emailDomains && [
            ...new Set(body.emailDomains.map((d) => d.toLowerCase())),
          ],
        });
      });
      return json(
        200,
        renderOrganization(findOrganization(store, id)!, origin, role, hostnameOf(store, id)),
      );
    },
  }),

  apiRoute({
    method: "get",
    path: "/email-domains/{emailDomain}/orgs",
    operationId: "listOrganizationsByEmailDomain",
    summary: "The caller's organizations that list an e-mail domain",
    responses: {
      200: {
        description: "The matching organizations",
        schema: z.strictObject({ organizations: z.array(OrganizationJson) }),
      },
    },
    handler({ params }, { store, userId, origin, requireRole }) {
      const organizations = organizationsByEmailDomain(store, userId, params.emailDomain).map(
        (row) =>
          renderOrganization(row, origin, requireRole(row.id, "guest"), hostnameOf(store, row.id)),
      );
      return json(200, { organizations });
    },
  }),
];
