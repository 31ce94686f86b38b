import { listChannels } from "../store/site-channels";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** How many channels a site's page lists; the API's list pages through the rest. */
const SHOWN = 200;

/** The site page's section on its channels: each one's type, role and what it allows. */
export function channelsSection(ctx: PageContext, site: SiteRow): Html {
  const { rows, count } = listChannels(ctx.store, site.id, { limit: SHOWN, offset: 0 });
  return html`<h2>Channels</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No channel.</p>`
        : html`<table id="channels">
            <tr>
              <th>Type</th>
              <th>Role</th>
              <th>Allowed</th>
            </tr>
            ${rows.map((r) => {
              const allowed = Object.values(r.setupSettings).flat();
              return html`<tr>
                <td>${r.type}</td>
                <td>${r.role}</td>
                <td>${allowed.length === 0 ? "all" : allowed.join(", ")}</td>
              </tr>`;
            })}
          </table>`
    }
    ${count > rows.length ? html`<p class="meta">${count - rows.length} more</p>` : html``}`;
}
