import type { Background } from "./background";
import type { ApiContext } from "./context";
import type { FamilyHooks } from "./hooks";
import type { Route } from "./http/route";
import { adaptiveSchemaRoutes } from "./routes/site-adaptive-schema";
import { changeRequestRoutes } from "./routes/change-requests";
import { collectionRoutes } from "./routes/collections";
import { commentRoutes } from "./routes/comments";
import { gitSyncRoutes } from "./routes/git-sync";
import { glossaryRoutes } from "./routes/translation-glossary";
import { resumeGitSync } from "./jobs/git-sync";
import { changeRequestContentRoutes, spaceContentRoutes } from "./routes/content";
import { memberRoutes } from "./routes/members";
import { resumeSpecs } from "./jobs/openapi-specs";
import { resumeTranslations } from "./jobs/translations";
import { openApiSpecRoutes } from "./routes/openapi-specs";
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
import { spaceRoutes } from "./routes/spaces";
import { teamRoutes } from "./routes/teams";
import { translationRoutes } from "./routes/translations";
import { changeRequestHooks, changeRequestsSchema } from "./store/change-requests";
import { collectionsSchema } from "./store/collections";
import { commentHooks, commentsSchema } from "./store/comments";
import { contentSchema } from "./store/content";
import { visitorClaimKeysSchema } from "./store/members";
import { gitSyncHooks, gitSyncSchema } from "./store/git-sync";
import { glossarySchema } from "./store/translation-glossary";
import { identitySchema } from "./store/identity";
import { openApiSpecsSchema } from "./store/openapi-specs";
import { organizationsSchema } from "./store/organizations";
import { permissionHooks, permissionsSchema } from "./store/permissions";
import { samlSchema } from "./store/saml-providers";
import { sectionGroupsSchema } from "./store/site-section-groups";
import { shareLinksSchema } from "./store/share-links";
import { siteCustomizationSchema } from "./store/site-customization";
import { siteSectionsSchema } from "./store/site-sections";
import { siteSpacesAddedColumns, siteSpacesSchema } from "./store/site-spaces";
import { sitesHooks } from "./access/sites";
import { sitesSchema } from "./store/sites";
import { siteRedirectsSchema } from "./store/site-redirects";
import { siteVisitorAuthSchema } from "./store/site-visitor-auth";
import { spacesAddedColumns, spacesSchema } from "./store/spaces";
import { teamsSchema } from "./store/teams";
import { translationHooks, translationsSchema } from "./store/translations";
import type { AddedColumn, Store } from "./store";

/**
 * One API family of the emulator, in three layers (emulator/README.md, "Layering"): its routes
 * (`routes/<family>.ts`: HTTP, validation, authorization), its tables and SQL
 * (`store/<family>.ts`), and the JSON of its objects (`render/<family>.ts`). What it provides to
 * other families goes in `hooks`, joined when the app is built.
 */
export interface Family {
  name: string;
  /** DDL of its tables, run at every open (`CREATE TABLE IF NOT EXISTS ...`); none if it keeps its rows in another family's. */
  schema?: string;
  /** Columns its tables gained after a release shipped: files written before gain them at open. */
  addedColumns?: readonly AddedColumn[];
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
    schema: organizationsSchema + identitySchema,
    routes: organizationRoutes,
  },
  { name: "collections", schema: collectionsSchema, routes: collectionRoutes },
  { name: "spaces", schema: spacesSchema, addedColumns: spacesAddedColumns, routes: spaceRoutes },
  { name: "sites", schema: sitesSchema, routes: siteRoutes, hooks: sitesHooks },
  { name: "site-adaptive-schema", routes: adaptiveSchemaRoutes },
  { name: "site-section-groups", schema: sectionGroupsSchema, routes: sectionGroupRoutes },
  { name: "site-sections", schema: siteSectionsSchema, routes: siteSectionRoutes },
  {
    name: "site-spaces",
    schema: siteSpacesSchema,
    addedColumns: siteSpacesAddedColumns,
    routes: siteSpaceRoutes,
  },
  { name: "share-links", schema: shareLinksSchema, routes: shareLinkRoutes },
  {
    name: "site-customization",
    schema: siteCustomizationSchema,
    routes: siteCustomizationRoutes,
  },
  { name: "site-redirects", schema: siteRedirectsSchema, routes: siteRedirectRoutes },
  { name: "site-visitor-auth", schema: siteVisitorAuthSchema, routes: siteVisitorAuthRoutes },
  // Members keep their rows in the organizations family's identity tables.
  { name: "members", schema: visitorClaimKeysSchema, routes: memberRoutes },
  { name: "teams", schema: teamsSchema, routes: teamRoutes },
  { name: "saml-providers", schema: samlSchema, routes: samlRoutes },
  {
    name: "openapi-specs",
    schema: openApiSpecsSchema,
    routes: openApiSpecRoutes,
    resume: resumeSpecs,
  },
  {
    name: "translations",
    schema: translationsSchema,
    routes: translationRoutes,
    hooks: translationHooks,
    resume: resumeTranslations,
  },
  { name: "translation-glossary", schema: glossarySchema, routes: glossaryRoutes },
  { name: "content", schema: contentSchema, routes: spaceContentRoutes },
  {
    name: "change-requests",
    schema: changeRequestsSchema,
    // A change request's content is read as a space's is (routes/content.ts).
    routes: [...changeRequestRoutes, ...changeRequestContentRoutes],
    hooks: changeRequestHooks,
  },
  { name: "comments", schema: commentsSchema, routes: commentRoutes, hooks: commentHooks },
  {
    name: "git-sync",
    schema: gitSyncSchema,
    routes: gitSyncRoutes,
    hooks: gitSyncHooks,
    resume: resumeGitSync,
  },
  // Search reads the content family's full-text index: it has no tables of its own.
  { name: "search", routes: searchRoutes },
  {
    name: "permissions",
    schema: permissionsSchema,
    routes: permissionRoutes,
    hooks: permissionHooks,
  },
];
