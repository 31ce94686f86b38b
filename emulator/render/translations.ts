import { z } from "zod";
import { hasRole } from "../auth";
import type { TranslationRow } from "../store/translations";
import { JsonDocument, named, timestamp, url } from "./common";
import { LANGUAGES } from "./spaces";

export const language = z.enum(LANGUAGES);

export const translationStatus = z.enum(["pending", "running", "completed"]);

const count = z.number().int().min(0);

export const TranslationJson = named(
  "Translation",
  z.strictObject({
    object: z.literal("translation"),
    id: z.string(),
    status: translationStatus,
    source: z.strictObject({ space: z.string(), language }),
    language,
    instructions: JsonDocument,
    result: z.strictObject({ space: z.string(), revision: z.string(), language }).optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
    stats: z.strictObject({
      runs: count,
      totalWords: count,
      totalPages: count,
      totalDuration: count,
      latestRunDuration: count,
      latestPages: count,
      latestWords: count,
    }),
    permissions: z.strictObject({ view: z.boolean(), edit: z.boolean() }),
    urls: z.strictObject({ location: url }),
  }),
);
export type TranslationJson = z.input<typeof TranslationJson>;

export function renderTranslation(
  origin: string,
  row: TranslationRow,
  role: string | null,
): TranslationJson {
  return {
    object: "translation",
    id: row.id,
    status: row.status,
    source: {
      space: row.sourceSpaceId,
      language: row.sourceLanguage as TranslationJson["language"],
    },
    language: row.language as TranslationJson["language"],
    instructions: row.instructions as TranslationJson["instructions"],
    ...(row.result
      ? { result: { ...row.result, language: row.language as TranslationJson["language"] } }
      : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    stats: row.stats,
    permissions: { view: true, edit: hasRole(role, "create") },
    urls: { location: `${origin}/v1/orgs/${row.organizationId}/translations/${row.id}` },
  };
}
