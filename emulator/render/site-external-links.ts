import { z } from "zod";
import { EXTERNAL_LINK_LIMITS as L } from "../limits";
import type { ExternalLinkRow } from "../store/site-external-links";
import { named, present } from "./common";

/** The hosted `TranslationLanguage`: the locales a localized value may be keyed by. */
export const TranslationLanguage = z.enum([
  ...["en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko"],
  ...["ar", "hi", "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th"],
  ...["vi", "id", "ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl"],
] as const);

const localized = (max: number) => z.partialRecord(TranslationLanguage, z.string().max(max));

/** `SiteSectionTitle`: 2 to 128 characters. */
export const linkTitle = z.string().min(L.titleMin).max(L.title);
/** `LocalizedString128`, keyed by `TranslationLanguage`. */
export const linkLocalizedTitle = localized(L.title);
/** `SiteSectionDescription`: at most 256 characters. */
export const linkDescription = z.string().max(L.description);
/** `LocalizedString256`, keyed by `TranslationLanguage`. */
export const linkLocalizedDescription = localized(L.description);
/** `Icon`: a name of at most 50 characters. */
export const linkIcon = z.string().max(L.icon);
/** The destination: an absolute http or https URL of at most 2048 characters. */
export const linkUrl = z.url({ protocol: /^https?$/ }).max(L.url);
/** `Expression`: at most 1024 characters. */
export const linkCondition = z.string().max(L.condition);

export const SiteExternalLinkJson = named(
  "SiteExternalLink",
  z.strictObject({
    object: z.literal("site-external-link"),
    id: z.string(),
    title: z.string(),
    localizedTitle: z.record(z.string(), z.string()).optional(),
    description: z.string().optional(),
    localizedDescription: z.record(z.string(), z.string()).optional(),
    icon: z.string().optional(),
    url: z.string(),
    sectionGroup: z.string().optional(),
    draft: z.boolean(),
    condition: z.string().optional(),
  }),
);
export type SiteExternalLinkJson = z.input<typeof SiteExternalLinkJson>;

/** The hosted `SiteExternalLink`: what is unset is left out, a root link has no `sectionGroup`. */
export function renderExternalLink(row: ExternalLinkRow): SiteExternalLinkJson {
  return {
    object: "site-external-link",
    id: row.id,
    title: row.title,
    ...present("localizedTitle", row.localizedTitle),
    ...present("description", row.description),
    ...present("localizedDescription", row.localizedDescription),
    ...present("icon", row.icon),
    url: row.url,
    ...present("sectionGroup", row.groupId),
    draft: row.draft,
    ...present("condition", row.condition),
  };
}

/** Where the API answers for a link (the create's `Location`). */
export function externalLinkLocation(origin: string, organizationId: string, row: ExternalLinkRow) {
  return `${origin}/v1/orgs/${organizationId}/sites/${row.siteId}/external-links/${row.id}`;
}
