import type { MiddlewareHandler } from "hono";
import type { BodyEnv, RequestBody } from "./http/body";

/** One workspace API request as the admin API reports it. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /**
   * The parsed JSON body; the raw text when it is not JSON; null when there is none, or when it
   * is only summarized (`truncated`).
   */
  body: unknown;
  /** Set instead of `body` for a body the log does not keep whole. */
  truncated?: BodySummary;
  /** The status sent; 0 when a fault dropped the connection without a response. */
  status: number;
  /** The fault rule kind that answered instead of the API, if one did. */
  fault?: "status" | "drop";
}

/** What the log keeps of a body too large or too deep to keep whole. */
export interface BodySummary {
  /** The body's size as received. */
  bytes: number;
  reason: "larger than the log keeps" | "over the request body limit" | "nested too deep";
  /** Its first characters. */
  preview: string;
}

/** Bodies up to this size are kept whole; larger ones are summarized. */
export const LOG_BODY_BYTES = 16 * 1024;
/** What the log may hold in all, bodies and paths counted; the oldest entries go first. */
export const LOG_BYTE_BUDGET = 16 * 1024 * 1024;
/** And at most this many entries, however small. */
export const LOG_MAX_ENTRIES = 50_000;
const PREVIEW_CHARS = 200;
/** A rough cost of an entry beyond its strings: the object, method and status. */
const ENTRY_OVERHEAD = 64;

/**
 * An entry as the log keeps it: the body as the text received (a parsed body can take many times
 * its text's size: `[{},{},...]` is one object per three bytes), parsed again when listed.
 */
export interface LogEntry extends Omit<LoggedRequest, "body"> {
  /** The body's text; absent when there is none or it is only summarized. */
  text?: string;
  /** Whether `text` is JSON (listed parsed) or text the routes refused (listed as it is). */
  json?: boolean;
}

/** What the log middleware leaves on the context for the fault middleware. */
export interface RequestLogEnv extends BodyEnv {
  Variables: BodyEnv["Variables"] & { logEntry: LogEntry };
}

/** The bytes a string takes in V8's heap: one per character, two when any is beyond Latin-1. */
function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

/**
 * A copy of a short piece of a long string that does not keep the long one alive: V8's `slice`
 * may answer a view into its parent, which a 1 MiB body would then stay behind.
 */
