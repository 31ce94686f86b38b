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
      const fetched = await fetchSource(source.url, background, signal);
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

/** Every way a fetch can fail, told apart by nothing: a caller learns no more from a port scan. */
const COULD_NOT_FETCH = { error: "FETCH_ERROR" } as const;
/** Redirects followed, each hop checked against the allowed hosts. */
const MAX_REDIRECTS = 5;

/** Whether the operator allows fetching from `url`'s host (`--fetch-allow`: a host, or host:port). */
export function fetchAllowed(url: URL, allowed: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === host || wanted === url.host.toLowerCase();
  });
}

/**
 * Fetches a spec's URL from the hosts the operator allows, following at most `MAX_REDIRECTS`
 * redirects that stay on them, and reading at most `MAX_FETCHED_BYTES` of the body as it streams.
 * The timeout covers the whole answer, body included. Any failure is one code, `FETCH_ERROR`.
 */
async function fetchSource(
  url: string,
  background: Background,
  signal: AbortSignal,
): Promise<{ text: string } | { error: ProcessErrorCode }> {
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(background.fetchTimeoutMs)]);
  try {
    let target = new URL(url);
    for (let hop = 0; ; hop++) {
      if (!fetchAllowed(target, background.fetchAllow)) return COULD_NOT_FETCH;
      const response = await fetch(target, {
        signal: bounded,
        redirect: "manual",
        headers: { accept: "application/json, application/yaml, text/yaml, */*" },
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        if (location === null || hop >= MAX_REDIRECTS) return COULD_NOT_FETCH;
        target = new URL(location, target);
        continue;
      }
      if (!response.ok || response.body === null) {
        await response.body?.cancel();
        return COULD_NOT_FETCH;
      }
      const text = await readCapped(response.body, MAX_FETCHED_BYTES);
      return text === undefined ? COULD_NOT_FETCH : { text };
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return COULD_NOT_FETCH;
  }
}

/** A body's text, or undefined (the rest cancelled) as soon as it passes `max` bytes. */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<string | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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
