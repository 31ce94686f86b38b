import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** What @hono/node-server binds behind a socket; absent in process (`app.request`). */
export interface NodeBindings {
  incoming?: IncomingMessage;
}

/**
 * One request header, by its lower-case name. Behind a socket it is read from the Node request's
 * parsed headers: read through Hono, @hono/node-server first builds a web `Headers` object of
 * every header, a cost on every request (the bearer token is read on each one). In process, it
 * is read through Hono.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (incoming === undefined) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
