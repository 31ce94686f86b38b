import type { Background } from "./background";
import type { ApiContext } from "./context";
import type { FamilyHooks } from "./hooks";
import type { Route } from "./http/route";
import { adaptiveSchemaRoutes } from "./routes/site-adaptive-schema";
import { changeRequestRoutes } from "./routes/change-requests";
import { collectionRoutes } from "./routes/collections";
import { commentRoutes } from "./routes/comments";
import { customFontRoutes } from "./routes/custom-fonts";
import { gitSyncRoutes } from "./routes/git-sync";
import { glossaryRoutes } from "./routes/translation-glossary";
import { resumeGitSync } from "./jobs/git-sync";
import { changeRequestContentRoutes, spaceContentRoutes } from "./routes/content";
import { memberRoutes } from "./routes/members";
import { resumeSpecs } from "./jobs/openapi-specs";
import { resumeTranslations } from "./jobs/translations";
import { openApiSpecRoutes } from "./routes/openapi-specs";
import { organizationInviteRoutes } from "./routes/organization-invites";
import { organizationRoutes } from "./routes/organizations";
import { permissionRoutes } from "./routes/permissions";
import { samlRoutes } from "./routes/saml-providers";
import { searchRoutes } from "./routes/search";
import { sectionGroupRoutes } from "./routes/site-section-groups";
import { shareLinkRoutes } from "./routes/share-links";
import { siteCustomizationRoutes } from "./routes/site-customization";
import { siteSectionRoutes } from "./routes/site-sections";
import { siteSpaceRoutes } from "./routes/site-spaces";
import { siteRoutes } from "./routes/sites";
import { siteRedirectRoutes } from "./routes/site-redirects";
import { siteVisitorAuthRoutes } from "./routes/site-visitor-auth";
import { siteAgentSettingsRoutes } from "./routes/site-agent-settings";
import { siteAdsRoutes } from "./routes/site-ads";
import { siteMcpServerRoutes } from "./routes/site-mcp-servers";
import { integrationRoutes } from "./routes/integrations";
import { integrationTargetRoutes } from "./routes/integration-targets";
import { siteChannelRoutes } from "./routes/site-channels";
import { siteContextConnectionRoutes } from "./routes/site-context-connections";
import { resumeContextSyncs } from "./jobs/site-context-connections";
import { siteExternalLinkRoutes } from "./routes/site-external-links";
import { siteStructureRoutes } from "./routes/site-structure";
import { resumeSiteAdsReviews } from "./jobs/site-ads";
import { customHostnameRoutes } from "./routes/custom-hostnames";
import { resumeHostnameChecks } from "./jobs/custom-hostnames";
import { customHostnamesTables } from "./store/custom-hostnames";
import { spaceRoutes } from "./routes/spaces";
import { teamRoutes } from "./routes/teams";
import { translationRoutes } from "./routes/translations";
import { changeRequestHooks, changeRequestsTables } from "./store/change-requests";
import { collectionsTables } from "./store/collections";
import { commentHooks, commentsTables } from "./store/comments";
import { customFontsTables } from "./store/custom-fonts";
import { contentSchema, contentTables } from "./store/content";
import { visitorClaimKeysTables } from "./store/members";
import { gitSyncHooks, gitSyncTables } from "./store/git-sync";
import { glossaryTables } from "./store/translation-glossary";
import { identityTables } from "./store/identity";
import { openApiSpecsTables } from "./store/openapi-specs";
import { organizationInvitesTables } from "./store/organization-invites";
import { organizationsTables } from "./store/organizations";
import { permissionHooks, permissionsTables } from "./store/permissions";
import { samlTables } from "./store/saml-providers";
import { sectionGroupsTables } from "./store/site-section-groups";
import { shareLinksTables } from "./store/share-links";
import { siteCustomizationTables } from "./store/site-customization";
import { siteSectionsTables } from "./store/site-sections";
import { siteSpacesTables } from "./store/site-spaces";
import { sitesHooks } from "./access/sites";
import { sitesTables } from "./store/sites";
import { siteRedirectsTables } from "./store/site-redirects";
import { siteVisitorAuthTables } from "./store/site-visitor-auth";
import { siteAgentSettingsTables } from "./store/site-agent-settings";
import { siteAdsTables } from "./store/site-ads";
import { siteMcpServersTables } from "./store/site-mcp-servers";
import { integrationsTables } from "./store/integrations";
import { integrationTargetsTables } from "./store/integration-targets";
import { siteChannelsTables } from "./store/site-channels";
import { siteContextConnectionsTables } from "./store/site-context-connections";
import { siteExternalLinksTables } from "./store/site-external-links";
import { spacesTables } from "./store/spaces";
import { teamsTables } from "./store/teams";
import { translationHooks, translationsTables } from "./store/translations";
import type { Store } from "./store";
import type { TableDdl } from "./store/sql";

/**
 * One API family of the emulator, in three layers (emulator/README.md, "Layering"): its routes
 * (`routes/<family>.ts`: HTTP, validation, authorization), its tables and SQL
 * (`store/<family>.ts`), and the JSON of its objects (`render/<family>.ts`). What it provides to
 * other families goes in `hooks`, joined when the app is built.
 */
