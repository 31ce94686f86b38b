import type { Store } from "./index";
import { Table, all, integer, text, type Raw, type RowIn } from "./sql";

/**
 * OpenAPI specs and their versions (§2.12, §4.13). A spec's source is a URL or inline text;
 * `generation` counts its changes of source, so the processing of an older source never
 * overwrites a newer one. A version holds what processing produced: the fetched or given text.
 */
const specs = new Table(
  "openapi_specs",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    slug: text("NOT NULL"),
    visibility: text("NOT NULL DEFAULT 'private'").of<"private" | "public">(),
    /** The source in two columns, one of them null: see {@link OpenApiSpecRow}'s `source`. */
    sourceUrl: text(),
    sourceText: text(),
    generation: integer("NOT NULL DEFAULT 1"),
    processingState: text("NOT NULL DEFAULT 'pending'").of<ProcessingState>(),
    lastVersion: text(),
    lastProcessedAt: text(),
    lastProcessErrorCode: text().of<ProcessErrorCode>(),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
  },
  { constraints: ["UNIQUE (organization_id, slug)"] },
);

const versions = new Table(
  "openapi_spec_versions",
  {
    id: text("PRIMARY KEY"),
    specId: text("NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE"),
    /** The URL it was fetched from; null for a version made from inline text. */
    sourceUrl: text(),
    text: text("NOT NULL"),
    format: text("NOT NULL").of<SpecFormat>(),
    createdAt: text("NOT NULL"),
  },
  { indexes: { openapi_spec_versions_by_spec: "(spec_id, created_at)" } },
);

/** The family's tables, created at every open. */
export const openApiSpecsTables = [specs, versions];

export type ProcessingState = "pending" | "progress" | "complete";
export type ProcessErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";
export type SpecFormat = "json" | "yaml";

/** Where a spec's content comes from (GAPS.md: `{ url }` or `{ text }`). */
export type SpecSource = { url: string } | { text: string };

/** A spec as the family reads it: its source as one value. */
export type OpenApiSpecRow = Omit<SpecRecord, "sourceUrl" | "sourceText"> & { source: SpecSource };

export type SpecVersionRow = RowIn<typeof versions>;

/** A spec as its table keeps it: the source in two columns, one of them null. */
type SpecRecord = RowIn<typeof specs>;

/** A spec's row with its source as one value. */
function toSpec({ sourceUrl, sourceText, ...rest }: SpecRecord): OpenApiSpecRow {
  return { ...rest, source: sourceUrl !== null ? { url: sourceUrl } : { text: sourceText! } };
}

/** A source as the two columns keep it. */
const sourceColumns = (source: SpecSource) =>
  "url" in source
    ? { sourceUrl: source.url, sourceText: null }
    : { sourceUrl: null, sourceText: source.text };

const ALL = { limit: -1, offset: 0 };

export function findSpecBySlug(store: Store, organizationId: string, slug: string) {
  const row = specs.find(store, { organizationId, slug });
  return row && toSpec(row);
}

export function findSpec(store: Store, id: string) {
  const row = specs.find(store, { id });
  return row && toSpec(row);
}

export function listSpecs(store: Store, organizationId: string): OpenApiSpecRow[] {
  return specs.list(store, { organizationId }, "created_at, rowid", ALL).rows.map(toSpec);
}

/** Specs whose processing had not finished: what a restarted emulator picks up. */
export function unfinishedSpecs(store: Store): OpenApiSpecRow[] {
  return all<Raw>(store, `${specs.select} WHERE processing_state <> 'complete'`).map((row) =>
    toSpec(specs.decode(row)),
  );
}

export function insertSpec(
  store: Store,
  organizationId: string,
  slug: string,
  source: SpecSource,
): OpenApiSpecRow {
  const now = store.now();
  return toSpec(
    specs.insert(store, {
      id: store.newId(),
      organizationId,
      slug,
      ...sourceColumns(source),
      createdAt: now,
      updatedAt: now,
    }),
  );
}

/** A new source: processing starts over for it, and an older one's result will be dropped. */
export function replaceSpecSource(store: Store, id: string, source: SpecSource): OpenApiSpecRow {
  const { generation } = specs.find(store, { id })!;
  specs.update(
    store,
    { id },
    {
      ...sourceColumns(source),
      generation: generation + 1,
      processingState: "pending",
      updatedAt: store.now(),
    },
  );
  return findSpec(store, id)!;
}

export function setSpecVisibility(store: Store, id: string, visibility: string): OpenApiSpecRow {
  specs.update(
    store,
    { id },
    { visibility: visibility as OpenApiSpecRow["visibility"], updatedAt: store.now() },
  );
  return findSpec(store, id)!;
}

/** Moves the processing of `generation` to `state`; false when that generation is no longer current. */
export function setProcessingState(
  store: Store,
  id: string,
  generation: number,
  state: ProcessingState,
): boolean {
  if (specs.count(store, { id, generation }) === 0) return false;
  specs.update(store, { id, generation }, { processingState: state });
  return true;
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
      versions.insert(store, {
        id: lastVersion,
        specId: id,
        sourceUrl,
        text,
        format,
        createdAt: now,
      });
    }
    specs.update(
      store,
      { id },
      {
        processingState: "complete",
        lastVersion,
        lastProcessedAt: now,
        lastProcessErrorCode: "error" in outcome ? outcome.error : null,
        updatedAt: now,
      },
    );
  });
}

export function deleteSpec(store: Store, id: string): void {
  specs.delete(store, { id });
}

/** A spec's versions, newest first. */
export function listSpecVersions(store: Store, specId: string): SpecVersionRow[] {
  return versions.list(store, { specId }, "created_at DESC, rowid DESC", ALL).rows;
}

export function findSpecVersion(store: Store, specId: string, versionId: string) {
  return versions.find(store, { specId, id: versionId });
}
