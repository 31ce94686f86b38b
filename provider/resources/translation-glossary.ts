import { z } from "zod";
import * as api from "../api/translation-glossary";
import { ApiError, outcomeUnknown } from "../client";
import type { Context } from "../context";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/** Terms by language, as the API or the program gives them. */
type Terms = Readonly<Record<string, string>>;

/** An entry with its languages in one order: the same terms always read the same. */
const canonical = (terms: Terms): Record<string, string> =>
  Object.fromEntries(Object.entries(terms).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const keyOf = (terms: Terms) => JSON.stringify(canonical(terms));

/** Entries in one order (by their terms), so that the glossary's order, which it has none of, is no change. */
export function canonicalEntries(entries: readonly Terms[]): Record<string, string>[] {
  return entries.map(canonical).sort((a, b) => {
    const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

const Entries = z
  .array(api.GlossaryTerms)
  .max(10_000)
  .superRefine((entries, ctx) => {
    // Checked before the sort, so that the index is the program's.
    const seen = new Map<string, number>();
    entries.forEach((entry, i) => {
      const first = seen.get(keyOf(entry));
      if (first !== undefined)
        ctx.addIssue({ code: "custom", path: [i], message: `repeats entries[${first}]` });
      else seen.set(keyOf(entry), i);
    });
  })
  .transform((entries) => canonicalEntries(entries as Terms[]));

const shares = (a: Terms, b: Terms) => Object.entries(a).some(([lang, term]) => b[lang] === term);

/**
 * The operations that make `current` exactly `wanted`: an entry already as declared is left; a
 * declared one sharing a term (one language, one term) with a leftover entry updates it, keeping
 * its id; the rest are inserted; every entry left over (made by hand, or no longer declared) is
 * deleted. Deletes first, so a service that refused two entries with one term would not balk. Pure.
 */
export function planGlossary(
  current: readonly api.GlossaryEntry[],
  wanted: readonly Terms[],
): api.GlossaryOperation[] {
  const left = [...current];
  const take = (found: number) => left.splice(found, 1)[0]!;
  const unmatched = wanted.filter((terms) => {
    const found = left.findIndex((e) => keyOf(e.translations) === keyOf(terms));
    if (found < 0) return true;
    take(found);
    return false;
  });
  const writes: api.GlossaryOperation[] = unmatched.map((terms) => {
    const found = left.findIndex((e) => shares(e.translations, terms));
    const translations = canonical(terms);
    return found < 0
      ? { type: "insert", translations }
      : { type: "update", id: take(found).id, translations };
  });
  const deletes = left.map((e): api.GlossaryOperation => ({ type: "delete", id: e.id }));
  return [
    ...deletes,
    ...writes.filter((w) => w.type === "update"),
    ...writes.filter((w) => w.type === "insert"),
  ];
}

/** The glossary as the resource reads it: its organization and each entry's terms. */
const Glossary = z.object({
  organizationId: z.string(),
  entries: z.array(z.record(z.string(), z.string())),
});
type Glossary = z.output<typeof Glossary>;

/** Tries of a sync whose batch met an unknown outcome: each lists the glossary and plans again. */
const SYNC_ATTEMPTS = 3;

/**
 * Makes the organization's glossary hold exactly `wanted`: one listing, then the plan's
 * operations in batches of 1,000 (none when nothing differs). A batch whose outcome is unknown
 * is never sent again as it was: the glossary is listed again and what is still missing planned.
 */
async function sync(
  { client }: Context,
  organizationId: string,
  wanted: readonly Terms[],
): Promise<Glossary> {
  for (let attempt = 1; ; attempt++) {
    const plan = planGlossary(await api.listGlossary(client, organizationId), wanted);
    try {
      for (let i = 0; i < plan.length; i += api.GLOSSARY_BATCH)
        await api.updateGlossary(client, organizationId, plan.slice(i, i + api.GLOSSARY_BATCH));
      return { organizationId, entries: canonicalEntries(wanted) };
    } catch (error) {
      if (!(error instanceof ApiError && outcomeUnknown(error)) || attempt >= SYNC_ATTEMPTS)
        throw error;
    }
  }
}

export const translationGlossary = defineResource({
  kind: "translation-glossary",
  type: "TranslationGlossary",
  // The glossary is the organization's: its id is the organization's.
  importId: { formats: ["<organizationId>"] },
  repeatable: true,
  inputs: resourceInputs({ entries: Entries }),
  rules: ({ adoptId, organizationId }) =>
    adoptId != null && adoptId !== organizationId
      ? [
          {
            property: "adoptId",
            reason: `must be the organization's id (${organizationId}): the glossary's id is its organization's`,
          },
        ]
      : [],
  // The glossary is the organization's own: another organization is another glossary.
  replaceOnChange: ["organizationId"],
  response: Glossary,
  createBody: z.object({ entries: z.array(z.record(z.string(), z.string())) }),
  patchBody: z.object({ entries: z.array(z.record(z.string(), z.string())) }),
  outputs: {
    /** Every entry of the glossary, sorted by its terms: the declared ones, and any made by hand. */
    entries: (glossary) => canonicalEntries(glossary.entries),
    /** How many entries the glossary holds. */
    entryCount: (glossary) => glossary.entries.length,
  },
  create: (ctx, inputs) => sync(ctx, inputs.organizationId, inputs.entries),
  idOf: (_, inputs) => inputs.organizationId,
  read: async ({ client }, id) => ({
    organizationId: id,
    entries: (await api.listGlossary(client, id)).map((e) => e.translations),
  }),
  patch: (ctx, id, _olds, body) => sync(ctx, id, body.entries),
  // Destroy leaves the service's default: an empty glossary.
  delete: (ctx, id) => sync(ctx, id, []).then(() => {}),
});

type Inputs = ArgsInputs<typeof translationGlossary>;

/** The arguments of a {@link TranslationGlossary}. */
export interface TranslationGlossaryArgs extends WorkspaceArgs {
  /**
   * The organization whose glossary this is; defaults to the workspace's organization. It is
   * also the resource's id. A change replaces the resource (the first glossary is emptied).
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The glossary's entries, **authoritative**: each maps languages (GAPS.md's codes: `en`, `fr`,
   * `pt-br`, ...) to the term in that language, 1 to 255 characters on one line, at least one
   * language per entry; at most 10,000 entries, none listed twice. Their order does not matter
   * (the outputs list them sorted). Entries made by hand are shown by a refresh and removed at
   * the next `up`. An entry that shares a term with one the glossary holds is updated in place;
   * the rest are inserted. A translation run writes an entry's target-language term wherever its
   * source-language term appears.
   * @example [{ en: "Workspace", fr: "Espace de travail", de: "Arbeitsbereich" }]
   */
  entries: Input<Inputs["entries"]>;
  /**
   * The organization's id (the same as `organizationId`): the glossary always exists, and
   * creating the resource always takes it over, so this only documents the intent.
   * @example "org_engineering"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
