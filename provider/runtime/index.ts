import type * as pulumi from "@pulumi/pulumi";
import { collection } from "../resources/collection";
import { organizationMember } from "../resources/organization-member";
import { organizationSettings } from "../resources/organization-settings";
import { samlProvider } from "../resources/saml-provider";
import { team } from "../resources/team";
import { teamMember } from "../resources/team-member";
import type { Handlers } from "../lifecycle/handlers";
import { openApiSpec } from "../resources/openapi-spec";
import { translation } from "../resources/translation";
import { translationGlossary } from "../resources/translation-glossary";
import { shareLink } from "../resources/share-link";
import { site } from "../resources/site";
import { siteAdaptiveSchema } from "../resources/site-adaptive-schema";
import { siteRedirect } from "../resources/site-redirect";
import { siteVisitorAuth } from "../resources/site-visitor-auth";
import { siteSection } from "../resources/site-section";
import { siteSectionGroup } from "../resources/site-section-group";
import { siteSpace } from "../resources/site-space";
import { space } from "../resources/space";
import { siteCustomization } from "../resources/site-customization";
import { siteSpaceCustomization } from "../resources/site-space-customization";
import { spacePermission } from "../resources/space-permission";
import { collectionPermission } from "../resources/collection-permission";
import { sitePermission } from "../resources/site-permission";

export { configure } from "../context";

/** Every resource the package defines: what the host serves, and what the exporter writes. */
export const definitions = [
  collection,
  space,
  site,
  siteSection,
  siteSectionGroup,
  siteSpace,
  shareLink,
  siteAdaptiveSchema,
  organizationSettings,
  organizationMember,
  team,
  teamMember,
  samlProvider,
  openApiSpec,
  translation,
  translationGlossary,
  siteCustomization,
  siteSpaceCustomization,
  siteRedirect,
  siteVisitorAuth,
  spacePermission,
  collectionPermission,
  sitePermission,
] as const;

/** Every resource kind the package serves, by the kind string its shim captured. */
const registry: Readonly<Record<string, Handlers>> = Object.fromEntries(
  definitions.map((resource) => [resource.kind, resource.handlers]),
);

/**
 * The handlers of one resource kind, what the shim inside each resource's state dispatches to.
 * An unknown kind means the state was written by a newer release than the one installed.
 */
export function provider(kind: string): pulumi.dynamic.ResourceProvider {
  const handlers = registry[kind];
  if (handlers === undefined) {
    throw new Error(
      `pulumi-docs-workspace has no resource kind "${kind}"; the installed version may be older than the one that wrote this stack's state`,
    );
  }
  return handlers;
}
