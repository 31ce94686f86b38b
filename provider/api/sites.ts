import { z } from "zod";
import { ApiError, listAll, listOf, segment, type ApiClient } from "../client";
import { open, Urls } from "./common";

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
}) as unknown as z.ZodType<AdaptiveJsonSchema>;
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
/** Typed by hand, and the schema above with it: zod cannot type `unsigned` beside a catch-all. */
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
// Wire objects, as the provider reads them: only the fields it uses are required, and
// enumerations accept values added since. The hosted service's shapes (its published OpenAPI
// document) and the emulator's both parse.

/**
 * A Site (§2.4). The hosted service does not send `agentsContext`, and sends `adaptiveContent`
 * only when set: both optional here.
 */
export const Site = z.object({
  id: z.string(),
  // Only `basic` is documented; other plans' values arrive too.
  type: open(SiteType),
  title: z.string(),
  hostname: z.string().nullish(),
  basename: z.string().nullish(),
  proxy: z.object({ origin: z.string().optional() }).nullish(),
  visibility: open(SiteVisibility),
  published: z.boolean(),
  createdAt: z.string(),
  adaptiveContent: AdaptiveContent.nullish(),
  agentsContext: open(AgentsContext).nullish(),
  urls: Urls.optional(),
});
export type Site = z.infer<typeof Site>;

/** A site space (§2.5); the hosted service nests the whole Space, of which only the id is read. */
export const SiteSpace = z.object({
  id: z.string(),
  path: z.string(),
  section: z.string().nullish(),
  space: z.object({ id: z.string() }).nullish(),
  condition: z.string().nullish(),
  hidden: z.boolean().optional(),
});
export type SiteSpace = z.infer<typeof SiteSpace>;

/** A section (GAPS.md "Site sections"). */
export const SiteSection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  default: z.boolean().optional(),
  path: z.string(),
  condition: z.string().nullish(),
  sectionGroup: z.string().nullish(),
  siteSpaces: z.array(SiteSpace.pick({ id: true, space: true })).optional(),
  icon: z.string().nullish(),
});
export type SiteSection = z.infer<typeof SiteSection>;

/**
 * A section group (§2.4), its sections as ids. The hosted service marks `sections` deprecated in
 * favour of `children` (sections, groups and links); either gives them.
 */
export const SiteSectionGroup = z
  .object({
    id: z.string(),
    title: z.string(),
    icon: z.string().nullish(),
    sections: z.array(z.object({ id: z.string() })).optional(),
    children: z.array(z.object({ object: z.string().optional(), id: z.string() })).optional(),
  })
  .transform(({ sections, children, ...group }) => ({
    ...group,
    sections: (sections ?? children?.filter((c) => c.object === "site-section") ?? []).map(
      (s) => s.id,
    ),
  }));
export type SiteSectionGroup = z.infer<typeof SiteSectionGroup>;

/** A share link (§2.6). The hosted service may leave out `name` and `active`. */
export const ShareLink = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string().optional(),
  active: z.boolean().optional(),
  urls: z.object({ published: z.string().optional() }).optional(),
});
export type ShareLink = z.infer<typeof ShareLink>;

