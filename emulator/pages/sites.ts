import { storedSchema } from "../render/site-adaptive-schema";
import { page } from "../http/route";
import { publishedUrl, siteAppUrl, sitePreviewUrl, type SiteView } from "../render/sites";
import { spaceAppUrl } from "../render/spaces";
import { siteView } from "../access/sites";
import { groupChildren, topLevel, findSection, type SectionRow } from "../store/site-sections";
import { findGroup } from "../store/site-section-groups";
import { containerSiteSpaces, type SiteSpaceRow } from "../store/site-spaces";
import { findOrganization } from "../store/organizations";
import { findSite, type SiteRow } from "../store/sites";
import { findSpace } from "../store/spaces";
import { customFontsSection } from "./custom-fonts";
import { customizationSection } from "./site-customization";
import { missing, missingAnswer, pageAnswer, pageRoute, type PageContext } from "./context";
import { badge, html, layout, maskShareUrl, type Html } from "./html";
import { permissionsSection } from "./permissions";
import { redirectsSection } from "./site-redirects";
import { mcpServersSection } from "./site-mcp-servers";
import { contextConnectionsSection } from "./site-context-connections";
import { contentIntegrationsSection } from "./integrations";
import { channelsSection } from "./site-channels";
import { visitorAuthSection } from "./site-visitor-auth";
import { agentSettingsSection } from "./site-agent-settings";
import { adsSection } from "./site-ads";
import { customHostnameSection } from "./custom-hostnames";
import { shareLinksSection } from "./share-links";
import { externalLinkItem } from "./site-external-links";

/** A published URL as a page shows it: with a share key masked. */
function shownUrl(url: string | undefined): Html {
  return url === undefined
    ? html`<span class="empty">not published</span>`
    : html`<code>${maskShareUrl(url)}</code>`;
}

function siteSpaceItem(
  ctx: PageContext,
  view: SiteView,
  row: SiteSpaceRow,
  section?: SectionRow,
): Html {
  const space = findSpace(ctx.store, row.spaceId);
  const segments = section === undefined ? [row.path] : [section.path, row.path];
  return html`<li data-kind="site-space">
    <span class="kind">Site space</span>${
      space
        ? html`<a href="${spaceAppUrl(ctx.origin, space)}">${space.title || "(untitled space)"}</a>`
        : html`<span class="empty">(space removed)</span>`
    }
    at
    <code>${row.path}</code
    >${row.id === view.defaultSiteSpaceId ? html` <span class="badge on">default</span>` : ""}${
      row.hidden ? html` <span class="badge">hidden from navigation</span>` : ""
    }${
      row.condition !== null
        ? html` <span class="badge">when <code>${row.condition}</code></span>`
        : ""
    }
    ${shownUrl(publishedUrl(view, segments))}
  </li>`;
}

/**
 * Who a structure is drawn for: the site's editors see every site space, its readers only what
 * the site's navigation shows (a hidden site space is left out).
 */
type Audience = "editors" | "readers";

function navigable(ctx: PageContext, audience: Audience, siteId: string, sectionId: string | null) {
  const rows = containerSiteSpaces(ctx.store, siteId, sectionId);
  return audience === "editors" ? rows : rows.filter((row) => !row.hidden);
}

function sectionItem(
  ctx: PageContext,
  view: SiteView,
  section: SectionRow,
  audience: Audience,
): Html {
  const rows = navigable(ctx, audience, section.siteId, section.id);
  return html`<li data-kind="site-section">
    <span class="kind">Section</span><strong>${section.title}</strong>
    <code>/${section.path}</code>${
      section.id === view.defaultSectionId ? html` <span class="badge on">default</span>` : ""
    }${section.condition !== null ? html` <span class="badge">when <code>${section.condition}</code></span>` : ""}${
      rows.length > 0
        ? html`<ul class="tree">
            ${rows.map((r) => siteSpaceItem(ctx, view, r, section))}
          </ul>`
        : ""
    }
  </li>`;
}

/**
 * The site's structure in reading order: root site spaces, then sections, groups (with their
 * sections and external links) and external links.
 */
