import { isDeepStrictEqual } from "node:util";
import type { SiteAds, SiteAgentSettings } from "pulumi-docs-workspace/tools";
import { DEFAULT_AGENT_SETTINGS, IN_PROGRAM, siteAds } from "pulumi-docs-workspace/tools";
import { siteAgentSettings, siteChannel, siteMcpServer } from "pulumi-docs-workspace/tools";
import { allowedOf } from "pulumi-docs-workspace/tools";
import { code, type Value } from "./code";
import { documentValue } from "./declare-content";
import { byTitle, type Declarer } from "./declarations";
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

/**
 * The MCP servers the site's assistant may call. Their header values are credentials: the
 * program reads each from a secret in stack config, which the export names and never writes.
 */
export function declareSiteMcpServers(
  program: Declarer,
  { site: s, mcpServers }: SiteInventory,
  siteRef: Value,
): void {
  for (const server of [...mcpServers].sort(byTitle((m) => m.name))) {
    const title = titles.siteMcpServer(s.title, server.name);
    const headers = Object.keys(server.headers)
      .sort()
      .map((header) => {
        const key = program.secret(
          `${title} ${header}`,
          "mcpServerHeader",
          `header ${header} of MCP server ${server.name} on site ${s.title}`,
        );
        return [header, code(`config.requireSecret(${JSON.stringify(key)})`)] as const;
      });
    program.declare(
      siteMcpServer,
      { id: server.id, title },
      {
        siteId: siteRef,
        name: server.name,
        url: server.url,
        transport: server.transport as "sse" | "http",
        headers: headers.length > 0 ? Object.fromEntries(headers) : undefined,
        condition: server.condition,
      },
      headers.length > 0
        ? { comments: ["Each header value is a secret the export does not write: see the notes."] }
        : {},
    );
  }
}

/** The channels the site's assistant answers in, each with its role and what it allows. */
export function declareSiteChannels(
  program: Declarer,
  { site: s, channels }: SiteInventory,
  siteRef: Value,
): void {
  for (const channel of [...channels].sort(byTitle((c) => c.type))) {
    const allowed = allowedOf(channel);
    program.declare(
      siteChannel,
      { id: channel.id, title: titles.siteChannel(s.title, channel.type) },
      {
        siteId: siteRef,
        type: channel.type,
        allowed: allowed.length > 0 ? allowed : undefined,
        role: channel.role,
      },
    );
  }
}
