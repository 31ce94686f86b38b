import { z } from "zod";
import type { PageRow } from "../store/content";
import { contentAppUrl, type ContentScope } from "./content";
import { listOf, named, url } from "./common";
import type { Section } from "../markdown";

/**
 * Search hits (§2.11; fields the API document leaves out, `score`, `rank`, `resultType`,
 * `description` and `ancestors`, from the hosted service's SearchPageResult, SearchSectionResult
 * and SearchSpaceResult).
 */

const score = z.number().min(0);

export const SearchSectionJson = named(
  "SearchSectionResult",
  z.strictObject({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    score,
    resultType: z.enum(["page", "section"]),
    body: z.string(),
    urls: z.strictObject({ app: url }),
  }),
);

export const SearchPageJson = named(
  "SearchPageResult",
  z.strictObject({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    path: z.string(),
    score,
    rank: z.number().int().min(1),
    resultType: z.enum(["page", "section"]),
    sections: z.array(SearchSectionJson),
    ancestors: z.array(z.strictObject({ title: z.string() })),
    urls: z.strictObject({ app: url }),
  }),
);
export type SearchPageJson = z.input<typeof SearchPageJson>;

export const SearchSpaceJson = named(
  "SearchSpaceResult",
  z.strictObject({
    type: z.literal("space"),
    id: z.string(),
    title: z.string(),
    score,
    pages: z.array(SearchPageJson),
  }),
);

export const SearchPageList = listOf("SearchPageResultList", SearchPageJson);
export const SearchSpaceList = listOf("SearchSpaceResultList", SearchSpaceJson);

/** A section of a hit: how well it matched, and the excerpt of its body shown. */
export interface SectionHit {
  section: Section;
  score: number;
  /** Whether it matched the words, or stands for a page matched on its title alone. */
  matched: boolean;
  body: string;
}

/** A page found by search, with what the route worked out about it. */
export interface PageHit {
  scope: ContentScope;
  page: PageRow;
  score: number;
  rank: number;
  ancestors: readonly PageRow[];
  sections: readonly SectionHit[];
}

/** A section's place: the page's own for the text before its first heading, else its anchor. */
function sectionPlace(page: PageRow, anchor: string) {
  return anchor === ""
    ? { id: page.id, path: page.path }
    : { id: `${page.id}#${anchor}`, path: `${page.path}#${anchor}` };
}

export function renderPageHit(hit: PageHit): SearchPageJson {
  const pageUrl = `${contentAppUrl(hit.scope)}/${hit.page.path}`;
  return {
    id: hit.page.id,
    title: hit.page.title,
    description: hit.page.description ?? "",
    path: hit.page.path,
    score: hit.score,
    rank: hit.rank,
    resultType: hit.sections.some((s) => s.matched) ? "section" : "page",
    sections: hit.sections.map(({ section, score, matched, body }) => ({
      ...sectionPlace(hit.page, section.anchor),
      title: section.title,
      score,
      resultType: matched ? "section" : "page",
      body,
      urls: { app: section.anchor === "" ? pageUrl : `${pageUrl}#${section.anchor}` },
    })),
    ancestors: hit.ancestors.map((a) => ({ title: a.title })),
    urls: { app: pageUrl },
  };
}

/** A space's hits, for the organization search: its score is that of its best page. */
export function renderSpaceHit(space: { id: string; title: string }, pages: SearchPageJson[]) {
  return {
    type: "space" as const,
    id: space.id,
    title: space.title,
    score: Math.max(0, ...pages.map((p) => p.score)),
    pages,
  };
}