export interface Family {
  name: string;
  /** Its tables, each declared by its column map: created at every open, older files gain their added columns. None if it keeps its rows in another family's. */
  tables?: readonly TableDdl[];
  /** What no column map states (a full-text index and its triggers), run at every open after its tables. */
  schema?: string;
  routes: readonly Route<ApiContext>[];
  hooks?: FamilyHooks;
  /**
   * Picks up background work a stopped emulator left unfinished in the store (a spec still
   * processing), when an app opens the store: nothing stays in progress for good.
   */
  resume?(store: Store, background: Background): void;
}

/** Every family, in the order their tables are created: the one place that names them. */
export const families: readonly Family[] = [
  {
    name: "organizations",
    tables: [...organizationsTables, ...identityTables],
    routes: organizationRoutes,
  },
  { name: "collections", tables: collectionsTables, routes: collectionRoutes },
  { name: "spaces", tables: spacesTables, routes: spaceRoutes },
  { name: "sites", tables: sitesTables, routes: siteRoutes, hooks: sitesHooks },
  { name: "site-adaptive-schema", routes: adaptiveSchemaRoutes },
  { name: "site-section-groups", tables: sectionGroupsTables, routes: sectionGroupRoutes },
  { name: "site-sections", tables: siteSectionsTables, routes: siteSectionRoutes },
  {
    name: "site-external-links",
    tables: siteExternalLinksTables,
    routes: siteExternalLinkRoutes,
  },
  // The structure orders the rows of the sections, groups, links and site spaces: no tables.
  { name: "site-structure", routes: siteStructureRoutes },
  {
    name: "site-spaces",
    tables: siteSpacesTables,
    routes: siteSpaceRoutes,
  },
  { name: "share-links", tables: shareLinksTables, routes: shareLinkRoutes },
  { name: "custom-fonts", tables: customFontsTables, routes: customFontRoutes },
  {
    name: "site-customization",
    tables: siteCustomizationTables,
    routes: siteCustomizationRoutes,
  },
  { name: "site-redirects", tables: siteRedirectsTables, routes: siteRedirectRoutes },
  { name: "site-visitor-auth", tables: siteVisitorAuthTables, routes: siteVisitorAuthRoutes },
  {
    name: "site-agent-settings",
    tables: siteAgentSettingsTables,
    routes: siteAgentSettingsRoutes,
  },
  {
    name: "site-ads",
    tables: siteAdsTables,
    routes: siteAdsRoutes,
    resume: resumeSiteAdsReviews,
  },
  {
    name: "custom-hostnames",
    tables: customHostnamesTables,
    routes: customHostnameRoutes,
    resume: resumeHostnameChecks,
  },
  { name: "site-mcp-servers", tables: siteMcpServersTables, routes: siteMcpServerRoutes },
  { name: "integrations", tables: integrationsTables, routes: integrationRoutes },
  {
    name: "integration-targets",
    tables: integrationTargetsTables,
    routes: integrationTargetRoutes,
  },
  { name: "site-channels", tables: siteChannelsTables, routes: siteChannelRoutes },
  {
    name: "site-context-connections",
    tables: siteContextConnectionsTables,
    routes: siteContextConnectionRoutes,
    resume: resumeContextSyncs,
  },
  // Members keep their rows in the organizations family's identity tables.
  { name: "members", tables: visitorClaimKeysTables, routes: memberRoutes },
  { name: "teams", tables: teamsTables, routes: teamRoutes },
  { name: "saml-providers", tables: samlTables, routes: samlRoutes },
  {
    name: "organization-invites",
    tables: organizationInvitesTables,
    routes: organizationInviteRoutes,
  },
  {
    name: "openapi-specs",
    tables: openApiSpecsTables,
    routes: openApiSpecRoutes,
    resume: resumeSpecs,
  },
  {
    name: "translations",
    tables: translationsTables,
    routes: translationRoutes,
    hooks: translationHooks,
    resume: resumeTranslations,
  },
  { name: "translation-glossary", tables: glossaryTables, routes: glossaryRoutes },
  { name: "content", tables: contentTables, schema: contentSchema, routes: spaceContentRoutes },
  {
    name: "change-requests",
    tables: changeRequestsTables,
    // A change request's content is read as a space's is (routes/content.ts).
    routes: [...changeRequestRoutes, ...changeRequestContentRoutes],
    hooks: changeRequestHooks,
  },
  { name: "comments", tables: commentsTables, routes: commentRoutes, hooks: commentHooks },
  {
    name: "git-sync",
    tables: gitSyncTables,
    routes: gitSyncRoutes,
    hooks: gitSyncHooks,
    resume: resumeGitSync,
  },
  // Search reads the content family's full-text index: it has no tables of its own.
  { name: "search", routes: searchRoutes },
  {
    name: "permissions",
    tables: permissionsTables,
    routes: permissionRoutes,
    hooks: permissionHooks,
  },
];
