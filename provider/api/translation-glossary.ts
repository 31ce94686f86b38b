import { z } from "zod";
import { listAll, segment, type ApiClient } from "../client";
import { Language, LANGUAGES, open } from "./common";

/**
 * The translation glossary (the hosted service's `glossary` operations, docs/api-decisions.md
 * "Translation glossary"): entries, each a map from language to the term in that language.
 */

/** A term: 1 to 255 characters on one line. */
export const GlossaryTerm = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^\n\r]*$/, "must be one line");

const languages: ReadonlySet<string> = new Set(LANGUAGES);

/**
 * An entry as a program declares it: a term in each of at least one language, each key one of
 * GAPS.md's languages (another is refused, named, with the list).
 */
export const GlossaryTerms = z.record(z.string(), GlossaryTerm).superRefine((terms, ctx) => {
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
});
export type GlossaryTerms = z.output<typeof GlossaryTerms>;

/** A glossary entry as the provider reads it: any language the service answers is kept. */
export const GlossaryEntry = z.object({
  id: z.string(),
  translations: z.record(open(Language), z.string()),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type GlossaryEntry = z.output<typeof GlossaryEntry>;

/** One operation of the batch PUT. */
export type GlossaryOperation =
  | { type: "insert"; translations: Record<string, string> }
  | { type: "update"; id: string; translations: Record<string, string> }
  | { type: "delete"; id: string };

/** How many operations one PUT carries at most. */
export const GLOSSARY_BATCH = 1000;

const glossary = (organizationId: string) =>
  `/v1/orgs/${segment("organizationId", organizationId)}/translations-glossary`;

/** Every entry of the organization's glossary. */
export function listGlossary(client: ApiClient, organizationId: string): Promise<GlossaryEntry[]> {
  return listAll(client, glossary(organizationId), GlossaryEntry, { limit: 1000 });
}

export function getGlossaryEntry(client: ApiClient, organizationId: string, id: string) {
  return client.get(`${glossary(organizationId)}/${segment("glossaryEntryId", id)}`, GlossaryEntry);
}

/**
 * Sends one batch, all or nothing. Not sent again blind when its outcome is unknown: its inserts
 * would be made twice (the caller lists the glossary and plans again).
 */
export async function updateGlossary(
  client: ApiClient,
  organizationId: string,
  operations: readonly GlossaryOperation[],
): Promise<void> {
  await client.request("PUT", glossary(organizationId), {
    body: { operations },
    idempotent: false,
  });
}
