import { bytes, page } from "../http/route";
import { leadingTitle } from "../markdown";
import { contentAppUrl, renderFile, type ContentScope } from "../render/content";
import { spaceAppUrl } from "../render/spaces";
import {
  listChangeRequests,
  type ChangeRequestRow,
  type ChangeRequestStatus,
} from "../store/change-requests";
import {
  fileBytes,
  filesOf,
  findFile,
  findRevision,
  pagesOf,
  type PageRow,
} from "../store/content";
import { findSpace, type SpaceRow } from "../store/spaces";
import {
  mayRead,
  missing,
  missingAnswer,
  pageAnswer,
  pageRoute,
  type PageContext,
} from "./context";
import { html, layout, type Html } from "./html";
import { renderMarkdown } from "./page-markdown";

/** The content a page shows: a space's current revision, or a change request's. */
export interface ContentView {
  space: SpaceRow;
  revisionId: string;
  scope: ContentScope;
  changeRequest?: ChangeRequestRow;
}

export function spaceView(ctx: PageContext, space: SpaceRow): ContentView {
  return {
    space,
    revisionId: space.revision,
    scope: { origin: ctx.origin, organizationId: space.organizationId, spaceId: space.id },
  };
}

/** A live space of the organization the URL names, or undefined. */
export function spaceIn(
  ctx: PageContext,
  organizationId: string,
  spaceId: string,
): SpaceRow | undefined {
  const space = findSpace(ctx.store, spaceId);
  return space?.organizationId === organizationId && space.deletedAt === null ? space : undefined;
}

/** A revision's page tree as nested links to its pages, the current one marked. */
export function pageTree(view: ContentView, pages: readonly PageRow[], current?: string): Html {
  const root = contentAppUrl(view.scope);
  const children = new Map<string | null, PageRow[]>();
  for (const p of pages) children.set(p.parentId, [...(children.get(p.parentId) ?? []), p]);
  const level = (parentId: string | null): Html => {
    const rows = children.get(parentId) ?? [];
    if (rows.length === 0) return html``;
    return html`<ul class="tree">
      ${rows.map(
        (p) =>
          html`<li data-kind="page">
            <a href="${root}/${p.path}" ${p.id === current ? html`aria-current="page"` : ""}
              >${p.emoji ? `${p.emoji} ` : ""}${p.title}</a
            >${level(p.id)}
          </li>`,
      )}
    </ul>`;
  };
  return pages.length === 0 ? html`<p class="empty">No page yet.</p>` : level(null);
}

/** The search form: across the organization, or within one space. */
export function searchForm(organizationId: string, spaceId?: string, query = ""): Html {
  return html`<form class="search" method="get" action="/app/o/${organizationId}/search">
    <input type="search" name="q" value="${query}" aria-label="Search" placeholder="Search" />
    ${spaceId ? html`<input type="hidden" name="space" value="${spaceId}" />` : ""}
    <button type="submit">Search</button>
  </form>`;
}

const STATUSES: readonly ChangeRequestStatus[] = ["open", "draft", "merged", "archived"];

/** What the space's page shows of its content: the page tree, its change requests, a search. */
export function spaceContentSection(ctx: PageContext, space: SpaceRow): Html {
  const view = spaceView(ctx, space);
  const crs = STATUSES.flatMap(
    (status) =>
      listChangeRequests(ctx.store, space.id, status, undefined, { limit: -1, offset: 0 }).rows,
  ).sort((a, b) => b.number - a.number);
  return html`<h2>Content</h2>
    ${searchForm(space.organizationId, space.id)}
    <p class="meta">Revision <code>${space.revision}</code></p>
    ${pageTree(view, pagesOf(ctx.store, space.revision))}
    <h2>Change requests</h2>
    ${
      crs.length === 0
        ? html`<p class="empty">No change request yet.</p>`
        : html`<ul>
            ${crs.map(
              (cr) =>
                html`<li data-kind="change-request">
                  <a href="${spaceAppUrl(ctx.origin, space)}/cr/${cr.number}"
                    >#${cr.number} ${cr.subject || "(no subject)"}</a
                  >
                  <span class="badge">${cr.status}</span>
                </li>`,
            )}
          </ul>`
    }`;
}

