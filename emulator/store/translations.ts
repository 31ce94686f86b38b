import type { FamilyHooks, SpacesTransferred } from "../hooks";
import type { Store } from "./index";
import { placeholders, type Raw, str, strOrNull } from "./sql";
import { copyRevision, pagesOf } from "./content";
import { copySpaceInto, findSpace, insertSpace } from "./spaces";

/**
 * Translations of spaces (§2.12, §4.14). `generation` counts runs: a run that a newer one
 * superseded writes nothing. A completed run leaves its result in `result_space_id`, a space of
 * the organization, copied again (with a new revision) by every later run.
 */
export const translationsSchema = `
CREATE TABLE IF NOT EXISTS translations (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  source_space_id TEXT NOT NULL,
  source_language TEXT NOT NULL,
  language TEXT NOT NULL,
  instructions TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  generation INTEGER NOT NULL DEFAULT 1,
  run_started_at TEXT,
  result_space_id TEXT,
  result_revision TEXT,
  runs INTEGER NOT NULL DEFAULT 0,
  total_words INTEGER NOT NULL DEFAULT 0,
  total_pages INTEGER NOT NULL DEFAULT 0,
  total_duration INTEGER NOT NULL DEFAULT 0,
  latest_run_duration INTEGER NOT NULL DEFAULT 0,
  latest_pages INTEGER NOT NULL DEFAULT 0,
  latest_words INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;

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

function toTranslation(r: Raw): TranslationRow {
  return {
    id: str(r.id),
    organizationId: str(r.organization_id),
    sourceSpaceId: str(r.source_space_id),
    sourceLanguage: str(r.source_language),
    language: str(r.language),
    instructions: JSON.parse(str(r.instructions)) as unknown,
    status: str(r.status) as TranslationStatus,
    generation: Number(r.generation),
    result:
      r.result_space_id === null
        ? null
        : { space: str(r.result_space_id), revision: str(r.result_revision) },
    stats: {
      runs: Number(r.runs),
      totalWords: Number(r.total_words),
      totalPages: Number(r.total_pages),
      totalDuration: Number(r.total_duration),
      latestRunDuration: Number(r.latest_run_duration),
      latestPages: Number(r.latest_pages),
      latestWords: Number(r.latest_words),
    },
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
  };
}

export function findTranslation(store: Store, organizationId: string, id: string) {
  const row = store
    .statement("SELECT * FROM translations WHERE id = ? AND organization_id = ?")
    .get(id, organizationId) as Raw | undefined;
  return row === undefined ? undefined : toTranslation(row);
}

export function listTranslations(store: Store, organizationId: string): TranslationRow[] {
  return (
    store
      .statement("SELECT * FROM translations WHERE organization_id = ? ORDER BY created_at, rowid")
      .all(organizationId) as Raw[]
  ).map(toTranslation);
}

/** Translations whose run had not finished: what a restarted emulator runs again. */
export function unfinishedTranslations(store: Store): TranslationRow[] {
  return (
    store.statement("SELECT * FROM translations WHERE status <> 'completed'").all() as Raw[]
  ).map(toTranslation);
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
  const id = store.newId();
  const now = store.now();
  store
    .statement(
      `INSERT INTO translations (id, organization_id, source_space_id, source_language, language,
         instructions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      organizationId,
      fields.sourceSpaceId,
      fields.sourceLanguage,
      fields.language,
      JSON.stringify(fields.instructions),
      now,
      now,
    );
  return findTranslation(store, organizationId, id)!;
}

export function setInstructions(store: Store, row: TranslationRow, instructions: unknown) {
  store
    .statement("UPDATE translations SET instructions = ?, updated_at = ? WHERE id = ?")
    .run(JSON.stringify(instructions), store.now(), row.id);
  return findTranslation(store, row.organizationId, row.id)!;
}

/** Asks for a new run: back to `pending`, superseding any run in flight. */
export function requestRun(store: Store, row: TranslationRow): TranslationRow {
  store
    .statement(
      `UPDATE translations SET status = 'pending', generation = generation + 1, updated_at = ?
       WHERE id = ?`,
    )
    .run(store.now(), row.id);
  return findTranslation(store, row.organizationId, row.id)!;
}

/** The run of `generation` starts; false when a newer run has replaced it. */
export function startRun(store: Store, id: string, generation: number): boolean {
  const now = store.now();
  const { changes } = store
    .statement(
      `UPDATE translations SET status = 'running', run_started_at = ?, updated_at = ?
       WHERE id = ? AND generation = ?`,
    )
    .run(now, now, id, generation);
  return changes > 0;
}

/** Back to `pending` (a restart found the run unfinished); false when it is no longer current. */
export function resetRun(store: Store, id: string, generation: number): boolean {
  const { changes } = store
    .statement("UPDATE translations SET status = 'pending' WHERE id = ? AND generation = ?")
    .run(id, generation);
  return changes > 0;
}

const words = (text: string) => text.split(/\s+/).filter((w) => w !== "").length;

/**
 * Completes the run of `generation`: the source space copied into the result space (made on
 * the first run, or again if it was deleted), the stats counted. A source space deleted since
 * leaves the result as it was, and the run counts no page. Nothing is written for a superseded run.
 */
export function completeRun(store: Store, id: string, generation: number): void {
  store.transaction(() => {
    const raw = store
      .statement("SELECT * FROM translations WHERE id = ? AND generation = ?")
      .get(id, generation) as Raw | undefined;
    if (raw === undefined || raw.status !== "running") return;
    const row = toTranslation(raw);
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
      // The "translation" is a copy: the emulator translates no text. Its pages and the words of
      // their titles and Markdown are what a run counts.
      copySpaceInto(store, target.id, live, row.language);
      const source = pagesOf(store, live.revision);
      result = { space: target.id, revision: copyRevision(store, live.revision, target.id) };
      pages = source.length;
      counted = source.reduce((sum, page) => sum + words(page.title) + words(page.markdown), 0);
    }
    const now = store.now();
    const started = strOrNull(raw.run_started_at) ?? now;
    const duration = Math.max(0, Math.round((Date.parse(now) - Date.parse(started)) / 1000));
    store
      .statement(
        `UPDATE translations SET status = 'completed', result_space_id = ?, result_revision = ?,
           runs = runs + 1, total_words = total_words + ?, total_pages = MAX(total_pages, ?),
           total_duration = total_duration + ?, latest_run_duration = ?, latest_pages = ?,
           latest_words = ?, updated_at = ? WHERE id = ?`,
      )
      .run(
        result?.space ?? null,
        result?.revision ?? null,
        counted,
        pages,
        duration,
        duration,
        pages,
        counted,
        now,
        id,
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
  store.statement("DELETE FROM translations WHERE id = ?").run(id);
}

/**
 * A translation writes only into its own organization: a result space transferred away is
 * forgotten (the next run makes a new one), and a source transferred away is read no more
 * (`completeRun` checks the organization of both).
 */
export const translationHooks: FamilyHooks = { spacesTransferred: forgetResultsMovedTo };
