import { z } from "zod";
import { apiRoute } from "../context";
import { json } from "../http/route";
import { excerpt, ftsQuery, searchWords, sectionHits, sectionsOf } from "../markdown";
import { envelope, pageOf, pageQuery, type PageRequest } from "../pagination";
import {
  renderPageHit,
  renderSpaceHit,
  SearchPageList,
  SearchSpaceList,
  type PageHit,
  type SearchPageJson,
  type SectionHit,
} from "../render/search";
import { findPage, type PageRow } from "../store/content";
import type { Store } from "../store";
import { searchPages } from "../store/search";
import { spacesOf, type SpaceRow } from "../store/spaces";
import { visibleSpace } from "../access/spaces";

/** §4.2's and §4.5's `query`: required, at most 512 characters. */
const searchQuery = pageQuery.extend({ query: z.string().min(1).max(512) });

/** How many sections a hit carries at most: the best ones, in the page's order. */
const MAX_SECTIONS = 5;

function ancestorsOf(ctx: SearchContext, revisionId: string, page: PageRow): PageRow[] {
  const ancestors: PageRow[] = [];
  for (let id = page.parentId; id !== null;) {
    const parent = findPage(ctx.store, revisionId, id);
    if (parent === undefined) break;
    ancestors.unshift(parent);
    id = parent.parentId;
  }
  return ancestors;
}

/**
 * The sections a hit carries (§2.11): those holding a word of the query, best first then in the
 * page's order, each scored by the share of the words it holds. A page found by its title alone
 * carries its first section, marked `resultType: page`.
 */
function sectionsFor(page: PageRow, score: number, words: readonly string[]): SectionHit[] {
  const sections = sectionsOf(page.title, page.markdown);
  const matched = sections
    .map((section, order) => ({ section, order, hits: sectionHits(section, words) }))
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.order - b.order)
    .slice(0, MAX_SECTIONS)
    .sort((a, b) => a.order - b.order);
  if (matched.length === 0) {
    const first = sections.find((s) => s.body !== "");
    return first === undefined
      ? []
      : [{ section: first, score: 0, matched: false, body: excerpt(first.body, words) }];
  }
  return matched.map(({ section, hits }) => ({
    section,
    score: (score * hits) / words.length,
    matched: true,
    body: excerpt(section.body, words),
  }));
}

/** What a search reads: the store, and the origin its `urls` start with (a route's or a page's). */
export interface SearchContext {
  store: Store;
  origin: string;
}

/**
 * One page of hits over the current revisions of `spaces`, ranked across all of them (`rank`
 * counts from the first hit of the first page). Nothing searchable in the query finds nothing.
 * The API's routes and the app's search page both answer from it.
 */
export function search(
  ctx: SearchContext,
  spaces: readonly SpaceRow[],
  query: string,
  page: PageRequest,
): { hits: { space: SpaceRow; json: SearchPageJson }[]; count: number } {
  const match = ftsQuery(query);
  if (match === undefined) return { hits: [], count: 0 };
  const words = searchWords(query);
  const byRevision = new Map(spaces.map((s) => [s.revision, s]));
  const { rows, count } = searchPages(ctx.store, [...byRevision.keys()], match, page);
  const hits = rows.map((row, i) => {
    const space = byRevision.get(row.revisionId)!;
    const hit: PageHit = {
      scope: { origin: ctx.origin, organizationId: space.organizationId, spaceId: space.id },
      page: row.page,
      score: row.score,
      rank: page.offset + i + 1,
      ancestors: ancestorsOf(ctx, row.revisionId, row.page),
      sections: sectionsFor(row.page, row.score, words),
    };
    return { space, json: renderPageHit(hit) };
  });
  return { hits, count };
}

/** §4.2's organization search and §4.5's space search, over the spaces' current content. */
export const searchRoutes = [
  apiRoute({
    method: "get",
    path: "/spaces/{spaceId}/search",
    operationId: "searchSpaceContent",
    summary: "Full-text search of the pages of the space's current content",
    query: searchQuery,
    responses: { 200: { description: "A page of hits, best first", schema: SearchPageList } },
    handler({ params, query }, ctx) {
      // A guest reaches no space's content (docs/api-decisions.md).
      const { row } = visibleSpace(ctx, params.spaceId, { minimum: "read" });
      const page = pageOf(query);
      const { hits, count } = search(ctx, [row], query.query, page);
      return json(
        200,
        envelope(
          page,
          hits.map((h) => h.json),
          count,
        ),
      );
    },
  }),

  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/search",
    operationId: "searchOrganizationContent",
    summary:
      "Full-text search of the pages of every live space of the organization, grouped by space",
    query: searchQuery,
    responses: {
      200: {
        description:
          "A page of hits, best first, grouped by space in the order of their best hit; `limit`, `count` and the cursor count pages, not spaces",
        schema: SearchSpaceList,
      },
    },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "read");
      const page = pageOf(query);
      const { hits, count } = search(
        ctx,
        spacesOf(ctx.store, params.organizationId),
        query.query,
        page,
      );
      const list = envelope(page, hits, count);
      const grouped = new Map<string, { space: SpaceRow; pages: SearchPageJson[] }>();
      for (const { space, json: hit } of list.items) {
        const group = grouped.get(space.id) ?? { space, pages: [] };
        group.pages.push(hit);
        grouped.set(space.id, group);
      }
      return json(200, {
        ...list,
        items: [...grouped.values()].map((g) => renderSpaceHit(g.space, g.pages)),
      });
    },
  }),
];
