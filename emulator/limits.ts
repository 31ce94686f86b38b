/**
 * The API's limits, as the emulator enforces them: one module, so that a limit is stated once on
 * this side (the provider states its own: the emulator's limit tests then also catch a wrong one
 * there, shared/DESIGN.md). Each cites where it comes from.
 */

/** A request body: at most 1 MiB (413 past it) and 64 levels of arrays and objects (400). */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_BODY_DEPTH = 64;

/** A page of a list: `limit` defaults to 100, at most 1000 (§3). */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** An object id in a path or a body. */
export const ID_MAX = 64;

/** A space's and a collection's title, a space's emoji (§2.2, §2.3). */
export const TITLE_MAX = 50;
export const EMOJI_MAX = 50;

/** A collection's description (§2.2). */
export const DESCRIPTION_MAX = 100;

/** A team's title (§2.8). */
export const TEAM_TITLE_MAX = 64;

/** A SAML provider's fields (§2.9). */
export const SAML_LIMITS = { label: 30, entityID: 1024, certificate: 10000, ssoURL: 2048 };

/** A page's Markdown, in UTF-8 bytes, and how deep pages nest (issue 14's content). */
export const MAX_PAGE_MARKDOWN_BYTES = 1024 * 1024;
export const MAX_PAGE_DEPTH = 8;

/** Spaces stay restorable this long after `deletedAt` (§8). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What one Git import reads (§4.15; docs/api-decisions.md, "Git import limits"): the regular
 * files of the ref under the project folder, counted and sized before they are checked out.
 */
export const GIT_IMPORT_LIMITS = { files: 1000, bytes: 16 * 1024 * 1024 };
/** What a space holds once a Git import has written it: pages, files, and their bytes. */
export const SPACE_CONTENT_LIMITS = { pages: 2000, files: 1000, bytes: 32 * 1024 * 1024 };

/**
 * Teams and users one permissions invite names, each list (the hosted document sets no maximum;
 * docs/api-decisions.md, "Permissions").
 */
export const PERMISSION_INVITE_MAX = 1000;

/**
 * The translation glossary (the hosted service's GlossaryTranslations): a term is 1 to 255
 * characters on one line; one PUT carries at most 1,000 operations, and an organization holds at
 * most 10,000 entries (both our own: the service states none).
 */
export const GLOSSARY_LIMITS = { term: 255, operations: 1000, entries: 10_000 };

/**
 * A site's customization settings (the hosted `SiteCustomizationSettingsBase`): the title, a
 * URL, the footer's copyright, the AI assistant's greeting, instructions and suggested questions,
 * the announcement's message, social accounts, a localized string.
 */
export const CUSTOMIZATION_LIMITS = {
  titleMin: 2,
  title: 128,
  url: 2048,
  copyright: 512,
  aiGreeting: 256,
  aiInstructions: 10000,
  suggestions: 5,
  suggestionMin: 3,
  suggestion: 64,
  messageMin: 2,
  message: 128,
  socialAccounts: 10,
  localized: 128,
  emoji: 50,
};

/**
 * Site redirects (the hosted document's `SiteRedirectSourcePath` and `URL`): a source path of at
 * most 512 characters, a destination URL of at most 2048, at most 500 redirects per bulk PUT.
 */
export const REDIRECT_SOURCE_MAX = 512;
export const REDIRECT_URL_MAX = 2048;
export const REDIRECT_BULK_MAX = 500;

/**
 * Custom fonts (the hosted document's `FontFamily`, `FontWeight` and `StorageFileKey`): a family
 * name of 1 to 50 characters, weights from 1 to 1000, a storage key of 1 to 512 characters, and a
 * regular face (weight 400) always present.
 */
export const FONT_LIMITS = {
  familyMax: 50,
  weightMin: 1,
  weightMax: 1000,
  storageKeyMax: 512,
  regularWeight: 400,
};

/**
 * Site MCP servers (the hosted `SiteMcpServerName`, `URL`, `SiteMcpServerHeaders` and
 * `Expression`): a name of 1 to 100 characters, a URL of at most 2048, header values of 1 to 512
 * characters, a condition of at most 1024. The hosted document bounds neither the number of
 * headers nor their names: we allow 50 headers, each named by an HTTP token of at most 256
 * characters (docs/api-decisions.md, "Site MCP servers").
 */
export const MCP_SERVER_LIMITS = {
  name: 100,
  url: 2048,
  headerValue: 512,
  headerName: 256,
  headers: 50,
  condition: 1024,
};

/**
 * Site channels (the hosted `GenericChannelPattern` and `GitHubRepositoryPattern` bound neither
 * the lists nor their entries): at most 100 patterns in a setup's list, each of at most 100
 * characters (docs/api-decisions.md, "Site channels").
 */
export const CHANNEL_LIMITS = { patterns: 100, pattern: 100 };

/**
 * Site external links (the hosted `SiteSectionTitle`, `SiteSectionDescription`,
 * `LocalizedString128` and `LocalizedString256`, `Icon`, `URL` and `Expression`): a title of 2 to
 * 128 characters, a description of at most 256, localized values of at most 128 (title) and 256
 * (description), an icon name of at most 50, a URL of at most 2048, a condition of at most 1024.
 */
export const EXTERNAL_LINK_LIMITS = {
  titleMin: 2,
  title: 128,
  description: 256,
  icon: 50,
  url: 2048,
  condition: 1024,
};

/**
 * Site context connections (the hosted `ContextConnectionLabel`, `ContextConnectionFilter` and the
 * Jira fields): a label of at most 128 characters, a filter of at most 1024, a Jira base URL of at
 * most 2048, an email of at most 254, a token of at most 1024 and a status name of at most 255.
 * The hosted document bounds neither the number of connections of a site nor the other setup
 * fields: we allow 50 connections a site and setup strings of at most 1024 characters; a sync
 * request within an hour of the last sync is refused, as the hosted 400 says
 * (docs/api-decisions.md, "Site context connections").
 */
export const CONTEXT_CONNECTION_LIMITS = {
  label: 128,
  filter: 1024,
  url: 2048,
  email: 254,
  setting: 1024,
  statusName: 255,
  perSite: 50,
  syncIntervalMs: 60 * 60 * 1000,
  failureMessage: 512,
};

/**
 * Integration installations: the hosted `IntegrationInstallationExternalIds` (at most 5) and a
 * string configuration value of at most 2048 characters, where the hosted schema states no bound
 * (docs/api-decisions.md, "Integrations").
 */
export const INTEGRATION_LIMITS = { externalIds: 5, stringValue: 2048 };