function detached(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

/**
 * Body fields whose value is a secret wherever they appear: a SAML provider's certificate, a
 * site's visitor-authentication signing key (which no body takes, but a caller may echo back),
 * and the credentials of a context connection's setup.
 */
const SECRET_FIELDS = new Set([
  "certificate",
  "privatekey",
  "token",
  "apitoken",
  "apikey",
  "clientsecret",
  "refreshtoken",
]);
/**
 * Body fields whose value is a map of secrets: an MCP server's `headers` (its credentials), an
 * integration installation's `configuration` (which properties of it are credentials depends on
 * the integration: every value is masked). The names stay, each value is masked.
 */
const SECRET_MAPS = new Set(["headers", "configuration"]);
/** Query parameters whose value is a secret: a share key (§4.1), a visitor's signed token. */
const SECRET_QUERY = new Set(["shareKey", "visitorAuthToken"]);
const MASK = "***";
/**
 * Basic-auth credentials in a URL (a Git sync's `url`): up to the authority's last `@`. A scheme
 * starts where no scheme character precedes it, so a long run of letters is scanned once, not
 * once from each of its letters.
 */
const CREDENTIALS = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)[^/?#\s"]*@/gi;
/**
 * A query parameter's value in a URL (`?access_token=...`): any of them may be a credential. The
 * part before the query is at most a URL's length (2048), so no text is scanned from every `://`.
 */
const URL_QUERY = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^?#\s"]{0,2048}\?)([^#\s"]*)/gi;
/** A PEM block (a certificate, a key), or its start when the text is cut inside it. */
const PEM = /-----BEGIN [A-Z0-9 ]+-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g;
/**
 * A secret field's string value in text that is not parsed (refused, or a preview cut short):
 * to its closing quote, or to the end of the text when it is cut.
 */
const SECRET_TEXT =
  /("(?:certificate|privateKey|token|apiToken|apiKey|clientSecret|refreshToken)"\s*:\s*")(?:[^"\\]|\\[\s\S])*("?)/gi;
/**
 * A secret map's object in such text, to its closing brace (a brace inside a string does not
 * close it), or to the end of the text when it is cut: its names and values are masked whole.
 */
const SECRET_MAP_TEXT =
  /("(?:headers|configuration)"\s*:\s*\{)(?:[^}"\\]|"(?:[^"\\]|\\[\s\S])*"?)*(\}?)/gi;

/**
 * A body with its secrets masked, or the same value when it holds none: certificates, share
 * keys, and the credentials of any URL in a string. The log never holds them in clear.
 */
function masked(value: unknown): { value: unknown; changed: boolean } {
  if (typeof value === "string") {
    const text = maskText(value);
    return { value: text, changed: text !== value };
  }
  if (value === null || typeof value !== "object") return { value, changed: false };
  let changed = false;
  const walk = (v: unknown) => {
    const m = masked(v);
    changed ||= m.changed;
    return m.value;
  };
  const out = Array.isArray(value)
    ? value.map(walk)
    : Object.fromEntries(
        Object.entries(value).map(([key, v]) => {
          if (SECRET_FIELDS.has(key.toLowerCase()) && typeof v === "string" && v !== "") {
            changed = true;
            return [key, MASK];
          }
          if (SECRET_MAPS.has(key.toLowerCase()) && v !== null && typeof v === "object") {
            changed = true;
            return [key, Object.fromEntries(Object.keys(v).map((name) => [name, MASK]))];
          }
          return [key, walk(v)];
        }),
      );
  return changed ? { value: out, changed } : { value, changed };
}

/**
 * Text with its secrets masked: a body that is not JSON or that the routes refused, or a
 * summary's preview. URL credentials and query values, PEM blocks, and the value of any
 * `certificate`, `privateKey` or context connection credential field, whatever its case, and
 * any `headers` or `configuration` object.
 */
function maskText(text: string): string {
  return text
    .replace(CREDENTIALS, `$1${MASK}@`)
    .replace(URL_QUERY, (_all, head: string, query: string) => head + maskQueryText(query))
    .replace(PEM, MASK)
    .replace(SECRET_TEXT, `$1${MASK}$2`)
    .replace(SECRET_MAP_TEXT, `$1"${MASK}"$2`);
}

function maskQueryText(query: string): string {
  return query.replace(/(^|&)([^=&]*=)[^&]*/g, `$1$2${MASK}`);
}

function maskedQuery(query: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in query) {
    const value = query[key]!;
    // A share key keeps its first 4 characters, as the pages show keys, to tell links apart.
    out[key] = !SECRET_QUERY.has(key)
      ? maskText(value)
      : value.length >= 16
        ? `${value.slice(0, 4)}${"•".repeat(8)}`
        : MASK;
  }
  return out;
}

/**
 * An invite link's id in a path (`.../link-invites/<id>`, `.../invites/<id>`): it is what a
 * person joins the organization with, so the log keeps its first 4 characters, as for a share key.
 */
const INVITE_PATH = /(\/(?:link-)?invites\/)([^/]{4})[^/]*/;

function maskedPath(path: string): string {
  return path.replace(INVITE_PATH, `$1$2${"•".repeat(8)}`);
}

/** An entry as the admin API answers it. */
function listed(entry: LogEntry): LoggedRequest {
  const { text, json, ...rest } = entry;
  const body = text === undefined ? null : json ? (JSON.parse(text) as unknown) : text;
  return { ...rest, body };
}

/**
 * The request log of `/v1` traffic, in arrival order, kept in memory within a byte budget:
 * a long-running emulator (a user's CI) and a flood of large bodies both stay bounded.
 */
export class RequestLog {
  private entries: LogEntry[] = [];
  private sizes: number[] = [];
  private bytes = 0;

  /** Every entry, in arrival order. */
  list(): LoggedRequest[] {
    return this.entries.map(listed);
  }

  /** The latest `n` entries, in arrival order. */
  latest(n: number): LoggedRequest[] {
    return this.entries.slice(-n).map(listed);
  }

  count(): number {
    return this.entries.length;
  }

  /** The bytes the log holds, as it counts them against its budget. */
  size(): number {
    return this.bytes;
  }

  clear(): void {
    this.entries = [];
    this.sizes = [];
    this.bytes = 0;
  }

  private add(entry: LogEntry, size: number): void {
    this.entries.push(entry);
    this.sizes.push(size);
    this.bytes += size;
    this.trim();
  }

  /** Charges an entry for its body once the body is known. */
  private grow(entry: LogEntry, extra: number): void {
    const at = this.entries.lastIndexOf(entry);
    if (at < 0) return;
    this.sizes[at]! += extra;
    this.bytes += extra;
    this.trim();
  }

  /**
   * Past either limit, drops the oldest entries down to 90% of both at once: dropping from the
   * front of an array costs its length, so it is done rarely, not on every request.
   */
  private trim(): void {
    if (this.bytes <= LOG_BYTE_BUDGET && this.entries.length <= LOG_MAX_ENTRIES) return;
    const bytes = LOG_BYTE_BUDGET * 0.9;
    const entries = LOG_MAX_ENTRIES * 0.9;
    let drop = 0;
    let freed = 0;
    while (
      drop < this.entries.length - 1 &&
      (this.bytes - freed > bytes || this.entries.length - drop > entries)
    ) {
      freed += this.sizes[drop]!;
      drop++;
    }
    this.entries.splice(0, drop);
    this.sizes.splice(0, drop);
    this.bytes -= freed;
  }

  /**
   * Records each request with the status it got. It runs before the body is read and outside the
   * fault middleware, so refused bodies and faulted requests are logged too; a dropped one is
   * logged by the fault middleware itself.
   */
  middleware(): MiddlewareHandler<RequestLogEnv> {
    return async (c, next) => {
      const query = maskedQuery(c.req.query());
      const path = maskedPath(c.req.path);
      const entry: LogEntry = { method: c.req.method, path, query, status: 0 };
      // Logged on arrival, so the order is the order requests came in.
      let size = ENTRY_OVERHEAD + stringBytes(entry.path);
      for (const key in query) size += stringBytes(key) + stringBytes(query[key]!);
      this.add(entry, size);
      c.set("logEntry", entry);
      await next();
      const body = c.get("body") as RequestBody | undefined;
      if (body !== undefined && body.kind !== "none") this.grow(entry, keepBody(entry, body));
      if (entry.fault !== "drop") entry.status = c.res.status;
    };
  }
}

/**
 * The start of a JSON body as a preview shows it: its secret fields masked, every string cut to
 * the preview's length first (masking a long string costs its length; the preview keeps 200).
 */
function previewText(value: unknown): string {
  const text = JSON.stringify(value, (key, v: unknown) =>
    typeof v !== "string"
      ? v
      : SECRET_FIELDS.has(key.toLowerCase()) && v !== ""
        ? MASK
        : v.slice(0, PREVIEW_CHARS),
  );
  return text.slice(0, 4096);
}

/** Puts the body, or its summary, on the entry; answers the bytes it holds. */
function keepBody(entry: LogEntry, body: Exclude<RequestBody, { kind: "none" }>): number {
  const summarize = (reason: BodySummary["reason"]) => {
    // A JSON body's preview is taken from it masked: a certificate padded past the preview's
    // start is masked whole. A preview of other text is masked as far as it goes.
    const start = body.kind === "json" ? previewText(body.value) : body.text.slice(0, 4096);
    const preview = detached(maskText(start).slice(0, PREVIEW_CHARS));
    entry.truncated = { bytes: body.bytes, reason, preview };
    return stringBytes(preview) + 32;
  };
  if (body.kind === "refused" && body.reason === "too-large")
    return summarize("over the request body limit");
  if (body.kind === "refused" && body.reason === "too-deep") return summarize("nested too deep");
  if (body.bytes > LOG_BODY_BYTES) return summarize("larger than the log keeps");
  // Masked on the way in: the log never holds a secret in clear.
  if (body.kind === "json") {
    const m = masked(body.value);
    entry.text = m.changed ? JSON.stringify(m.value) : body.text;
  } else entry.text = maskText(body.text);
  // Not JSON (or not sent as JSON): the text itself, listed as it came.
  entry.json = body.kind === "json";
  return stringBytes(entry.text);
}
