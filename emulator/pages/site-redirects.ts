import type { RedirectDestination } from "../store/site-redirects";
import { findPublishingAuth, listRedirects } from "../store/site-redirects";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { badge, html, type Html } from "./html";

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

/** The site page's sections on its redirects (live ones) and its visitor authentication. */
export function redirectsAndAuth(ctx: PageContext, site: SiteRow): Html {
  const page = { limit: SHOWN, offset: 0 };
  const { rows, count } = listRedirects(
    ctx.store,
    site.id,
    { draft: false, orderBy: "source" },
    page,
  );
  const auth = findPublishingAuth(ctx.store, site.id);
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
    ${count > rows.length ? html`<p class="meta">${count - rows.length} more</p>` : html``}
    <h2>Visitor authentication</h2>
    <dl id="visitor-auth">
      <dt>State</dt>
      <dd>${badge(site.visibility === "visitor-auth", "On", "Off")}</dd>
      <dt>Backend</dt>
      <dd>${auth?.backend ?? "custom"}</dd>
      <dt>Fallback URL</dt>
      <dd>${auth?.fallbackUrl ?? html`<span class="empty">not set</span>`}</dd>
      <dt>Logout URL</dt>
      <dd>${auth?.logoutUrl ?? html`<span class="empty">not set</span>`}</dd>
      <dt>Signing key</dt>
      <dd><span class="empty">kept secret: the API's admins read it</span></dd>
    </dl>`;
}
