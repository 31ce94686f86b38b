import { z } from "zod";
import { listAll, type ApiClient } from "../client";
import { child, findIn, WHOLE_LIST } from "./sites";

/**
 * The share links of a site (§2.6, §4.11): secret URLs of a `share-link` site, under
 * `/v1/orgs/{organizationId}/sites/{siteId}/share-links`.
 *
 * Limits the document states are marked §; the others are the emulator's (the document is
 * silent on them) and are kept here so check refuses what the API would refuse.
 */

/** Share link name: the emulator's limit. */
export const ShareLinkName = z.string().max(50);

/** A share link (§2.6). The hosted service may leave out `name` and `active`. */
export const ShareLink = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string().optional(),
  active: z.boolean().optional(),
  urls: z.object({ published: z.string().optional() }).optional(),
});
export type ShareLink = z.infer<typeof ShareLink>;

/** §4.11. */
export const ShareLinkCreate = z.object({ name: ShareLinkName });
export const ShareLinkPatch = z.object({ name: ShareLinkName, active: z.boolean() }).partial();

// Share links (§4.11): no single GET.

export function listShareLinks(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<ShareLink[]> {
  return listAll(client, child(organizationId, siteId, "share-links"), ShareLink, WHOLE_LIST);
}

export function getShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
): Promise<ShareLink> {
  const path = child(organizationId, siteId, "share-links");
  return findIn(client, path, ShareLink, shareLinkId, "share link");
}

export function createShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: z.infer<typeof ShareLinkCreate>,
): Promise<ShareLink> {
  return client.request("POST", child(organizationId, siteId, "share-links"), {
    body,
    schema: ShareLink,
  });
}

export function updateShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
  body: z.infer<typeof ShareLinkPatch>,
): Promise<ShareLink> {
  return client.request("PATCH", child(organizationId, siteId, "share-links", shareLinkId), {
    body,
    schema: ShareLink,
  });
}

export function deleteShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
) {
  return client.request("DELETE", child(organizationId, siteId, "share-links", shareLinkId));
}
