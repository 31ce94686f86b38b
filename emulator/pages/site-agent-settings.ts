import { DEFAULT_AGENT_SETTINGS } from "../render/site-agent-settings";
import { findAgentSettings } from "../store/site-agent-settings";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** The text of a block: its leaves' text, in order (marks and inline objects left out). */
function textOf(node: unknown): string {
  if (typeof node !== "object" || node === null) return "";
  const { text, leaves, nodes } = node as { text?: unknown; leaves?: unknown; nodes?: unknown };
  if (typeof text === "string") return text;
  const children = Array.isArray(leaves) ? leaves : Array.isArray(nodes) ? nodes : [];
  return children.map(textOf).join("");
}

/** The site page's section on what its agent may do, and what it is told when it edits. */
export function agentSettingsSection(ctx: PageContext, site: SiteRow): Html {
  const row = findAgentSettings(ctx.store, site.id);
  const settings = row ?? DEFAULT_AGENT_SETTINGS;
  const blocks = (settings.customInstructions.nodes as unknown[] | undefined) ?? [];
  return html`<h2>Agent</h2>
    <dl id="agent-settings">
      <dt>Scans topics</dt>
      <dd>${settings.scanTopics}</dd>
      <dt>Change requests for findings</dt>
      <dd>${settings.findingChangeRequests}</dd>
      <dt>Instructions for editing</dt>
      <dd>
        ${
          blocks.length === 0
            ? html`<span class="empty">none</span>`
            : blocks.map((block) => html`<p>${textOf(block)}</p>`)
        }
      </dd>
      <dt>Last changed</dt>
      <dd>
        ${row === undefined ? html`<span class="empty">never: the defaults</span>` : row.updatedAt}
      </dd>
    </dl>`;
}
