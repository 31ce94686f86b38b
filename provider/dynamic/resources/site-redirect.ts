import { siteRedirect, type SiteRedirectArgs } from "../../resources/site-redirect";
import { dynamicClass } from "../resource-class";

/**
 * A redirect of a docs site: visitors to `source` are sent to `destination`.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks the
 * redirect up by its source (the API's lookup), takes it if it was made since the create was sent,
 * or creates it again.
 *
 * @example
 * ```ts
 * new SiteRedirect("old-start", {
 *   siteId: docs.id,
 *   source: "/old/getting-started",
 *   destination: { kind: "external", url: "https://docs.example.com/start" },
 * });
 * ```
 */
export class SiteRedirect extends dynamicClass(siteRedirect).withArgs<SiteRedirectArgs>() {}
