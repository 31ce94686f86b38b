import { setTimeout as wait } from "node:timers/promises";
import { ofetch, type $Fetch, FetchError } from "ofetch";
import type { z } from "zod";
import { issuesMessage, validate } from "../../common/issues";
import { ApiError, type TokenSource } from "./error";
import { Limiter } from "../../common/limiter";
import { listAll } from "./paginate";
import { Snapshots } from "./snapshots";
import type { Getter, ListSpec, Method, Query } from "./types";
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryable,
  parseRetryAfter,
  type RetryPolicy,
} from "./retry";

export interface ClientOptions {
  apiUrl: string;
  apiToken: string;
  maxConcurrency: number;
  retry?: Partial<RetryPolicy>;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  /** Replaced in tests to observe waits without spending them. */
  sleep?: (ms: number) => Promise<void>;
  /** Where the token was configured, named in the message of a 401. */
  tokenFrom?: TokenSource;
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  query?: Query;
  body?: unknown;
  /** The response schema; omit for operations that answer with no content. */
  schema?: S;
  /**
   * The operation may be sent twice with the same effect: an action POST (publish, move, adding
   * a section to a group) says so here, and is then retried like a PUT. A PUT that may not (the
   * glossary's batch, whose inserts would be made twice) says `false`: a 429 is then still
   * retried, an unknown outcome is not. The client never guesses it from the path.
   */
  idempotent?: boolean;
}

type Result<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * The provider's one HTTP client: JSON over ofetch with `Authorization: Bearer`, retries and
 * backoff, a cap on concurrent requests, and zod validation of every response. The token lives
 * only in the ofetch instance's headers, never in an error, a log line or resource state.
 */
export class ApiClient implements Getter {
  private readonly fetcher: $Fetch;
  private readonly limiter: Limiter;
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly tokenFrom: TokenSource | undefined;
  private clockOffsetMs = 0;
  private readonly snapshots = new Snapshots((spec) =>
    listAll(this, spec.path, spec.item, spec.query),
  );
  /** GETs in flight sent through `sharingReads()` views: by schema, then by path and query. */
  private readonly sharedGets = new WeakMap<z.ZodType, Map<string, Promise<unknown>>>();

  constructor(options: ClientOptions) {
    this.fetcher = ofetch.create({
      baseURL: options.apiUrl,
      headers: { Authorization: `Bearer ${options.apiToken}`, Accept: "application/json" },
      retry: false,
      timeout: options.timeoutMs ?? 60_000,
      ignoreResponseError: true,
      parseResponse: parseJson,
    });
    this.limiter = new Limiter(options.maxConcurrency);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.sleep = options.sleep ?? wait;
    this.tokenFrom = options.tokenFrom;
  }

  /**
   * A time of this machine's clock (ms since the epoch) on the service's clock, as its answers'
   * `Date` headers tell it (to about half a second); unchanged until one has answered.
   */
  serverTime(local: number): number {
    return local + this.clockOffsetMs;
  }

  /**
   * A whole list, walked once for every caller while no write has gone through this client
   * since and the walk is recent (see `Snapshots`): reads of a site's site spaces share one walk.
   */
  list<T extends { id: string }>(spec: ListSpec<T>): Promise<Map<string, T>> {
    return this.snapshots.list(spec);
  }

  /**
   * One object that `spec` lists: served from the list when enough reads of it come together,
   * else by `direct`, its own GET; one the list lacks is read by `direct` too.
   */
  readListed<T extends { id: string }, D = T>(
    spec: ListSpec<T>,
    id: string,
    direct: () => Promise<D>,
  ): Promise<T | D> {
    return this.snapshots.read(spec, id, direct);
  }

  /**
   * A view of this client whose GETs join an identical GET (same path, query and schema) that
   * another view sent and that has not answered yet, instead of sending their own; every other
   * request, and every GET of this client itself, goes out as usual. For reads that may be
   * answered by a request sent a moment before they were asked: the list a create takes of what
   * already has its key before its POST, when many creates under one parent start together. A read
   * that must see what happened before it was asked (the lookup after a failed POST) never uses it.
   */
  sharingReads(): ApiClient {
    const view = Object.create(this) as ApiClient;
    view.get = (path, schema, query) => this.sharedGet(path, schema, query);
    // Everything else runs on this client itself, so what a request learns (the service's clock)
    // is learned here, never on the view.
    view.request = (method, path, options) => this.request(method, path, options);
    return view;
  }

