import type { FamilyHooks, SpacesTransferred } from "../hooks";
import type { Store } from "./index";
import { Table, all, integer, json, placeholders, text, type Raw, type RowIn } from "./sql";
import { copyRevision, pagesOf } from "./content";
import { copySpaceInto, findSpace, insertSpace } from "./spaces";
import { glossaryOf } from "./translation-glossary";
import { glossaryRewriter } from "../translation-glossary-terms";

/**
 * Translations of spaces (§2.12, §4.14). `generation` counts runs: a run that a newer one
 * superseded writes nothing. A completed run leaves its result in `result_space_id`, a space of
 * the organization, copied again (with a new revision) by every later run.
 */
const translations = new Table("translations", {
  id: text("PRIMARY KEY"),
  organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
  sourceSpaceId: text("NOT NULL"),
  sourceLanguage: text("NOT NULL"),
  language: text("NOT NULL"),
  /** The instructions document, as JSON text. */
  instructions: json("NOT NULL").of<unknown>(),
  status: text("NOT NULL DEFAULT 'pending'").of<TranslationStatus>(),
  generation: integer("NOT NULL DEFAULT 1"),
  runStartedAt: text(),
  resultSpaceId: text(),
  resultRevision: text(),
  runs: integer("NOT NULL DEFAULT 0"),
  totalWords: integer("NOT NULL DEFAULT 0"),
  totalPages: integer("NOT NULL DEFAULT 0"),
  totalDuration: integer("NOT NULL DEFAULT 0"),
  latestRunDuration: integer("NOT NULL DEFAULT 0"),
  latestPages: integer("NOT NULL DEFAULT 0"),
  latestWords: integer("NOT NULL DEFAULT 0"),
  createdAt: text("NOT NULL"),
  updatedAt: text("NOT NULL"),
});

/** The family's tables, created at every open. */
export const translationsTables = [translations];

export type TranslationStatus = "pending" | "running" | "completed";

