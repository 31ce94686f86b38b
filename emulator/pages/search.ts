import { z } from "zod";
import { page } from "../http/route";
import { search } from "../routes/search";
import { spaceAppUrl } from "../render/spaces";
import { findOrganization } from "../store/organizations";
import { spacesOf } from "../store/spaces";
import { searchForm, spaceIn } from "./content";
import { missing, missingAnswer, pageAnswer, pageRoute } from "./context";
import { html, layout } from "./html";

/** How many hits the search page shows: the best ones. */
const SHOWN = 50;

export const searchPages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/search",
    operationId: "searchPage",
    summary:
      "Full-text search of an organization's spaces, or of one (`space`), as the API searches",
    query: z.looseObject({
      q: z.string().max(512).optional(),
      space: z.string().max(64).optional(),
    }),
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params, query }, ctx) {
      const org = findOrganization(ctx.store, params.organizationId);
      if (org === undefined) return missing(`Organization ${params.organizationId}`);
      const space = query.space === undefined ? undefined : spaceIn(ctx, org.id, query.space);
      if (query.space !== undefined && space === undefined) return missing(`Space ${query.space}`);
      const q = query.q ?? "";
      const { hits, count } = search(
        ctx,
        space === undefined ? spacesOf(ctx.store, org.id) : [space],
        q,
        { limit: SHOWN, offset: 0 },
      );
      const where = space === undefined ? org.title : space.title || "(untitled space)";
      return page(
        200,
        layout(
          q === "" ? `Search ${where}` : `${q} · search`,
          html`<p class="meta">
              <a href="/app/o/${org.id}">${org.title}</a>${
                space ? html` › <a href="${spaceAppUrl(ctx.origin, space)}">${where}</a>` : ""
              }
            </p>
            <h1>Search ${where}</h1>
            ${searchForm(org.id, space?.id, q)}
            ${
              q === ""
                ? ""
                : html`<p class="meta" data-count="${count}">
                      ${count === 1 ? "1 page found" : `${count} pages found`}${count > SHOWN ? `, the best ${SHOWN} shown` : ""}
                    </p>
                    <ol class="hits">
                      ${hits.map(
                        ({ space: s, json: hit }) =>
                          html`<li data-kind="hit">
                            <a href="${hit.urls.app}">${hit.title}</a>
                            <span class="meta"
                              >${s.title} ›
                              ${[...hit.ancestors.map((a) => a.title), hit.title].join(" › ")}</span
                            >
                            <ul>
                              ${hit.sections.map(
                                (section) =>
                                  html`<li data-kind="section">
                                    <a href="${section.urls.app}">${section.title}</a>
                                    <p>${section.body}</p>
                                  </li>`,
                              )}
                            </ul>
                          </li>`,
                      )}
                    </ol>`
            }`,
        ),
      );
    },
  }),
];
