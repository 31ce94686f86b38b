import { type Background, pause } from "../background";
import type { Store } from "../store";
import {
  findSpec,
  finishProcessing,
  type ProcessErrorCode,
  setProcessingState,
  type SpecFormat,
  unfinishedSpecs,
} from "../store/openapi-specs";

/** The largest spec a URL may serve: the emulator's body limit is 1 MiB, a fetched spec may be larger. */
export const MAX_FETCHED_BYTES = 16 * 1024 * 1024;

type Outcome =
  | { version: { sourceUrl: string | null; text: string; format: SpecFormat } }
  | { error: ProcessErrorCode };

/**
 * Processes the current source of a spec (§2.12): `pending` until the job starts, `progress`
 * while it fetches (a `url` source, with the fetch timeout) and processes (the processing
 * delay), then `complete` with a new version, or with `lastProcessErrorCode` and the last
 * version kept. A newer source aborts this job, and its generation check keeps a late result out.
 */
export function processSpec(store: Store, background: Background, specId: string): void {
  background.start(`openapi-spec:${specId}`, async (signal) => {
    const spec = findSpec(store, specId);
    if (spec === undefined) return;
    const { generation, source } = spec;
    if (!setProcessingState(store, specId, generation, "progress")) return;
    let outcome: Outcome;
    if ("url" in source) {
      const fetched = await fetchSource(source.url, background.fetchTimeoutMs, signal);
      outcome = "error" in fetched ? fetched : parsed(fetched.text, source.url);
    } else {
      outcome = parsed(source.text, null);
    }
    await pause(background.processingDelayMs, signal);
    finishProcessing(store, specId, generation, outcome);
  });
}

/** Picks up every spec a stopped emulator left unprocessed: back to `pending`, then processed. */
export function resumeSpecs(store: Store, background: Background): void {
  for (const spec of unfinishedSpecs(store)) {
    setProcessingState(store, spec.id, spec.generation, "pending");
    processSpec(store, background, spec.id);
  }
}

/**
 * Fetches a spec's URL. Loopback and private addresses are allowed: the emulator runs beside
 * the servers it is pointed at. The timeout covers the whole answer, body included.
 */
async function fetchSource(
  url: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ text: string } | { error: ProcessErrorCode }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, timeout]),
      headers: { accept: "application/json, application/yaml, text/yaml, */*" },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { error: "FETCH_ERROR" };
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_FETCHED_BYTES) {
      await response.body?.cancel();
      return { error: "FETCH_ERROR" };
    }
    const text = await response.text();
    if (Buffer.byteLength(text) > MAX_FETCHED_BYTES) return { error: "FETCH_ERROR" };
    return { text };
  } catch (error) {
    if (signal.aborted) throw error;
    return { error: timeout.aborted ? "FETCH_TIMEOUT" : "FETCH_ERROR" };
  }
}

/**
 * What processing checks: the text is an OpenAPI (or Swagger) document, JSON whose top level
 * has `openapi` or `swagger`, or YAML with such a top-level key. The emulator does not validate
 * the document further (docs/api-decisions.md).
 */
export function specFormat(text: string): SpecFormat | undefined {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{")) {
    try {
      const value = JSON.parse(trimmed) as Record<string, unknown>;
      return typeof value.openapi === "string" || typeof value.swagger === "string"
        ? "json"
        : undefined;
    } catch {
      return undefined;
    }
  }
  return /^(openapi|swagger)\s*:\s*["']?\d/m.test(text) ? "yaml" : undefined;
}

function parsed(text: string, sourceUrl: string | null): Outcome {
  const format = specFormat(text);
  return format === undefined ? { error: "PARSE_ERROR" } : { version: { sourceUrl, text, format } };
}