export interface TranslationStats {
  runs: number;
  totalWords: number;
  totalPages: number;
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

export interface TranslationRow {
  id: string;
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: string;
  language: string;
  /** The instructions document, as JSON text. */
  instructions: unknown;
  status: TranslationStatus;
  generation: number;
  result: { space: string; revision: string } | null;
  stats: TranslationStats;
  createdAt: string;
  updatedAt: string;
}

/** A translation as its table keeps it: its result and its stats in columns of their own. */
type TranslationRecord = RowIn<typeof translations>;

/** A translation's record with its result and its stats gathered. */
function toTranslation(r: TranslationRecord): TranslationRow {
  return {
    id: r.id,
    organizationId: r.organizationId,
    sourceSpaceId: r.sourceSpaceId,
    sourceLanguage: r.sourceLanguage,
    language: r.language,
    instructions: r.instructions,
    status: r.status,
    generation: r.generation,
    result:
      r.resultSpaceId === null ? null : { space: r.resultSpaceId, revision: r.resultRevision! },
    stats: {
      runs: r.runs,
      totalWords: r.totalWords,
      totalPages: r.totalPages,
      totalDuration: r.totalDuration,
      latestRunDuration: r.latestRunDuration,
      latestPages: r.latestPages,
      latestWords: r.latestWords,
    },
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function findTranslation(store: Store, organizationId: string, id: string) {
  const row = translations.find(store, { id, organizationId });
  return row && toTranslation(row);
}

export function listTranslations(store: Store, organizationId: string): TranslationRow[] {
  const page = { limit: -1, offset: 0 };
  return translations
    .list(store, { organizationId }, "created_at, rowid", page)
    .rows.map(toTranslation);
}

/** Translations whose run had not finished: what a restarted emulator runs again. */
export function unfinishedTranslations(store: Store): TranslationRow[] {
  return all<Raw>(store, `${translations.select} WHERE status <> 'completed'`).map((row) =>
    toTranslation(translations.decode(row)),
  );
}

export function insertTranslation(
  store: Store,
  organizationId: string,
  fields: {
    sourceSpaceId: string;
    sourceLanguage: string;
    language: string;
    instructions: unknown;
  },
): TranslationRow {
  const now = store.now();
  return toTranslation(
    translations.insert(store, {
      ...fields,
      id: store.newId(),
      organizationId,
      createdAt: now,
      updatedAt: now,
    }),
  );
}

export function setInstructions(store: Store, row: TranslationRow, instructions: unknown) {
  translations.update(store, { id: row.id }, { instructions, updatedAt: store.now() });
  return findTranslation(store, row.organizationId, row.id)!;
}

/** Asks for a new run: back to `pending`, superseding any run in flight. */
export function requestRun(store: Store, row: TranslationRow): TranslationRow {
  const { generation } = translations.find(store, { id: row.id })!;
  translations.update(
    store,
    { id: row.id },
    { status: "pending", generation: generation + 1, updatedAt: store.now() },
  );
  return findTranslation(store, row.organizationId, row.id)!;
}

/** The run of `generation` starts; false when a newer run has replaced it. */
export function startRun(store: Store, id: string, generation: number): boolean {
  const now = store.now();
  if (translations.count(store, { id, generation }) === 0) return false;
  translations.update(
    store,
    { id, generation },
    { status: "running", runStartedAt: now, updatedAt: now },
  );
  return true;
}

/** Back to `pending` (a restart found the run unfinished); false when it is no longer current. */
export function resetRun(store: Store, id: string, generation: number): boolean {
  if (translations.count(store, { id, generation }) === 0) return false;
  translations.update(store, { id, generation }, { status: "pending" });
  return true;
}

const words = (text: string) => text.split(/\s+/).filter((w) => w !== "").length;

/**
 * Completes the run of `generation`: the source space copied into the result space (made on
 * the first run, or again if it was deleted), the stats counted. A source space deleted since
 * leaves the result as it was, and the run counts no page. Nothing is written for a superseded run.
 */
export function completeRun(store: Store, id: string, generation: number): void {
  store.transaction(() => {
    const record = translations.find(store, { id, generation });
    if (record === undefined || record.status !== "running") return;
    const row = toTranslation(record);
    // A run reads and writes only spaces of its own organization: a source moved to another one
    // is as good as deleted, and a result moved away (whose link a transfer cuts) is never written.
    const source = findSpace(store, row.sourceSpaceId);
    const live =
      source !== undefined &&
      source.deletedAt === null &&
      source.organizationId === row.organizationId
        ? source
        : undefined;
    let result = row.result;
    let pages = 0;
    let counted = 0;
    const previous = result && findSpace(store, result.space);
    // A locked result space changes only by merge: the run leaves it as it was.
    const locked = previous?.deletedAt === null && previous.editMode === "locked";
    if (live !== undefined && !locked) {
      const target =
        previous && previous.deletedAt === null && previous.organizationId === row.organizationId
          ? previous
          : insertSpace(store, row.organizationId, { parentId: live.parentId });
      // The "translation" is a copy: the emulator translates no text but the glossary's terms.
      // Its pages and the words of their titles and Markdown are what a run counts.
      copySpaceInto(store, target.id, live, row.language);
      const source = pagesOf(store, live.revision);
      const glossary = glossaryOf(store, row.organizationId).map((e) => e.translations);
      const rewrite = glossaryRewriter(glossary, row.sourceLanguage, row.language);
      result = {
        space: target.id,
        revision: copyRevision(store, live.revision, target.id, rewrite),
      };
      pages = source.length;
      counted = source.reduce((sum, page) => sum + words(page.title) + words(page.markdown), 0);
    }
    const now = store.now();
    const started = record.runStartedAt ?? now;
    const duration = Math.max(0, Math.round((Date.parse(now) - Date.parse(started)) / 1000));
    translations.update(
      store,
      { id },
      {
        status: "completed",
        resultSpaceId: result?.space ?? null,
        resultRevision: result?.revision ?? null,
        runs: record.runs + 1,
        totalWords: record.totalWords + counted,
        totalPages: Math.max(record.totalPages, pages),
        totalDuration: record.totalDuration + duration,
        latestRunDuration: duration,
        latestPages: pages,
        latestWords: counted,
        updatedAt: now,
      },
    );
  });
}

/**
 * Forgets the result of every translation of an organization other than `organizationId` whose
 * result is one of `spaceIds` (they now belong to `organizationId`): its next run makes a new one.
 */
export const forgetResultsMovedTo: SpacesTransferred = (store, spaceIds, organizationId) => {
  store
    .statement(
      `UPDATE translations SET result_space_id = NULL, result_revision = NULL, updated_at = ?
       WHERE result_space_id IN (${placeholders(spaceIds)}) AND organization_id <> ?`,
    )
    .run(store.now(), ...spaceIds, organizationId);
};

export function deleteTranslation(store: Store, id: string): void {
  translations.delete(store, { id });
}

/**
 * A translation writes only into its own organization: a result space transferred away is
 * forgotten (the next run makes a new one), and a source transferred away is read no more
 * (`completeRun` checks the organization of both).
 */
export const translationHooks: FamilyHooks = { spacesTransferred: forgetResultsMovedTo };
