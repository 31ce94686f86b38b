import { z } from "zod";
import { ApiError, listAll, listOf, type ApiClient } from "../client";
import { Urls } from "./common";

/**
 * The docs-sites family (§2.4 to §2.6, §4.10, §4.11, GAPS.md "Publishing a site" and "Site
 * sections"): sites, publishing, the adaptive schema, sections, section groups, site spaces and
 * share links. Every path of the family sits under `/v1/orgs/{organizationId}/sites`.
 *
 * Limits the document states are marked §; the others are the emulator's (the document is
 * silent on them) and are kept here so check refuses what the API would refuse.
 */

/** GAPS.md "Site type values"; only `basic` can be created on the free plan. */
export const SITE_TYPES = [
  "basic",
  "premium",
  "ultimate",
  "sponsored",
  "legacy-basic",
  "legacy-premium",
] as const;
export const SiteType = z.enum(SITE_TYPES);
export type SiteType = z.infer<typeof SiteType>;
/** §2.1 Site visibility. */
export const SiteVisibility = z.enum(["public", "unlisted", "share-link", "visitor-auth"]);
export type SiteVisibility = z.infer<typeof SiteVisibility>;
export const AgentsContext = z.enum(["excluded", "included"]);
export type AgentsContext = z.infer<typeof AgentsContext>;
/** §2.4, §8. */
export const SiteTitle = z.string().min(2).max(128);
/** §2.4, §8. */
export const SiteBasename = z.string().min(1).max(100);
/** §4.10: a host plus a path, such as `example.com/docs`. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
/** §4.10, §8. */
export const SiteProxy = z.string().max(512).regex(PROXY_PATTERN);
export const AdaptiveContent = z.object({ enabled: z.boolean() });
export type AdaptiveContent = z.infer<typeof AdaptiveContent>;

/** Section title: the emulator's 2 to 128, as for a site. */
export const SectionTitle = z.string().min(2).max(128);
/** GAPS.md "Site sections": path 1 to 100. */
export const SectionPath = z.string().min(1).max(100);
/** The emulator's limit; the document is silent. */
export const SectionDescription = z.string().max(256);
/** Icon names of sections and section groups: the emulator's limit. */
export const IconName = z.string().max(50);
/** A visibility condition: §2.5's 1 to 1024 for site spaces, applied to sections too. */
export const Condition = z.string().min(1).max(1024);
/** Section group title: the emulator's 1 to 100. */
export const SectionGroupTitle = z.string().min(1).max(100);
/** §2.5, §8. */
export const SiteSpacePath = z.string().min(1).max(100);
/** Share link name: the emulator's limit. */
export const ShareLinkName = z.string().max(50);

/** Visitor attribute names become `visitor.claims.<name>`, so they must be identifiers. */
export const CLAIM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function claimNames(properties: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const name of Object.keys(properties))
    if (!CLAIM_NAME.test(name))
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `must be named by an identifier matching ${CLAIM_NAME.source}`,
      });
}
const BooleanClaim = z.strictObject({
  type: z.literal("boolean"),
  description: z.string().max(1024).optional(),
});
const UnsignedClaims = z.strictObject({
  type: z.literal("object"),
  description: z.string().max(1024).optional(),
  properties: z.record(z.string(), BooleanClaim).superRefine(claimNames),
  additionalProperties: z.boolean(),
});
/**
 * §2.4's adaptive schema: a draft-07 object schema whose properties are boolean visitor claims,
 * plus an optional `unsigned` object of boolean claims, with additional properties disallowed.
 */
export const AdaptiveJsonSchema = z.strictObject({
  $schema: z.literal("http://json-schema.org/draft-07/schema#").optional(),
  type: z.literal("object"),
  properties: z
    .object({ unsigned: UnsignedClaims.optional() })
    .catchall(BooleanClaim)
    .superRefine(claimNames),
  additionalProperties: z.literal(false),
});
export interface BooleanClaim {
  type: "boolean";
  description?: string;
}
export interface UnsignedClaims {
  type: "object";
  description?: string;
  properties: Record<string, BooleanClaim>;
  additionalProperties: boolean;
}
/** Typed by hand: zod cannot type `unsigned` beside a catch-all. */
export interface AdaptiveJsonSchema {
  $schema?: "http://json-schema.org/draft-07/schema#";
  type: "object";
  properties: {
    unsigned?: UnsignedClaims;
    [claim: string]: BooleanClaim | UnsignedClaims | undefined;
  };
  additionalProperties: false;
}
/** What deleting a SiteAdaptiveSchema writes back: no claims at all. */
export const EMPTY_ADAPTIVE_SCHEMA: AdaptiveJsonSchema = {
  type: "object",
  properties: {},
  additionalProperties: false,
};

// ---------------------------------------------------------------------------------------------
// Wire objects

