import { fontsOf } from "../store/custom-fonts";
import type { Store } from "../store";
import { html, type Html } from "./html";

/**
 * The organization's custom fonts, where a site's customization picks its fonts: each family,
 * its id and its weights.
 */
export function customFontsSection(store: Store, organizationId: string): Html {
  const rows = fontsOf(store, organizationId);
  return html`<h3>Custom fonts</h3>
    ${
      rows.length === 0
        ? html`<p class="empty">No custom font.</p>`
        : html`<table id="custom-fonts">
            <tr>
              <th>Family</th>
              <th>Id</th>
              <th>Weights</th>
            </tr>
            ${rows.map(
              (f) =>
                html`<tr>
                  <td>${f.fontFamily}</td>
                  <td><code>${f.id}</code></td>
                  <td>${f.fontFaces.map((face) => face.weight).join(", ")}</td>
                </tr>`,
            )}
          </table>`
    }`;
}
