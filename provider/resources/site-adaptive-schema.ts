import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import * as api from "../api/site-adaptive-schema";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { adoptsItsSite, OF_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/** Both bodies: the schema is written whole, with one PUT. */
const Body = z.object({ jsonSchema: api.AdaptiveJsonSchema });

/** A failure for each boolean claim that has no description, named by its path. */
function undescribedClaims(schema: api.AdaptiveJsonSchema): { property: string; reason: string }[] {
  const { unsigned, ...claims } = schema.properties;
  const named = [
    ...Object.entries(claims).map(
      ([name, claim]) => [`jsonSchema.properties.${name}`, claim] as const,
    ),
    ...Object.entries(unsigned?.properties ?? {}).map(
      ([name, claim]) => [`jsonSchema.properties.unsigned.properties.${name}`, claim] as const,
    ),
  ];
  return named
    .filter(([, claim]) => !claim?.description)
    .map(([path]) => ({
      property: `${path}.description`,
      reason: "is required: the service refuses a visitor claim without a description",
    }));
}

/**
 * The schema is a property of its site, not an object of its own: it exists as long as the site
 * does, its id is the site's id, creating or changing it is one PUT, and deleting it writes an
 * empty schema.
 */
export const siteAdaptiveSchema = defineResource({
  kind: "site-adaptive-schema",
  type: "SiteAdaptiveSchema",
  importId: OF_SITE,
  repeatable: true,
  inputs: resourceInputs({ siteId: Id, jsonSchema: api.AdaptiveJsonSchema }),
  rules: ({ adoptId, siteId, jsonSchema }, olds) => [
    ...adoptsItsSite("SiteAdaptiveSchema", { adoptId, siteId }),
    // The hosted service refuses a claim without a description. Release 0.1.0 did not ask for
    // one, so a schema it wrote stays valid until the program changes it.
    ...(isDeepStrictEqual(jsonSchema, olds.jsonSchema) ? [] : undescribedClaims(jsonSchema)),
  ],
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SiteAdaptiveSchema,
  createBody: Body,
  patchBody: Body,
  outputs: {
    siteId: (_, known) => known.siteId,
    updatedAt: (schema) => schema.updatedAt,
  },
  create: ({ client }, inputs, body) =>
    api.putAdaptiveSchema(client, inputs.organizationId, inputs.siteId, body.jsonSchema),
  idOf: (_, inputs) => inputs.siteId,
  read: ({ client }, id, olds) => api.getAdaptiveSchema(client, olds.organizationId, id),
  patch: ({ client }, id, olds, body) =>
    api.putAdaptiveSchema(client, olds.organizationId, id, body.jsonSchema),
  delete: ({ client }, id, olds) =>
    api
      .putAdaptiveSchema(client, olds.organizationId, id, api.EMPTY_ADAPTIVE_SCHEMA)
      .then(() => {}),
});

type Inputs = ArgsInputs<typeof siteAdaptiveSchema>;

/** The arguments of a {@link SiteAdaptiveSchema}. */
export interface SiteAdaptiveSchemaArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose visitor attributes the schema describes; it is also the resource's id. A
   * change replaces the resource.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * A JSON Schema draft-07 object schema of the visitor's claims: boolean properties, and an
   * optional `unsigned` object of boolean claims; `additionalProperties` must be `false`. Each
   * claim needs a `description` (the service refuses one without). Checked before any request,
   * each failure naming its property path.
   * @example { type: "object", properties: { beta: { type: "boolean", description: "In the beta" } }, additionalProperties: false }
   */
  jsonSchema: Input<Inputs["jsonSchema"]>;
  /**
   * The id of the site whose schema to take over (the same as `siteId`); a schema always exists,
   * so this only documents the intent.
   * @example docs.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
