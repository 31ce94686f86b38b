import { maskedConfiguration } from "../access/integrations";
import { findIntegration, type ConfigurationLevel } from "../store/integration-catalogue";
import { installationsOn, type ContentKind } from "../store/integration-targets";
import { installationById, listInstallations } from "../store/integrations";
import type { PageContext } from "./context";
import { html, type Html } from "./html";

/** How many installations a page lists; the API's lists page through the rest. */
const SHOWN = 200;

/** A configuration as the pages show it: each property, secret values masked. */
function configurationList(
  name: string,
  level: ConfigurationLevel,
  configuration: Record<string, unknown>,
): Html {
  const shown = maskedConfiguration(findIntegration(name), level, configuration);
  const entries = Object.entries(shown);
  if (entries.length === 0) return html`<span class="empty">not configured</span>`;
  return html`${entries.map(
    ([key, value]) => html`<code>${key}</code> = <code>${JSON.stringify(value)}</code><br />`,
  )}`;
}

/**
 * The organization page's section on its installed integrations: each with its account
 * configuration, credentials masked, and its space and site selection.
 */
export function integrationsSection(ctx: PageContext, organizationId: string): Html {
  const page = { limit: SHOWN, offset: 0 };
  const { rows, count } = listInstallations(ctx.store, organizationId, page);
  return html`<h2>Integrations</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No integration installed.</p>`
        : html`<table id="integrations">
            <tr>
              <th>Integration</th>
              <th>Configuration</th>
              <th>Spaces</th>
              <th>Sites</th>
            </tr>
            ${rows.map(
              (r) =>
                html`<tr>
                  <td>${findIntegration(r.integration)?.title ?? r.integration}</td>
                  <td>${configurationList(r.integration, "account", r.configuration)}</td>
                  <td>${r.spaceSelection}</td>
                  <td>${r.siteSelection}</td>
                </tr>`,
            )}
          </table>`
    }
    ${count > rows.length ? html`<p class="meta">${count - rows.length} more</p>` : html``}`;
}

/** A site's or a space's page section on the integrations enabled on it, credentials masked. */
export function contentIntegrationsSection(
  ctx: PageContext,
  kind: ContentKind,
  targetId: string,
): Html {
  const rows = installationsOn(ctx.store, kind, targetId).flatMap((row) => {
    const installation = installationById(ctx.store, row.installationId);
    return installation === undefined ? [] : [{ row, name: installation.integration }];
  });
  return html`<h2>Integrations</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No integration on this ${kind}.</p>`
        : html`<table id="${kind}-integrations">
            <tr>
              <th>Integration</th>
              <th>Configuration</th>
            </tr>
            ${rows.map(
              ({ row, name }) =>
                html`<tr>
                  <td>${findIntegration(name)?.title ?? name}</td>
                  <td>${configurationList(name, kind, row.configuration)}</td>
                </tr>`,
            )}
          </table>`
    }`;
}
