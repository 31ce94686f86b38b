import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll, segment } from "../client";
import { RoleLevel, Urls } from "./common";

export const Organization = z.looseObject({
  object: z.literal("organization"),
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  emailDomains: z.array(z.string()),
  hostname: z.string().nullish(),
  /** The custom hostname the organization uses (the hosted `customHostname`), if any. */
  customHostname: z.string().nullish(),
  type: z.string(),
  plan: z.string(),
  inviteLinks: z.boolean(),
  defaultRole: RoleLevel.nullish(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  defaultContent: z.looseObject({ type: z.string(), site: z.string() }).nullish(),
  urls: Urls.optional(),
});
export type Organization = z.infer<typeof Organization>;

/** Limits of §2.9 and §8; a domain and a hostname in lower case, as the service keeps them. */
export const OrganizationTitle = z.string().min(2).max(255);
export const EmailDomain = z
  .string()
  .max(253)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);
/** The Subdomain pattern of §2.10: 3 to 32 lower-case letters, digits and inner hyphens. */
export const OrganizationHostname = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/);
export const DefaultContent = z.strictObject({ type: z.literal("site"), site: z.string().min(1) });
export const LogoUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** The PATCH body of §4.2: every field optional; `null` removes a default role, content or logo. */
export const OrganizationPatch = z
  .object({
    title: OrganizationTitle,
    emailDomains: z.array(EmailDomain).max(100),
    hostname: OrganizationHostname,
    defaultRole: RoleLevel.nullable(),
    defaultContent: DefaultContent.nullable(),
    logo: LogoUrl.nullable(),
    sso: z.boolean(),
    ai: z.boolean(),
    inviteLinks: z.boolean(),
  })
  .partial();
export type OrganizationPatch = z.infer<typeof OrganizationPatch>;

const path = (organizationId: string) => `/v1/orgs/${segment("organizationId", organizationId)}`;

export function getOrganization(client: ApiClient, organizationId: string): Promise<Organization> {
  return client.get(path(organizationId), Organization);
}

export function updateOrganization(
  client: ApiClient,
  organizationId: string,
  body: OrganizationPatch,
): Promise<Organization> {
  return client.request("PATCH", path(organizationId), { body, schema: Organization });
}

export function listOrganizations(client: ApiClient): Promise<Organization[]> {
  return listAll(client, "/v1/orgs", Organization);
}
