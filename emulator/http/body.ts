import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { badRequest, HttpError } from "../errors";
import { requestHeader, type NodeBindings } from "./headers";
import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from "../limits";

/**
 * Request bodies are read once, here, for every route and the request log: within a byte limit
 * (413 past it) and a nesting limit (400 past it), so no body can exhaust memory or the stack
 * of whatever walks it later (zod, the log's JSON answer). docs/api-decisions.md, "Limits".
 */

/** The largest body accepted: far above any body of the API, which are a few KB at most. */
/** The deepest nesting of arrays and objects accepted; the API's deepest body nests 6 levels. */

/** What the body middleware leaves on the context. */
export type RequestBody =
  /** No body was sent. */
  | { kind: "none" }
  /** Parsed JSON; `text` is what was sent. */
  | { kind: "json"; text: string; bytes: number; value: unknown }
  /** A body the routes refuse: not JSON, nested too deep, or over the byte limit. */
  | { kind: "refused"; reason: RefusalReason; text: string; bytes: number; error: HttpError };

export type RefusalReason = "too-large" | "too-deep" | "not-json" | "not-json-type";

export interface BodyEnv {
  Bindings: NodeBindings;
  Variables: { body: RequestBody };
}

/**
 * Reads the body into `c.var.body`. A declared length over the limit is refused before a byte is
 * read; a chunked body is read until it passes the limit, and the rest is left to the server to
 * discard. A refusal is only raised by the route that reads the body (`bodyOf`), except the 413,
 * which is raised at once: a body that large is never parsed.
 */
export function bodyMiddleware(): MiddlewareHandler<BodyEnv> {
  return async (c, next) => {
    const length = requestHeader(c, "content-length");
    const chunked = requestHeader(c, "transfer-encoding") !== undefined;
    const declared = Number(length ?? NaN);
    if (declared > MAX_BODY_BYTES) {
      c.set("body", refusal("too-large", "", declared, tooLarge(declared)));
      throw tooLarge(declared);
    }
    const read = await readLimited(c, length !== undefined || chunked);
    if (read === undefined) c.set("body", { kind: "none" });
    else if (read.bytes > MAX_BODY_BYTES) {
      c.set("body", refusal("too-large", "", read.bytes, tooLarge(read.bytes)));
      throw tooLarge(read.bytes);
    } else {
      const body = parse(read.text, read.bytes);
      const type = requestHeader(c, "content-type");
      if (body.kind !== "none" && !isJsonType(type)) {
        // A browser's form or no-cors fetch can send text/plain to any address: only a JSON body
        // declared as JSON is read, which a page of another origin cannot send without asking.
        const error = new HttpError(
          415,
          `request body must be sent as Content-Type: application/json, got ${type ?? "none"}`,
        );
        c.set("body", refusal("not-json-type", read.text, read.bytes, error));
        throw error;
      }
      c.set("body", body);
    }
    await next();
  };
}

/** `application/json`, or a `+json` type, with any parameters (`; charset=utf-8`). */
export function isJsonType(type: string | undefined): boolean {
  const essence = type?.split(";")[0]!.trim().toLowerCase();
  return essence === "application/json" || /^application\/[\w.+-]+\+json$/.test(essence ?? "");
}

/** The JSON body a route declared, or the reason it cannot have it. An absent body reads as `{}`. */
export function bodyOf(c: Context<BodyEnv>): unknown {
  const body = c.get("body");
  if (body.kind === "none") return {};
  if (body.kind === "refused") throw body.error;
  return body.value;
}

/** The largest HTML form accepted (the app pages' login: a token). */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * An HTML form's fields (`application/x-www-form-urlencoded`), read within a byte limit: the app
 * pages' login, which a browser sends without script. Another type is 415.
 */
export async function formOf(c: Context): Promise<Record<string, string>> {
  const type = requestHeader(c, "content-type")?.split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded")
    throw new HttpError(
      415,
      `request body must be sent as Content-Type: application/x-www-form-urlencoded, got ${type ?? "none"}`,
    );
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of c.req.raw.body ?? []) {
    bytes += chunk.length;
    if (bytes > MAX_FORM_BYTES)
      throw new HttpError(413, `form is over ${MAX_FORM_BYTES} bytes; the limit is 16 KiB`);
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(utf8.decode(Buffer.concat(chunks))));
}

function tooLarge(bytes: number): HttpError {
  return new HttpError(
    413,
    `request body is ${bytes} bytes; the limit is ${MAX_BODY_BYTES} bytes (1 MiB)`,
  );
}

function refusal(
  reason: RefusalReason,
  text: string,
  bytes: number,
  error: HttpError,
): RequestBody {
  return { kind: "refused", reason, text, bytes, error };
}

function parse(text: string, bytes: number): RequestBody {
  if (text.trim() === "") return { kind: "none" };
  const depth = nestingDepth(text, MAX_BODY_DEPTH);
  if (depth > MAX_BODY_DEPTH)
    return refusal(
      "too-deep",
      text,
      bytes,
      badRequest(`request body nests deeper than ${MAX_BODY_DEPTH} levels of arrays and objects`),
    );
  try {
    return { kind: "json", text, bytes, value: JSON.parse(text) as unknown };
  } catch {
    return refusal("not-json", text, bytes, badRequest("request body must be valid JSON"));
  }
}

/**
 * How deep arrays and objects nest in a JSON text, counted without parsing it, and stopping as
 * soon as `limit` is passed. Brackets inside strings do not count.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return deepest;
}

const utf8 = new TextDecoder();

interface Read {
  chunks: Uint8Array[];
  /** Every byte received; past the limit, the chunks stop being kept. */
  bytes: number;
}

/**
 * The body as text, or undefined when none was sent; `bytes` past the limit means it was not
 * kept. Behind a socket it is read straight from the Node request: going through `c.req.text()`
 * makes @hono/node-server build a full web Request and stream, a large share of a small POST's
 * cost. TextDecoder decodes as `Request.text()` does (UTF-8, leading BOM dropped).
 */
async function readLimited(
  c: Context<BodyEnv>,
  hasBody: boolean,
): Promise<{ text: string; bytes: number } | undefined> {
  const incoming = (c.env as BodyEnv["Bindings"] | undefined)?.incoming;
  let read: Read;
  if (incoming !== undefined && !incoming.readableEnded && !("rawBody" in incoming)) {
    if (!hasBody) return undefined;
    read = await drain(incoming);
  } else {
    const stream = c.req.raw.body;
    if (stream === null) return undefined;
    read = { chunks: [], bytes: 0 };
    for await (const chunk of stream) keep(read, chunk);
  }
  if (read.bytes > MAX_BODY_BYTES) return { text: "", bytes: read.bytes };
  const { chunks } = read;
  return {
    text: utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)),
    bytes: read.bytes,
  };
}

function keep(read: Read, chunk: Uint8Array): void {
  read.bytes += chunk.length;
  if (read.bytes <= MAX_BODY_BYTES) read.chunks.push(chunk);
  else read.chunks.length = 0;
}

/**
 * Reads a Node request to its end, keeping at most the limit: past it the rest is received and
 * dropped, so the client still reads a clean 413 on a connection that stays usable. A client
 * that goes away mid-body ends the read with what arrived.
 */
function drain(incoming: IncomingMessage): Promise<Read> {
  return new Promise((resolve) => {
    const read: Read = { chunks: [], bytes: 0 };
    incoming.on("data", (chunk: Buffer) => keep(read, chunk));
    incoming.once("end", () => resolve(read));
    incoming.once("close", () => resolve(read));
    incoming.once("error", () => resolve(read));
  });
}
