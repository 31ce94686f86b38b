import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import * as api from "../api/site-agent-settings";
import { documentOf, Instructions, type InstructionsDocument } from "../api/translations";
import type { ApiClient } from "../client";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { adoptsItsSite, OF_SITE } from "../lifecycle/import-id";

/** The declared settings, by input name; an input left out is not managed. */
const Declared = z.object({
  scanTopics: api.ScanTopics,
  findingChangeRequests: api.FindingChangeRequests,
  customInstructions: Instructions,
});
type Declared = Partial<z.output<typeof Declared>>;

/** The settings `current` holds once `declared` is laid over them: the PUT's whole body. */
function overlay(
  current: api.SiteAgentSettingsInput,
  declared: Declared,
): api.SiteAgentSettingsInput {
  return {
    scans: { topics: declared.scanTopics ?? current.scans.topics },
    findings: { changeRequests: declared.findingChangeRequests ?? current.findings.changeRequests },
    editing: {
      customInstructions:
        declared.customInstructions == null
          ? current.editing.customInstructions
          : documentOf(declared.customInstructions),
    },
  };
}

/** The declared settings written over the site's: one GET, and a PUT only when they differ. */
async function merged(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  declared: Declared,
) {
  const current = await api.getAgentSettings(client, organizationId, siteId);
  const next = overlay(current, declared);
  if (isDeepStrictEqual(next, overlay(current, {}))) return current;
  return api.putAgentSettings(client, organizationId, siteId, next);
}

/** The inputs that are set: those the program manages. */
const declaredIn = (props: Record<string, unknown>): Declared =>
  Object.fromEntries(
    Object.keys(Declared.shape)
      .filter((key) => props[key] != null)
      .map((key) => [key, props[key]]),
  );

/** `current` with each part `managed` holds back at the service's default. */
function restored(
  current: api.SiteAgentSettingsInput,
  managed: Declared,
): api.SiteAgentSettingsInput {
  const defaults = api.DEFAULT_AGENT_SETTINGS;
  return {
    scans: managed.scanTopics == null ? current.scans : defaults.scans,
    findings: managed.findingChangeRequests == null ? current.findings : defaults.findings,
    editing: managed.customInstructions == null ? current.editing : defaults.editing,
  };
}

/**
 * A site's agent settings are a property of the site, not an object of their own: their id is
 * the site's, and the service keeps them whole (a PUT replaces all three parts). Each input is
 * managed when set and left as it is when omitted, so creating or changing them is a read, then
 * one PUT of the site's settings with the declared ones laid over; deleting them writes the
 * service's defaults back into the inputs that were managed.
 */
export const siteAgentSettings = defineResource({
  kind: "site-agent-settings",
  type: "SiteAgentSettings",
  importId: OF_SITE,
  repeatable: true,
  inputs: resourceInputs({ siteId: Id, ...Declared.partial().shape }),
  rules: (inputs) => adoptsItsSite("SiteAgentSettings", inputs),
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SiteAgentSettings,
  createBody: Declared.partial(),
  patchBody: Declared.partial(),
  outputs: {
    siteId: (_, known) => known.siteId,
    scanTopics: (wire, _, declares) => (declares("scanTopics") ? wire.scans.topics : null),
    findingChangeRequests: (wire, _, declares) =>
      declares("findingChangeRequests") ? wire.findings.changeRequests : null,
    /** As declared (text or document) while the site holds that; else the document it holds. */
    customInstructions: (wire, known, declares): Instructions | InstructionsDocument | null => {
      if (!declares("customInstructions")) return null;
      const held = wire.editing.customInstructions;
      return isDeepStrictEqual(documentOf(known.customInstructions), held)
        ? (known.customInstructions ?? null)
        : held;
    },
  },
  create: ({ client }, inputs, body) => merged(client, inputs.organizationId, inputs.siteId, body),
  idOf: (_, inputs) => inputs.siteId,
  read: ({ client }, id, olds) => api.getAgentSettings(client, olds.organizationId, id),
  patch: ({ client }, id, olds, body) => merged(client, olds.organizationId, id, body),
  delete: async ({ client }, id, olds) => {
    const current = overlay(await api.getAgentSettings(client, olds.organizationId, id), {});
    const back = restored(current, declaredIn(olds));
    if (!isDeepStrictEqual(back, current))
      await api.putAgentSettings(client, olds.organizationId, id, back);
  },
});

type Inputs = ArgsInputs<typeof siteAgentSettings>;

/** The arguments of a {@link SiteAgentSettings}. */
export interface SiteAgentSettingsArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose agent this configures; it is also the resource's id. A change replaces the
   * resource.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * Whether the agent scans the site's topics for findings: `auto` (the service's default) or
   * `never`. Omitted: left as it is.
   * @example "auto"
   */
  scanTopics?: Input<Inputs["scanTopics"]>;
  /**
   * Which findings the agent turns into change requests: `always`, `auto-fixable` (only those it
   * can fix by itself) or `never` (the service's default). Omitted: left as it is.
   * @example "auto-fixable"
   */
  findingChangeRequests?: Input<Inputs["findingChangeRequests"]>;
  /**
   * What the editing agent is told about this site: plain text (one paragraph per line) or a
   * full rich document (`{ object: "document", data, nodes }`). Omitted: left as it is.
   * @example "Write in the second person. Keep each step to one action."
   */
  customInstructions?: Input<Inputs["customInstructions"]>;
  /**
   * The id of the site whose settings to take over (the same as `siteId`); the settings always
   * exist, so this only documents the intent.
   * @example docs.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
