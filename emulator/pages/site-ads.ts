import { renderSiteAds } from "../render/site-ads";
import { findSiteAds } from "../store/site-ads";
import type { SiteRow } from "../store/sites";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** The site page's section on the ads program: where the site stands, its topic and zone. */
export function adsSection(ctx: PageContext, site: SiteRow): Html {
  const ads = renderSiteAds(site, findSiteAds(ctx.store, site.id));
  const rows: [string, string | undefined][] = [
    ["Status", ads.status],
    ["Topic", "topic" in ads ? ads.topic : undefined],
    ["Zone", "zoneId" in ads ? ads.zoneId : undefined],
    ["Reason", "reason" in ads ? ads.reason : undefined],
    [
      "Submittable",
      "submittable" in ads ? (ads.submittable ? "yes" : "no: not published") : undefined,
    ],
  ];
  return html`<h2>Ads</h2>
    <dl id="ads">
      ${rows
        .filter(([, value]) => value !== undefined)
        .map(
          ([term, value]) =>
            html`<dt>${term}</dt>
              <dd>${value}</dd>`,
        )}
    </dl>`;
}
