import { page } from "../http/route";
import { spaceAppUrl } from "../render/spaces";
import { findChangeRequest, type ChangeRequestRow } from "../store/change-requests";
import {
  listComments,
  listReplies,
  reactionsOf,
  type CommentRow,
  type Thread,
} from "../store/comments";
import { pagesOf, type PageRow } from "../store/content";
import { findUser } from "../store/identity";
import type { SpaceRow } from "../store/spaces";
import { contentPage, pageTree, spaceIn, type ContentView } from "./content";
import { missing, missingAnswer, pageAnswer, pageRoute, type PageContext } from "./context";
import { badge, html, layout, type Html } from "./html";
import { MarkdownBudget, renderMarkdown } from "./page-markdown";

/** The change request a URL names in a live space of its organization, and its content. */
function changeRequestView(
  ctx: PageContext,
  params: { organizationId: string; spaceId: string; number: string },
): ContentView | undefined {
  const space = spaceIn(ctx, params.organizationId, params.spaceId);
  if (space === undefined || !/^[1-9][0-9]{0,8}$/.test(params.number)) return undefined;
  const cr = findChangeRequest(ctx.store, space.id, params.number);
  if (cr === undefined) return undefined;
  return {
    space,
    revisionId: cr.revision,
    scope: {
      origin: ctx.origin,
      organizationId: space.organizationId,
      spaceId: space.id,
      changeRequest: cr.number,
    },
    changeRequest: cr,
  };
}

function who(ctx: PageContext, userId: string | null): string {
  return userId === null ? "someone" : (findUser(ctx.store, userId)?.displayName ?? userId);
}

/** The change request's title line, status and place, above each of its pages. */
function heading(ctx: PageContext, space: SpaceRow, cr: ChangeRequestRow): Html {
  const base = cr.revisionMergedAncestor ?? cr.revisionInitial;
  const outdated = (cr.status === "draft" || cr.status === "open") && base !== space.revision;
  return html`<p class="meta">
    <a href="${spaceAppUrl(ctx.origin, space)}">${space.title || "(untitled space)"}</a> ›
    <a href="${spaceAppUrl(ctx.origin, space)}/cr/${cr.number}">Change request #${cr.number}</a>
    <span class="badge">${cr.status}</span>
    ${outdated ? badge(false, "", "Outdated: the space has moved on") : ""}
  </p>`;
}

/** What the change request changed against the content it started from, page by page. */
function changes(base: readonly PageRow[], mine: readonly PageRow[]) {
  const before = new Map(base.map((p) => [p.id, p]));
  const after = new Map(mine.map((p) => [p.id, p]));
  return [
    ...mine
      .filter(
        (p) =>
          !before.has(p.id) ||
          before.get(p.id)!.markdown !== p.markdown ||
          before.get(p.id)!.path !== p.path ||
          before.get(p.id)!.title !== p.title,
      )
      .map((p) => ({ kind: before.has(p.id) ? "edited" : "added", page: p })),
    ...base.filter((p) => !after.has(p.id)).map((p) => ({ kind: "removed", page: p })),
  ];
}

function comment(
  ctx: PageContext,
  thread: Thread,
  row: CommentRow,
  pages: Map<string, PageRow>,
  root: string,
  budget: MarkdownBudget,
): Html {
  const replies = listReplies(ctx.store, thread, row.id, { limit: -1, offset: 0 }).rows;
  const reactions = new Map<string, number>();
  for (const r of reactionsOf(ctx.store, row.id))
    reactions.set(r.emoji, (reactions.get(r.emoji) ?? 0) + 1);
  const target = row.pageId === null ? undefined : pages.get(row.pageId);
  const body = (text: string | null) =>
    renderMarkdown(
      text ?? "",
      { pagePath: "", pageUrl: () => undefined, fileUrl: () => undefined },
      budget,
    );
  return html`<li data-kind="comment">
    <p class="meta">
      <strong>${who(ctx, row.postedBy)}</strong> · ${row.postedAt}
      ${target ? html` · on <a href="${root}/${target.path}">${target.title}</a>` : ""}
      ${row.resolvedAt !== null ? badge(true, `Resolved by ${who(ctx, row.resolvedBy)}`, "") : badge(false, "", "Open")}
    </p>
    <div class="markdown">${body(row.markdown)}</div>
    ${reactions.size > 0 ? html`<p class="meta">${[...reactions].map(([emoji, n]) => html`<span class="badge">${emoji} ${n}</span> `)}</p>` : ""}
    ${
      replies.length === 0
        ? ""
        : html`<ul class="replies">
            ${replies.map(
              (reply) =>
                html`<li data-kind="reply">
                  <p class="meta">
                    <strong>${who(ctx, reply.postedBy)}</strong> · ${reply.postedAt}
                  </p>
                  <div class="markdown">${body(reply.markdown)}</div>
                </li>`,
            )}
          </ul>`
    }
  </li>`;
}

