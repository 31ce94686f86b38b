import type { Store } from "./index";
import { Table, all, boolean, json, one, text, type Raw, type RowIn } from "./sql";

/** A redirect's destination as kept: the hosted `SiteRedirectDestination`, stored as JSON. */
export type RedirectDestination =
  | { kind: "site-section"; siteSectionId: string }
  | { kind: "site-space"; siteSpaceId: string }
  | { kind: "site-page"; siteSpaceId: string; pageId: string }
  | { kind: "external"; url: string };

export type RedirectRow = RowIn<typeof redirects>;

/**
 * Site redirects (docs/api-decisions.md, "Site redirects and visitor authentication"): a source
 * path is unique among a site's live redirects, and among its drafts.
 */
const redirects = new Table(
  "site_redirects",
  {
    id: text("PRIMARY KEY"),
    siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
    source: text("NOT NULL"),
    draft: boolean("NOT NULL DEFAULT 0"),
    captureWildcard: boolean("NOT NULL DEFAULT 0"),
    permanent: boolean("NOT NULL DEFAULT 0"),
    destination: json("NOT NULL").of<RedirectDestination>(),
    createdAt: text("NOT NULL"),
    updatedAt: text(),
  },
  { uniqueIndexes: { site_redirects_source: "(site_id, draft, source)" } },
);

/** The family's tables, created at every open. */
export const siteRedirectsTables = [redirects];

export type RedirectOrder = "createdAt" | "updatedAt" | "source";

const ORDER: Record<RedirectOrder, string> = {
  createdAt: "created_at DESC, rowid DESC",
  updatedAt: "COALESCE(updated_at, created_at) DESC, rowid DESC",
  source: "source, rowid",
};

export interface RedirectFilter {
  draft: boolean;
  /** A substring of the source path. */
  search?: string;
  orderBy: RedirectOrder;
}

/** One page of a site's redirects, and how many match in all. */
export function listRedirects(
  store: Store,
  siteId: string,
  filter: RedirectFilter,
  page: { limit: number; offset: number },
): { rows: RedirectRow[]; count: number } {
  if (filter.search === undefined)
    return redirects.list(store, { siteId, draft: filter.draft }, ORDER[filter.orderBy], page);
  // A substring match is not an equality filter: the map's columns, SQL of our own.
  const where = "site_id = ? AND draft = ? AND instr(source, ?) > 0";
  const args = [siteId, filter.draft ? 1 : 0, filter.search] as const;
  const count = one<{ n: number }>(
    store,
    `SELECT COUNT(*) AS n FROM site_redirects WHERE ${where}`,
    ...args,
  )!.n;
  const rows = all<Raw>(
    store,
    `${redirects.select} WHERE ${where} ORDER BY ${ORDER[filter.orderBy]} LIMIT ? OFFSET ?`,
    ...args,
    page.limit,
    page.offset,
  ).map((raw) => redirects.decode(raw));
  return { rows, count };
}

export function findRedirect(store: Store, siteId: string, id: string) {
  return redirects.find(store, { siteId, id });
}

export function redirectBySource(store: Store, siteId: string, source: string, draft: boolean) {
  return redirects.find(store, { siteId, source, draft });
}

/** What a redirect is written with: its settings, and any optional column of the map. */
export type RedirectFields = Pick<
  RedirectRow,
  "source" | "draft" | "captureWildcard" | "permanent" | "destination"
> &
  Partial<Omit<RedirectRow, "id" | "siteId" | "createdAt" | "updatedAt">>;

export function insertRedirect(store: Store, siteId: string, fields: RedirectFields): RedirectRow {
  const row = { id: store.newId(), siteId, ...fields, createdAt: store.now(), updatedAt: null };
  return redirects.insert(store, row);
}

export function updateRedirect(
  store: Store,
  row: RedirectRow,
  patch: Partial<RedirectFields>,
): RedirectRow {
  redirects.update(store, { id: row.id }, { ...patch, updatedAt: store.now() });
  return findRedirect(store, row.siteId, row.id)!;
}

export function deleteRedirect(store: Store, id: string): void {
  redirects.delete(store, { id });
}
