import { z } from "zod";
import type { SiteRow } from "../store/sites";
import { named, timestamp } from "./common";

/** Visitor attribute names become `visitor.claims.<name>`, so they must be identifiers. */
const CLAIM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function claimNames(properties: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const name of Object.keys(properties))
    if (!CLAIM_NAME.test(name))
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `must be named by an identifier matching ${CLAIM_NAME.source}`,
      });
}

/**
 * The adaptive schema this emulator keeps (§2.4): a draft-07 object schema whose properties
 * are boolean visitor claims, plus an optional `unsigned` object of boolean claims; every other
 * keyword or claim type is refused with 400. PUT's validator (routes/site-adaptive-schema.ts) takes a
 * claim's description as required, as the hosted service does; a schema stored by release 0.1.0,
 * which did not, is still answered as stored.
 */
export function adaptiveJsonSchema(description: z.ZodString | z.ZodOptional<z.ZodString>) {
  const booleanClaim = z.strictObject({ type: z.literal("boolean"), description });
  const unsignedClaims = z.strictObject({
    type: z.literal("object"),
    description: z.string().max(1024).optional(),
    properties: z.record(z.string(), booleanClaim).superRefine(claimNames),
    additionalProperties: z.boolean(),
  });
  return z.strictObject({
    $schema: z.literal("http://json-schema.org/draft-07/schema#").optional(),
    type: z.literal("object"),
    properties: z
      .object({ unsigned: unsignedClaims.optional() })
      .catchall(booleanClaim)
      .superRefine(claimNames),
    additionalProperties: z.literal(false),
  });
}

/** What GET answers. */
export const AdaptiveJsonSchema = named(
  "SiteAdaptiveJSONSchema",
  adaptiveJsonSchema(z.string().max(1024).optional()),
);

interface BooleanClaim {
  type: "boolean";
  description?: string;
}
interface UnsignedClaims {
  type: "object";
  description?: string;
  properties: Record<string, BooleanClaim>;
  additionalProperties: boolean;
}
/** The accepted document, typed by hand: zod cannot type `unsigned` beside a catch-all. */
export interface AdaptiveSchema {
  $schema?: string;
  type: "object";
  properties: {
    unsigned?: UnsignedClaims;
    [claim: string]: BooleanClaim | UnsignedClaims | undefined;
  };
  additionalProperties: false;
}

export const AdaptiveSchemaJson = named(
  "SiteAdaptiveSchema",
  z.strictObject({
    object: z.literal("site-adaptive-schema"),
    jsonSchema: AdaptiveJsonSchema,
    updatedAt: timestamp,
  }),
);

export const TemplateConditionsJson = named(
  "SiteAdaptiveTemplateConditions",
  z.strictObject({
    items: z.array(z.strictObject({ description: z.string(), condition: z.string() })),
  }),
);

/** What GET answers for a site whose schema was never written: no claims at all. */
const EMPTY_ADAPTIVE_SCHEMA: AdaptiveSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: {},
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

export function storedSchema(site: SiteRow): AdaptiveSchema {
  return site.adaptiveSchema === null
    ? EMPTY_ADAPTIVE_SCHEMA
    : (JSON.parse(site.adaptiveSchema) as AdaptiveSchema);
}

export function renderAdaptiveSchema(site: SiteRow): z.input<typeof AdaptiveSchemaJson> {
  return {
    object: "site-adaptive-schema",
    // The document was validated against the schema when it was written.
    jsonSchema: storedSchema(site) as z.input<typeof AdaptiveJsonSchema>,
    updatedAt: site.adaptiveSchemaUpdatedAt ?? site.createdAt,
  };
}

/** One suggested condition per boolean claim: `visitor.claims.<name> === true`. */
export function templateConditions(schema: AdaptiveSchema) {
  const items: { description: string; condition: string }[] = [];
  for (const [name, claim] of Object.entries(schema.properties)) {
    if (name === "unsigned" || claim?.type !== "boolean") continue;
    items.push({
      description: claim.description ?? `Visitors whose ${name} claim is true`,
      condition: `visitor.claims.${name} === true`,
    });
  }
  for (const [name, claim] of Object.entries(schema.properties.unsigned?.properties ?? {}))
    items.push({
      description: claim.description ?? `Visitors whose unsigned ${name} claim is true`,
      condition: `visitor.claims.unsigned.${name} === true`,
    });
  return { items };
}
