import type { Store } from "./index";
import { Table, all, json, text, type Raw, type RowIn } from "./sql";

/**
 * The translation glossary of an organization (docs/api-decisions.md, "Translation glossary"):
 * entries, each a map from language to the term in that language.
 */
const entries = new Table(
  "glossary_entries",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    translations: json("NOT NULL").of<GlossaryTerms>(),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
  },
  { indexes: { glossary_entries_by_organization: "(organization_id, created_at)" } },
);

/** The family's tables, created at every open. */
export const glossaryTables = [entries];

/** Language code to term. */
export type GlossaryTerms = Record<string, string>;

export type GlossaryEntryRow = RowIn<typeof entries>;

/** One batch operation of the PUT, as the route has checked it. */
export type GlossaryOperation =
  | { type: "insert"; translations: GlossaryTerms }
  | { type: "update"; id: string; translations: GlossaryTerms }
  | { type: "delete"; id: string };

export function findGlossaryEntry(store: Store, organizationId: string, id: string) {
  return entries.find(store, { id, organizationId });
}

/**
 * One page of the glossary: in creation order, or by the term in `orderBy` (entries without a
 * term in that language last, then in creation order), case-insensitively.
 */
export function listGlossary(
  store: Store,
  organizationId: string,
  page: { limit: number; offset: number },
  orderBy?: string,
): { rows: GlossaryEntryRow[]; count: number } {
  if (orderBy === undefined)
    return entries.list(store, { organizationId }, "created_at, rowid", page);
  // The language is a JSON path: bound as a parameter, never spliced into the SQL.
  const term = "json_extract(translations, ?)";
  const rows = all<Raw>(
    store,
    `${entries.select} WHERE organization_id = ?
     ORDER BY ${term} IS NULL, ${term} COLLATE NOCASE, created_at, rowid LIMIT ? OFFSET ?`,
    organizationId,
    `$."${orderBy}"`,
    `$."${orderBy}"`,
    page.limit,
    page.offset,
  );
  return {
    rows: rows.map((r) => entries.decode(r)),
    count: entries.count(store, { organizationId }),
  };
}

/** Every entry of an organization, in creation order: what a translation run applies. */
export function glossaryOf(store: Store, organizationId: string): GlossaryEntryRow[] {
  return entries.list(store, { organizationId }, "created_at, rowid", { limit: -1, offset: 0 })
    .rows;
}

export function countGlossary(store: Store, organizationId: string): number {
  return entries.count(store, { organizationId });
}

/**
 * Applies a batch in order, in the caller's transaction. Answers the index of the first
 * `update` whose id is not an entry of the organization (nothing is then kept: the caller's
 * transaction rolls back); a `delete` of an absent id is no change, as a DELETE of one is.
 */
export function applyGlossaryOperations(
  store: Store,
  organizationId: string,
  operations: readonly GlossaryOperation[],
): { unknownUpdate?: number } {
  for (const [i, op] of operations.entries()) {
    const now = store.now();
    if (op.type === "insert") {
      entries.insert(store, {
        id: store.newId(),
        organizationId,
        translations: op.translations,
        createdAt: now,
        updatedAt: now,
      });
    } else if (op.type === "update") {
      if (entries.count(store, { id: op.id, organizationId }) === 0) return { unknownUpdate: i };
      entries.update(
        store,
        { id: op.id, organizationId },
        { translations: op.translations, updatedAt: now },
      );
    } else {
      entries.delete(store, { id: op.id, organizationId });
    }
  }
  return {};
}
