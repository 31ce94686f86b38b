import { z } from "zod";

/** RoleLevel of §2.1; where nullable, `null` means guest. */
export const ROLE_LEVELS = ["admin", "create", "review", "edit", "comment", "read"] as const;
export const RoleLevel = z.enum(ROLE_LEVELS);
export type RoleLevel = z.infer<typeof RoleLevel>;

/** Languages of spaces and translations (GAPS.md). */
export const LANGUAGES = [
  "en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko", "ar", "hi",
  "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms", "he",
  "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl",
] as const; // prettier-ignore
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

/** A value of an enumeration as the API answers it: one known today, or one added since. */
export type Open<T extends string> = T | (string & {});

/**
 * Reads an enumeration from a response as a tolerant reader: the values known today, and any
 * other string the service has added since (a Space's `defaultLevel` of `inherit`) without
 * failing. Arguments are still checked against `known` alone.
 */
export function open<T extends string>(known: z.ZodType<T>): z.ZodType<Open<T>> {
  return z.union([known, z.string()]) as z.ZodType<Open<T>>;
}

/** `urls` objects of responses: every key optional, more may arrive (and are not read). */
export const Urls = z.object({
  location: z.string().optional(),
  app: z.string().optional(),
  published: z.string().optional(),
  logo: z.string().optional(),
});
export type Urls = z.infer<typeof Urls>;

/**
 * The `keys` of `urls`, each without its query string or fragment. A share-link site's published
 * URLs carry a share key (`?share=...`) that only a ShareLink's own URL, marked secret, may hold;
 * no other output keeps a query.
 */
export function publicUrls<K extends keyof Urls>(
  urls: Urls | undefined,
  keys: readonly K[],
): Pick<Urls, K> {
  const out = {} as Pick<Urls, K>;
  for (const key of keys) {
    const value = urls?.[key];
    // A URL's path cannot hold an unencoded `?` or `#`: whatever follows the first is dropped.
    if (typeof value === "string") out[key] = value.split(/[?#]/)[0]!;
  }
  return out;
}
