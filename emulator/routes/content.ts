import { z } from "zod";
import { apiRoute, type ApiContext } from "../context";
import { notFound } from "../errors";
import { json, type Route } from "../http/route";
import { linkStats, revisionLinks, type RevisionLink } from "../links";
import { pageOf, pageQuery, slicePage } from "../pagination";
import {
  BacklinkList,
  FileJson,
  FileList,
  LinkList,
  PageJson,
  PagesJson,
  RevisionJson,
  renderFile,
  renderPage,
  renderPageTree,
  renderRevision,
  type ContentScope,
  type LinkJson,
} from "../render/content";
import {
  filesOf,
  findFile,
  findPage,
  findRevision,
  pagesOf,
  type RevisionRow,
} from "../store/content";
import { activeChangeRequests } from "../store/change-requests";
import type { SpaceRow } from "../store/spaces";
import { visibleSpace } from "./spaces";

/** The revision a content route reads, and where its objects live. */
export interface ContentAt {
  space: SpaceRow;
  scope: ContentScope;
  revisionId: string;
  /** Undefined for a revision never written: the empty content a space starts with. */
  revision: RevisionRow | undefined;
  createdAt: string;
}

/** Finds the content a route's path names, checking the caller may read it. */
export type ContentResolver = (ctx: ApiContext, params: Record<string, string>) => ContentAt;

/** The space's own content (§4.5): its current revision. */
export const spaceContent: ContentResolver = (ctx, params) => {
  // A guest reaches no space's content (docs/api-decisions.md): a role is needed, `read` or up.
  const { row } = visibleSpace(ctx, params.spaceId!, { minimum: "read" });
  return contentOfSpace(ctx, row, row.revision);
};

export function contentOfSpace(
  ctx: ApiContext,
  space: SpaceRow,
  revisionId: string,
  changeRequest?: number,
): ContentAt {
  return {
    space,
    scope: {
      origin: ctx.origin,
      organizationId: space.organizationId,
      spaceId: space.id,
      ...(changeRequest !== undefined ? { changeRequest } : {}),
    },
    revisionId,
    revision: findRevision(ctx.store, revisionId),
    createdAt: space.createdAt,
  };
}

/** §4.1's content read options. The emulator keeps no Git metadata to leave out, nor computed pages. */
const contentQuery = z.looseObject({
  metadata: z.enum(["true", "false"]).optional(),
  computed: z.enum(["true", "false"]).optional(),
});
const pageReadQuery = contentQuery.extend({
  // Pages are kept as Markdown: the document form of the hosted service is not emulated.
  format: z.literal("markdown").optional(),
  evaluated: z.enum(["true", "false"]).optional(),
});
const linksQuery = pageQuery.extend({ status: z.enum(["ok", "broken", "in-app"]).optional() });

function requirePage(ctx: ApiContext, at: ContentAt, pageId: string) {
  const page = findPage(ctx.store, at.revisionId, pageId);
  if (page === undefined) throw notFound(`page ${pageId} in revision ${at.revisionId}`);
  return page;
}

/** A revision's links as §2.11's items. */
export function linksOfContent(ctx: ApiContext, at: ContentAt): RevisionLink[] {
  const appRoot = `${ctx.origin}/app`;
  return revisionLinks(
    pagesOf(ctx.store, at.revisionId),
    filesOf(ctx.store, at.revisionId),
    appRoot,
  );
}

export function renderLink(at: ContentAt, link: RevisionLink): LinkJson {
  const where = { organization: at.space.organizationId, space: at.space.id };
  return {
    status: link.status,
    relation: "reference",
    targetReference: link.target.kind === "url" ? link.target : { ...link.target, ...where },
    sources: link.sources.map((page) => ({ kind: "page" as const, page })),
  };
}

/** A page of links with their stats; `brokenElsewhere` counts the broken links of change requests. */
export function linkAnswer(
  at: ContentAt,
  links: readonly RevisionLink[],
  query: z.output<typeof linksQuery>,
  brokenInChangeRequests: number,
) {
  const shown = query.status === undefined ? links : links.filter((l) => l.status === query.status);
  const page = slicePage(pageOf(query), shown);
  return {
    ...page,
    items: page.items.map((l) => renderLink(at, l)),
    stats: linkStats(links, brokenInChangeRequests),
  };
}

/**
 * The content reads of §4.5 (a space's) or §4.7 (a change request's): the same operations on a
 * different revision. `name` distinguishes their operation ids (`getSpaceContent`,
 * `getChangeRequestContent`); `brokenInChangeRequests` is what `stats.broken.changeRequest` counts.
 */
