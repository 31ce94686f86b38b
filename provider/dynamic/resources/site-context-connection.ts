import {
  siteContextConnection,
  type SiteContextConnectionArgs,
} from "../../resources/site-context-connection";
import { dynamicClass } from "../resource-class";

/**
 * A context connection of a docs site: a source its agent reads. The `connector` decides which
 * setup fields it takes; its credentials (`token`, `apiToken`, `apiKey`, `clientSecret`,
 * `refreshToken`) are secret in state and outputs. Create waits until the first sync succeeds.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks
 * for a connection of the same connector and settings that was not there before the create,
 * takes it, or creates it again.
 *
 * @example
 * ```ts
 * new SiteContextConnection("issues", {
 *   siteId: docs.id,
 *   connector: "builtin:github-issues",
 *   repository: "acme/docs",
 *   token: config.requireSecret("githubToken"),
 *   filter: "label:documentation",
 * });
 * ```
 */
export class SiteContextConnection extends dynamicClass(
  siteContextConnection,
).withArgs<SiteContextConnectionArgs>() {}
