import { z } from "zod";
import { badRequest } from "./errors";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./limits";

/**
 * The largest offset a cursor may carry: far past any list the emulator holds, and small enough
 * that SQLite binds it as an integer (a cursor of `{"o":1e308}` was a 500 "datatype mismatch").
 */
export const MAX_OFFSET = 2 ** 31 - 1;

/** §4.1's `limit` and `page`, the query of every list; lists with filters extend it. */
export const pageQuery = z.looseObject({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
  page: z.string().max(256).optional(),
});

export interface PageRequest {
  limit: number;
  offset: number;
}

/** The list envelope of §2.1. */
export interface ListEnvelope<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

/**
 * The page a list request asks for: `limit` (default 100, at most 1000) and the opaque `page`
 * cursor, our own encoding of an offset that callers must treat as opaque.
 */
export function pageOf(query: { limit?: number; page?: string }): PageRequest {
  return {
    limit: query.limit ?? DEFAULT_LIMIT,
    offset: query.page === undefined ? 0 : decodeCursor(query.page),
  };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

function decodeCursor(page: string): number {
  let offset: unknown;
  try {
    offset = (JSON.parse(Buffer.from(page, "base64url").toString("utf8")) as { o?: unknown }).o;
  } catch {
    throw badRequest("page is not a page cursor this emulator issued");
  }
  if (typeof offset !== "number" || !Number.isInteger(offset))
    throw badRequest("page is not a page cursor this emulator issued");
  if (offset < 0 || offset > MAX_OFFSET)
    throw badRequest(`page is a cursor out of range: its offset must be 0 to ${MAX_OFFSET}`);
  return offset;
}

/**
 * Builds the envelope for one page. `items` holds at most `limit` rows starting at `offset`
 * (a SQL `LIMIT ? OFFSET ?`), `count` the total number of matching objects.
 */
export function envelope<T>(request: PageRequest, items: T[], count: number): ListEnvelope<T> {
  const nextOffset = request.offset + items.length;
  return {
    ...(nextOffset < count && items.length > 0 ? { next: { page: encodeCursor(nextOffset) } } : {}),
    count,
    items,
  };
}

/** For lists built in memory: slices one page out of the whole list. */
export function slicePage<T>(request: PageRequest, all: readonly T[]): ListEnvelope<T> {
  return envelope(request, all.slice(request.offset, request.offset + request.limit), all.length);
}