export function contentRoutes(
  prefix: string,
  name: "Space" | "ChangeRequest",
  resolve: ContentResolver,
  brokenInChangeRequests: (ctx: ApiContext, at: ContentAt, links: RevisionLink[]) => number,
): Route<ApiContext>[] {
  const p = (params: unknown) => params as Record<string, string>;
  const where = name === "Space" ? "the space's" : "the change request's";
  return [
    apiRoute({
      method: "get",
      path: `${prefix}/content`,
      operationId: `get${name}Content`,
      summary: `The revision of ${where} content: its page tree and files`,
      query: contentQuery,
      responses: { 200: { description: "The revision", schema: RevisionJson } },
      handler({ params }, ctx) {
        const at = resolve(ctx, p(params));
        return json(
          200,
          renderRevision(
            at.scope,
            at.revisionId,
            at.revision,
            at.createdAt,
            pagesOf(ctx.store, at.revisionId),
            filesOf(ctx.store, at.revisionId),
            at.revision?.type === "merge"
              ? ctx.hooks.revisionMergedFrom(ctx.store, ctx.origin, at.space, at.revisionId)
              : undefined,
          ),
        );
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/content/pages`,
      operationId: `list${name}Pages`,
      summary: `The page tree of ${where} content`,
      query: contentQuery,
      responses: { 200: { description: "The pages", schema: PagesJson } },
      handler({ params }, ctx) {
        const at = resolve(ctx, p(params));
        return json(200, { pages: renderPageTree(at.scope, pagesOf(ctx.store, at.revisionId)) });
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/content/page/{pageId}`,
      operationId: `get${name}PageById`,
      summary: `A page of ${where} content, with its Markdown and its child pages`,
      query: pageReadQuery,
      responses: { 200: { description: "The page", schema: PageJson } },
      handler({ params }, ctx) {
        const at = resolve(ctx, p(params));
        const page = requirePage(ctx, at, p(params).pageId!);
        const subtree = pagesOf(ctx.store, at.revisionId);
        const children = renderPageTree(
          at.scope,
          subtree.filter((row) => row.path.startsWith(`${page.path}/`)),
          page.id,
        );
        return json(200, renderPage(at.scope, page, children));
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/content/page/{pageId}/links`,
      operationId: `list${name}PageLinks`,
      summary: `The links written on a page of ${where} content, with their stats`,
      query: linksQuery,
      responses: { 200: { description: "A page of links", schema: LinkList } },
      handler({ params, query }, ctx) {
        const at = resolve(ctx, p(params));
        const page = requirePage(ctx, at, p(params).pageId!);
        const links = linksOfContent(ctx, at).filter((l) => l.sources.includes(page.id));
        const onPage = links.map((l) => ({ ...l, sources: [page.id] }));
        return json(200, linkAnswer(at, onPage, query, brokenInChangeRequests(ctx, at, onPage)));
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/content/files`,
      operationId: `list${name}Files`,
      summary: `The files of ${where} content`,
      query: pageQuery.extend(contentQuery.shape),
      responses: { 200: { description: "A page of files", schema: FileList } },
      handler({ params, query }, ctx) {
        const at = resolve(ctx, p(params));
        const page = slicePage(pageOf(query), filesOf(ctx.store, at.revisionId));
        return json(200, {
          ...page,
          items: page.items.map((f) => renderFile(at.scope, at.revisionId, f)),
        });
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/content/files/{fileId}`,
      operationId: `get${name}FileById`,
      summary: `A file of ${where} content`,
      query: contentQuery,
      responses: { 200: { description: "The file", schema: FileJson } },
      handler({ params }, ctx) {
        const at = resolve(ctx, p(params));
        const file = findFile(ctx.store, at.revisionId, p(params).fileId!);
        if (file === undefined)
          throw notFound(`file ${p(params).fileId} in revision ${at.revisionId}`);
        return json(200, renderFile(at.scope, at.revisionId, file));
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/content/files/{fileId}/backlinks`,
      operationId: `list${name}FileBacklinks`,
      summary: `The pages of ${where} content that link a file`,
      query: pageQuery,
      responses: { 200: { description: "A page of backlinks", schema: BacklinkList } },
      handler({ params, query }, ctx) {
        const at = resolve(ctx, p(params));
        const fileId = p(params).fileId!;
        if (findFile(ctx.store, at.revisionId, fileId) === undefined)
          throw notFound(`file ${fileId} in revision ${at.revisionId}`);
        const link = linksOfContent(ctx, at).find(
          (l) => l.target.kind === "file" && l.target.file === fileId,
        );
        const items = (link?.sources ?? []).map((page) => ({
          kind: "page" as const,
          organization: at.space.organizationId,
          space: at.space.id,
          versionContext: { type: "revision" as const, revision: at.revisionId },
          page,
          file: fileId,
        }));
        return json(200, slicePage(pageOf(query), items));
      },
    }),
  ];
}

/**
 * `stats.broken.changeRequest` of a space's links: the broken links that the space's open and
 * draft change requests hold and its own content does not.
 */
function brokenInOpenChangeRequests(ctx: ApiContext, at: ContentAt): number {
  const key = (l: RevisionLink) => JSON.stringify(l.target);
  const ownBroken = new Set(
    linksOfContent(ctx, at)
      .filter((l) => l.status === "broken")
      .map(key),
  );
  const elsewhere = new Set<string>();
  for (const cr of activeChangeRequests(ctx.store, at.space.id))
    for (const link of linksOfContent(ctx, { ...at, revisionId: cr.revision }))
      if (link.status === "broken" && !ownBroken.has(key(link))) elsewhere.add(key(link));
  return elsewhere.size;
}

/** §4.4's links of a space and §4.5's content reads of its current revision. */
export const spaceContentRoutes = [
  ...contentRoutes("/spaces/{spaceId}", "Space", spaceContent, brokenInOpenChangeRequests),
  apiRoute({
    method: "get",
    path: "/spaces/{spaceId}/links",
    operationId: "listSpaceLinks",
    summary: "The links written in the space's content, with their stats",
    query: linksQuery,
    responses: { 200: { description: "A page of links", schema: LinkList } },
    handler({ params, query }, ctx) {
      const at = spaceContent(ctx, params);
      const links = linksOfContent(ctx, at);
      return json(200, linkAnswer(at, links, query, brokenInOpenChangeRequests(ctx, at)));
    },
  }),
];
