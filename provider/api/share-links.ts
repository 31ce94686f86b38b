import { z } from "zod";
import { siteChildren } from "./sites";

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
/**
 * A share link's settings with their limits, declared once: what a program declares (the
 * resource's inputs), the create body (its name: a new link is active), and the PATCH.
 */
export const ShareLinkFields = { name: ShareLinkName, active: z.boolean().optional() };
export const ShareLinkCreate = z.object(ShareLinkFields).pick({ name: true });
export const ShareLinkPatch = z.object(ShareLinkFields).partial();

// Share links (§4.11): no single GET.

const shareLinks = siteChildren(
  "share-links",
  { item: ShareLink, create: ShareLinkCreate, patch: ShareLinkPatch },
  "share link",
);
export const listShareLinks = shareLinks.list;
export const getShareLink = shareLinks.get;
export const createShareLink = shareLinks.create;
export const updateShareLink = shareLinks.update;
export const deleteShareLink = shareLinks.delete;
