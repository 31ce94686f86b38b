import { z } from "zod";
import type { ApiClient } from "../client";
import { open } from "./common";
import { siteById } from "./sites";

/**
 * A site's ads (docs/api-decisions.md, "Site ads"): where the site stands in the service's ads
 * program is the site's `ads` field; one POST to `.../sites/{siteId}/ads` submits it for review,
 * takes it out, or changes its topic. The API document is silent on it; the shapes are the hosted
 * service's.
 */

export const AdsTopic = z.enum(["webdev", "crypto"]);
export const AdsStatus = z.enum(["pending", "in-review", "live", "rejected", "disabled"]);

/** The statuses of a site in the program: submitted, or reviewed and showing ads. */
export const IN_PROGRAM: readonly string[] = ["in-review", "live"];

/** The site's `ads` as the provider reads it: the fields of its four forms, each optional. */
export const SiteAds = z.object({
  status: open(AdsStatus),
  topic: open(AdsTopic).optional(),
  zoneId: z.string().optional(),
  reason: z.string().optional(),
  submittable: z.boolean().optional(),
});
export type SiteAds = z.infer<typeof SiteAds>;

/** The POST's body: `in-review` submits the site, `disabled` takes it out. */
export interface SiteAdsUpdate {
  status?: "in-review" | "disabled";
  topic?: z.infer<typeof AdsTopic>;
}

const SiteWithAds = z.object({ ads: SiteAds.optional() });

/** Where the site stands; a site whose answer has no `ads` is `pending`. */
export async function getSiteAds(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteAds> {
  const site = await client.get(siteById(organizationId, siteId), SiteWithAds);
  return site.ads ?? { status: "pending" };
}

export function updateSiteAds(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: SiteAdsUpdate,
): Promise<void> {
  return client.request("POST", `${siteById(organizationId, siteId)}/ads`, {
    body,
    idempotent: true,
  });
}
