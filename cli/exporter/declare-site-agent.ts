import { isDeepStrictEqual } from "node:util";
import type { SiteAds, SiteAgentSettings } from "pulumi-docs-workspace/tools";
import { DEFAULT_AGENT_SETTINGS, IN_PROGRAM, siteAds } from "pulumi-docs-workspace/tools";
import { siteAgentSettings } from "pulumi-docs-workspace/tools";
import type { Value } from "./code";
import { documentValue } from "./declare-content";
import type { Declarer } from "./declarations";
import type { SiteInventory } from "./inventory";
import { titles } from "./titles";

/** Whether a site's agent settings are the service's defaults: then nothing declares them. */
export function defaultAgentSettings(settings: SiteAgentSettings): boolean {
  return (
    isDeepStrictEqual(settings.scans, DEFAULT_AGENT_SETTINGS.scans) &&
    isDeepStrictEqual(settings.findings, DEFAULT_AGENT_SETTINGS.findings) &&
    documentValue(settings.editing.customInstructions) === undefined
  );
}

/** Whether a site is in the ads program (submitted, or live): then the program declares it. */
export function inAdsProgram(ads: SiteAds): boolean {
  return IN_PROGRAM.includes(ads.status);
}

/**
 * The site's ads while it is in the program, and its agent settings when they are not the
 * defaults: each part that differs from the service's default is declared (and so managed), the
 * others are left to the service.
 */
export function declareSiteAgent(
  program: Declarer,
  { site: s, agentSettings: settings, ads }: SiteInventory,
  siteRef: Value,
): void {
  if (inAdsProgram(ads)) {
    program.declare(
      siteAds,
      { id: s.id, title: titles.siteAds(s.title) },
      { siteId: siteRef, enabled: true, topic: ads.topic },
      { refAs: "siteId" },
    );
    program.referTo(s.id, siteRef);
  }
  if (defaultAgentSettings(settings)) return;
  const differs = (part: "scans" | "findings") =>
    !isDeepStrictEqual(settings[part], DEFAULT_AGENT_SETTINGS[part]);
  program.declare(
    siteAgentSettings,
    { id: s.id, title: titles.siteAgentSettings(s.title) },
    {
      siteId: siteRef,
      scanTopics: differs("scans") ? settings.scans.topics : undefined,
      findingChangeRequests: differs("findings") ? settings.findings.changeRequests : undefined,
      customInstructions: documentValue(settings.editing.customInstructions),
    },
    { refAs: "siteId" },
  );
  // The settings' id is their site's: references to the site stay on the site.
  program.referTo(s.id, siteRef);
}
