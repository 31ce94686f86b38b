import { siteChannel, type SiteChannelArgs } from "../../resources/site-channel";
import { dynamicClass } from "../resource-class";

/**
 * A channel of a docs site: the site's assistant answers in a Slack or Discord workspace, in
 * Linear or on GitHub, in the channels, teams or repositories `allowed` names (all when none).
 * A site has one channel of each type; a change of type replaces the channel.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks
 * for the site's channel of that type made since the create was sent, takes it, or creates it
 * again.
 *
 * @example
 * ```ts
 * new SiteChannel("slack", {
 *   siteId: docs.id,
 *   type: "builtin:slack",
 *   allowed: ["docs-*", "support"],
 *   role: "support",
 * });
 * ```
 */
export class SiteChannel extends dynamicClass(siteChannel).withArgs<SiteChannelArgs>() {}
