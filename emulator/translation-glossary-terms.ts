/**
 * How a translation run honours the organization's glossary (docs/api-decisions.md, "Translation
 * glossary"): each entry that has a term in both the source and the target language turns every
 * whole-word occurrence of the source term into the target term. Pure code, tested alone.
 */

/** Letters, digits and `_`: what continues a word, so a term inside a longer word is left. */
const WORD = String.raw`[\p{L}\p{N}_]`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A function that rewrites text with the glossary's terms, from `source` to `target`, in one pass
 * (a replaced term is never replaced again), the longest term first where terms overlap, case
 * as written. Entries without a term in both languages are not used; when two entries share a
 * source term, the first one listed wins. Undefined when no entry applies.
 */
export function glossaryRewriter(
  entries: readonly Readonly<Record<string, string>>[],
  source: string,
  target: string,
): ((text: string) => string) | undefined {
  const terms = new Map<string, string>();
  for (const entry of entries) {
    const from = entry[source];
    const to = entry[target];
    if (from !== undefined && to !== undefined && !terms.has(from)) terms.set(from, to);
  }
  if (terms.size === 0) return undefined;
  const alternatives = [...terms.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<!${WORD})(?:${alternatives.join("|")})(?!${WORD})`, "gu");
  return (text) => text.replace(pattern, (match) => terms.get(match) ?? match);
}
