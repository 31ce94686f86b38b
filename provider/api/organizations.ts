import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll } from "../client";
import { RoleLevel, Urls } from "./common";

export const Organization = z.looseObject({
  object: z.literal("organization"),
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  emailDomains: z.array(z.string()),
  hostname: z.string().nullish(),
  type: z.string(),
  plan: z.string(),
  inviteLinks: z.boolean(),
  defaultRole: RoleLevel.nullish(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  urls: Urls.optional(),
});
export type Organization = z.infer<typeof Organization>;

const path = (organizationId: string) => `/v1/orgs/${encodeURIComponent(organizationId)}`;

export function getOrganization(client: ApiClient, organizationId: string): Promise<Organization> {
  return client.get(path(organizationId), Organization);
}

export function listOrganizations(client: ApiClient): Promise<Organization[]> {
  return listAll(client, "/v1/orgs", Organization);
}
