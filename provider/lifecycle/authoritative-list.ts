import { z } from "zod";

/**
 * An authoritative list as a program declares it (Team `members`, an object's `permissions`, a
 * site's `links`): at most `max` entries, one per key, kept sorted by key, so that the same
 * entries in another order are no change and a refresh that reads them back in another order
 * shows none either. A key listed twice is refused on its entry (`[i]`), checked before the sort
 * so that the index is the program's; an entry whose key holds a value unknown at preview is
 * then never named by its unknown field.
 */
export function authoritativeList<E extends z.ZodType>(
  entry: E,
  options: {
    max: number;
    keyOf: (entry: z.output<E>) => string;
    /** The message of an entry whose key is listed before it. */
    twice: (entry: z.output<E>, key: string) => string;
  },
) {
  const { keyOf } = options;
  const byKey = (a: z.output<E>, b: z.output<E>) =>
    keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
  return z
    .array(entry)
    .max(options.max)
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((item, i) => {
        const key = keyOf(item);
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: [i], message: options.twice(item, key) });
        seen.add(key);
      });
    })
    .transform((entries) => [...entries].sort(byKey));
}
