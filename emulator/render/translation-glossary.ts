import { z } from "zod";
import { GLOSSARY_LIMITS } from "../limits";
import type { GlossaryEntryRow } from "../store/translation-glossary";
import { named, timestamp, url } from "./common";
import { LANGUAGES } from "./spaces";

/** A term: 1 to 255 characters on one line (the hosted service's GlossaryTranslations). */
export const GlossaryTerm = z
  .string()
  .min(1)
  .max(GLOSSARY_LIMITS.term)
  .regex(/^[^\n\r]*$/);

/** An entry's terms by language, as answered: only languages of GAPS.md's list. */
export const GlossaryTranslationsJson = named(
  "GlossaryTranslations",
  z.partialRecord(z.enum(LANGUAGES), GlossaryTerm),
);

export const GlossaryEntryJson = named(
  "GlossaryEntry",
  z.strictObject({
    object: z.literal("glossary-entry"),
    id: z.string(),
    translations: GlossaryTranslationsJson,
    createdAt: timestamp,
    updatedAt: timestamp,
    urls: z.strictObject({ location: url }),
  }),
);
export type GlossaryEntryJson = z.input<typeof GlossaryEntryJson>;

export function renderGlossaryEntry(origin: string, row: GlossaryEntryRow): GlossaryEntryJson {
  return {
    object: "glossary-entry",
    id: row.id,
    translations: row.translations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    urls: {
      location: `${origin}/v1/orgs/${row.organizationId}/translations-glossary/${row.id}`,
    },
  };
}
