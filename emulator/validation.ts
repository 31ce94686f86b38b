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

/**
 * `value` without the object keys that `schema` declares nowhere at their place, at any depth:
 * the workspace API ignores a field it does not know, as the hosted service's document implies
 * (no request body there sets `additionalProperties: false`; docs/api-decisions.md). A key that
 * one branch of a union declares is kept, so a wrong value of a known field still fails the
 * branch that knows it; an object that takes any key (a loose one, a record) keeps them all.
 */
export function withoutUnknownFields(schema: z.ZodType, value: unknown): unknown {
  return strip(unwrap([schema]), value);
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value may be checked against once wrappers and unions are opened. */
function unwrap(schemas: z.ZodType[]): z.ZodType[] {
  return schemas.flatMap((schema): z.ZodType[] => {
    const def = defOf(schema);
    switch (def.type) {
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "readonly":
      case "catch":
      case "nonoptional":
        return unwrap([def.innerType as z.ZodType]);
      case "pipe":
        return unwrap([def.in as z.ZodType]);
      case "lazy":
        return unwrap([(def.getter as () => z.ZodType)()]);
      case "union":
        return unwrap(def.options as z.ZodType[]);
      case "intersection":
        return unwrap([def.left as z.ZodType, def.right as z.ZodType]);
      default:
        return [schema];
    }
  });
}

function strip(schemas: z.ZodType[], value: unknown): unknown {
  if (Array.isArray(value)) {
    const elements = schemas.flatMap((s) => {
      const def = defOf(s);
      return def.type === "array" ? [def.element as z.ZodType] : [];
    });
    return elements.length === 0 ? value : value.map((v) => strip(unwrap(elements), v));
  }
  if (typeof value !== "object" || value === null) return value;
  const defs = schemas.map(defOf);
  const objects = defs.filter((d) => d.type === "object");
  const records = defs.filter((d) => d.type === "record");
  if (objects.length === 0 && records.length === 0) return value;
  // A loose object or a record takes any key: nothing is unknown there.
  const open =
    records.length > 0 ||
    objects.some(
      (d) => d.catchall !== undefined && defOf(d.catchall as z.ZodType).type !== "never",
    );
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const fields = [
      ...objects.flatMap((d) => {
        const field = (d.shape as Record<string, z.ZodType>)[key];
        return field === undefined ? [] : [field];
      }),
      ...records.map((d) => d.valueType as z.ZodType),
    ];
    if (fields.length === 0 && !open) continue;
    kept[key] = fields.length === 0 ? v : strip(unwrap(fields), v);
  }
  return kept;
}
