import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

/** When the agent scans a site's topics for findings (the hosted `SiteSettingsScanTopics`). */
export type ScanTopics = "auto" | "never";
/** Which findings become change requests (the hosted `SiteSettingsFindingChangeRequests`). */
export type FindingChangeRequests = "always" | "auto-fixable" | "never";

/**
 * A site's agent settings (docs/api-decisions.md, "Site agent settings"): one row per site, made
 * by the first PUT. A site with no row answers the service's defaults.
 */
const agentSettings = new Table("site_agent_settings", {
  siteId: text("PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE"),
  scanTopics: text("NOT NULL").of<ScanTopics>(),
  findingChangeRequests: text("NOT NULL").of<FindingChangeRequests>(),
  customInstructions: json("NOT NULL").of<Record<string, unknown>>(),
  updatedAt: text("NOT NULL"),
  updatedBy: text("NOT NULL"),
});

/** The family's tables, created at every open. */
export const siteAgentSettingsTables = [agentSettings];

export type AgentSettingsRow = RowIn<typeof agentSettings>;

/** The settings as a PUT gives them: every field, the whole document replaced. */
export type AgentSettingsInput = Pick<
  AgentSettingsRow,
  "scanTopics" | "findingChangeRequests" | "customInstructions"
>;

/** The site's stored settings; `undefined` while nobody has written them. */
export function findAgentSettings(store: Store, siteId: string): AgentSettingsRow | undefined {
  return agentSettings.find(store, { siteId });
}

/** Replaces the site's settings whole (PUT), as `userId` last wrote them. */
export function writeAgentSettings(
  store: Store,
  siteId: string,
  userId: string,
  settings: AgentSettingsInput,
): AgentSettingsRow {
  const written = { ...settings, updatedAt: store.now(), updatedBy: userId };
  if (agentSettings.find(store, { siteId }) === undefined) {
    return agentSettings.insert(store, { siteId, ...written });
  }
  agentSettings.update(store, { siteId }, written);
  return agentSettings.find(store, { siteId })!;
}
