import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  AdaptiveJsonSchema,
  EMPTY_ADAPTIVE_SCHEMA,
  getAdaptiveSchema,
  putAdaptiveSchema,
  type SiteAdaptiveSchema as WireSchema,
} from "../api/sites";
import { shim } from "../runtime/shim";
import { Id, lifecycle, UNKNOWN, type CommonInputs, type ResourceDefinition } from "./lifecycle";

interface Inputs extends CommonInputs {
  organizationId: string;
  siteId: string;
  jsonSchema: AdaptiveJsonSchema;
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  siteId: string;
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
}

function outputs(organizationId: string, siteId: string, wire: WireSchema): Outputs {
  return { organizationId, siteId, jsonSchema: wire.jsonSchema, updatedAt: wire.updatedAt };
}

/**
 * The schema is a property of its site, not an object of its own: it exists as long as the site
 * does, its id is the site's id, creating it is one PUT, and deleting it writes an empty schema.
 */
const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "site-adaptive-schema",
  inputs: z.object({
    organizationId: Id.optional(),
    siteId: Id,
    jsonSchema: AdaptiveJsonSchema,
    adoptId: Id.optional(),
  }),
  rules: ({ adoptId, siteId }) =>
    adoptId !== undefined && adoptId !== UNKNOWN && siteId !== UNKNOWN && adoptId !== siteId
      ? [
          {
            property: "adoptId",
            reason: `must be the site's id (${siteId}): the schema's id is its site's`,
          },
        ]
      : [],
  replaceOnChange: ["organizationId", "siteId"],

  async create({ client }, inputs) {
    const { organizationId: org, siteId } = inputs;
    const written = await putAdaptiveSchema(client, org, siteId, inputs.jsonSchema);
    return { id: siteId, outs: outputs(org, siteId, written) };
  },

  async read({ client }, id, props) {
    const org = props.organizationId;
    return outputs(org, id, await getAdaptiveSchema(client, org, id));
  },

  async update({ client }, id, olds, news) {
    const org = olds.organizationId;
    return outputs(org, id, await putAdaptiveSchema(client, org, id, news.jsonSchema));
  },

  async delete({ client }, id, props) {
    await putAdaptiveSchema(client, props.organizationId, id, EMPTY_ADAPTIVE_SCHEMA);
  },
};

/** What the runtime runs for `site-adaptive-schema` resources. */
export const siteAdaptiveSchemaHandlers = lifecycle(definition);

/** The arguments of a {@link SiteAdaptiveSchema}. */
export interface SiteAdaptiveSchemaArgs {
  /**
   * The organization that owns the site; defaults to `docs-workspace:organizationId`.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The site whose visitor attributes the schema describes; it is also the resource's id. A
   * change replaces the resource.
   * @example docs.id
   */
  siteId: pulumi.Input<string>;
  /**
   * A JSON Schema draft-07 object schema of the visitor's claims: boolean properties, and an
   * optional `unsigned` object of boolean claims; `additionalProperties` must be `false`.
   * Checked before any request, each failure naming its property path.
   * @example { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false }
   */
  jsonSchema: pulumi.Input<AdaptiveJsonSchema>;
  /**
   * The id of the site whose schema to take over (the same as `siteId`); a schema always exists,
   * so this only documents the intent.
   * @example docs.id
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * The adaptive-content schema of a docs site: the visitor claims its conditions may test.
 * Deleting the resource resets the site's schema to an empty one.
 *
 * @example
 * ```ts
 * new SiteAdaptiveSchema("claims", {
 *   siteId: docs.id,
 *   jsonSchema: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false },
 * });
 * ```
 */
export class SiteAdaptiveSchema extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly siteId: pulumi.Output<string>;
  declare public readonly jsonSchema: pulumi.Output<AdaptiveJsonSchema>;
  declare public readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: SiteAdaptiveSchemaArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("site-adaptive-schema"),
      name,
      { organizationId: undefined, ...args, updatedAt: undefined },
      opts,
      "docs-workspace",
      "SiteAdaptiveSchema",
    );
  }
}
