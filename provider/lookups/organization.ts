import * as pulumi from "@pulumi/pulumi";
import type { Urls } from "../api/common";
import { getOrganization as fetchOrganization } from "../api/organizations";
import { context } from "../runtime/context";

/** The arguments of {@link getOrganization}. */
export interface GetOrganizationArgs {
  /**
   * The organization to look up; defaults to `docs-workspace:organizationId`.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
}

/** What {@link getOrganization} returns. */
export interface OrganizationResult {
  id: string;
  title: string;
  createdAt: string;
  emailDomains: string[];
  hostname: string | null;
  type: string;
  plan: string;
  inviteLinks: boolean;
  urls: Urls;
}

/**
 * Looks up an organization the configured token can see. Runs in the program process with the
 * same configuration resolution and client as the resources.
 *
 * @example
 * ```ts
 * const org = getOrganization();
 * export const organizationTitle = org.title;
 * ```
 */
export function getOrganization(args: GetOrganizationArgs = {}): pulumi.Output<OrganizationResult> {
  return pulumi.output(args.organizationId).apply(async (explicit) => {
    const { config, client } = context();
    const org = await fetchOrganization(client, explicit ?? config.requireOrganizationId());
    return {
      id: org.id,
      title: org.title,
      createdAt: org.createdAt,
      emailDomains: org.emailDomains,
      hostname: org.hostname ?? null,
      type: org.type,
      plan: org.plan,
      inviteLinks: org.inviteLinks,
      urls: org.urls ?? {},
    };
  });
}