export const changeRequestPages = [
  pageRoute({
    method: "get",
    path: "/o/{organizationId}/s/{spaceId}/cr/{number}",
    operationId: "changeRequestPage",
    summary: "A change request: its status, the pages it changes, its page tree and its comments",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const view = changeRequestView(ctx, params);
      if (view?.changeRequest === undefined) return missing(`Change request ${params.number}`);
      const { space, changeRequest: cr } = view;
      const pages = pagesOf(ctx.store, cr.revision);
      const byId = new Map(pages.map((p) => [p.id, p]));
      const root = `${spaceAppUrl(ctx.origin, space)}/cr/${cr.number}`;
      const changed = changes(
        pagesOf(ctx.store, cr.revisionMergedAncestor ?? cr.revisionInitial),
        pages,
      );
      const thread: Thread = { spaceId: space.id, changeRequestId: cr.id };
      const comments = listComments(
        ctx.store,
        thread,
        { order: "asc", status: "all" },
        { limit: -1, offset: 0 },
      ).rows;
      // One budget for every comment and reply: 20 crafted comments cost what one does.
      const budget = new MarkdownBudget();
      return page(
        200,
        layout(
          `#${cr.number} ${cr.subject}`,
          html`${heading(ctx, space, cr)}
            <h1>${cr.subject || "(no subject)"}</h1>
            <dl>
              <dt>Opened by</dt>
              <dd>${who(ctx, cr.createdBy)} on ${cr.createdAt}</dd>
              ${
                cr.mergedAt !== null
                  ? html`<dt>Merged by</dt>
                      <dd>${who(ctx, cr.mergedBy)} on ${cr.mergedAt}</dd>`
                  : ""
              }
              <dt>Revision</dt>
              <dd><code>${cr.revision}</code></dd>
            </dl>
            <h2>Changes</h2>
            ${
              changed.length === 0
                ? html`<p class="empty">No page changed.</p>`
                : html`<ul>
                    ${changed.map(
                      (c) =>
                        html`<li data-kind="change">
                          <span class="badge">${c.kind}</span>
                          ${c.kind === "removed" ? c.page.title : html`<a href="${root}/${c.page.path}">${c.page.title}</a>`}
                        </li>`,
                    )}
                  </ul>`
            }
            <h2>Pages</h2>
            ${pageTree(view, pages)}
            <h2>Comments</h2>
            ${
              comments.length === 0
                ? html`<p class="empty">No comment yet.</p>`
                : html`<ul class="comments">
                    ${comments.map((row) => comment(ctx, thread, row, byId, root, budget))}
                  </ul>`
            }`,
        ),
      );
    },
  }),

  pageRoute({
    method: "get",
    path: "/o/{organizationId}/s/{spaceId}/cr/{number}/{pagePath+}",
    operationId: "changeRequestContentPage",
    summary: "A page of a change request's content, rendered from its Markdown",
    responses: { 200: pageAnswer, 404: missingAnswer },
    handler({ params }, ctx) {
      const view = changeRequestView(ctx, params);
      if (view?.changeRequest === undefined) return missing(`Change request ${params.number}`);
      return contentPage(ctx, view, params.pagePath, heading(ctx, view.space, view.changeRequest));
    },
  }),
];
