import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "./errors";
import { readQuery } from "./validation";

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

const pageQuery = z.looseObject({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
  page: z.string().optional(),
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
 * Reads `limit` (default 100, at most 1000) and the opaque `page` cursor of a list request.
 * The cursor is our own encoding of an offset; callers must treat it as opaque.
 */
export function readPage(c: Context): PageRequest {
  const { limit, page } = readQuery(c, pageQuery);
  return { limit: limit ?? DEFAULT_LIMIT, offset: page === undefined ? 0 : decodeCursor(page) };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

function decodeCursor(page: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(page, "base64url").toString("utf8")) as { o?: unknown };
    if (typeof parsed.o === "number" && Number.isInteger(parsed.o) && parsed.o >= 0)
      return parsed.o;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest("page is not a valid page cursor");
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
export function pageOf<T>(request: PageRequest, all: readonly T[]): ListEnvelope<T> {
  return envelope(request, all.slice(request.offset, request.offset + request.limit), all.length);
}
