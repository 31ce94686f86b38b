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
 * Teams and users one permissions invite names, each list (the hosted document sets no maximum;
 * docs/api-decisions.md, "Permissions").
 */
export const PERMISSION_INVITE_MAX = 1000;
