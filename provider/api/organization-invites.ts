import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiError, listAll, segment, type ApiClient } from "../client";
import { RoleLevel } from "./common";
import { org } from "./people";

/**
 * An organization's standing invite links (the hosted `organization-invites` operations on
 * `link-invites`; docs/api-decisions.md, "Organization invite links"). A link's id is what a
 * person joins with: it is a secret. The provider therefore names a link by its handle, a hash of
 * the id that grants nothing, and keeps the id itself only in a secret output; no error message
 * it raises carries the id.
 */

/** The role a link gives: a member role, or `guest` (the service's `null`). */
export const InviteRole = z.union([RoleLevel, z.literal("guest")]);
export type InviteRole = z.infer<typeof InviteRole>;

const wireRole = z.union([z.string(), z.null()]);
/** A link as the service answers it (`OrganizationInviteLink`). */
export const InviteLink = z.looseObject({
  id: z.string(),
  role: wireRole.optional(),
  level: wireRole.optional(),
  redundant: z.boolean().optional(),
  space: z.looseObject({ id: z.string() }).optional(),
  collection: z.looseObject({ id: z.string() }).optional(),
});
export type InviteLink = z.infer<typeof InviteLink>;

/** A link's settings with their limits, declared once: the inputs and the create body. */
export const InviteLinkFields = {
  role: InviteRole,
  spaceId: z.string().min(1).nullish(),
  collectionId: z.string().min(1).nullish(),
};
export const InviteLinkCreate = z.object({
  role: InviteRole,
  spaceId: z.string().optional(),
  collectionId: z.string().optional(),
});
export const InviteLinkPatch = z.object({ role: InviteRole }).partial();

/** The handle of a link: `inv_` and 24 hex digits of the SHA-256 of its id. */
export function inviteHandle(inviteId: string): string {
  return `inv_${createHash("sha256").update(inviteId).digest("hex").slice(0, 24)}`;
}
export const INVITE_HANDLE = /^inv_[0-9a-f]{24}$/;

/** The role a link gives, as the provider declares it. */
export function roleOf(link: InviteLink): InviteRole {
  const role = link.space !== undefined || link.collection !== undefined ? link.level : link.role;
  return (role ?? "guest") as InviteRole;
}

const wire = (role: InviteRole) => (role === "guest" ? null : role);
const links = (organizationId: string) => `${org(organizationId)}/link-invites`;
const link = (organizationId: string, id: string) =>
  `${links(organizationId)}/${segment("inviteId", id)}`;

/** The error with the link's id masked in its path and message (as the request log masks it). */
function withoutId(error: unknown, inviteId: string): unknown {
  if (!(error instanceof ApiError)) return error;
  const mask = (text: string) => text.split(inviteId).join(inviteHandle(inviteId));
  return new ApiError(error.status, error.code, error.method, mask(error.path), mask(error.detail));
}

/** Every invite link of the organization (one list walk; the list is the organization admin's). */
export function listInviteLinks(client: ApiClient, organizationId: string): Promise<InviteLink[]> {
  return listAll(client, links(organizationId), InviteLink, { limit: 1000 });
}

/** The link whose handle is `handle`, from the list; a 404 ApiError when there is none. */
export async function findInviteLink(
  client: ApiClient,
  organizationId: string,
  handle: string,
): Promise<InviteLink> {
  const found = (await listInviteLinks(client, organizationId)).find(
    (l) => inviteHandle(l.id) === handle,
  );
  if (found !== undefined) return found;
  throw new ApiError(404, 404, "GET", links(organizationId), `invite link ${handle} not found`);
}

/** Creates a link (a POST: never retried; an unknown outcome is recovered from the list). */
export function createInviteLink(
  client: ApiClient,
  organizationId: string,
  body: z.output<typeof InviteLinkCreate>,
): Promise<InviteLink> {
  const sent =
    body.spaceId !== undefined
      ? { level: wire(body.role), space: body.spaceId }
      : body.collectionId !== undefined
        ? { level: wire(body.role), collection: body.collectionId }
        : { role: wire(body.role) };
  return client.request("POST", links(organizationId), { body: sent, schema: InviteLink });
}

/** Changes the role a link gives: `role` for a link to the organization, `level` to content. */
export async function updateInviteLinkRole(
  client: ApiClient,
  organizationId: string,
  inviteId: string,
  toContent: boolean,
  role: InviteRole,
): Promise<InviteLink> {
  const body = toContent ? { level: wire(role) } : { role: wire(role) };
  try {
    return await client.request("PATCH", link(organizationId, inviteId), {
      body,
      schema: InviteLink,
    });
  } catch (error) {
    throw withoutId(error, inviteId);
  }
}

/** Retires a link: the service's DELETE (no PATCH field disables one). */
export async function deleteInviteLink(
  client: ApiClient,
  organizationId: string,
  inviteId: string,
) {
  try {
    await client.request("DELETE", link(organizationId, inviteId));
  } catch (error) {
    throw withoutId(error, inviteId);
  }
}
