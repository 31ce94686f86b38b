import { type Background, pause } from "../background";
import type { Store } from "../store";
import { PUSHED_CONNECTORS } from "../render/site-context-connections";
import {
  beginSync,
  concludeSync,
  connectionsInSync,
  type ContextConnectionRow,
} from "../store/site-context-connections";

/**
 * How many records a sync ingests: the emulator reads no source, so a source that is pulled
 * yields this fixed sample, and one that is pushed to (mail, the API) none
 * (docs/api-decisions.md, "Site context connections").
 */
export const SAMPLE_RECORDS = 12;

/**
 * Syncs a context connection: `pending` for the processing delay, `syncing` for another, then
 * `succeeded`, or `failed` as the admin API said. A newer sync (a sync request, a new setup)
 * aborts this one, and the sync number keeps it from writing. A connection left `syncing` by a
 * stopped emulator goes on from there.
 */
export function syncContextConnection(
  store: Store,
  background: Background,
  row: Pick<ContextConnectionRow, "id" | "connector" | "syncs">,
): void {
  const records = PUSHED_CONNECTORS.includes(row.connector) ? 0 : SAMPLE_RECORDS;
  background.start(`context-connection:${row.id}`, async (signal) => {
    await pause(background.processingDelayMs, signal);
    if (!beginSync(store, row.id, row.syncs)) return;
    await pause(background.processingDelayMs, signal);
    concludeSync(store, row.id, row.syncs, records);
  });
}

/** Syncs again every connection a stopped emulator left pending or syncing. */
export function resumeContextSyncs(store: Store, background: Background): void {
  for (const row of connectionsInSync(store)) syncContextConnection(store, background, row);
}
