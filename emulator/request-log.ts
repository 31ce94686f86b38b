import type { MiddlewareHandler } from "hono";

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
      const text = hasBody ? await c.req.text() : "";
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

function parseBody(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
