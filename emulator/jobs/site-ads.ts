import { randomBytes } from "node:crypto";
import { type Background, pause } from "../background";
import type { Store } from "../store";
import { concludeSiteAdsReview, findSiteAds, sitesInAdsReview } from "../store/site-ads";

/**
 * Reviews a site submitted to the ads program: `in-review` for the processing delay, then `live`
 * with a zone of its own, or `rejected` when the admin API said so. A newer submission, or a
 * withdrawal, aborts this one, and the review number keeps it from writing.
 */
export function reviewSiteAds(store: Store, background: Background, siteId: string): void {
  const review = findSiteAds(store, siteId)?.review;
  if (review === undefined) return;
  background.start(`site-ads:${siteId}`, async (signal) => {
    await pause(background.processingDelayMs, signal);
    concludeSiteAdsReview(store, siteId, review, `zone_${randomBytes(6).toString("hex")}`);
  });
}

/** Reviews again every site a stopped emulator left in review. */
export function resumeSiteAdsReviews(store: Store, background: Background): void {
  for (const row of sitesInAdsReview(store)) reviewSiteAds(store, background, row.siteId);
}
