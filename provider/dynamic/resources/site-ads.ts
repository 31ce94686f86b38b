import { siteAds, type SiteAdsArgs } from "../../resources/site-ads";
import { dynamicClass } from "../resource-class";

/**
 * A docs site in the service's ads program: `enabled` submits it for review on a `topic`, and
 * takes it out again. The review is the service's and is never waited for; a rejected site reads
 * as `enabled: false`, so the next `up` submits it again. Deleting the resource takes the site out
 * of the program.
 *
 * @example
 * ```ts
 * new SiteAds("docs-ads", { siteId: docs.id, enabled: true, topic: "webdev" });
 * ```
 */
export class SiteAds extends dynamicClass(siteAds).withArgs<SiteAdsArgs>() {}
