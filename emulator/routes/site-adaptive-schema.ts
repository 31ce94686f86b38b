import { z } from "zod";
import { json } from "../http/route";
import { apiRoute } from "../context";
import {
  adaptiveJsonSchema,
  AdaptiveSchemaJson,
  renderAdaptiveSchema,
  storedSchema,
  templateConditions,
  TemplateConditionsJson,
  type AdaptiveSchema,
} from "../render/site-adaptive-schema";
import { writeAdaptiveSchema } from "../store/site-adaptive-schema";
import { findSite } from "../store/sites";
import { requireSite } from "../access/sites";

/** What PUT accepts: a claim needs a description, as the hosted service requires. */
const AdaptiveJsonSchemaInput = adaptiveJsonSchema(z.string().max(1024));

const base = "/orgs/{organizationId}/sites/{siteId}/adaptive-schema";
const schemaAnswer = { description: "The site's adaptive schema", schema: AdaptiveSchemaJson };

/** §4.10's adaptive schema of a site and its template conditions. */
export const adaptiveSchemaRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "getSiteAdaptiveSchema",
    summary: "The visitor claims a site's conditions may test",
    responses: { 200: schemaAnswer },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      return json(200, renderAdaptiveSchema(site));
    },
  }),

  apiRoute({
    method: "put",
    path: base,
    operationId: "updateSiteAdaptiveSchema",
    summary: "Replace a site's adaptive schema",
    body: z.object({ jsonSchema: AdaptiveJsonSchemaInput }),
    responses: { 200: schemaAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "admin");
      const jsonSchema: AdaptiveSchema = body.jsonSchema;
      writeAdaptiveSchema(ctx.store, request.site.id, jsonSchema);
      const site = findSite(ctx.store, request.organizationId, request.site.id)!;
      return json(200, renderAdaptiveSchema(site));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/template-conditions`,
    operationId: "listSiteAdaptiveTemplateConditions",
    summary: "One suggested condition per boolean claim of the adaptive schema",
    responses: { 200: { description: "The conditions", schema: TemplateConditionsJson } },
    handler({ params }, ctx) {
      const { site } = requireSite(ctx, params, "member");
      return json(200, templateConditions(storedSchema(site)));
    },
  }),
];
