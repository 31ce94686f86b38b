import { siteSpace, type SiteSpaceArgs } from "../../resources/site-space";
import { dynamicClass } from "../resource-class";

/**
 * A space published on a docs site, at a path in one of its sections or at its root. It keeps
 * neither the space's title, whether it is the site's default, nor its published URL: the
 * Space, the site's defaults and the site's address are other resources' and would leave those
 * outputs stale. Its published URL is the site's `urls.published`, the section's path, then its
 * own `path`.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its space in its section (any section when none is declared), and takes it, or creates it again. The API gives its
 * objects no creation time, so those with that key are listed just before each POST (one more
 * request per create), and none of them is ever taken. A create an interrupted run left pending is
 * recovered as absent when nothing has the key; otherwise the error names what has it.
 *
 * @example
 * ```ts
 * const runbookOnDocs = new SiteSpace("runbook", { siteId: docs.id, spaceId: runbook.id, path: "runbook" });
 * ```
 */
export class SiteSpace extends dynamicClass(siteSpace).withArgs<SiteSpaceArgs>() {}
