import { contentIntegrationsSection, integrationsSection } from "./integrations";
import { customHostnameSection } from "./custom-hostnames";
import { collectionAppUrl } from "../render/collections";
import { page } from "../http/route";
import { spaceContentSection } from "./content";
import { glossaryAppUrl } from "./translation-glossary";
import { peopleAppUrl } from "./people";
import { siteAppUrl } from "../render/sites";
import { spaceAppUrl } from "../render/spaces";
import { collectionsOf, findCollection, type CollectionRow } from "../store/collections";
import { allOrganizations, findOrganization } from "../store/organizations";
import { siteSpacesOfSpace } from "../store/site-spaces";
import { findSite, sitesOf } from "../store/sites";
import { findSpace, spacesOf, type SpaceRow } from "../store/spaces";
import {
  mayRead,
  missing,
  missingAnswer,
  pageAnswer,
  pageRoute,
  type PageContext,
} from "./context";
import { badge, html, layout, type Html } from "./html";
import { permissionsSection } from "./permissions";

type Node = { kind: "collection"; row: CollectionRow } | { kind: "space"; row: SpaceRow };

/** The collections and spaces of an organization, as a tree by parent. */
interface Tree {
  children: Map<string | null, Node[]>;
}

function treeOf({ store }: PageContext, organizationId: string): Tree {
  const children: Tree["children"] = new Map();
  const add = (parent: string | null, node: Node) => {
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  };
  for (const row of collectionsOf(store, organizationId))
    add(row.parentId, { kind: "collection", row });
  for (const row of spacesOf(store, organizationId)) add(row.parentId, { kind: "space", row });
  // Collections and spaces share one ordering among siblings (docs/api-decisions.md).
  for (const list of children.values()) list.sort((a, b) => a.row.position - b.row.position);
  return { children };
}

function spaceLabel(ctx: PageContext, row: SpaceRow): Html {
  return html`<a href="${spaceAppUrl(ctx.origin, row)}"
    >${row.emoji ? `${row.emoji} ` : ""}${row.title || "(untitled space)"}</a
  >`;
}

/** The tree below `parent`, collections with their spaces, in their order. */
function renderTree(ctx: PageContext, tree: Tree, parent: string | null): Html {
  const nodes = tree.children.get(parent) ?? [];
  if (nodes.length === 0) return html``;
  return html`<ul class="tree">
    ${nodes.map((node) =>
      node.kind === "collection"
        ? html`<li data-kind="collection">
            <span class="kind">Collection</span
            ><a href="${collectionAppUrl(ctx.origin, node.row)}"
              >${node.row.title || "(untitled collection)"}</a
            >${renderTree(ctx, tree, node.row.id)}
          </li>`
        : html`<li data-kind="space">
            <span class="kind">Space</span>${spaceLabel(ctx, node.row)}
          </li>`,
    )}
  </ul>`;
}

function breadcrumb(ctx: PageContext, organizationId: string, parentId: string | null): Html {
  const chain: CollectionRow[] = [];
  for (let id = parentId; id !== null;) {
    const row = findCollection(ctx.store, id);
    if (row === undefined) break;
    chain.unshift(row);
    id = row.parentId;
  }
  const org = findOrganization(ctx.store, organizationId);
  return html`<p class="meta">
    <a href="/app/o/${organizationId}">${org?.title ?? organizationId}</a>${chain.map(
      (c) =>
        html` ›
          <a href="${collectionAppUrl(ctx.origin, c)}">${c.title || "(untitled collection)"}</a>`,
    )}
  </p>`;
}