/** One page of a revision: where it sits, its Markdown rendered, its child pages. */
export function contentPage(ctx: PageContext, view: ContentView, path: string, heading: Html) {
  const pages = pagesOf(ctx.store, view.revisionId);
  const current = pages.find((p) => p.path === path);
  if (current === undefined) return missing(`Page ${path}`);
  const root = contentAppUrl(view.scope);
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const files = new Map(filesOf(ctx.store, view.revisionId).map((f) => [f.name, f]));
  const ancestors: PageRow[] = [];
  for (let p = current; p.parentId !== null;) {
    const parent = pages.find((q) => q.id === p.parentId);
    if (parent === undefined) break;
    ancestors.unshift(parent);
    p = parent;
  }
  const body = renderMarkdown(current.markdown, {
    pagePath: current.path,
    pageUrl: (target) => (byPath.has(target) ? `${root}/${target}` : undefined),
    fileUrl: (name) => {
      const file = files.get(name);
      return file && renderFile(view.scope, view.revisionId, file).downloadURL;
    },
  });
  return page(
    200,
    layout(
      current.title,
      html`${heading}
        <nav class="meta" aria-label="Ancestors">
          <a href="${root}">${view.space.title || "(untitled space)"}</a>${ancestors.map(
            (a) => html` › <a href="${root}/${a.path}">${a.title}</a>`,
          )}
        </nav>
        <div class="content">
          <nav class="pages" aria-label="Pages">${pageTree(view, pages, current.id)}</nav>
          <article>
            ${
              // A page whose Markdown opens with its title (`# Install`, as files are written)
              // has its heading there: not twice.
              leadingTitle(current.markdown) === current.title && !current.emoji
                ? ""
                : html`<h1>${current.emoji ? `${current.emoji} ` : ""}${current.title}</h1>`
            }
            ${current.description ? html`<p class="meta">${current.description}</p>` : ""}
            <div class="markdown">${body}</div>
            <p class="meta">Updated ${current.updatedAt} · path <code>${current.path}</code></p>
          </article>
        </div>`,
    ),
  );
}

export const contentPages = [
  pageRoute({
    method: "get",
    path: "/files/{revisionId}/{fileId}/{name}",
    operationId: "downloadFile",
    summary: "A file of a revision, as it was uploaded",
    responses: {
      200: { description: "The file's bytes", bytes: true as const },
      404: missingAnswer,
    },
    handler({ params }, ctx) {
      const revision = findRevision(ctx.store, params.revisionId);
      const space = revision && findSpace(ctx.store, revision.spaceId);
      const file = findFile(ctx.store, params.revisionId, params.fileId);
      const content = file && fileBytes(ctx.store, params.revisionId, params.fileId);
      // Another organization's file is missing, as its pages are.
      if (!space || !mayRead(ctx, space.organizationId) || !file || !content)
        return missing(`file ${params.fileId}`);
      return bytes(200, content, file.contentType, file.name);
    },
  }),
];

/**
 * A page of a space's current content, at its `urls.app`. Declared after every other route
 * under a space's URL (its change requests'), which it would otherwise take.
 */
export const spacePageRoutes = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/s/{spaceId}/{pagePath+}",
    operationId: "spaceContentPage",
    summary: "A page of a space's content, rendered from its Markdown, with the page tree",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const space = spaceIn(ctx, params.organizationId, params.spaceId);
      if (space === undefined) return missing(`Space ${params.spaceId}`);
      return contentPage(ctx, spaceView(ctx, space), params.pagePath, html``);
    },
  }),
];
