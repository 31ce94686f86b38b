import type { PageRow } from "./content";
import type { Store } from "./index";

/**
 * Full-text search (§4.2, §4.5) over the pages of given revisions, in the FTS5 index the content
 * family keeps (`content_search`, one row per page per revision, kept by its triggers). Every
 * revision's pages are indexed; a search names the revisions it reads (the spaces' current ones),
 * so an edited page stops matching as soon as its space moves to the new revision.
 */

/** A page found by search, with its relevance: FTS5's bm25 turned round (higher is better). */
export interface SearchRow {
  revisionId: string;
  score: number;
  page: PageRow;
}

/** How much a word in a page's title weighs against one in its Markdown (bm25's column weights). */
const TITLE_WEIGHT = 5;

/**
 * The pages of `revisionIds` whose title or Markdown holds every word of `match` (an FTS5 query:
 * `markdown.ts`'s `ftsQuery`), best first (ties by path), one page of them and how many match.
 */
export function searchPages(
  store: Store,
  revisionIds: readonly string[],
  match: string,
  page: { limit: number; offset: number },
): { rows: SearchRow[]; count: number } {
  if (revisionIds.length === 0) return { rows: [], count: 0 };
  const from = `FROM content_search JOIN content_pages p ON p.rowid = content_search.rowid
    WHERE content_search MATCH ? AND p.revision_id IN (SELECT value FROM json_each(?))`;
  const ids = JSON.stringify(revisionIds);
  const rows = store
    .statement(
      `SELECT p.revision_id AS revisionId, -bm25(content_search, ${TITLE_WEIGHT}, 1) AS score,
         p.id, p.parent_id AS parentId, p.position, p.title, p.emoji, p.description, p.slug,
         p.path, p.markdown, p.created_at AS createdAt, p.updated_at AS updatedAt
       ${from}
       ORDER BY score DESC, p.path, p.revision_id LIMIT ? OFFSET ?`,
    )
    .all(match, ids, page.limit, page.offset) as unknown as (PageRow & {
    revisionId: string;
    score: number;
  })[];
  const { n } = store.statement(`SELECT COUNT(*) AS n ${from}`).get(match, ids) as { n: number };
  return {
    rows: rows.map(({ revisionId, score, ...p }) => ({
      revisionId,
      // bm25 is at most 0; the API's score is at least 0.
      score: Math.max(0, score),
      page: p,
    })),
    count: n,
  };
}
