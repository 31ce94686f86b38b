import { z } from "zod";
import type { AgentSettingsInput, AgentSettingsRow } from "../store/site-agent-settings";
import { EMPTY_DOCUMENT, JsonDocument, named, present, timestamp } from "./common";

export const ScanTopics = named("SiteSettingsScanTopics", z.enum(["auto", "never"]));
export const FindingChangeRequests = named(
  "SiteSettingsFindingChangeRequests",
  z.enum(["always", "auto-fixable", "never"]),
);

/** The settings of a site nobody configured (docs/api-decisions.md, "Site agent settings"). */
export const DEFAULT_AGENT_SETTINGS: AgentSettingsInput = {
  scanTopics: "auto",
  findingChangeRequests: "never",
  customInstructions: EMPTY_DOCUMENT,
};

/** The hosted `SiteAgentSettingsInput`: the body of a PUT, every part required. */
export const AgentSettingsInputJson = named(
  "SiteAgentSettingsInput",
  z.strictObject({
    scans: z.strictObject({ topics: ScanTopics }),
    findings: z.strictObject({ changeRequests: FindingChangeRequests }),
    editing: z.strictObject({ customInstructions: JsonDocument }),
  }),
);

/** The hosted `SiteAgentSettings`: the input's three parts, who wrote them last and when. */
export const AgentSettingsJson = named(
  "SiteAgentSettings",
  z.strictObject({
    object: z.literal("site-agent-settings"),
    updatedAt: timestamp.optional(),
    updatedBy: z.string().optional(),
    urls: z.strictObject({ location: z.string() }),
    ...AgentSettingsInputJson.shape,
  }),
);

/** The stored row of a PUT's body. */
export function agentSettingsOf(body: z.output<typeof AgentSettingsInputJson>): AgentSettingsInput {
  return {
    scanTopics: body.scans.topics,
    findingChangeRequests: body.findings.changeRequests,
    customInstructions: body.editing.customInstructions,
  };
}

/** The settings of `row`, or the defaults while nobody has written them. */
export function renderAgentSettings(
  location: string,
  row: AgentSettingsRow | undefined,
): z.input<typeof AgentSettingsJson> {
  const settings = row ?? DEFAULT_AGENT_SETTINGS;
  return {
    object: "site-agent-settings",
    ...present("updatedAt", row?.updatedAt),
    ...present("updatedBy", row?.updatedBy),
    urls: { location },
    scans: { topics: settings.scanTopics },
    findings: { changeRequests: settings.findingChangeRequests },
    editing: {
      customInstructions: settings.customInstructions as z.input<typeof JsonDocument>,
    },
  };
}
