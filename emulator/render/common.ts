import { z } from "zod";
import { roleLevel } from "../auth";

/**
 * Pieces shared by the response schemas. Each render module declares the JSON its objects take,
 * as zod schemas that type its render functions (the compiler refuses a field the schema lacks)
 * and become the components of `/openapi.json`. They are strict: a field neither the API
 * document nor the hosted service has is a test failure, not a quiet addition.
 */

/**
 * The named response schemas: each becomes `#/components/schemas/<id>` of `/openapi.json`.
 * Filled as the render modules load, and read only by the document generator.
 */
export const namedSchemas = new Map<z.ZodType, string>();

/** Names a schema for the OpenAPI document. */
export function named<S extends z.ZodType>(id: string, schema: S): S {
  namedSchemas.set(schema, id);
  return schema;
}

export const timestamp = z.iso.datetime();
export const url = z.url();

/** A RoleLevel or `null` (guest). */
export const roleOrGuest = roleLevel.nullable();

/** §2.1's DefaultLevel: a RoleLevel, `null` (guest), or `inherit` (GAPS.md). */
export const defaultLevel = z.union([roleLevel, z.literal("inherit")]).nullable();

/** The list envelope of §2.1. */
export function listOf<S extends z.ZodType>(id: string, item: S) {
  return named(
    id,
    z.strictObject({
      next: z.strictObject({ page: z.string() }).optional(),
      count: z.number().int().min(0),
      items: z.array(item),
    }),
  );
}

/** The error body of GAPS.md. */
export const ErrorJson = named(
  "Error",
  z.strictObject({
    error: z.strictObject({ code: z.number().int(), message: z.string() }),
  }),
);

/** `{ ...(value !== null ? { key: value } : {}) }`: a field the API leaves out when unset. */
export function present<K extends string, V>(
  key: K,
  value: V | null | undefined,
): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