export const workspacePages = [
  pageRoute({
    method: "get",
    path: "/",
    operationId: "appIndexPage",
    summary: "The organizations the viewer's token reads",
    responses: { 200: pageAnswer },
    handler(_input, ctx) {
      const orgs = allOrganizations(ctx.store).filter((o) => mayRead(ctx, o.id));
      return page(
        200,
        layout(
          "Organizations",
          html`<h1>Organizations</h1>
            ${
              orgs.length === 0
                ? html`<p class="empty">No organization yet.</p>`
                : html`<ul>
                    ${orgs.map((o) => html`<li><a href="/app/o/${o.id}">${o.title}</a> <code>${o.id}</code></li>`)}
                  </ul>`
            }`,
        ),
      );
    },
  }),

  pageRoute({
    method: "get",
    path: "/o/{organizationId}",
    operationId: "organizationPage",
    summary: "An organization: its collection tree with spaces, and its sites",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const org = findOrganization(ctx.store, params.organizationId);
      if (org === undefined) return missing(`Organization ${params.organizationId}`);
      const tree = treeOf(ctx, org.id);
      const sites = sitesOf(ctx.store, org.id);
      return page(
        200,
        layout(
          org.title,
          html`<h1>${org.title}</h1>
            <p class="meta">
              Organization <code>${org.id}</code> · plan
              ${org.plan}${org.hostname ? html` · hostname ${org.hostname}` : ""} ·
              <a href="${peopleAppUrl(ctx.origin, org.id)}">Members, teams and SSO</a> ·
              <a href="${glossaryAppUrl(ctx.origin, org.id)}">Translation glossary</a>
            </p>
            ${customHostnameSection(ctx, { organizationId: org.id, siteId: null })}
            ${integrationsSection(ctx, org.id)}
            <h2>Collections and spaces</h2>
            ${tree.children.size === 0 ? html`<p class="empty">No collection or space yet.</p>` : renderTree(ctx, tree, null)}
            <h2>Sites</h2>
            ${
              sites.length === 0
                ? html`<p class="empty">No site yet.</p>`
                : html`<ul>
                    ${sites.map(
                      (s) =>
                        html`<li data-kind="site">
                          <a href="${siteAppUrl(ctx.origin, s)}">${s.title}</a>
                          ${badge(s.published, "Published", "Not published")}
                          <span class="badge">${s.visibility}</span>
                        </li>`,
                    )}
                  </ul>`
            }`,
        ),
      );
    },
  }),

  pageRoute({
    method: "get",
    path: "/o/{organizationId}/c/{collectionId}",
    operationId: "collectionPage",
    summary: "A collection: its nested collections and spaces",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const row = findCollection(ctx.store, params.collectionId);
      if (row === undefined || row.organizationId !== params.organizationId)
        return missing(`Collection ${params.collectionId}`);
      const tree = treeOf(ctx, row.organizationId);
      return page(
        200,
        layout(
          row.title || "Collection",
          html`${breadcrumb(ctx, row.organizationId, row.parentId)}
            <h1>${row.title || "(untitled collection)"}</h1>
            ${row.description ? html`<p>${row.description}</p>` : ""}
            <dl>
              <dt>Default level</dt>
              <dd>${row.defaultLevel ?? "guest"}</dd>
              <dt>Id</dt>
              <dd><code>${row.id}</code></dd>
            </dl>
            <h2>Contents</h2>
            ${tree.children.has(row.id) ? renderTree(ctx, tree, row.id) : html`<p class="empty">This collection is empty.</p>`}
            ${permissionsSection(ctx, { kind: "collection", ...row })}`,
        ),
      );
    },
  }),

  pageRoute({
    method: "get",
    path: "/o/{organizationId}/s/{spaceId}",
    operationId: "spacePage",
    summary: "A space: its settings and where it is published",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const row = findSpace(ctx.store, params.spaceId);
      if (row === undefined || row.organizationId !== params.organizationId)
        return missing(`Space ${params.spaceId}`);
      const links = siteSpacesOfSpace(ctx.store, row.id).flatMap((link) => {
        const site = findSite(ctx.store, row.organizationId, link.siteId);
        return site ? [{ link, site }] : [];
      });
      return page(
        200,
        layout(
          row.title || "Space",
          html`${breadcrumb(ctx, row.organizationId, row.parentId)}
            <h1>${row.emoji ? `${row.emoji} ` : ""}${row.title || "(untitled space)"}</h1>
            ${row.deletedAt !== null ? html`<p>${badge(false, "", `Deleted ${row.deletedAt}`)}</p>` : ""}
            <dl>
              <dt>Visibility</dt>
              <dd>${row.visibility}</dd>
              <dt>Edit mode</dt>
              <dd>${row.editMode}</dd>
              <dt>Language</dt>
              <dd>${row.language ?? "not set"}</dd>
              <dt>Default level</dt>
              <dd>${row.defaultLevel ?? "guest"}</dd>
              <dt>Id</dt>
              <dd><code>${row.id}</code></dd>
            </dl>
            ${row.deletedAt === null ? spaceContentSection(ctx, row) : ""}
            <h2>On sites</h2>
            ${
              links.length === 0
                ? html`<p class="empty">No site links this space.</p>`
                : html`<ul>
                    ${links.map(
                      ({ link, site }) =>
                        html`<li>
                          <a href="${siteAppUrl(ctx.origin, site)}">${site.title}</a> at
                          <code>${link.path}</code>
                          ${badge(site.published, "Published", "Not published")}
                        </li>`,
                    )}
                  </ul>`
            }
            ${contentIntegrationsSection(ctx, "space", row.id)}
            ${permissionsSection(ctx, { kind: "space", ...row })}`,
        ),
      );
    },
  }),
];
