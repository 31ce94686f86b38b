import * as pulumi from "@pulumi/pulumi";
import type { Urls } from "../api/common";
import { getOrganization as fetchOrganization } from "../api/organizations";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** The arguments of {@link getOrganization}. */
export interface GetOrganizationArgs extends LookupWorkspaceArgs {
  /**
   * The organization to look up; defaults to the workspace's organization.
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
  return pulumi
    .all([args.organizationId, args.workspace])
    .apply(([organizationId, workspace]) => lookUpOrganization({ organizationId, workspace }));
}

/** {@link getOrganization} once its arguments are known: also the native provider's invoke. */
export async function lookUpOrganization(args: {
  organizationId?: string | undefined;
  workspace?: string | undefined;
}): Promise<OrganizationResult> {
  const { config, client } = lookupContext("getOrganization", args.workspace);
  const org = await fetchOrganization(
    client,
    args.organizationId ?? config.requireOrganizationId(),
  );
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
}
