import { page } from "../http/route";
import { entrypointName } from "../render/openapi-specs";
import { findSpecBySlug, findSpecVersion, listSpecVersions } from "../store/openapi-specs";
import { findOrganization } from "../store/organizations";
import { missing, missingAnswer, pageAnswer, pageRoute } from "./context";
import { html, layout } from "./html";

/**
 * The pages of an OpenAPI spec: its `urls.app` (where its processing is, its versions) and its
 * `urls.published` (the latest version's text, for anyone with the link while it is public).
 */
export const openApiSpecPages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/openapi/{specSlug}",
    operationId: "openApiSpecPage",
    summary: "An OpenAPI spec: its source, its processing and its versions",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const spec = findSpecBySlug(ctx.store, params.organizationId, params.specSlug);
      if (spec === undefined) return missing(`OpenAPI spec ${params.specSlug}`);
      const org = findOrganization(ctx.store, spec.organizationId);
      const versions = listSpecVersions(ctx.store, spec.id);
      return page(
        200,
        layout(
          spec.slug,
          html`<p class="meta">
              <a href="/app/o/${spec.organizationId}">${org?.title ?? spec.organizationId}</a>
            </p>
            <h1>OpenAPI spec ${spec.slug}</h1>
            <dl>
              <dt>Source</dt>
              <dd>
                ${"url" in spec.source ? html`<code>${spec.source.url}</code>` : "inline text"}
              </dd>
              <dt>Processing</dt>
              <dd>
                <span class="badge">${spec.processingState}</span>${
                  spec.lastProcessErrorCode
                    ? html` <span class="badge">${spec.lastProcessErrorCode}</span>`
                    : ""
                }
              </dd>
              <dt>Visibility</dt>
              <dd>${spec.visibility}</dd>
            </dl>
            <h2>Versions</h2>
            ${
              versions.length === 0
                ? html`<p class="empty">No version yet.</p>`
                : html`<ol>
                    ${versions.map(
                      (v) =>
                        html`<li>
                          <code>${v.id}</code> ${v.createdAt} ·
                          ${entrypointName(v)}${v.id === spec.lastVersion ? " (latest)" : ""}
                        </li>`,
                    )}
                  </ol>`
            }`,
        ),
      );
    },
  }),
];

/** A public spec's page: anyone with the link reads it, as on the hosted service. */
export const publicOpenApiSpecPages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/openapi/{specSlug}/public",
    operationId: "openApiSpecPublishedPage",
    summary: "A public OpenAPI spec's latest version, as anyone with the link reads it",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const spec = findSpecBySlug(ctx.store, params.organizationId, params.specSlug);
      const version =
        spec?.visibility === "public" && spec.lastVersion !== null
          ? findSpecVersion(ctx.store, spec.id, spec.lastVersion)
          : undefined;
      if (spec === undefined || version === undefined)
        return missing(`Public OpenAPI spec ${params.specSlug}`);
      return page(
        200,
        layout(
          spec.slug,
          html`<h1>${spec.slug}</h1>
            <pre>${version.text}</pre>`,
        ),
      );
    },
  }),
];
