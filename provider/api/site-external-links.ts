import { z } from "zod";
import { ApiError, segment, type ApiClient } from "../client";
import { siteById } from "./sites";
import { IconName } from "./site-sections";

/**
 * A site's external links (docs/api-decisions.md, "Site external links"): links in the site's
 * navigation, created, changed and deleted under `/v1/orgs/{organizationId}/sites/{siteId}/
 * external-links`. The API has no GET of one link and no list of them: they are read in the
 * site's structure (`GET .../structure`), at its top level and in its section groups'
 * `children`. The limits are the hosted service's, kept here so that check refuses what the API
 * would refuse.
 */

/** The hosted `TranslationLanguage`: the locales a localized value may be keyed by. */
export const TranslationLanguage = z.enum([
  ...["en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko"],
  ...["ar", "hi", "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th"],
  ...["vi", "id", "ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl"],
] as const);

const localized = (max: number) => z.partialRecord(TranslationLanguage, z.string().max(max));

/** An external link as the provider reads it. */
export const SiteExternalLink = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  draft: z.boolean().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  condition: z.string().optional(),
  sectionGroup: z.string().optional(),
  localizedTitle: z.record(z.string(), z.string()).optional(),
  localizedDescription: z.record(z.string(), z.string()).optional(),
});
export type SiteExternalLink = z.infer<typeof SiteExternalLink>;

/**
 * A link's settings with their limits, declared once: what a program declares (the resource's
 * inputs), the create body and the PATCH. The group is `parent` in bodies, `sectionGroup` in the
 * link.
 */
export const SiteExternalLinkFields = {
  title: z.string().min(2).max(128),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  description: z.string().max(256).nullable().optional(),
  icon: IconName.nullable().optional(),
  localizedTitle: localized(128).nullable().optional(),
  localizedDescription: localized(256).nullable().optional(),
  draft: z.boolean().optional(),
  condition: z.string().max(1024).nullable().optional(),
};
export const SiteExternalLinkCreate = z.object({
  ...SiteExternalLinkFields,
  localizedTitle: localized(128).optional(),
  parent: z.string().optional(),
});
/** The PATCH of the link's own settings; its group changes through {@link moveExternalLink}. */
export const SiteExternalLinkPatch = z.object(SiteExternalLinkFields).partial();

/** One item of a structure, read as much as finding the links needs. */
const StructureItem = z.looseObject({
  object: z.string().optional(),
  children: z.array(z.unknown()).optional(),
});
const SiteStructure = z.looseObject({ type: z.string(), structure: z.array(StructureItem) });

/** Every link among `items` and, at any depth, in their groups' `children`, in reading order. */
function linksIn(items: readonly unknown[]): SiteExternalLink[] {
  return items.flatMap((raw) => {
    const item = StructureItem.parse(raw);
    if (item.object === "site-external-link") return [SiteExternalLink.parse(item)];
    return item.object === "site-section-group" ? linksIn(item.children ?? []) : [];
  });
}

const linksOf = (organizationId: string, siteId: string, id?: string) =>
  `${siteById(organizationId, siteId)}/external-links${id === undefined ? "" : `/${segment("siteExternalLinkId", id)}`}`;
const structureOf = (organizationId: string, siteId: string) =>
  `${siteById(organizationId, siteId)}/structure`;

/** Every external link of the site, top level and groups, in reading order: one GET. */
export async function listExternalLinks(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteExternalLink[]> {
  const structure = await client.get(structureOf(organizationId, siteId), SiteStructure);
  return structure.type === "sections" ? linksIn(structure.structure) : [];
}

/** The link with `id`, read in the site's structure; a 404 ApiError when the site lacks it. */
export async function getExternalLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<SiteExternalLink> {
  const found = (await listExternalLinks(client, organizationId, siteId)).find((l) => l.id === id);
  if (found !== undefined) return found;
  const path = structureOf(organizationId, siteId);
  throw new ApiError(404, 404, "GET", path, `site external link ${id} not found`);
}

export function createExternalLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: z.infer<typeof SiteExternalLinkCreate>,
): Promise<SiteExternalLink> {
  return client.request("POST", linksOf(organizationId, siteId), {
    body,
    schema: SiteExternalLink,
  });
}

export function updateExternalLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
  body: z.infer<typeof SiteExternalLinkPatch> & { parent?: string | null },
): Promise<SiteExternalLink> {
  return client.request("PATCH", linksOf(organizationId, siteId, id), {
    body,
    schema: SiteExternalLink,
  });
}

/** Moves the link into a section group, or to the site's root (`null`): last of its new level. */
export function moveExternalLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
  parent: string | null,
): Promise<SiteExternalLink> {
  return updateExternalLink(client, organizationId, siteId, id, { parent });
}

export async function deleteExternalLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<void> {
  await client.request("DELETE", linksOf(organizationId, siteId, id));
}
