import type { Store } from "./index";
import { type Raw, str, strOrNull } from "./sql";

/**
 * OpenAPI specs and their versions (§2.12, §4.13). A spec's source is a URL or inline text;
 * `generation` counts its changes of source, so the processing of an older source never
 * overwrites a newer one. A version holds what processing produced: the fetched or given text.
 */
export const openApiSpecsSchema = `
CREATE TABLE IF NOT EXISTS openapi_specs (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  visibility TEXT NOT NULL DEFAULT 'private',
  source_url TEXT,
  source_text TEXT,
  generation INTEGER NOT NULL DEFAULT 1,
  processing_state TEXT NOT NULL DEFAULT 'pending',
  last_version TEXT,
  last_processed_at TEXT,
  last_process_error_code TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (organization_id, slug)
);
CREATE TABLE IF NOT EXISTS openapi_spec_versions (
  id TEXT PRIMARY KEY,
  spec_id TEXT NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE,
  source_url TEXT,
  text TEXT NOT NULL,
  format TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS openapi_spec_versions_by_spec ON openapi_spec_versions(spec_id, created_at);
`;

export type ProcessingState = "pending" | "progress" | "complete";
export type ProcessErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";
export type SpecFormat = "json" | "yaml";

/** Where a spec's content comes from (GAPS.md: `{ url }` or `{ text }`). */
export type SpecSource = { url: string } | { text: string };

export interface OpenApiSpecRow {
  id: string;
  organizationId: string;
  slug: string;
  visibility: "private" | "public";
  source: SpecSource;
  generation: number;
  processingState: ProcessingState;
  lastVersion: string | null;
  lastProcessedAt: string | null;
  lastProcessErrorCode: ProcessErrorCode | null;
  createdAt: string;
  updatedAt: string;
}

export interface SpecVersionRow {
  id: string;
  specId: string;
  /** The URL it was fetched from; null for a version made from inline text. */
  sourceUrl: string | null;
  text: string;
  format: SpecFormat;
  createdAt: string;
}

function toSpec(r: Raw): OpenApiSpecRow {
  return {
    id: str(r.id),
    organizationId: str(r.organization_id),
    slug: str(r.slug),
    visibility: str(r.visibility) as OpenApiSpecRow["visibility"],
    source: r.source_url !== null ? { url: str(r.source_url) } : { text: str(r.source_text) },
    generation: Number(r.generation),
    processingState: str(r.processing_state) as ProcessingState,
    lastVersion: strOrNull(r.last_version),
    lastProcessedAt: strOrNull(r.last_processed_at),
    lastProcessErrorCode: strOrNull(r.last_process_error_code) as ProcessErrorCode | null,
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
  };
}

function toVersion(r: Raw): SpecVersionRow {
  return {
    id: str(r.id),
    specId: str(r.spec_id),
    sourceUrl: strOrNull(r.source_url),
    text: str(r.text),
    format: str(r.format) as SpecFormat,
    createdAt: str(r.created_at),
  };
}

const sourceColumns = (source: SpecSource) =>
  "url" in source ? [source.url, null] : [null, source.text];

export function findSpecBySlug(store: Store, organizationId: string, slug: string) {
  const row = store
    .statement("SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ?")
    .get(organizationId, slug) as Raw | undefined;
  return row === undefined ? undefined : toSpec(row);
}

export function findSpec(store: Store, id: string) {
  const row = store.statement("SELECT * FROM openapi_specs WHERE id = ?").get(id) as
    Raw | undefined;
  return row === undefined ? undefined : toSpec(row);
}

export function listSpecs(store: Store, organizationId: string): OpenApiSpecRow[] {
  return (
    store
      .statement("SELECT * FROM openapi_specs WHERE organization_id = ? ORDER BY created_at, rowid")
      .all(organizationId) as Raw[]
  ).map(toSpec);
}

/** Specs whose processing had not finished: what a restarted emulator picks up. */
export function unfinishedSpecs(store: Store): OpenApiSpecRow[] {
  return (
    store
      .statement("SELECT * FROM openapi_specs WHERE processing_state <> 'complete'")
      .all() as Raw[]
  ).map(toSpec);
}

export function insertSpec(
  store: Store,
  organizationId: string,
  slug: string,
  source: SpecSource,
): OpenApiSpecRow {
  const now = store.now();
  const id = store.newId();
  store
    .statement(
      `INSERT INTO openapi_specs (id, organization_id, slug, source_url, source_text, created_at,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, organizationId, slug, ...sourceColumns(source), now, now);
  return findSpec(store, id)!;
}

/** A new source: processing starts over for it, and an older one's result will be dropped. */
export function replaceSpecSource(store: Store, id: string, source: SpecSource): OpenApiSpecRow {
  store
    .statement(
      `UPDATE openapi_specs SET source_url = ?, source_text = ?, generation = generation + 1,
         processing_state = 'pending', updated_at = ? WHERE id = ?`,
    )
    .run(...sourceColumns(source), store.now(), id);
  return findSpec(store, id)!;
}

export function setSpecVisibility(store: Store, id: string, visibility: string): OpenApiSpecRow {
  store
    .statement("UPDATE openapi_specs SET visibility = ?, updated_at = ? WHERE id = ?")
    .run(visibility, store.now(), id);
  return findSpec(store, id)!;
}

/** Moves the processing of `generation` to `state`; false when that generation is no longer current. */
export function setProcessingState(
  store: Store,
  id: string,
  generation: number,
  state: ProcessingState,
): boolean {
  const { changes } = store
    .statement("UPDATE openapi_specs SET processing_state = ? WHERE id = ? AND generation = ?")
    .run(state, id, generation);
  return changes > 0;
}

/**
 * Ends the processing of `generation`: a new version that becomes the latest, or an error code
 * with the last version kept. Nothing is written when a newer source has replaced it.
 */
export function finishProcessing(
  store: Store,
  id: string,
  generation: number,
  outcome:
    { version: Omit<SpecVersionRow, "id" | "specId" | "createdAt"> } | { error: ProcessErrorCode },
): void {
  store.transaction(() => {
    const spec = findSpec(store, id);
    if (spec === undefined || spec.generation !== generation) return;
    const now = store.now();
    let lastVersion = spec.lastVersion;
    if ("version" in outcome) {
      lastVersion = store.newId();
      const { sourceUrl, text, format } = outcome.version;
      store
        .statement(
          `INSERT INTO openapi_spec_versions (id, spec_id, source_url, text, format, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(lastVersion, id, sourceUrl, text, format, now);
    }
    store
      .statement(
        `UPDATE openapi_specs SET processing_state = 'complete', last_version = ?,
           last_processed_at = ?, last_process_error_code = ?, updated_at = ? WHERE id = ?`,
      )
      .run(lastVersion, now, "error" in outcome ? outcome.error : null, now, id);
  });
}

export function deleteSpec(store: Store, id: string): void {
  store.statement("DELETE FROM openapi_specs WHERE id = ?").run(id);
}

/** A spec's versions, newest first. */
export function listSpecVersions(store: Store, specId: string): SpecVersionRow[] {
  return (
    store
      .statement(
        "SELECT * FROM openapi_spec_versions WHERE spec_id = ? ORDER BY created_at DESC, rowid DESC",
      )
      .all(specId) as Raw[]
  ).map(toVersion);
}

export function findSpecVersion(store: Store, specId: string, versionId: string) {
  const row = store
    .statement("SELECT * FROM openapi_spec_versions WHERE spec_id = ? AND id = ?")
    .get(specId, versionId) as Raw | undefined;
  return row === undefined ? undefined : toVersion(row);
}
