import { shareLinkUrl } from "../render/share-links";
import type { SiteView } from "../render/sites";
import { listShareLinks } from "../store/share-links";
import type { PageContext } from "./context";
import { badge, html, maskKey, maskShareUrl, type Html } from "./html";

/** The site page's section on its share links: keys and URLs masked. */
export function shareLinksSection(ctx: PageContext, view: SiteView): Html {
  const links = listShareLinks(ctx.store, view.site.id);
  return html`<h2>Share links</h2>
    ${
      links.length === 0
        ? html`<p class="empty">No share link.</p>`
        : html`<table id="share-links">
            <tr>
              <th>Name</th>
              <th>State</th>
              <th>Key</th>
              <th>URL</th>
              <th>Created</th>
            </tr>
            ${links.map(
              (l) =>
                html`<tr>
                  <td>${l.name}</td>
                  <td>${badge(l.active, "Active", "Inactive")}</td>
                  <td><code>${maskKey(l.key)}</code></td>
                  <td><code>${maskShareUrl(shareLinkUrl(view, l))}</code></td>
                  <td>${l.createdAt}</td>
                </tr>`,
            )}
          </table>`
    }`;
}
