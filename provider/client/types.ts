import type { z } from "zod";

/**
 * The types the client's files share. Each of them imports from here rather than from the
 * others, so that no two files of the client import each other.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Query = Record<string, string | number | boolean | undefined>;

/** A list operation: its path, query and item schema. Equal path and query are the same list. */
export interface ListSpec<T extends { id: string }> {
  path: string;
  query?: Query;
  item: z.ZodType<T>;
}

/** What pagination needs of a client: one validated GET (`ApiClient.get`). */
export interface Getter {
  get<S extends z.ZodType>(path: string, schema: S, query?: Query): Promise<z.output<S>>;
}
