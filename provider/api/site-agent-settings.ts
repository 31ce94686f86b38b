import { z } from "zod";
import type { ApiClient } from "../client";
import { open } from "./common";
import { siteById } from "./sites";
import { InstructionsDocument, textDocument } from "./translations";

/**
 * A site's agent settings (docs/api-decisions.md, "Site agent settings"), at
 * `/v1/orgs/{organizationId}/sites/{siteId}/agent-settings`: what the site's agent scans, which of
 * its findings become change requests, and what it is told when it edits. One GET, one PUT that
 * replaces the three parts whole. The API document is silent on them; the shapes are the hosted
 * service's.
 */

export const ScanTopics = z.enum(["auto", "never"]);
export const FindingChangeRequests = z.enum(["always", "auto-fixable", "never"]);

/** The settings as the provider reads them. */
export const SiteAgentSettings = z.object({
  scans: z.object({ topics: open(ScanTopics) }),
  findings: z.object({ changeRequests: open(FindingChangeRequests) }),
  editing: z.object({ customInstructions: InstructionsDocument }),
  updatedAt: z.string().optional(),
});
export type SiteAgentSettings = z.infer<typeof SiteAgentSettings>;

/** The PUT's body: every part, as the hosted `SiteAgentSettingsInput` requires. */
export interface SiteAgentSettingsInput {
  scans: { topics: string };
  findings: { changeRequests: string };
  editing: { customInstructions: InstructionsDocument };
}

/** The settings of a site nobody configured: what deleting a SiteAgentSettings writes back. */
export const DEFAULT_AGENT_SETTINGS: SiteAgentSettingsInput = {
  scans: { topics: "auto" },
  findings: { changeRequests: "never" },
  editing: { customInstructions: textDocument("") },
};

const settingsOf = (organizationId: string, siteId: string) =>
  `${siteById(organizationId, siteId)}/agent-settings`;

export function getAgentSettings(client: ApiClient, organizationId: string, siteId: string) {
  return client.get(settingsOf(organizationId, siteId), SiteAgentSettings);
}

export function putAgentSettings(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: SiteAgentSettingsInput,
): Promise<SiteAgentSettings> {
  return client.request("PUT", settingsOf(organizationId, siteId), {
    body,
    schema: SiteAgentSettings,
  });
}
