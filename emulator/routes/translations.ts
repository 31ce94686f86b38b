import { z } from "zod";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, conflict, notFound } from "../errors";
import { empty, json } from "../http/route";
import { runTranslation } from "../jobs/translations";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { EMPTY_DOCUMENT, JsonDocument, listOf } from "../render/common";
import { language, renderTranslation, TranslationJson } from "../render/translations";
import { findSpace } from "../store/spaces";
import {
  deleteTranslation,
  findTranslation,
  insertTranslation,
  listTranslations,
  requestRun,
  setInstructions,
} from "../store/translations";

const createBody = z.strictObject({
  source: z.strictObject({ space: z.string().min(1).max(100), language }),
  language,
  instructions: JsonDocument.optional(),
});

const base = "/orgs/{organizationId}/translations";
const TranslationList = listOf("TranslationList", TranslationJson);
const translationAnswer = { description: "The translation", schema: TranslationJson };

function requireTranslation(
  ctx: ApiContext,
  params: { organizationId: string; translationId: string },
  minimum: "member" | "create" = "member",
) {
  const role = ctx.requireRole(params.organizationId, minimum);
  const row = findTranslation(ctx.store, params.organizationId, params.translationId);
  if (row === undefined) throw notFound(`translation ${params.translationId}`);
  return { row, role };
}

/** §4.14 Translations: each run works in the background (jobs/translations.ts). */
export const translationRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listTranslations",
    summary: "An organization's translations",
    query: pageQuery,
    responses: { 200: { description: "A page of translations", schema: TranslationList } },
    handler({ params, query }, ctx) {
      const role = ctx.requireRole(params.organizationId, "member");
      const page = slicePage(pageOf(query), listTranslations(ctx.store, params.organizationId));
      return json(200, {
        ...page,
        items: page.items.map((row) => renderTranslation(ctx.origin, row, role)),
      });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createTranslation",
    summary: "Translate a space into a language; the first run starts at once",
    body: createBody,
    responses: {
      201: { description: "The translation, its run pending", schema: TranslationJson },
    },
    handler({ params, body }, ctx) {
      const role = ctx.requireRole(params.organizationId, "create");
      const space = findSpace(ctx.store, body.source.space);
      if (space === undefined || space.organizationId !== params.organizationId || space.deletedAt)
        throw badRequest(`source.space: no space ${body.source.space} in this organization`);
      if (body.language === body.source.language)
        throw badRequest(`language: must differ from source.language (${body.language})`);
      const row = insertTranslation(ctx.store, params.organizationId, {
        sourceSpaceId: space.id,
        sourceLanguage: body.source.language,
        language: body.language,
        instructions: body.instructions ?? EMPTY_DOCUMENT,
      });
      runTranslation(ctx.store, ctx.background, row.organizationId, row.id);
      return json(201, renderTranslation(ctx.origin, row, role));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{translationId}`,
    operationId: "getTranslation",
    summary: "A translation, with its latest run's status and result",
    responses: { 200: translationAnswer },
    handler({ params }, ctx) {
      const { row, role } = requireTranslation(ctx, params);
      return json(200, renderTranslation(ctx.origin, row, role));
    },
  }),

  apiRoute({
    method: "put",
    path: `${base}/{translationId}`,
    operationId: "updateTranslation",
    summary: "Replace a translation's instructions; they apply from its next run",
    body: z.strictObject({ instructions: JsonDocument }),
    responses: { 200: translationAnswer },
    handler({ params, body }, ctx) {
      const { row, role } = requireTranslation(ctx, params, "create");
      return json(
        200,
        renderTranslation(ctx.origin, setInstructions(ctx.store, row, body.instructions), role),
      );
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{translationId}`,
    operationId: "deleteTranslation",
    summary: "Delete a translation; its result space stays, as any space does",
    responses: {
      204: { description: "The translation did not exist" },
      205: { description: "The translation has been deleted" },
    },
    handler({ params }, ctx) {
      const row = findTranslation(ctx.store, params.organizationId, params.translationId);
      if (row === undefined || ctx.roleIn(params.organizationId) === undefined) return empty(204);
      ctx.requireRole(params.organizationId, "create");
      deleteTranslation(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/{translationId}/run`,
    operationId: "runTranslation",
    summary: "Run a translation again; a run in flight is superseded",
    responses: {
      204: { description: "The run is triggered" },
      409: { description: "The result space is locked" },
    },
    handler({ params }, ctx) {
      const { row } = requireTranslation(ctx, params, "create");
      const result = row.result && findSpace(ctx.store, row.result.space);
      // A run rewrites its result space: a locked one changes only by merge.
      if (result && result.deletedAt === null && result.editMode === "locked")
        throw conflict(`result space ${result.id} is locked: unlock it to run the translation`);
      requestRun(ctx.store, row);
      runTranslation(ctx.store, ctx.background, row.organizationId, row.id);
      return empty(204);
    },
  }),
];
