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
  type LinkJson,
} from "../render/content";
import { filesOf, findFile, findPage, pagesOf } from "../store/content";
import { activeChangeRequests } from "../store/change-requests";
import {
  changeRequestContent,
  spaceContent,
  type ContentAt,
  type ContentResolver,
} from "../access/threads";
import { renderChangeRequestFor } from "../views";

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

/** Which content a set of routes reads: a space's (§4.5) or a change request's (§4.7). */
interface ContentKind {
  prefix: string;
  /** Distinguishes their operation ids: `getSpaceContent`, `getChangeRequestContent`. */
  name: "Space" | "ChangeRequest";
  where: string;
  resolve: ContentResolver;
  /** What `stats.broken.changeRequest` counts. */
  brokenInChangeRequests(ctx: ApiContext, at: ContentAt, links: RevisionLink[]): number;
}

type Params = Record<string, string>;
type Paging = { page?: string; limit?: number };

function revisionOf(kind: ContentKind, ctx: ApiContext, params: Params) {
  const at = kind.resolve(ctx, params);
  const merged =
    at.revision?.type === "merge"
      ? ctx.hooks.revisionMergedFrom(ctx.store, at.space, at.revisionId)
      : undefined;
  return renderRevision(
    at.scope,
    at.revisionId,
    at.revision,
    at.createdAt,
    pagesOf(ctx.store, at.revisionId),
    filesOf(ctx.store, at.revisionId),
    merged && renderChangeRequestFor(ctx, at.space, merged),
  );
}

function pageTreeOf(kind: ContentKind, ctx: ApiContext, params: Params) {
  const at = kind.resolve(ctx, params);
  return { pages: renderPageTree(at.scope, pagesOf(ctx.store, at.revisionId)) };
}

function pageOfContent(kind: ContentKind, ctx: ApiContext, params: Params) {
  const at = kind.resolve(ctx, params);
  const page = requirePage(ctx, at, params.pageId!);
  const subtree = pagesOf(ctx.store, at.revisionId);
  const children = renderPageTree(
    at.scope,
    subtree.filter((row) => row.path.startsWith(`${page.path}/`)),
    page.id,
  );
  return renderPage(at.scope, page, children);
}

function pageLinks(
  kind: ContentKind,
  ctx: ApiContext,
  params: Params,
  query: z.output<typeof linksQuery>,
) {
  const at = kind.resolve(ctx, params);
  const page = requirePage(ctx, at, params.pageId!);
  const links = linksOfContent(ctx, at).filter((l) => l.sources.includes(page.id));
  const onPage = links.map((l) => ({ ...l, sources: [page.id] }));
  return linkAnswer(at, onPage, query, kind.brokenInChangeRequests(ctx, at, onPage));
}

function filesOfContent(kind: ContentKind, ctx: ApiContext, params: Params, query: Paging) {
  const at = kind.resolve(ctx, params);
  const page = slicePage(pageOf(query), filesOf(ctx.store, at.revisionId));
  return { ...page, items: page.items.map((f) => renderFile(at.scope, at.revisionId, f)) };
}

function requireFile(ctx: ApiContext, at: ContentAt, fileId: string) {
  const file = findFile(ctx.store, at.revisionId, fileId);
  if (file === undefined) throw notFound(`file ${fileId} in revision ${at.revisionId}`);
  return file;
}

function fileOfContent(kind: ContentKind, ctx: ApiContext, params: Params) {
  const at = kind.resolve(ctx, params);
  return renderFile(at.scope, at.revisionId, requireFile(ctx, at, params.fileId!));
}

function fileBacklinks(kind: ContentKind, ctx: ApiContext, params: Params, query: Paging) {
  const at = kind.resolve(ctx, params);
  const fileId = requireFile(ctx, at, params.fileId!).id;
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
  return slicePage(pageOf(query), items);
}

/** The content reads of one kind of content: the same operations on a different revision. */
function contentRoutes(kind: ContentKind): Route<ApiContext>[] {
  const { prefix, name, where } = kind;
  const p = (params: unknown) => params as Params;
  return [
    apiRoute({
      method: "get",
      path: `${prefix}/content`,
      operationId: `get${name}Content`,
      summary: `The revision of ${where} content: its page tree and files`,
      query: contentQuery,
      responses: { 200: { description: "The revision", schema: RevisionJson } },
      handler: ({ params }, ctx) => json(200, revisionOf(kind, ctx, p(params))),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/content/pages`,
      operationId: `list${name}Pages`,
      summary: `The page tree of ${where} content`,
      query: contentQuery,
      responses: { 200: { description: "The pages", schema: PagesJson } },
      handler: ({ params }, ctx) => json(200, pageTreeOf(kind, ctx, p(params))),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/content/page/{pageId}`,
      operationId: `get${name}PageById`,
      summary: `A page of ${where} content, with its Markdown and its child pages`,
      query: pageReadQuery,
      responses: { 200: { description: "The page", schema: PageJson } },
      handler: ({ params }, ctx) => json(200, pageOfContent(kind, ctx, p(params))),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/content/page/{pageId}/links`,
      operationId: `list${name}PageLinks`,
      summary: `The links written on a page of ${where} content, with their stats`,
      query: linksQuery,
      responses: { 200: { description: "A page of links", schema: LinkList } },
      handler: ({ params, query }, ctx) => json(200, pageLinks(kind, ctx, p(params), query)),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/content/files`,
      operationId: `list${name}Files`,
      summary: `The files of ${where} content`,
      query: pageQuery.extend(contentQuery.shape),
      responses: { 200: { description: "A page of files", schema: FileList } },
      handler: ({ params, query }, ctx) => json(200, filesOfContent(kind, ctx, p(params), query)),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/content/files/{fileId}`,
      operationId: `get${name}FileById`,
      summary: `A file of ${where} content`,
      query: contentQuery,
      responses: { 200: { description: "The file", schema: FileJson } },
      handler: ({ params }, ctx) => json(200, fileOfContent(kind, ctx, p(params))),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/content/files/{fileId}/backlinks`,
      operationId: `list${name}FileBacklinks`,
      summary: `The pages of ${where} content that link a file`,
      query: pageQuery,
      responses: { 200: { description: "A page of backlinks", schema: BacklinkList } },
      handler: ({ params, query }, ctx) => json(200, fileBacklinks(kind, ctx, p(params), query)),
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
  ...contentRoutes({
    prefix: "/spaces/{spaceId}",
    name: "Space",
    where: "the space's",
    resolve: spaceContent,
    brokenInChangeRequests: brokenInOpenChangeRequests,
  }),
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

/** §4.7's content reads of a change request's own revision. */
export const changeRequestContentRoutes = contentRoutes({
  prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}",
  name: "ChangeRequest",
  where: "the change request's",
  resolve: changeRequestContent,
  brokenInChangeRequests: (_ctx, _at, links) => links.filter((l) => l.status === "broken").length,
});
