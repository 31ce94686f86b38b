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

/**
 * §2.12's rich document: `{ object: "document", data, nodes }`, its top-level nodes blocks. What
 * a block holds beyond its `object` and `type` is the document's own business: kept as sent.
 */
const block = z.looseObject({
  object: z.literal("block"),
  type: z.string().min(1),
  key: z.string().optional(),
  isVoid: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nodes: z.array(z.unknown()).optional(),
});
export const JsonDocument = named(
  "JSONDocument",
  z.strictObject({
    object: z.literal("document"),
    data: z.looseObject({ schemaVersion: z.number().int().optional() }),
    nodes: z.array(block),
  }),
);

/** The empty document: the instructions of a translation or a site agent nobody wrote. */
export const EMPTY_DOCUMENT = { object: "document", data: {}, nodes: [] } as const;

/** `{ ...(value !== null ? { key: value } : {}) }`: a field the API leaves out when unset. */
export function present<K extends string, V>(
  key: K,
  value: V | null | undefined,
): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * An optional field an object keeps and shows as it is: its wire schema, the same on a request
 * and in the JSON. Declared once, in the family's render module, from which the routes take the
 * create and PATCH validators and the JSON its entry; the store keeps it in a column of its
 * table's column map (`text().addedLater()`).
 */
export interface OptionalField {
  wire: z.ZodType;
}

/** The fields' schemas, each optional: for a create body and a response schema. */
export function optionalShape<F extends Record<string, OptionalField>>(
  fields: F,
): { [K in keyof F]: z.ZodOptional<F[K]["wire"]> } {
  const entries = Object.entries(fields).map(([key, field]) => [key, field.wire.optional()]);
  return Object.fromEntries(entries) as { [K in keyof F]: z.ZodOptional<F[K]["wire"]> };
}

/** The fields' schemas, each optional or `null` (which removes it): for a PATCH body. */
export function patchShape<F extends Record<string, OptionalField>>(
  fields: F,
): { [K in keyof F]: z.ZodOptional<z.ZodNullable<F[K]["wire"]>> } {
  const entries = Object.entries(fields).map(([key, f]) => [key, f.wire.nullable().optional()]);
  return Object.fromEntries(entries) as {
    [K in keyof F]: z.ZodOptional<z.ZodNullable<F[K]["wire"]>>;
  };
}

/** The fields a request sent, as it sent them: what a bulk item writes beside its own settings. */
export function sentFields<F extends Record<string, OptionalField>>(
  fields: F,
  body: object,
): { [K in keyof F]?: z.output<F[K]["wire"]> } {
  const sent = Object.entries(body).filter(([key, value]) => key in fields && value !== undefined);
  return Object.fromEntries(sent) as { [K in keyof F]?: z.output<F[K]["wire"]> };
}

/** The value of each field a row holds, as a row keeps it: `null` when it is not set. */
export type OptionalValues<F extends Record<string, OptionalField>> = {
  [K in keyof F]: z.output<F[K]["wire"]> | null;
};

/** The fields a row has set, for the JSON: an unset one is left out. */
export function presentFields<F extends Record<string, OptionalField>>(
  fields: F,
  row: OptionalValues<F>,
): { [K in keyof F]?: z.output<F[K]["wire"]> } {
  const set = Object.keys(fields).filter((key) => row[key] !== null);
  return Object.fromEntries(set.map((key) => [key, row[key]])) as {
    [K in keyof F]?: z.output<F[K]["wire"]>;
  };
}
