import { siteSection, type SiteSectionArgs } from "../../resources/site-section";
import { dynamicClass } from "../resource-class";

/**
 * A section of a docs site: a top-level part of the site holding site spaces. It keeps no list
 * of its site spaces, whether it is the site's default, nor its published URL: site spaces, the
 * site's `defaultSiteSection` and the site's address are other resources' and would leave those
 * outputs stale. Its published URL is the site's `urls.published` followed by its `path`.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by the space it starts with, and its title when declared, in its site, and takes it, or creates it again. The API gives its
 * objects no creation time, so those with that key are listed just before each POST (one more
 * request per create), and none of them is ever taken. A create an interrupted run left pending is
 * recovered as absent when nothing has the key; otherwise the error names what has it.
 *
 * @example
 * ```ts
 * const guides = new SiteSection("guides", { siteId: docs.id, spaceId: guidesSpace.id, path: "guides" });
 * ```
 */
export class SiteSection extends dynamicClass(siteSection).withArgs<SiteSectionArgs>() {}
