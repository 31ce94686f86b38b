import { siteSettings } from "../render/site-customization";
import { findSiteCustomization, siteSpaceCustomizationsOf } from "../store/site-customization";
import type { Store } from "../store";
import { html, type Html } from "./html";

/** A font as the page names it: one of the service's, or a custom font's family and id. */
function fontName(font: string | { id: string; fontFamily: string }): string {
  return typeof font === "string" ? font : `${font.fontFamily} (custom font ${font.id})`;
}

/**
 * A site's customization as its management page shows it: the settings a person looks for first
 * (title, theme, colors, fonts, modes, AI, footer switches), when they were last changed, and
 * which site spaces override which sections. The AI instructions are not shown.
 */
export function customizationSection(store: Store, siteId: string): Html {
  const settings = siteSettings(findSiteCustomization(store, siteId));
  const { styling } = settings;
  const color = (c: { light: string; dark: string }) => `${c.light} / ${c.dark}`;
  const rows: [string, string][] = [
    ["Title", settings.title ?? "the content's title"],
    ["Theme", styling.theme],
    ["Primary color", color(styling.primaryColor)],
    ["Tint", styling.tint === undefined ? "none" : color(styling.tint.color)],
    [
      "Fonts",
      [styling.font, styling.headingFont ?? styling.font, styling.monospaceFont]
        .map(fontName)
        .join(", "),
    ],
    ["Corners, depth, icons", `${styling.corners}, ${styling.depth}, ${styling.icons}`],
    ["Sidebar", `${styling.sidebar.background}, ${styling.sidebar.list}`],
    ["Search", styling.search],
    ["Mode", `${settings.themes.default}${settings.themes.toggeable ? ", toggleable" : ""}`],
    ["AI", settings.ai.mode],
    ["Feedback", settings.feedback.enabled ? "on" : "off"],
    ["Pagination", settings.pagination.enabled ? "on" : "off"],
    ["Trademark", settings.trademark.enabled ? "shown" : "hidden"],
    ["External links", settings.externalLinks.target],
    ["Last changed", settings.updatedAt ?? "never: the service's defaults"],
  ];
  const overrides = siteSpaceCustomizationsOf(store, siteId);
  return html`<dl id="customization">
      ${rows.map(
        ([term, value]) =>
          html`<dt>${term}</dt>
            <dd>${value}</dd>`,
      )}
    </dl>
    ${
      overrides.length === 0
        ? html`<p class="empty">No site space overrides the site's customization.</p>`
        : html`<ul id="customization-overrides">
            ${overrides.map(
              (row) =>
                html`<li>
                  <code>${row.siteSpaceId}</code> overrides ${Object.keys(row.overrides).join(", ")}
                </li>`,
            )}
          </ul>`
    }`;
}
