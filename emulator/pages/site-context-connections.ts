import { ingestionAddress, SECRET_SETUP_FIELDS } from "../render/site-context-connections";
import {
  listContextConnections,
  type ContextConnectionRow,
} from "../store/site-context-connections";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** How many context connections a site's page lists; the API's list pages through the rest. */
const SHOWN = 200;

/**
 * A connection's settings as the page shows them: each plain value, and the names of the
 * credentials, never their values.
 */
function settingsOf(row: ContextConnectionRow): Html {
  const secrets = SECRET_SETUP_FIELDS[row.connector] ?? [];
  const entries = Object.entries(row.setupSettings ?? {});
  if (row.connector === "builtin:email")
    return html`mail to <code>${ingestionAddress(row.id)}</code>`;
  return html`${entries.map(([name, value]) =>
    secrets.includes(name)
      ? html`<span class="secret">${name} (secret)</span> `
      : html`<span>${name}: <code>${JSON.stringify(value)}</code></span> `,
  )}`;
}

/**
 * The site page's section on its context connections: the source, where its sync stands (and
 * why it failed), the records it brought, its filter and its settings, credentials named only.
 */
export function contextConnectionsSection(ctx: PageContext, site: SiteRow): Html {
  const { rows, count } = listContextConnections(ctx.store, site.id, { limit: SHOWN, offset: 0 });
  return html`<h2>Context connections</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No context connection.</p>`
        : html`<table id="context-connections">
            <tr>
              <th>Connector</th>
              <th>Label</th>
              <th>Status</th>
              <th>Records</th>
              <th>Filter</th>
              <th>Settings</th>
            </tr>
            ${rows.map(
              (r) =>
                html`<tr>
                  <td>${r.connector}</td>
                  <td>${r.label ?? ""}</td>
                  <td>${r.status}${r.failureReason === null ? "" : ` (${r.failureReason})`}</td>
                  <td>${String(r.records)}</td>
                  <td>${r.filter === null ? html`` : html`<code>${r.filter}</code>`}</td>
                  <td>${settingsOf(r)}</td>
                </tr>`,
            )}
          </table>`
    }
    ${count > rows.length ? html`<p class="meta">${count - rows.length} more</p>` : html``}`;
}
