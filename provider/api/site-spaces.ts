import { z } from "zod";
import { listOf, type ApiClient } from "../client";
import { child, Condition, siteChildren } from "./sites";

/**
 * The site spaces of a site (§2.5, §4.11): a space published at a path, under
 * `/v1/orgs/{organizationId}/sites/{siteId}/site-spaces`.
 *
 * Limits the document states are marked §; the others are the emulator's (the document is
 * silent on them) and are kept here so check refuses what the API would refuse.
 */

/** §2.5, §8. */
export const SiteSpacePath = z.string().min(1).max(100);

/** A site space (§2.5); the hosted service nests the whole Space, of which only the id is read. */
export const SiteSpace = z.object({
  id: z.string(),
  path: z.string(),
  section: z.string().nullish(),
  space: z.object({ id: z.string() }).nullish(),
  condition: z.string().nullish(),
  hidden: z.boolean().optional(),
});
export type SiteSpace = z.infer<typeof SiteSpace>;

/** §4.11. */
export const SiteSpaceCreate = z.object({ spaceId: z.string(), sectionId: z.string().optional() });
export const SiteSpacePatch = z
  .object({
    path: SiteSpacePath,
    condition: Condition.nullable(),
    spaceId: z.string(),
    // The hosted service's: hidden from the site's navigation, still reachable by its URL.
    hidden: z.boolean(),
  })
  .partial();

// Site spaces (§4.11): no single GET.

const siteSpaces = siteChildren(
  "site-spaces",
  { item: SiteSpace, create: SiteSpaceCreate, patch: SiteSpacePatch },
  "site space",
);
export const listSiteSpaces = siteSpaces.list;
export const getSiteSpace = siteSpaces.get;
export const createSiteSpace = siteSpaces.create;
export const updateSiteSpace = siteSpaces.update;
export const deleteSiteSpace = siteSpaces.delete;

/** The site's default site space, if it has one: one GET filtered by `default`. */
export async function getDefaultSiteSpace(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteSpace | undefined> {
  // One page of one item is all a site's default can fill: one GET, never a second page.
  const path = child(organizationId, siteId, "site-spaces");
  const page = await client.get(path, listOf(SiteSpace), { default: "true", limit: 1 });
  return page.items[0];
}
