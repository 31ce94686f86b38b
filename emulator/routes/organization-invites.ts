import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf, roleOrGuest } from "../render/common";
import { InviteLinkJson } from "../render/organization-invites";
import {
  deleteInviteLink,
  findInviteLink,
  insertInviteLink,
  inviteLinksOf,
  updateInviteLinkRole,
} from "../store/organization-invites";
import { renderInviteLink, targetFields } from "../access/organization-invites";

const id = z.string().min(1).max(64);
/** `CreateOrganizationInvite`: to the organization with a role, or to a space or collection. */
const createBody = z.union([
  z.strictObject({ role: roleOrGuest }),
  z.strictObject({ level: roleOrGuest, space: id }),
  z.strictObject({ level: roleOrGuest, collection: id }),
]);
/** The update: `role` for a link to the organization, `level` for a link to content. */
const patchBody = z.union([
  z.strictObject({ role: roleOrGuest }),
  z.strictObject({ level: roleOrGuest }),
]);

const base = "/orgs/{organizationId}/link-invites";
const InviteLinkList = listOf("OrganizationInviteLinkList", InviteLinkJson);
const linkAnswer = { description: "The invite link", schema: InviteLinkJson };

function requireLink(ctx: ApiContext, organizationId: string, inviteId: string) {
  const row = findInviteLink(ctx.store, organizationId, inviteId);
  if (row === undefined) throw notFound(`invite ${inviteId}`);
  return row;
}

/**
 * An organization's standing invite links (the hosted `organization-invites` operations on
 * `link-invites`; docs/api-decisions.md, "Organization invite links"). A link's id is what a
 * person joins with: every operation, reading included, is the organization admin's, as the
 * hosted `organization:members:write` scope says.
 */
export const organizationInviteRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listOrganizationInviteLinks",
    summary: "An organization's invite links",
    query: pageQuery,
    responses: { 200: { description: "A page of invite links", schema: InviteLinkList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const page = slicePage(pageOf(query), inviteLinksOf(ctx.store, params.organizationId));
      return json(200, { ...page, items: page.items.map((row) => renderInviteLink(ctx, row)) });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createOrganizationInvite",
    summary: "Make a standing invite link to the organization, a space or a collection",
    body: createBody,
    responses: { 201: { description: "The new invite link", schema: InviteLinkJson } },
    handler({ params, body }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const fields = targetFields(ctx, params.organizationId, body);
      const row = insertInviteLink(ctx.store, params.organizationId, fields);
      return json(201, renderInviteLink(ctx, row));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{inviteId}`,
    operationId: "getOrganizationInviteLink",
    summary: "An invite link",
    responses: { 200: linkAnswer },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = requireLink(ctx, params.organizationId, params.inviteId);
      return json(200, renderInviteLink(ctx, row));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{inviteId}`,
    operationId: "updateOrganizationInviteById",
    summary: "Change the role (organization) or level (space, collection) an invite link gives",
    body: patchBody,
    responses: { 200: linkAnswer },
    handler({ params, body }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = requireLink(ctx, params.organizationId, params.inviteId);
      const toContent = row.spaceId !== null || row.collectionId !== null;
      if (toContent && "role" in body)
        throw badRequest("role: this invite link is to a space or collection: change its level");
      if (!toContent && "level" in body)
        throw badRequest("level: this invite link is to the organization: change its role");
      const role = "role" in body ? body.role : body.level;
      return json(200, renderInviteLink(ctx, updateInviteLinkRole(ctx.store, row, role)));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{inviteId}`,
    operationId: "deleteOrganizationInviteById",
    summary: "Retire an invite link: it no longer lets anyone join",
    // Our API document (§4.2) answers 204 whether or not the link was there; the hosted one's
    // 205 for a deleted link is not used.
    responses: { 204: { description: "No such invite link remains" } },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = findInviteLink(ctx.store, params.organizationId, params.inviteId);
      if (row !== undefined) deleteInviteLink(ctx.store, row.id);
      return empty(204);
    },
  }),
];
