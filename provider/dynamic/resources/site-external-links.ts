import { siteExternalLinks, type SiteExternalLinksArgs } from "../../resources/site-external-links";
import { dynamicClass } from "../resource-class";

/**
 * A docs site's external links, authoritative: the site holds exactly the declared links, and a
 * link made by hand is removed at the next `up` that sees it. Use it or SiteExternalLink on one
 * site, never both.
 *
 * @example
 * ```ts
 * new SiteExternalLinks("nav", {
 *   siteId: docs.id,
 *   links: [
 *     { title: "Status", url: "https://status.example.com" },
 *     { title: "API", url: "https://api.example.com", sectionGroupId: guides.id },
 *   ],
 * });
 * ```
 */
export class SiteExternalLinks extends dynamicClass(
  siteExternalLinks,
).withArgs<SiteExternalLinksArgs>() {}