export const Site = z.looseObject({
  object: z.literal("site"),
  id: z.string(),
  // Only `basic` is documented; other plans' values arrive too, so any string is accepted.
  type: z.string(),
  title: z.string(),
  hostname: z.string().nullish(),
  basename: z.string().nullish(),
  proxy: z.looseObject({ origin: z.string().optional(), target: z.string().optional() }).nullish(),
  visibility: SiteVisibility,
  published: z.boolean(),
  siteSpaces: z.number(),
  createdAt: z.string(),
  adaptiveContent: z.looseObject({ enabled: z.boolean() }).nullish(),
  agentsContext: AgentsContext,
  urls: Urls.optional(),
});
export type Site = z.infer<typeof Site>;

export const SiteSpace = z.looseObject({
  object: z.literal("site-space"),
  id: z.string(),
  path: z.string(),
  section: z.string().nullish(),
  space: z.looseObject({ id: z.string() }).nullish(),
  title: z.string(),
  default: z.boolean().optional(),
  condition: z.string().nullish(),
  urls: Urls.optional(),
});
export type SiteSpace = z.infer<typeof SiteSpace>;

export const SiteSection = z.looseObject({
  object: z.literal("site-section"),
  id: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  default: z.boolean().optional(),
  path: z.string(),
  condition: z.string().nullish(),
  sectionGroup: z.string().nullish(),
  siteSpaces: z.array(SiteSpace).optional(),
  urls: Urls.optional(),
  icon: z.string().nullish(),
});
export type SiteSection = z.infer<typeof SiteSection>;

export const SiteSectionGroup = z.looseObject({
  object: z.literal("site-section-group"),
  id: z.string(),
  title: z.string(),
  icon: z.string().nullish(),
  sections: z.array(SiteSection),
});
export type SiteSectionGroup = z.infer<typeof SiteSectionGroup>;

export const ShareLink = z.looseObject({
  object: z.literal("share-link"),
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  active: z.boolean(),
  urls: z.looseObject({ published: z.string().optional() }).optional(),
});
export type ShareLink = z.infer<typeof ShareLink>;

export const SiteAdaptiveSchema = z.looseObject({
  object: z.literal("site-adaptive-schema"),
  jsonSchema: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchema>;

/**
 * `urls` without any query string or fragment. A share-link site's published URLs may carry a
 * share key (`?share=...`); only a ShareLink's own URL, marked secret, may hold it, so the URLs of
 * sites, sections and site spaces are kept without it.
 */
export function publicUrls(urls: Urls | undefined): Urls {
  if (urls === undefined) return {};
  const out: Urls = { ...urls };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value !== "string") continue;
    try {
      const url = new URL(value);
      url.search = "";
      url.hash = "";
      out[key] = url.toString();
    } catch {
      // Not an absolute URL: keep it only when it cannot hold a query.
      out[key] = value.split(/[?#]/)[0];
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Operations

const sitesOf = (organizationId: string) => `/v1/orgs/${encodeURIComponent(organizationId)}/sites`;
const siteById = (organizationId: string, siteId: string) =>
  `${sitesOf(organizationId)}/${encodeURIComponent(siteId)}`;
const child = (organizationId: string, siteId: string, family: string, id?: string) =>
  `${siteById(organizationId, siteId)}/${family}${id === undefined ? "" : `/${encodeURIComponent(id)}`}`;

/** Lists are read in one request whenever the site has at most this many children. */
const WHOLE_LIST = { limit: 1000 };

/** The child with `id` in a list the API only offers whole; a 404 ApiError when it is absent. */
async function findIn<S extends z.ZodType<{ id: string }>>(
  client: ApiClient,
  path: string,
  item: S,
  id: string,
  what: string,
  query: Record<string, string | number> = WHOLE_LIST,
): Promise<z.output<S>> {
  const items = await listAll(client, path, item, query);
  const found = items.find((i) => i.id === id);
  if (found === undefined) throw new ApiError(404, 404, "GET", path, `${what} ${id} not found`);
  return found;
}

export interface SiteCreate {
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
}

export interface SitePatch {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string;
  adaptiveContent?: AdaptiveContent;
  agentsContext?: AgentsContext;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  proxy?: string | null;
}

export function listSites(client: ApiClient, organizationId: string): Promise<Site[]> {
  return listAll(client, sitesOf(organizationId), Site);
}

export function getSite(client: ApiClient, organizationId: string, siteId: string): Promise<Site> {
  return client.get(siteById(organizationId, siteId), Site);
}

export function createSite(
  client: ApiClient,
  organizationId: string,
  body: SiteCreate,
): Promise<Site> {
  return client.request("POST", sitesOf(organizationId), { body, schema: Site });
}

export function updateSite(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: SitePatch,
): Promise<Site> {
  return client.request("PATCH", siteById(organizationId, siteId), { body, schema: Site });
}

export function deleteSite(client: ApiClient, organizationId: string, siteId: string) {
  return client.request("DELETE", siteById(organizationId, siteId));
}

/** GAPS.md: `published` changes only through these two operations, never through PATCH. */
export function setSitePublished(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  published: boolean,
): Promise<Site> {
  const action = published ? "publish" : "unpublish";
  return client.request("POST", `${siteById(organizationId, siteId)}/${action}`, { schema: Site });
}

export function getAdaptiveSchema(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteAdaptiveSchema> {
  return client.get(`${siteById(organizationId, siteId)}/adaptive-schema`, SiteAdaptiveSchema);
}

export function putAdaptiveSchema(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  jsonSchema: AdaptiveJsonSchema,
): Promise<SiteAdaptiveSchema> {
  return client.request("PUT", `${siteById(organizationId, siteId)}/adaptive-schema`, {
    body: { jsonSchema },
    schema: SiteAdaptiveSchema,
  });
}

// Sections (GAPS.md): no single GET, so a section is read from its site's list.

export interface SectionCreate {
  spaceId: string;
  title?: string;
  icon?: string;
  siteSectionGroupId?: string;
}

export interface SectionPatch {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string;
  siteSectionGroupId?: string | null;
}

export function listSections(client: ApiClient, organizationId: string, siteId: string) {
  return listAll(client, child(organizationId, siteId, "sections"), SiteSection, WHOLE_LIST);
}

export function getSection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  sectionId: string,
): Promise<SiteSection> {
  const path = child(organizationId, siteId, "sections");
  return findIn(client, path, SiteSection, sectionId, "site section");
}

export function createSection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: SectionCreate,
): Promise<SiteSection> {
  return client.request("POST", child(organizationId, siteId, "sections"), {
    body,
    schema: SiteSection,
  });
}

export function updateSection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  sectionId: string,
  body: SectionPatch,
): Promise<SiteSection> {
  return client.request("PATCH", child(organizationId, siteId, "sections", sectionId), {
    body,
    schema: SiteSection,
  });
}

export function deleteSection(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  sectionId: string,
) {
  return client.request("DELETE", child(organizationId, siteId, "sections", sectionId));
}

// Section groups (§4.11): no single GET either.

export function getSectionGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
): Promise<SiteSectionGroup> {
  const path = child(organizationId, siteId, "section-groups");
  return findIn(client, path, SiteSectionGroup, groupId, "site section group");
}

export function createSectionGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: { title: string; icon?: string; sections?: string[] },
): Promise<SiteSectionGroup> {
  return client.request("POST", child(organizationId, siteId, "section-groups"), {
    body,
    schema: SiteSectionGroup,
  });
}

export function updateSectionGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
  body: { title?: string; icon?: string | null },
): Promise<SiteSectionGroup> {
  return client.request("PATCH", child(organizationId, siteId, "section-groups", groupId), {
    body,
    schema: SiteSectionGroup,
  });
}

