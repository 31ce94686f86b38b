import { z } from "zod";
import type { Getter, Query } from "./types";

const envelope = <S extends z.ZodType>(item: S) =>
  z.looseObject({
    next: z.looseObject({ page: z.string() }).optional(),
    count: z.number().optional(),
    items: z.array(item),
  });
const envelopes = new WeakMap<z.ZodType, ReturnType<typeof envelope>>();

/**
 * The list envelope of §2.1, with each item validated by `item`: one schema per item schema, so
 * that every list of one kind is the same read to `ApiClient.sharingReads`.
 */
export function listOf<S extends z.ZodType>(item: S): ReturnType<typeof envelope<S>> {
  let schema = envelopes.get(item);
  if (schema === undefined) envelopes.set(item, (schema = envelope(item)));
  return schema as ReturnType<typeof envelope<S>>;
}

/**
 * Every item of a list operation, page after page, following the opaque `next.page` cursor.
 * Pages are fetched lazily, so a caller that stops early makes no further request.
 */
export async function* paginate<S extends z.ZodType>(
  client: Getter,
  path: string,
  item: S,
  query: Query = {},
): AsyncGenerator<z.output<S>, void, undefined> {
  const schema = listOf(item);
  let page: string | undefined;
  do {
    const body = await client.get(path, schema, { ...query, ...(page ? { page } : {}) });
    yield* body.items as z.output<S>[];
    page = body.next?.page;
  } while (page !== undefined);
}

/** Collects a whole list; for lists known to be small. */
export async function listAll<S extends z.ZodType>(
  client: Getter,
  path: string,
  item: S,
  query?: Query,
): Promise<z.output<S>[]> {
  const items: z.output<S>[] = [];
  for await (const item_ of paginate(client, path, item, query)) items.push(item_);
  return items;
}
