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

/** `urls` objects: every key optional, more may arrive. */
export const Urls = z.looseObject({
  location: z.string().optional(),
  app: z.string().optional(),
  published: z.string().optional(),
  public: z.string().optional(),
  icon: z.string().optional(),
  logo: z.string().optional(),
});
export type Urls = z.infer<typeof Urls>;

/** `position` of move bodies (§4.1): place the object before or after a sibling. */
export interface Position<Ref> {
  before?: Ref;
  after?: Ref;
}