function structure(ctx: PageContext, view: SiteView, audience: Audience): Html {
  const { site } = view;
  const root = navigable(ctx, audience, site.id, null);
  const forReaders = audience === "readers";
  const child = (item: { type: string; id: string }) =>
    item.type === "site-section"
      ? sectionItem(ctx, view, findSection(ctx.store, site.id, item.id)!, audience)
      : externalLinkItem(ctx, site.id, item.id, forReaders);
  const items = topLevel(ctx.store, site.id).map((item) => {
    if (item.type !== "site-section-group") return child(item);
    const group = findGroup(ctx.store, site.id, item.id)!;
    return html`<li data-kind="site-section-group">
      <span class="kind">Group</span><strong>${group.title}</strong>
      <ul class="tree">
        ${groupChildren(ctx.store, group.id).map(child)}
      </ul>
    </li>`;
  });
  if (root.length === 0 && items.length === 0)
    return html`<p class="empty">Nothing is linked to this site yet.</p>`;
  return html`<ul class="tree" id="structure">
    ${root.map((r) => siteSpaceItem(ctx, view, r))}${items}
  </ul>`;
}

function requireSiteRow(
  ctx: PageContext,
  params: { organizationId: string; siteId: string },
): SiteRow | undefined {
  return findSite(ctx.store, params.organizationId, params.siteId);
}

export const sitePages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/sites/{siteId}",
    operationId: "sitePage",
    summary: "A site's management page: settings, structure in reading order, share links",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const site = requireSiteRow(ctx, params);
      if (site === undefined) return missing(`Site ${params.siteId}`);
      const view = siteView(ctx.store, site, ctx.origin, null);
      const claims = Object.entries(storedSchema(site).properties).filter(
        ([name]) => name !== "unsigned",
      );
      return page(
        200,
        layout(
          site.title,
          html`<p class="meta">
              <a href="/app/o/${site.organizationId}"
                >${findOrganization(ctx.store, site.organizationId)?.title ?? site.organizationId}</a
              >
              › Sites
            </p>
            <h1>${site.title}</h1>
            <p id="published">
              ${badge(site.published, "Published", "Not published")}
              <span class="badge">${site.visibility}</span> <span class="badge">${site.type}</span>
            </p>
            <dl>
              <dt>Published URL</dt>
              <dd>${shownUrl(publishedUrl(view, []))}</dd>
              <dt>Basename</dt>
              <dd>${site.basename ?? html`<span class="empty">not set</span>`}</dd>
              <dt>Proxy</dt>
              <dd>${site.proxy ?? html`<span class="empty">not set</span>`}</dd>
              <dt>Adaptive content</dt>
              <dd>${site.adaptiveContent ? "enabled" : "disabled"}</dd>
              <dt>Agents</dt>
              <dd>${site.agentsContext}</dd>
              <dt>Id</dt>
              <dd><code>${site.id}</code></dd>
            </dl>
            <p><a href="${sitePreviewUrl(ctx.origin, site)}">Preview as readers see it</a></p>
            <h2>Structure</h2>
            ${structure(ctx, view, "editors")} ${shareLinksSection(ctx, view)}
            <h2>Customization</h2>
            ${customizationSection(ctx.store, site.id)}
            ${customFontsSection(ctx.store, site.organizationId)}
            <h2>Adaptive schema</h2>
            ${
              claims.length === 0
                ? html`<p class="empty">No visitor claim.</p>`
                : html`<ul>
                    ${claims.map(([name, claim]) => html`<li><code>visitor.claims.${name}</code> ${claim?.description ?? ""}</li>`)}
                  </ul>`
            }
            ${permissionsSection(ctx, { kind: "site", ...site })} ${redirectsSection(ctx, site)}
            ${visitorAuthSection(ctx, site)} ${agentSettingsSection(ctx, site)}
            ${adsSection(ctx, site)} ${mcpServersSection(ctx, site)}
            ${contentIntegrationsSection(ctx, "site", site.id)} ${channelsSection(ctx, site)}
            ${contextConnectionsSection(ctx, site)}
            ${customHostnameSection(ctx, { organizationId: site.organizationId, siteId: site.id })}`,
        ),
      );
    },
  }),

  pageRoute({
    method: "get",
    path: "/o/{organizationId}/sites/{siteId}/preview",
    operationId: "sitePreviewPage",
    summary: "A site as its readers will see it: sections as tabs, each with its spaces",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const site = requireSiteRow(ctx, params);
      if (site === undefined) return missing(`Site ${params.siteId}`);
      const view = siteView(ctx.store, site, ctx.origin, null);
      return page(
        200,
        layout(
          `${site.title} (preview)`,
          html`<p class="meta">
              <a href="${siteAppUrl(ctx.origin, site)}">Back to the site's settings</a>
            </p>
            <h1>${site.title}</h1>
            <p>
              ${site.published ? "Published: readers see this now." : "Not published: readers see nothing until it is."}
            </p>
            ${structure(ctx, view, "readers")}`,
        ),
      );
    },
  }),
];