export const SiteAdaptiveSchema = z.object({
  jsonSchema: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchema>;

// Request bodies: the inputs a resource sends are the fields declared here.

/** §4.10. */
export const SiteCreate = z
  .object({ type: SiteType, title: SiteTitle, visibility: SiteVisibility })
  .partial();
/** §4.10. `published` is not here: it changes through publish and unpublish (GAPS.md). */
export const SitePatch = z
  .object({
    title: SiteTitle,
    visibility: SiteVisibility,
    basename: SiteBasename,
    adaptiveContent: AdaptiveContent,
    agentsContext: AgentsContext,
    proxy: SiteProxy.nullable(),
    defaultSiteSpace: z.string(),
    defaultSiteSection: z.string(),
  })
  .partial();
/** GAPS.md "Site sections". */
export const SectionCreate = z.object({
  spaceId: z.string(),
  title: SectionTitle.optional(),
  icon: IconName.optional(),
  siteSectionGroupId: z.string().optional(),
});
export const SectionPatch = z
  .object({
    title: SectionTitle,
    path: SectionPath,
    defaultSiteSpace: z.string(),
    condition: Condition.nullable(),
    icon: IconName.nullable(),
    description: SectionDescription,
    siteSectionGroupId: z.string().nullable(),
  })
  .partial();
/** §4.11. */
export const SectionGroupCreate = z.object({
  title: SectionGroupTitle,
  icon: IconName.optional(),
  sections: z.array(z.string()).optional(),
});
export const SectionGroupPatch = z
  .object({ title: SectionGroupTitle, icon: IconName.nullable() })
  .partial();
/** §4.11. */
export const SiteSpaceCreate = z.object({ spaceId: z.string(), sectionId: z.string().optional() });
export const SiteSpacePatch = z
  .object({
    path: SiteSpacePath,
    condition: Condition.nullable(),
    spaceId: z.string(),
    // The hosted service's: hidden from the site's navigation, still reachable by its URL.
    hidden: z.boolean(),
  })
  .partial();
/** §4.11. */
export const ShareLinkCreate = z.object({ name: ShareLinkName });
export const ShareLinkPatch = z.object({ name: ShareLinkName, active: z.boolean() }).partial();

// ---------------------------------------------------------------------------------------------
// Operations

const sitesOf = (organizationId: string) =>
  `/v1/orgs/${segment("organizationId", organizationId)}/sites`;
const siteById = (organizationId: string, siteId: string) =>
  `${sitesOf(organizationId)}/${segment("siteId", siteId)}`;
/** The path parameter each child family's id stands for. */
const CHILD_IDS = {
  sections: "siteSectionId",
  "section-groups": "siteSectionGroupId",
  "site-spaces": "siteSpaceId",
  "share-links": "shareLinkId",
} as const;
const child = (
  organizationId: string,
  siteId: string,
  family: keyof typeof CHILD_IDS,
  id?: string,
) =>
  `${siteById(organizationId, siteId)}/${family}${id === undefined ? "" : `/${segment(CHILD_IDS[family], id)}`}`;

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
  // One walk serves every read of this list until a write goes through the client.
  const found = (await client.list({ path, item, query })).get(id) as z.output<S> | undefined;
  if (found === undefined) throw new ApiError(404, 404, "GET", path, `${what} ${id} not found`);
  return found;
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
  body: z.infer<typeof SiteCreate>,
): Promise<Site> {
  return client.request("POST", sitesOf(organizationId), { body, schema: Site });
}

export function updateSite(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: z.infer<typeof SitePatch>,
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
  return client.request("POST", `${siteById(organizationId, siteId)}/${action}`, {
    schema: Site,
    idempotent: true,
  });
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
  body: z.infer<typeof SectionCreate>,
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
  body: z.infer<typeof SectionPatch>,
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

export function listSectionGroups(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteSectionGroup[]> {
  return listAll(
    client,
    child(organizationId, siteId, "section-groups"),
    SiteSectionGroup,
    WHOLE_LIST,
  );
}

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
  body: z.infer<typeof SectionGroupCreate>,
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
  body: z.infer<typeof SectionGroupPatch>,
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
  return client.request("POST", path, {
    body: { sectionId },
    schema: SiteSectionGroup,
    idempotent: true,
  });
}

/** Takes a section out of the group; 204 also when it was not in it. */
export function removeSectionFromGroup(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
) {
  const path = `${child(organizationId, siteId, "section-groups", groupId)}/sections/${segment("siteSectionId", sectionId)}`;
  return client.request("DELETE", path);
}

// Site spaces (§4.11): no single GET.

export function listSiteSpaces(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteSpace[]> {
  return listAll(client, child(organizationId, siteId, "site-spaces"), SiteSpace, WHOLE_LIST);
}

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
  body: z.infer<typeof SiteSpaceCreate>,
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
  body: z.infer<typeof SiteSpacePatch>,
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

export function listShareLinks(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<ShareLink[]> {
  return listAll(client, child(organizationId, siteId, "share-links"), ShareLink, WHOLE_LIST);
}

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
  body: z.infer<typeof ShareLinkCreate>,
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
  body: z.infer<typeof ShareLinkPatch>,
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
