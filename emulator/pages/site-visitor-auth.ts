import { findPublishingAuth } from "../store/site-visitor-auth";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { badge, html, type Html } from "./html";

/** The site page's section on its visitor authentication; the signing key is never shown. */
export function visitorAuthSection(ctx: PageContext, site: SiteRow): Html {
  const auth = findPublishingAuth(ctx.store, site.id);
  return html`<h2>Visitor authentication</h2>
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
