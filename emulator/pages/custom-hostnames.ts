import {
  activeHostnameOf,
  findCustomHostname,
  type HostnameTarget,
} from "../store/custom-hostnames";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/**
 * The section of a site's or the organization's page on the custom hostname it uses: the name
 * and where its DNS and certificate stand.
 */
export function customHostnameSection(ctx: PageContext, target: HostnameTarget): Html {
  const hostname = activeHostnameOf(ctx.store, target);
  const row = hostname === undefined ? undefined : findCustomHostname(ctx.store, hostname);
  return html`<h2>Custom hostname</h2>
    ${
      row === undefined
        ? html`<p class="empty">No custom hostname.</p>`
        : html`<dl id="custom-hostname">
            <dt>Hostname</dt>
            <dd><code>${row.hostname}</code></dd>
            <dt>Status</dt>
            <dd>${row.status}</dd>
          </dl>`
    }`;
}