export function deleteSectionGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
) {
  return client.request("DELETE", child(organizationId, siteId, "section-groups", groupId));
}

/** Appends a section to the group (taking it out of wherever it was). */
export function addSectionToGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
): Promise<SiteSectionGroup> {
  const path = `${child(organizationId, siteId, "section-groups", groupId)}/sections`;
  return client.request("POST", path, { body: { sectionId }, schema: SiteSectionGroup });
}

/** Takes a section out of the group; 204 also when it was not in it. */
export function removeSectionFromGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
) {
  const path = `${child(organizationId, siteId, "section-groups", groupId)}/sections/${encodeURIComponent(sectionId)}`;
  return client.request("DELETE", path);
}

// Site spaces (§4.11): no single GET.

export function getSiteSpace(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
): Promise<SiteSpace> {
  const path = child(organizationId, siteId, "site-spaces");
  return findIn(client, path, SiteSpace, siteSpaceId, "site space");
}

/** The site's default site space, if it has one: one GET filtered by `default`. */
export async function getDefaultSiteSpace(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteSpace | undefined> {
  // One page of one item is all a site's default can fill: one GET, never a second page.
  const path = child(organizationId, siteId, "site-spaces");
  const page = await client.get(path, listOf(SiteSpace), { default: "true", limit: 1 });
  return page.items[0];
}

export function createSiteSpace(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: { spaceId: string; sectionId?: string },
): Promise<SiteSpace> {
  return client.request("POST", child(organizationId, siteId, "site-spaces"), {
    body,
    schema: SiteSpace,
  });
}

export function updateSiteSpace(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  body: { path?: string; condition?: string | null; spaceId?: string },
): Promise<SiteSpace> {
  return client.request("PATCH", child(organizationId, siteId, "site-spaces", siteSpaceId), {
    body,
    schema: SiteSpace,
  });
}

export function deleteSiteSpace(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
) {
  return client.request("DELETE", child(organizationId, siteId, "site-spaces", siteSpaceId));
}

// Share links (§4.11): no single GET.

export function getShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
): Promise<ShareLink> {
  const path = child(organizationId, siteId, "share-links");
  return findIn(client, path, ShareLink, shareLinkId, "share link");
}

export function createShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: { name: string },
): Promise<ShareLink> {
  return client.request("POST", child(organizationId, siteId, "share-links"), {
    body,
    schema: ShareLink,
  });
}

export function updateShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
  body: { name?: string; active?: boolean },
): Promise<ShareLink> {
  return client.request("PATCH", child(organizationId, siteId, "share-links", shareLinkId), {
    body,
    schema: ShareLink,
  });
}

export function deleteShareLink(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
) {
  return client.request("DELETE", child(organizationId, siteId, "share-links", shareLinkId));
}
