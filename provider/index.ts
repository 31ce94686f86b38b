export { Collection, type CollectionArgs } from "./resources/collection";
export { Space, type SpaceArgs } from "./resources/space";
export { Site, type SiteArgs } from "./resources/site";
export { SiteSection, type SiteSectionArgs } from "./resources/site-section";
export { SiteSectionGroup, type SiteSectionGroupArgs } from "./resources/site-section-group";
export { SiteSpace, type SiteSpaceArgs } from "./resources/site-space";
export { ShareLink, type ShareLinkArgs } from "./resources/share-link";
export { SiteRedirect, type SiteRedirectArgs } from "./resources/site-redirect";
export { SiteVisitorAuth, type SiteVisitorAuthArgs } from "./resources/site-visitor-auth";
export { SiteAdaptiveSchema, type SiteAdaptiveSchemaArgs } from "./resources/site-adaptive-schema";
export {
  OrganizationSettings,
  type OrganizationSettingsArgs,
} from "./resources/organization-settings";
export { OrganizationMember, type OrganizationMemberArgs } from "./resources/organization-member";
export { Team, type TeamArgs } from "./resources/team";
export { TeamMember, type TeamMemberArgs } from "./resources/team-member";
export { SamlProvider, type SamlProviderArgs } from "./resources/saml-provider";
export { OpenApiSpec, type OpenApiSpecArgs } from "./resources/openapi-spec";
export { Translation, type TranslationArgs } from "./resources/translation";
export {
  TranslationGlossary,
  type TranslationGlossaryArgs,
} from "./resources/translation-glossary";
export { SiteCustomization, type SiteCustomizationArgs } from "./resources/site-customization";
export {
  SiteSpaceCustomization,
  type SiteSpaceCustomizationArgs,
} from "./resources/site-space-customization";
export { SpacePermission, type SpacePermissionArgs } from "./resources/space-permission";
export {
  CollectionPermission,
  type CollectionPermissionArgs,
} from "./resources/collection-permission";
export { SitePermission, type SitePermissionArgs } from "./resources/site-permission";
export type { AdaptiveJsonSchema, AgentsContext, SiteType, SiteVisibility } from "./api/sites";
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
export type { LookupWorkspaceArgs } from "./lookups/workspace";
export type { WorkspaceArgs } from "./lifecycle/define";
export { ApiError } from "./client";
export { ConfigError } from "./config";
export type { RoleLevel, Language, Urls } from "./api/common";
export type { CollectionDefaultLevel } from "./api/collections";
export type { EditMode } from "./api/spaces";
export type { TeamRole } from "./api/people";
