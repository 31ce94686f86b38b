import { findExternalLink, type ExternalLinkRow } from "../store/site-external-links";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/**
 * An external link in a site page's structure, where a person looks for the site's navigation:
 * its title, where it leads, and whether it is a draft or conditional. Readers never see a draft
 * (the hosted service omits drafts from published structures).
 */
export function externalLinkItem(
  ctx: PageContext,
  siteId: string,
  id: string,
  forReaders: boolean,
): Html {
  const link = findExternalLink(ctx.store, siteId, id)!;
  if (forReaders && link.draft) return html``;
  return html`<li data-kind="site-external-link">
    <span class="kind">Link</span><strong>${link.title}</strong>
    <a href="${link.url}" rel="noopener noreferrer"><code>${link.url}</code></a
    >${badges(link)}
  </li>`;
}

function badges(link: ExternalLinkRow): Html {
  return html`${link.draft ? html` <span class="badge">draft</span>` : ""}${
    link.condition !== null
      ? html` <span class="badge">when <code>${link.condition}</code></span>`
      : ""
  }`;
}
