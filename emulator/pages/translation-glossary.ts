import { page } from "../http/route";
import { LANGUAGES } from "../render/spaces";
import { glossaryOf } from "../store/translation-glossary";
import { findOrganization } from "../store/organizations";
import { missing, missingAnswer, pageAnswer, pageRoute } from "./context";
import { html, layout } from "./html";

/** The translation glossary page of an organization, linked from its page. */
export function glossaryAppUrl(origin: string, organizationId: string): string {
  return `${origin}/app/o/${organizationId}/glossary`;
}

export const glossaryPages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/glossary",
    operationId: "glossaryPage",
    summary: "An organization's translation glossary: one row per entry, one column per language",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const org = findOrganization(ctx.store, params.organizationId);
      if (org === undefined) return missing(`Organization ${params.organizationId}`);
      const entries = glossaryOf(ctx.store, org.id);
      // The languages some entry uses, in the language list's order.
      const used = LANGUAGES.filter((l) => entries.some((e) => e.translations[l] !== undefined));
      const body =
        entries.length === 0
          ? html`<p class="empty">No glossary entry yet.</p>`
          : html`<table>
              <tr>
                ${used.map((l) => html`<th>${l}</th>`)}
              </tr>
              ${entries.map(
                (e) =>
                  html`<tr data-kind="glossary-entry">
                    ${used.map((l) => html`<td>${e.translations[l] ?? ""}</td>`)}
                  </tr>`,
              )}
            </table>`;
      return page(
        200,
        layout(
          `${org.title}: translation glossary`,
          html`<h1>${org.title}: translation glossary</h1>
            <p class="meta">
              <a href="/app/o/${org.id}">${org.title}</a> · ${entries.length}
              entr${entries.length === 1 ? "y" : "ies"}; a translation writes an entry's term in its
              language wherever the source term appears
            </p>
            ${body}`,
        ),
      );
    },
  }),
];
