export { Collection } from "./dynamic/resources/collection";
export type { CollectionArgs } from "./resources/collection";
export { Space } from "./dynamic/resources/space";
export type { SpaceArgs } from "./resources/space";
export { Site } from "./dynamic/resources/site";
export type { SiteArgs } from "./resources/site";
export { SiteSection } from "./dynamic/resources/site-section";
export type { SiteSectionArgs } from "./resources/site-section";
export { SiteSectionGroup } from "./dynamic/resources/site-section-group";
export type { SiteSectionGroupArgs } from "./resources/site-section-group";
export { SiteSpace } from "./dynamic/resources/site-space";
export type { SiteSpaceArgs } from "./resources/site-space";
export { ShareLink } from "./dynamic/resources/share-link";
export type { ShareLinkArgs } from "./resources/share-link";
export { SiteRedirect } from "./dynamic/resources/site-redirect";
export type { SiteRedirectArgs } from "./resources/site-redirect";
export { SiteMcpServer } from "./dynamic/resources/site-mcp-server";
export type { SiteMcpServerArgs } from "./resources/site-mcp-server";
export { IntegrationInstallation } from "./dynamic/resources/integration-installation";
export type { IntegrationInstallationArgs } from "./resources/integration-installation";
export { IntegrationSiteInstallation } from "./dynamic/resources/integration-site-installation";
export type { IntegrationSiteInstallationArgs } from "./resources/integration-site-installation";
export { IntegrationSpaceInstallation } from "./dynamic/resources/integration-space-installation";
export type { IntegrationSpaceInstallationArgs } from "./resources/integration-space-installation";
export { SiteChannel } from "./dynamic/resources/site-channel";
export type { SiteChannelArgs } from "./resources/site-channel";
export { SiteContextConnection } from "./dynamic/resources/site-context-connection";
export type { SiteContextConnectionArgs } from "./resources/site-context-connection";
export { CustomHostname } from "./dynamic/resources/custom-hostname";
export type { CustomHostnameArgs } from "./resources/custom-hostname";
export { SiteExternalLink } from "./dynamic/resources/site-external-link";
export type { SiteExternalLinkArgs } from "./resources/site-external-link";
export { SiteExternalLinks } from "./dynamic/resources/site-external-links";
export type { SiteExternalLinksArgs } from "./resources/site-external-links";
export { SiteVisitorAuth } from "./dynamic/resources/site-visitor-auth";
export type { SiteVisitorAuthArgs } from "./resources/site-visitor-auth";
export { SiteAgentSettings } from "./dynamic/resources/site-agent-settings";
export type { SiteAgentSettingsArgs } from "./resources/site-agent-settings";
export { SiteAds } from "./dynamic/resources/site-ads";
export type { SiteAdsArgs } from "./resources/site-ads";
export { SiteAdaptiveSchema } from "./dynamic/resources/site-adaptive-schema";
export type { SiteAdaptiveSchemaArgs } from "./resources/site-adaptive-schema";
export { OrganizationSettings } from "./dynamic/resources/organization-settings";
export type { OrganizationSettingsArgs } from "./resources/organization-settings";
export { OrganizationMember } from "./dynamic/resources/organization-member";
export type { OrganizationMemberArgs } from "./resources/organization-member";
export { Team } from "./dynamic/resources/team";
export type { TeamArgs } from "./resources/team";
export { TeamMember } from "./dynamic/resources/team-member";
export type { TeamMemberArgs } from "./resources/team-member";
export { OrganizationInviteLink } from "./dynamic/resources/organization-invite-link";
export type { OrganizationInviteLinkArgs } from "./resources/organization-invite-link";
export { SamlProvider } from "./dynamic/resources/saml-provider";
export type { SamlProviderArgs } from "./resources/saml-provider";
export { OpenApiSpec } from "./dynamic/resources/openapi-spec";
export type { OpenApiSpecArgs } from "./resources/openapi-spec";
export { Translation } from "./dynamic/resources/translation";
export type { TranslationArgs } from "./resources/translation";
export { TranslationGlossary } from "./dynamic/resources/translation-glossary";
export type { TranslationGlossaryArgs } from "./resources/translation-glossary";
export { CustomFont } from "./dynamic/resources/custom-font";
export type { CustomFontArgs } from "./resources/custom-font";
export { SiteCustomization } from "./dynamic/resources/site-customization";
export type { SiteCustomizationArgs } from "./resources/site-customization";
export { SiteSpaceCustomization } from "./dynamic/resources/site-space-customization";
export type { SiteSpaceCustomizationArgs } from "./resources/site-space-customization";
export { SpacePermission } from "./dynamic/resources/space-permission";
export type { SpacePermissionArgs } from "./resources/space-permission";
export { CollectionPermission } from "./dynamic/resources/collection-permission";
export type { CollectionPermissionArgs } from "./resources/collection-permission";
export { SitePermission } from "./dynamic/resources/site-permission";
export type { SitePermissionArgs } from "./resources/site-permission";
export type { AgentsContext, SiteType, SiteVisibility } from "./api/sites";
export type { AdaptiveJsonSchema } from "./api/site-adaptive-schema";
export {
  getOrganization,
  type GetOrganizationArgs,
  type OrganizationResult,
} from "./lookups/organization";
export {
  getMember,
  getTeam,
  type GetMemberArgs,
  type GetTeamArgs,
  type MemberResult,
  type TeamResult,
} from "./lookups/people";
export { getSpace, type GetSpaceArgs, type SpaceResult } from "./lookups/space";
export { getCollection, type GetCollectionArgs, type CollectionResult } from "./lookups/collection";
export {
  getSpacePermissions,
  type GetSpacePermissionsArgs,
  type PermissionUser,
  type SpacePermissionsResult,
} from "./lookups/permissions";
export {
  getCustomHostname,
  type GetCustomHostnameArgs,
  type CustomHostnameResult,
} from "./lookups/custom-hostname";
export {
  getIntegration,
  type GetIntegrationArgs,
  type IntegrationResult,
  type IntegrationConfigurationSchema,
  type IntegrationConfigurationProperty,
} from "./lookups/integration";
export type { LookupWorkspaceArgs } from "./lookups/workspace";
export type { WorkspaceArgs } from "./lifecycle/define";
export { ApiError } from "./client";
export { ConfigError } from "./config";
export type { RoleLevel, Language, Urls } from "./api/common";
export type { CollectionDefaultLevel } from "./api/collections";
export type { EditMode } from "./api/spaces";
export type { TeamRole } from "./api/people";
