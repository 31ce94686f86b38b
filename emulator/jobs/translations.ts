import { type Background, pause } from "../background";
import type { Store } from "../store";
import {
  completeRun,
  findTranslation,
  resetRun,
  startRun,
  unfinishedTranslations,
} from "../store/translations";

/**
 * Runs a translation (§4.14): `pending` until the job starts, `running` for the processing
 * delay, then `completed` with its result space copied from the source and its stats counted.
 * A newer run aborts this one, and its generation check keeps this one from writing.
 */
export function runTranslation(
  store: Store,
  background: Background,
  organizationId: string,
  translationId: string,
): void {
  background.start(`translation:${translationId}`, async (signal) => {
    const row = findTranslation(store, organizationId, translationId);
    if (row === undefined || !startRun(store, row.id, row.generation)) return;
    await pause(background.processingDelayMs, signal);
    completeRun(store, row.id, row.generation);
  });
}

/** Runs again every translation a stopped emulator left pending or running. */
export function resumeTranslations(store: Store, background: Background): void {
  for (const row of unfinishedTranslations(store))
    if (resetRun(store, row.id, row.generation))
      runTranslation(store, background, row.organizationId, row.id);
}
