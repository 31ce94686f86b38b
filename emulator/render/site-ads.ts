import { z } from "zod";
import type { SiteAdsRow } from "../store/site-ads";
import type { SiteRow } from "../store/sites";
import { named, present } from "./common";

export const AdsTopic = named("SiteAdsTopic", z.enum(["webdev", "crypto"]));

/**
 * The hosted `SiteAds`, one of four forms by status: `pending` (with whether the site may be
 * submitted), `in-review` (with its topic), `rejected` (with the reason when given), `live` or
 * `disabled` (with the topic and the ad network's zone).
 */
export const SiteAdsJson = named(
  "SiteAds",
  z.union([
    z.strictObject({ status: z.literal("pending"), submittable: z.boolean() }),
    z.strictObject({ status: z.literal("in-review"), topic: AdsTopic }),
    z.strictObject({ status: z.literal("rejected"), reason: z.string().optional() }),
    z.strictObject({
      status: z.enum(["live", "disabled"]),
      topic: AdsTopic,
      zoneId: z.string(),
    }),
  ]),
);
export type SiteAdsJson = z.input<typeof SiteAdsJson>;

/** A site may be submitted for review once it is published (docs/api-decisions.md, "Site ads"). */
export const adsSubmittable = (site: SiteRow) => site.published;

export function renderSiteAds(site: SiteRow, row: SiteAdsRow | undefined): SiteAdsJson {
  switch (row?.status) {
    case undefined:
    case "pending":
      return { status: "pending", submittable: adsSubmittable(site) };
    case "in-review":
      return { status: "in-review", topic: row.topic! };
    case "rejected":
      return { status: "rejected", ...present("reason", row.reason) };
    case "live":
    case "disabled":
      return { status: row.status, topic: row.topic!, zoneId: row.zoneId! };
  }
}
