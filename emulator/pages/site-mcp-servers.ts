import { listMcpServers } from "../store/site-mcp-servers";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** How many MCP servers a site's page lists; the API's list pages through the rest. */
const SHOWN = 200;

/**
 * The site page's section on its MCP servers. Header values are credentials: the page names the
 * headers, never shows their values.
 */
export function mcpServersSection(ctx: PageContext, site: SiteRow): Html {
  const { rows, count } = listMcpServers(ctx.store, site.id, { limit: SHOWN, offset: 0 });
  return html`<h2>MCP servers</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No MCP server.</p>`
        : html`<table id="mcp-servers">
            <tr>
              <th>Name</th>
              <th>URL</th>
              <th>Transport</th>
              <th>Headers</th>
              <th>Condition</th>
            </tr>
            ${rows.map(
              (r) =>
                html`<tr>
                  <td>${r.name}</td>
                  <td><code>${r.url}</code></td>
                  <td>${r.transport}</td>
                  <td>${Object.keys(r.headers).join(", ")}</td>
                  <td>${r.condition === null ? html`` : html`<code>${r.condition}</code>`}</td>
                </tr>`,
            )}
          </table>`
    }
    ${count > rows.length ? html`<p class="meta">${count - rows.length} more</p>` : html``}`;
}
