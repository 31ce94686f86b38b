import { json } from "../http/route";
import { apiRoute } from "../context";
import {
  agentSettingsOf,
  AgentSettingsInputJson,
  AgentSettingsJson,
  renderAgentSettings,
} from "../render/site-agent-settings";
import { findAgentSettings, writeAgentSettings } from "../store/site-agent-settings";
import { requireSite } from "../access/sites";

const base = "/orgs/{organizationId}/sites/{siteId}/agent-settings";
const answer = { description: "The site's agent settings", schema: AgentSettingsJson };

/** The relative URL the hosted `urls.location` gives. */
const locationOf = (organizationId: string, siteId: string) =>
  `/v1/orgs/${organizationId}/sites/${siteId}/agent-settings`;

/**
 * What the site's agent may scan, turn into change requests and is told when it edits
 * (docs/api-decisions.md, "Site agent settings"). Reading needs membership; replacing them is the
 * site admin's, as the site's other settings are.
 */
export const siteAgentSettingsRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "getSiteAgentSettingsById",
    summary: "A site's agent settings (the defaults until they are written)",
    responses: { 200: answer },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      const row = findAgentSettings(ctx.store, site.id);
      return json(200, renderAgentSettings(locationOf(site.organizationId, site.id), row));
    },
  }),

  apiRoute({
    method: "put",
    path: base,
    operationId: "updateSiteAgentSettingsById",
    summary: "Replace a site's agent settings whole",
    body: AgentSettingsInputJson,
    responses: { 200: answer },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = writeAgentSettings(ctx.store, site.id, ctx.userId, agentSettingsOf(body));
      return json(200, renderAgentSettings(locationOf(site.organizationId, site.id), row));
    },
  }),
];
