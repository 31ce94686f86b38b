import { z } from "zod";
import type { ApiClient } from "../client";
import { HttpUrl } from "./site-redirects";
import { siteById } from "./sites";

/**
 * A site's visitor authentication (docs/api-decisions.md, "Site redirects and visitor
 * authentication"), at `/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth`. The API
 * document is silent on it; the limits are the hosted service's.
 */

export const VisitorAuthBackend = z.enum(["custom", "integration"]);

/** The settings as the provider reads them: `privateKey` is a secret. */
export const SitePublishingAuth = z.object({
  backend: VisitorAuthBackend,
  privateKey: z.string(),
  fallbackURL: z.string().optional(),
  logoutURL: z.string().optional(),
});
export type SitePublishingAuth = z.infer<typeof SitePublishingAuth>;

/** The PATCH: `backend` is required by the service; a URL `null` unsets it. */
export const SitePublishingAuthPatch = z.object({
  backend: VisitorAuthBackend,
  fallbackURL: HttpUrl.nullable().optional(),
  logoutURL: HttpUrl.nullable().optional(),
});

/** What deleting a SiteVisitorAuth writes back: the settings of a site nobody configured. */
export const DEFAULT_PUBLISHING_AUTH = {
  backend: "custom",
  fallbackURL: null,
  logoutURL: null,
} as const;

const authOf = (organizationId: string, siteId: string) =>
  `${siteById(organizationId, siteId)}/publishing/auth`;

export function getPublishingAuth(client: ApiClient, organizationId: string, siteId: string) {
  return client.get(authOf(organizationId, siteId), SitePublishingAuth);
}

export function updatePublishingAuth(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  body: z.infer<typeof SitePublishingAuthPatch>,
): Promise<SitePublishingAuth> {
  return client.request("PATCH", authOf(organizationId, siteId), {
    body,
    schema: SitePublishingAuth,
  });
}

/** A new private key; the old one stops working at once. */
export function regeneratePublishingAuth(
  client: ApiClient,
  organizationId: string,
  siteId: string,
): Promise<SitePublishingAuth> {
  return client.request("POST", `${authOf(organizationId, siteId)}/regenerate`, {
    schema: SitePublishingAuth,
  });
}
