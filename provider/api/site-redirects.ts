import { z } from "zod";
import { ApiError, listAll, segment, type ApiClient } from "../client";
import { findIn, siteById, WHOLE_LIST } from "./sites";

/**
 * A site's redirects (docs/api-decisions.md, "Site redirects and visitor authentication"), under
 * `/v1/orgs/{organizationId}/sites/{siteId}`: `redirects` and `redirect?source=`. The API
 * document is silent on them; the limits are the hosted service's, kept here so that check
 * refuses what the API would refuse. Visitor authentication is site-visitor-auth.ts's.
 */

/** A source path: `/` then segments, optionally ending in `*` or `/*`; at most 512 characters. */
export const SOURCE_PATH =
  /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;
export const RedirectSource = z.string().max(512).regex(SOURCE_PATH);

/** An absolute http or https URL of at most 2048 characters. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048);

const Ref = z.string().min(1);
/** Where a redirect leads (the hosted `SiteRedirectDestination`). */
export const RedirectDestination = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("external"), url: HttpUrl }),
  z.object({ kind: z.literal("site-section"), siteSectionId: Ref }),
  z.object({ kind: z.literal("site-space"), siteSpaceId: Ref }),
  z.object({ kind: z.literal("site-page"), siteSpaceId: Ref, pageId: Ref }),
]);
export type RedirectDestination = z.infer<typeof RedirectDestination>;

/** A redirect as the provider reads it; the destination is read as the service sends it. */
export const SiteRedirect = z.object({
  id: z.string(),
  source: z.string(),
  destination: z.looseObject({ kind: z.string() }),
  draft: z.boolean().optional(),
  captureWildcard: z.boolean().optional(),
  permanent: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type SiteRedirect = z.infer<typeof SiteRedirect>;

/**
 * A redirect's settings with their limits, declared once: what a program declares (the
 * resource's inputs), the create body, and the PATCH, which takes all but the source.
 */
export const SiteRedirectFields = {
  source: RedirectSource,
  destination: RedirectDestination,
  permanent: z.boolean().optional(),
};
export const SiteRedirectCreate = z.object(SiteRedirectFields);
export const SiteRedirectPatch = SiteRedirectCreate.omit({ source: true }).partial();

const redirectsOf = (organizationId: string, siteId: string, id?: string) =>
  `${siteById(organizationId, siteId)}/redirects${id === undefined ? "" : `/${segment("siteRedirectId", id)}`}`;

/** The site's live redirects, as one list walk serves them. */
export function redirectsList(organizationId: string, siteId: string) {
  return { path: redirectsOf(organizationId, siteId), item: SiteRedirect, query: WHOLE_LIST };
}

/** A live redirect by id, from the list (the API has no single GET by id). */
export function getRedirect(client: ApiClient, organizationId: string, siteId: string, id: string) {
  return findIn(client, redirectsOf(organizationId, siteId), SiteRedirect, id, "site redirect");
}

/** The live redirect of `source`, through the lookup; undefined when there is none. */
export async function redirectBySource(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  source: string,
): Promise<SiteRedirect | undefined> {
  try {
    const found = await client.get(
      `${siteById(organizationId, siteId)}/redirect`,
      z.object({ redirect: SiteRedirect }),
      { source },
    );
    return found.redirect;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return undefined;
    throw error;
  }
}

export function createRedirect(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: z.infer<typeof SiteRedirectCreate>,
): Promise<SiteRedirect> {
  return client.request("POST", redirectsOf(organizationId, siteId), {
    body,
    schema: SiteRedirect,
  });
}

export function updateRedirect(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
  body: z.infer<typeof SiteRedirectPatch>,
): Promise<SiteRedirect> {
  return client.request("PATCH", redirectsOf(organizationId, siteId, id), {
    body,
    schema: SiteRedirect,
  });
}

export async function deleteRedirect(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  id: string,
): Promise<void> {
  await client.request("DELETE", redirectsOf(organizationId, siteId, id));
}

/** Every live redirect of the site (the exporter's inventory). */
export function listRedirects(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SiteRedirect[]> {
  return listAll(client, redirectsOf(organizationId, siteId), SiteRedirect, WHOLE_LIST);
}
