import type { Store } from "./index";
import { Table, integer, text, type RowIn } from "./sql";

/** Where a site stands in the ads program (the hosted `SiteAdsStatus`). */
export type AdsStatus = "pending" | "in-review" | "live" | "rejected" | "disabled";
/** What a site's content is about, which picks its ads (the hosted `SiteAdsTopic`). */
export type AdsTopic = "webdev" | "crypto";
/** How the review of a site ends. */
export type AdsVerdict = "live" | "rejected";

/**
 * A site's ads (docs/api-decisions.md, "Site ads"): one row per site, made by its first change. A
 * site with no row is `pending`. `review` counts submissions: a review that a newer submission
 * replaced does not write. `verdict` and `verdictReason` are what the admin API decided the next
 * review ends in; without them a review goes live.
 */
const siteAds = new Table("site_ads", {
  siteId: text("PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE"),
  status: text("NOT NULL").of<AdsStatus>(),
  topic: text().of<AdsTopic>(),
  zoneId: text(),
  reason: text(),
  review: integer("NOT NULL DEFAULT 0"),
  verdict: text().of<AdsVerdict>(),
  verdictReason: text(),
  updatedAt: text("NOT NULL"),
});

/** The family's tables, created at every open. */
export const siteAdsTables = [siteAds];

export type SiteAdsRow = RowIn<typeof siteAds>;

/** The site's ads; `undefined` while nobody has changed them (`pending`). */
export function findSiteAds(store: Store, siteId: string): SiteAdsRow | undefined {
  return siteAds.find(store, { siteId });
}

/** Writes the site's ads, making the row on the first change. */
function write(store: Store, siteId: string, patch: Partial<SiteAdsRow>): SiteAdsRow {
  const updatedAt = store.now();
  if (siteAds.find(store, { siteId }) === undefined) {
    siteAds.insert(store, { siteId, status: "pending", ...patch, updatedAt });
  } else {
    siteAds.update(store, { siteId }, { ...patch, updatedAt });
  }
  return siteAds.find(store, { siteId })!;
}

/** Submits the site for review about `topic`: answers the review's number, for its job. */
export function submitSiteAds(store: Store, siteId: string, topic: AdsTopic): SiteAdsRow {
  const review = (findSiteAds(store, siteId)?.review ?? 0) + 1;
  return write(store, siteId, { status: "in-review", topic, reason: null, review });
}

/** Keeps the site's topic without a review (a site that is not in the program). */
export function setSiteAdsTopic(store: Store, siteId: string, topic: AdsTopic): SiteAdsRow {
  return write(store, siteId, { topic });
}

/**
 * Takes the site out of the program: a live site is `disabled` (its zone kept, should it come
 * back), a review under way is withdrawn (`pending`); any other state stays as it is.
 */
export function disableSiteAds(store: Store, siteId: string): SiteAdsRow | undefined {
  const row = findSiteAds(store, siteId);
  if (row?.status === "live") return write(store, siteId, { status: "disabled" });
  if (row?.status === "in-review")
    return write(store, siteId, { status: "pending", review: row.review + 1 });
  return row;
}

/** Ends review number `review` of the site with its verdict; false when a newer one replaced it. */
export function concludeSiteAdsReview(
  store: Store,
  siteId: string,
  review: number,
  zoneId: string,
): boolean {
  const row = findSiteAds(store, siteId);
  if (row === undefined || row.status !== "in-review" || row.review !== review) return false;
  write(
    store,
    siteId,
    row.verdict === "rejected"
      ? { status: "rejected", reason: row.verdictReason, verdict: null, verdictReason: null }
      : { status: "live", zoneId: row.zoneId ?? zoneId, verdict: null, verdictReason: null },
  );
  return true;
}

/** What the next review of the site ends in (the admin API's). */
export function setSiteAdsVerdict(
  store: Store,
  siteId: string,
  verdict: AdsVerdict,
  reason: string | null,
): SiteAdsRow {
  return write(store, siteId, { verdict, verdictReason: reason });
}

/** Every site whose review a stopped emulator left under way. */
export function sitesInAdsReview(store: Store): SiteAdsRow[] {
  return siteAds.list(store, { status: "in-review" }, "site_id", { limit: -1, offset: 0 }).rows;
}
