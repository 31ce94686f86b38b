import type { RedirectDestination } from "../store/site-redirects";
import { listRedirects } from "../store/site-redirects";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** How many redirects a site's page lists; the API's list pages through the rest. */
const SHOWN = 200;

function destinationText(to: RedirectDestination): Html {
  switch (to.kind) {
    case "external":
      return html`<code>${to.url}</code>`;
    case "site-section":
      return html`section <code>${to.siteSectionId}</code>`;
    case "site-space":
      return html`site space <code>${to.siteSpaceId}</code>`;
    case "site-page":
      return html`page <code>${to.pageId}</code> of site space <code>${to.siteSpaceId}</code>`;
  }
}

/** The site page's section on its redirects (live ones). */
export function redirectsSection(ctx: PageContext, site: SiteRow): Html {
  const page = { limit: SHOWN, offset: 0 };
  const { rows, count } = listRedirects(
    ctx.store,
    site.id,
    { draft: false, orderBy: "source" },
    page,
  );
  return html`<h2>Redirects</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No redirect.</p>`
        : html`<table id="redirects">
            <tr>
              <th>Source</th>
              <th>Destination</th>
              <th>Kind</th>
            </tr>
            ${rows.map(
              (r) =>
                html`<tr>
                  <td><code>${r.source}</code></td>
                  <td>${destinationText(r.destination)}</td>
                  <td>${r.permanent ? "permanent" : "temporary"}</td>
                </tr>`,
            )}
          </table>`
    }
    ${count > rows.length ? html`<p class="meta">${count - rows.length} more</p>` : html``}`;
}
