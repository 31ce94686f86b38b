import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/** One workspace API request as the admin API reports it. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body; the raw text when it is not JSON; null when there is none. */
  body: unknown;
  /** The status sent; 0 when a fault dropped the connection without a response. */
  status: number;
  /** The fault rule kind that answered instead of the API, if one did. */
  fault?: "status" | "drop";
}

/**
 * Long-running emulators (a user's CI) would otherwise grow without bound; tests and the
 * harness read far fewer than this between clears.
 */
const MAX_ENTRIES = 50_000;

/** What the log middleware leaves on the context for the fault middleware. */
export interface RequestLogEnv {
  Bindings: { incoming?: IncomingMessage };
  Variables: { logEntry: LoggedRequest };
}

/** The request log of `/v1` traffic, in arrival order, kept in memory. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  list(): readonly LoggedRequest[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES)
      this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  /**
   * Records each request with the status it got. It runs outside the fault middleware, so a
   * faulted request is logged too; a dropped one is logged by the fault middleware itself.
   */
  middleware(): MiddlewareHandler<RequestLogEnv> {
    return async (c, next) => {
      // Reading a body makes @hono/node-server build a full Request; skip it when there is none.
      const hasBody =
        c.req.header("content-length") !== undefined ||
        c.req.header("transfer-encoding") !== undefined;
      const text = hasBody ? await readText(c) : "";
      const entry: LoggedRequest = {
        method: c.req.method,
        path: c.req.path,
        query: c.req.query(),
        body: parseBody(text),
        status: 0,
      };
      // Logged on arrival, so the order is the order requests came in.
      this.add(entry);
      c.set("logEntry", entry);
      await next();
      if (entry.fault !== "drop") entry.status = c.res.status;
    };
  }
}

const utf8 = new TextDecoder();

/**
 * The request body as text, left in Hono's body cache so the route's own `c.req.text()` reuses
 * it. Behind a socket it is read straight from the Node request: going through `c.req.text()`
 * makes @hono/node-server build a full web Request and stream, a large share of a small POST's
 * cost. TextDecoder decodes as `Request.text()` does (UTF-8, leading BOM dropped).
 */
async function readText(c: Context<RequestLogEnv>): Promise<string> {
  const incoming = (c.env as RequestLogEnv["Bindings"] | undefined)?.incoming;
  if (incoming === undefined || incoming.readableEnded || "rawBody" in incoming) {
    return c.req.text();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  // Hono keeps the pending body in `bodyCache` (its type declares the method, not the promise).
  (c.req.bodyCache as Record<string, Promise<string>>).text = Promise.resolve(text);
  return text;
}

function parseBody(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
