import {
  siteAdaptiveSchema,
  type SiteAdaptiveSchemaArgs,
} from "../../resources/site-adaptive-schema";
import { dynamicClass } from "../resource-class";

/**
 * The adaptive-content schema of a docs site: the visitor claims its conditions may test.
 * Deleting the resource resets the site's schema to an empty one.
 *
 * @example
 * ```ts
 * new SiteAdaptiveSchema("claims", {
 *   siteId: docs.id,
 *   jsonSchema: { type: "object", properties: { beta: { type: "boolean", description: "In the beta" } }, additionalProperties: false },
 * });
 * ```
 */
export class SiteAdaptiveSchema extends dynamicClass(
  siteAdaptiveSchema,
).withArgs<SiteAdaptiveSchemaArgs>() {}
