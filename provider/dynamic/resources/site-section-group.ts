import { siteSectionGroup, type SiteSectionGroupArgs } from "../../resources/site-section-group";
import { dynamicClass } from "../resource-class";

/**
 * A section group: a heading on a docs site that gathers sections, in order.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its title in its site, and takes it, or creates it again. The API gives its
 * objects no creation time, so those with that key are listed just before each POST (one more
 * request per create), and none of them is ever taken. A create an interrupted run left pending is
 * recovered as absent when nothing has the key; otherwise the error names what has it.
 *
 * @example
 * ```ts
 * const reference = new SiteSectionGroup("reference", {
 *   siteId: docs.id,
 *   title: "Reference",
 *   sections: [api.id, cli.id],
 * });
 * ```
 */
export class SiteSectionGroup extends dynamicClass(
  siteSectionGroup,
).withArgs<SiteSectionGroupArgs>() {}
