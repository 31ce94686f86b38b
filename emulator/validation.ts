import { z } from "zod";
import { issuesMessage, validate } from "../common/issues";
import { badRequest } from "./errors";
import { ID_MAX } from "./limits";

/**
 * Parses input (a body, a query) against `schema`. Every failure answers 400 with a message
 * naming the field and the limit, phrased as the provider phrases it (`common/issues.ts`).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = validate(schema, raw);
  if (!result.success) throw badRequest(issuesMessage(result.issues));
  return result.data;
}

/*
 * Request validators that several families' routes share (a route file imports no other):
 * each family's own stay in its routes file.
 */

/** An object id in a body (§2). */
export const id = z.string().min(1).max(ID_MAX);

/** A sibling reference in `position`: `{ type: space, space }` (§4.1) or `{ type: collection, collection }`. */
export const siblingRef = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("space"), space: id }),
  z.strictObject({ type: z.literal("collection"), collection: id }),
]);

export const positionSchema = z.strictObject({
  before: siblingRef.optional(),
  after: siblingRef.optional(),
});

/** The move body of collections and spaces: a parent (`null` is the top level) and a position. */
export const moveBody = z.strictObject({
  parent: id.nullable().optional(),
  position: positionSchema.optional(),
});

/** The `shareKey` query (§4.1) of the reads that render published URLs. */
export const shareKeyQuery = z.looseObject({ shareKey: z.string().max(256).optional() });
