import { z } from "zod";
import { apiRoute } from "../context";
import { badRequest, notFound } from "../errors";
import { empty, json } from "../http/route";
import { GLOSSARY_LIMITS } from "../limits";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import {
  GlossaryEntryJson,
  GlossaryTerm,
  renderGlossaryEntry,
} from "../render/translation-glossary";
import { LANGUAGES } from "../render/spaces";
import {
  applyGlossaryOperations,
  countGlossary,
  findGlossaryEntry,
  listGlossary,
  type GlossaryTerms,
} from "../store/translation-glossary";
import { id } from "../validation";

const languages: ReadonlySet<string> = new Set(LANGUAGES);

/**
 * An entry's terms in a request: each key a language of GAPS.md's list (another is refused,
 * named), at least one of them.
 */
const Translations = z.record(z.string(), GlossaryTerm).superRefine((terms, ctx) => {
  const keys = Object.keys(terms);
  if (keys.length === 0)
    ctx.addIssue({ code: "custom", message: "must name at least one language" });
  for (const key of keys)
    if (!languages.has(key))
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `is not a language: one of ${LANGUAGES.join(", ")}`,
      });
}) as unknown as z.ZodType<GlossaryTerms>;

/** The hosted service's GlossaryBatchOperation: insert, update (its terms replaced), delete. */
const Operation = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("insert"), translations: Translations }),
  z.strictObject({ type: z.literal("update"), id, translations: Translations }),
  z.strictObject({ type: z.literal("delete"), id }),
]);

const putBody = z.strictObject({
  operations: z.array(Operation).max(GLOSSARY_LIMITS.operations),
});

const listQuery = pageQuery.extend({ orderBy: z.enum(LANGUAGES).optional() });

const base = "/orgs/{organizationId}/translations-glossary";
const GlossaryList = listOf("GlossaryEntryList", GlossaryEntryJson);

/**
 * The translation glossary (the hosted service's `glossary` operations; our document is silent:
 * docs/api-decisions.md, "Translation glossary"). Reading needs membership, editing `create`, as
 * translations do.
 */
export const glossaryRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listGlossaryEntries",
    summary: "An organization's glossary entries; orderBy sorts them by a language's term",
    query: listQuery,
    responses: { 200: { description: "A page of glossary entries", schema: GlossaryList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const page = pageOf(query);
      const { rows, count } = listGlossary(ctx.store, params.organizationId, page, query.orderBy);
      return json(
        200,
        envelope(
          page,
          rows.map((row) => renderGlossaryEntry(ctx.origin, row)),
          count,
        ),
      );
    },
  }),

  apiRoute({
    method: "put",
    path: base,
    operationId: "updateGlossaryEntries",
    summary: "Insert, update and delete glossary entries in one batch, all or nothing",
    body: putBody,
    responses: { 204: { description: "The glossary entries are updated" } },
    handler({ params, body }, ctx) {
      ctx.requireRole(params.organizationId, "create");
      const org = params.organizationId;
      ctx.store.transaction(() => {
        const { unknownUpdate } = applyGlossaryOperations(ctx.store, org, body.operations);
        if (unknownUpdate !== undefined) {
          const op = body.operations[unknownUpdate] as { id: string };
          throw badRequest(
            `operations[${unknownUpdate}].id: no glossary entry ${op.id} in this organization`,
          );
        }
        const count = countGlossary(ctx.store, org);
        if (count > GLOSSARY_LIMITS.entries)
          throw badRequest(
            `operations: the glossary would hold ${count} entries; the limit is ${GLOSSARY_LIMITS.entries}`,
          );
      });
      return empty(204);
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{glossaryEntryId}`,
    operationId: "getGlossaryEntry",
    summary: "A glossary entry",
    responses: { 200: { description: "The glossary entry", schema: GlossaryEntryJson } },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const row = findGlossaryEntry(ctx.store, params.organizationId, params.glossaryEntryId);
      if (row === undefined) throw notFound(`glossary entry ${params.glossaryEntryId}`);
      return json(200, renderGlossaryEntry(ctx.origin, row));
    },
  }),
];
