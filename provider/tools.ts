/**
 * `pulumi-docs-workspace/tools`: the one entry the tools (the exporter, the harness's neighbours
 * in docs-workspace-cli) read the provider through, so that no package reaches into another's
 * files. What it holds: the one HTTP client and its error, the provider's configuration and the
 * client of a workspace, the wire schemas and calls of every API family, each resource's
 * definition (its kind, schema and outputs) and the registry of them, and the native
 * import ids. A program needs none of it: it imports `pulumi-docs-workspace`.
 */
export * from "./client";
export * from "./config";
export { clientFor, useConfig } from "./context";
export type { DefinedResource } from "./lifecycle/define";
export { definitions, type RegisteredResource } from "./resources/registry";
export { importIdOf } from "./native/resources";
export { sameValue } from "./lifecycle/compare";

export { RoleLevel } from "./api/common";
export * from "./api/collections";
export * from "./api/translation-glossary";
export * from "./api/custom-fonts";
export * from "./api/openapi-specs";
export * from "./api/organization-invites";
export * from "./api/organizations";
export * from "./api/people";
export * from "./api/saml-providers";
export * from "./api/permissions";
export * from "./api/share-links";
export * from "./api/site-customization";
export * from "./api/site-redirects";
export * from "./api/site-mcp-servers";
export * from "./api/integrations";
export * from "./api/site-channels";
export * from "./api/site-context-connections";
export * from "./api/custom-hostnames";
export * from "./api/site-external-links";
export * from "./api/site-visitor-auth";
export * from "./api/site-agent-settings";
export * from "./api/site-ads";
export { SERVICE_DEFAULTS, type Doc } from "./api/site-customization-document";
export * from "./api/site-sections";
export * from "./api/site-section-groups";
export * from "./api/site-spaces";
export * from "./api/sites";
export * from "./api/site-adaptive-schema";
export * from "./api/spaces";
export * from "./api/translations";

export { collection } from "./resources/collection";
export { collectionPermission } from "./resources/collection-permission";
export { customFont } from "./resources/custom-font";
export { openApiSpec } from "./resources/openapi-spec";
export { organizationInviteLink } from "./resources/organization-invite-link";
export { organizationMember } from "./resources/organization-member";
export { organizationSettings } from "./resources/organization-settings";
export { samlProvider } from "./resources/saml-provider";
export { grantId } from "./resources/permission-grant";
export { shareLink } from "./resources/share-link";
export { site } from "./resources/site";
export { siteAdaptiveSchema } from "./resources/site-adaptive-schema";
export { sitePermission } from "./resources/site-permission";
export { siteRedirect } from "./resources/site-redirect";
export { siteMcpServer } from "./resources/site-mcp-server";
export { integrationInstallation } from "./resources/integration-installation";
export { integrationSiteInstallation } from "./resources/integration-site-installation";
export { integrationSpaceInstallation } from "./resources/integration-space-installation";
export { siteChannel } from "./resources/site-channel";
export { siteContextConnection } from "./resources/site-context-connection";
export { customHostname } from "./resources/custom-hostname";
export { siteExternalLink } from "./resources/site-external-link";
export { siteExternalLinks } from "./resources/site-external-links";
export { siteVisitorAuth } from "./resources/site-visitor-auth";
export { siteAgentSettings } from "./resources/site-agent-settings";
export { siteAds } from "./resources/site-ads";
export { siteCustomization } from "./resources/site-customization";
export { siteSpaceCustomization } from "./resources/site-space-customization";
export { siteSection } from "./resources/site-section";
export { siteSectionGroup } from "./resources/site-section-group";
export { siteSpace } from "./resources/site-space";
export { space } from "./resources/space";
export { spacePermission } from "./resources/space-permission";
export { team } from "./resources/team";
export { teamMember } from "./resources/team-member";
export { translation } from "./resources/translation";
export { canonicalEntries, translationGlossary } from "./resources/translation-glossary";
