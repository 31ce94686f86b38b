import { z } from "zod";
import type { ApiClient } from "../client";
import { siteById } from "./sites";

/**
 * A site's adaptive schema (§2.4): the visitor claims its adaptive content reads, at
 * `/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema`. Whether a site's content adapts at
 * all is the site's own `adaptiveContent` (sites.ts).
 */

/** Visitor attribute names become `visitor.claims.<name>`, so they must be identifiers. */
export const CLAIM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function claimNames(properties: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const name of Object.keys(properties))
    if (!CLAIM_NAME.test(name))
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `must be named by an identifier matching ${CLAIM_NAME.source}`,
      });
}
const BooleanClaim = z.strictObject({
  type: z.literal("boolean"),
  description: z.string().max(1024).optional(),
});
const UnsignedClaims = z.strictObject({
  type: z.literal("object"),
  description: z.string().max(1024).optional(),
  properties: z.record(z.string(), BooleanClaim).superRefine(claimNames),
  additionalProperties: z.boolean(),
});
/**
 * §2.4's adaptive schema: a draft-07 object schema whose properties are boolean visitor claims,
 * plus an optional `unsigned` object of boolean claims, with additional properties disallowed.
 */
export const AdaptiveJsonSchema = z.strictObject({
  $schema: z.literal("http://json-schema.org/draft-07/schema#").optional(),
  type: z.literal("object"),
  properties: z
    .object({ unsigned: UnsignedClaims.optional() })
    .catchall(BooleanClaim)
    .superRefine(claimNames),
  additionalProperties: z.literal(false),
}) as unknown as z.ZodType<AdaptiveJsonSchema>;
export interface BooleanClaim {
  type: "boolean";
  description?: string;
}
export interface UnsignedClaims {
  type: "object";
  description?: string;
  properties: Record<string, BooleanClaim>;
  additionalProperties: boolean;
}
/** Typed by hand, and the schema above with it: zod cannot type `unsigned` beside a catch-all. */
export interface AdaptiveJsonSchema {
  $schema?: "http://json-schema.org/draft-07/schema#";
  type: "object";
  properties: {
    unsigned?: UnsignedClaims;
    [claim: string]: BooleanClaim | UnsignedClaims | undefined;
  };
  additionalProperties: false;
}
/** What deleting a SiteAdaptiveSchema writes back: no claims at all. */
export const EMPTY_ADAPTIVE_SCHEMA: AdaptiveJsonSchema = {
  type: "object",
  properties: {},
  additionalProperties: false,
};

export const SiteAdaptiveSchema = z.object({
  jsonSchema: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchema>;

export function getAdaptiveSchema(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteAdaptiveSchema> {
  return client.get(`${siteById(organizationId, siteId)}/adaptive-schema`, SiteAdaptiveSchema);
}

export function putAdaptiveSchema(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  jsonSchema: AdaptiveJsonSchema,
): Promise<SiteAdaptiveSchema> {
  return client.request("PUT", `${siteById(organizationId, siteId)}/adaptive-schema`, {
    body: { jsonSchema },
    schema: SiteAdaptiveSchema,
  });
}