  private sharedGet<S extends z.ZodType>(
    path: string,
    schema: S,
    query?: Query,
  ): Promise<z.output<S>> {
    let byPath = this.sharedGets.get(schema);
    if (byPath === undefined) this.sharedGets.set(schema, (byPath = new Map()));
    const key = query === undefined ? path : `${path} ${JSON.stringify(query)}`;
    const inFlight = byPath.get(key);
    if (inFlight !== undefined) return inFlight as Promise<z.output<S>>;
    const sent = this.get(path, schema, query).finally(() => byPath.delete(key));
    byPath.set(key, sent);
    return sent;
  }

  get<S extends z.ZodType>(path: string, schema: S, query?: Query): Promise<z.output<S>> {
    return this.request("GET", path, { schema, ...(query ? { query } : {}) }) as Promise<
      z.output<S>
    >;
  }

  /** Sends one request, retrying what is safe to retry, and returns the validated body. */
  async request<S extends z.ZodType | undefined = undefined>(
    method: Method,
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    // A write may change any list: snapshots taken before it, or while it runs, are dropped.
    const writes = method !== "GET";
    if (writes) this.snapshots.written();
    try {
      return await this.send(method, path, options);
    } finally {
      if (writes) this.snapshots.written();
    }
  }

  private async send<S extends z.ZodType | undefined>(
    method: Method,
    path: string,
    options: RequestOptions<S>,
  ): Promise<Result<S>> {
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.limiter.run(() => this.attempt(method, path, options));
      if (outcome.ok) return outcome.value;
      const { error, retryAfterMs } = outcome;
      if (attempt >= this.policy.maxRetries || !isRetryable(method, error, options.idempotent)) {
        throw error;
      }
      // The slot is released while waiting, so a throttled request does not block the others.
      const delay = backoffDelay(this.policy, attempt, retryAfterMs);
      if (waited + delay > this.policy.maxTotalWaitMs) {
        const asked = Math.ceil(delay / 1000);
        const cap = Math.round(this.policy.maxTotalWaitMs / 1000);
        throw new ApiError(
          error.status,
          error.code,
          method,
          path,
          `${error.detail} (not retried: waiting ${asked} s more would pass the ${cap} s that docs-workspace:maxRetryWait allows one request)`,
          { cause: error },
        );
      }
      waited += delay;
      await this.sleep(delay);
    }
  }

  /** One attempt: the validated result, or the error it met with the server's `Retry-After`. */
  private async attempt<S extends z.ZodType | undefined>(
    method: Method,
    path: string,
    options: RequestOptions<S>,
  ): Promise<Attempt<Result<S>>> {
    let response;
    try {
      response = await this.fetcher.raw(path, {
        method,
        ...(options.query ? { query: dropUndefined(options.query) } : {}),
        ...(options.body === undefined ? {} : { body: options.body as Record<string, unknown> }),
      });
    } catch (error) {
      // FetchError carries the request options, headers and token included: keep only its cause.
      const cause = error instanceof FetchError ? error.cause : error;
      return { ok: false, error: ApiError.fromNetwork(method, path, cause) };
    }
    const date = Date.parse(response.headers.get("date") ?? "");
    // The header counts whole seconds: the server's time lies within the second it names.
    if (!Number.isNaN(date)) this.clockOffsetMs = date + 500 - Date.now();
    if (response.status >= 400) {
      return {
        ok: false,
        error: ApiError.fromResponse(method, path, response.status, response._data, this.tokenFrom),
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      };
    }
    if (options.schema === undefined) return { ok: true, value: undefined as Result<S> };
    const parsed = validate(options.schema, response._data);
    if (!parsed.success) {
      throw ApiError.fromInvalidResponse(
        method,
        path,
        response.status,
        issuesMessage(parsed.issues.slice(0, 5)),
      );
    }
    return { ok: true, value: parsed.data as Result<S> };
  }
}

type Attempt<T> =
  { ok: true; value: T } | { ok: false; error: ApiError; retryAfterMs?: number | undefined };

/**
 * The API answers JSON. Plain `JSON.parse` is markedly cheaper per request than ofetch's default
 * parser; a body that is not JSON (a proxy's HTML error page) is kept as text, so the status
 * still reaches the error path and a 2xx fails validation with a clear message.
 */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function dropUndefined(query: Query): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out[key] = value;
  return out;
}
