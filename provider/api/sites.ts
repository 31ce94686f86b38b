import { z } from "zod";
import { ApiError, listAll, segment, type ApiClient } from "../client";
import { open, Urls } from "./common";

/**
 * Sites, the head of the docs-sites family (§2.4 to §2.6, §4.10, §4.11, GAPS.md "Publishing a
 * site" and "Site sections"): sites, publishing and the adaptive schema here; sections and
 * section groups in site-sections.ts, site spaces in site-spaces.ts, share links in
 * share-links.ts. Every path of the family sits under `/v1/orgs/{organizationId}/sites`, built
 * here.
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

/** A visibility condition: §2.5's 1 to 1024 for site spaces, applied to sections too. */
export const Condition = z.string().min(1).max(1024);

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

// ---------------------------------------------------------------------------------------------
// Operations

const sitesOf = (organizationId: string) =>
  `/v1/orgs/${segment("organizationId", organizationId)}/sites`;
/** The path of one site. */
export const siteById = (organizationId: string, siteId: string) =>
  `${sitesOf(organizationId)}/${segment("siteId", siteId)}`;
/** The path parameter each child family's id stands for. */
const CHILD_IDS = {
  sections: "siteSectionId",
  "section-groups": "siteSectionGroupId",
  "site-spaces": "siteSpaceId",
  "share-links": "shareLinkId",
} as const;
/** The path of a site's child family, or of one child when `id` is given. */
export const child = (
  organizationId: string,
  siteId: string,
  family: keyof typeof CHILD_IDS,
  id?: string,
) =>
  `${siteById(organizationId, siteId)}/${family}${id === undefined ? "" : `/${segment(CHILD_IDS[family], id)}`}`;

/** Lists are read in one request whenever the site has at most this many children. */
export const WHOLE_LIST = { limit: 1000 };

/** The child with `id` in a list the API only offers whole; a 404 ApiError when it is absent. */
export async function findIn<S extends z.ZodType<{ id: string }>>(
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

/** A family of site children: its item, and the bodies of its create and PATCH. */
interface ChildSchemas<
  S extends z.ZodType<{ id: string }>,
  C extends z.ZodType,
  P extends z.ZodType,
> {
  item: S;
  create: C;
  patch: P;
}

/**
 * The five operations of a family of a site's children (sections, section groups, site spaces,
 * share links), which the API spells alike: list, read one (from the list: the API has no single
 * GET for them), create, PATCH and delete. `what` names one in a 404's message.
 */
export function siteChildren<
  S extends z.ZodType<{ id: string }>,
  C extends z.ZodType,
  P extends z.ZodType,
>(family: keyof typeof CHILD_IDS, schemas: ChildSchemas<S, C, P>, what: string) {
  const { item } = schemas;
  type Item = z.output<S>;
  return {
    list: (client: ApiClient, organizationId: string, siteId: string): Promise<Item[]> =>
      listAll(client, child(organizationId, siteId, family), item, WHOLE_LIST),
    get: (client: ApiClient, organizationId: string, siteId: string, id: string): Promise<Item> =>
      findIn(client, child(organizationId, siteId, family), item, id, what),
    create: (
      client: ApiClient,
      organizationId: string,
      siteId: string,
      body: z.infer<C>,
    ): Promise<Item> =>
      client.request("POST", child(organizationId, siteId, family), {
        body,
        schema: item,
      }) as Promise<Item>,
    update: (
      client: ApiClient,
      organizationId: string,
      siteId: string,
      id: string,
      body: z.infer<P>,
    ): Promise<Item> =>
      client.request("PATCH", child(organizationId, siteId, family, id), {
        body,
        schema: item,
      }) as Promise<Item>,
    delete: (client: ApiClient, organizationId: string, siteId: string, id: string) =>
      client.request("DELETE", child(organizationId, siteId, family, id)),
  };
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
