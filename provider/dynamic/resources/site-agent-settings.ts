import { siteAgentSettings, type SiteAgentSettingsArgs } from "../../resources/site-agent-settings";
import { dynamicClass } from "../resource-class";

/**
 * What a docs site's agent may do: whether it scans the site's topics for findings
 * (`scanTopics`), which findings become change requests (`findingChangeRequests`), and what it is
 * told when it edits (`customInstructions`). Each setting is managed when set and left as it is
 * when omitted; deleting the resource writes the service's defaults back into those it managed.
 *
 * @example
 * ```ts
 * new SiteAgentSettings("agent", {
 *   siteId: docs.id,
 *   scanTopics: "auto",
 *   findingChangeRequests: "auto-fixable",
 *   customInstructions: "Write in the second person.\nKeep each step to one action.",
 * });
 * ```
 */
export class SiteAgentSettings extends dynamicClass(
  siteAgentSettings,
).withArgs<SiteAgentSettingsArgs>() {}
