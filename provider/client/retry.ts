import { ApiError } from "./error";

/** Statuses worth another try, and for which methods. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([
  429, // rate limited: the request was not processed, so every method may retry
  502, // bad gateway: the upstream did not answer
  503, // service unavailable: overloaded or restarting
  504, // gateway timeout: the upstream was too slow
]);

/**
 * Methods that may be sent twice. POST is not among them: a POST answered by a 5xx, or cut off
 * mid-flight, may have been processed, and a second one would create a duplicate. An action POST
 * that is idempotent says so itself (`RequestOptions.idempotent`).
 */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "PATCH", "DELETE"]);

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff step in milliseconds; each retry doubles it. */
  baseDelayMs: number;
  /** Longest single backoff step. A server's `Retry-After` is waited in full. */
  maxDelayMs: number;
  /**
   * Cap on the total time spent waiting across all retries of one request: a server's
   * `Retry-After` is waited in full while the waits stay under it (`docs-workspace:maxRetryWait`).
   */
  maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 5,
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  // Five minutes: a rate limit's `Retry-After` of a minute or two is waited for.
  maxTotalWaitMs: 300_000,
};

/**
 * Whether a failed request may be sent again. `idempotent` overrides what its method implies: an
 * action POST that is safe to repeat says `true`, a PUT that is not (a batch of inserts) `false`.
 */
export function isRetryable(method: string, error: ApiError, idempotent?: boolean): boolean {
  if (error.status === 429) return true;
  if (!(idempotent ?? IDEMPOTENT_METHODS.has(method))) return false;
  return error.status === 0 || RETRYABLE_STATUSES.has(error.status);
}

/**
 * Whether a request that failed this way may still have been carried out: no answer arrived
 * (the connection broke, perhaps after the server committed), or a gateway answered for a server
 * that may have done the work (502, 503, 504). A 429 or any other status is a refusal.
 */
export function outcomeUnknown(error: ApiError): boolean {
  return error.status === 0 || (error.status !== 429 && RETRYABLE_STATUSES.has(error.status));
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value == null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `attempt` (0 for the first retry): the server's
 * `Retry-After` when it sent one, else exponential backoff with jitter, so that many resources
 * throttled together do not come back in step.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  // Coming back before the server's `Retry-After` would only be throttled again; the total-wait
  // cap, checked by the caller, bounds it instead.
  if (retryAfterMs !== undefined) return retryAfterMs;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
}
