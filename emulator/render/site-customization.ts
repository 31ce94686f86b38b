import { z } from "zod";
import { named, timestamp } from "./common";
import { settingsShape, siteSpaceOverrideShape } from "./site-customization-fields";

/**
 * A site's customization settings (the hosted document's `SiteCustomizationSettings`, whose
 * seventeen sections are required): what GET answers, the site's own once a PUT wrote them, else
 * the defaults below, which are the values of a site nobody has customized. A site space answers
 * the site's settings with its own override laid over them (docs/api-decisions.md, "Site
 * customization").
 */
export const SiteCustomizationJson = named(
  "SiteCustomizationSettings",
  z.strictObject({ ...settingsShape, updatedAt: timestamp.optional() }),
);
export type SiteCustomizationJson = z.output<typeof SiteCustomizationJson>;

/** What a PUT sends: the whole document (the hosted `SiteCustomizationSettingsInput`). */
export const SiteCustomizationInput = z.strictObject(settingsShape);
export type SiteCustomizationInput = z.output<typeof SiteCustomizationInput>;

/** What a site space's PATCH sends: the sections it may override, `null` resetting a field. */
export const SiteSpaceOverrideInput = z.strictObject(siteSpaceOverrideShape);
export type SiteSpaceOverrideInput = z.output<typeof SiteSpaceOverrideInput>;

type Doc = Record<string, unknown>;

/**
 * The objects an override merges into field by field: the settings' sections, and the styling's
 * sidebar and code theme. Any other value (a color, a favicon, a list) is replaced whole.
 */
const SECTIONS = new Set([
  "styling",
  "styling.sidebar",
  "styling.codeTheme",
  "internationalization",
  "header",
  "footer",
  "themes",
  "feedback",
  "externalLinks",
  "pagination",
  "trademark",
  "privacyPolicy",
  "socialPreview",
]);

const isDoc = (value: unknown): value is Doc =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * `over` laid onto `base`: sections merge field by field, any other value replaces; with `reset`
 * (a PATCH onto an override), `null` removes the field and a section left empty goes.
 */
export function overlay(base: Doc, over: Doc, reset = false, path = ""): Doc {
  const next: Doc = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const at = path === "" ? key : `${path}.${key}`;
    if (value === undefined) continue;
    if (reset && value === null) delete next[key];
    else if (SECTIONS.has(at) && isDoc(value)) {
      const merged = overlay(isDoc(next[key]) ? (next[key] as Doc) : {}, value, reset, at);
      if (reset && Object.keys(merged).length === 0) delete next[key];
      else next[key] = merged;
    } else next[key] = value;
  }
  return next;
}

/**
 * The settings without what only a site admin reads: the AI assistant's instructions ("only
 * available to site admins and never exposed on the published site", the hosted document).
 */
export function withoutAdminFields(settings: SiteCustomizationJson): SiteCustomizationJson {
  if (settings.ai.instructions === undefined) return settings;
  const { instructions: _, ...ai } = settings.ai;
  return { ...settings, ai };
}

/** The settings GET answers for a site: its stored document, else the defaults. */
export function siteSettings(
  stored: { settings: Doc; updatedAt: string } | undefined,
): SiteCustomizationJson {
  if (stored === undefined) return defaultCustomization();
  // The store keeps what a PUT sent, validated against the same fields.
  return { ...(stored.settings as SiteCustomizationInput), updatedAt: stored.updatedAt };
}

/** A site space's settings: the site's, with the site space's override laid over them. */
export function siteSpaceSettings(
  site: SiteCustomizationJson,
  override: Doc | undefined,
): SiteCustomizationJson {
  // An override holds only fields the PATCH validated, each of the site's own type.
  return override === undefined ? site : (overlay(site, override) as SiteCustomizationJson);
}

/** The settings of a site nobody has customized. A fresh object each call: callers may own it. */
export function defaultCustomization(): SiteCustomizationJson {
  const themed = <T extends string>(light: T, dark: T) => ({ light, dark });
  return {
    styling: {
      theme: "clean",
      primaryColor: themed("#346DDB", "#346DDB"),
      infoColor: themed("#787878", "#787878"),
      successColor: themed("#00C950", "#00C950"),
      warningColor: themed("#FE9A00", "#FE9A00"),
      dangerColor: themed("#FB2C36", "#FB2C36"),
      corners: "rounded",
      depth: "subtle",
      links: "default",
      font: "Inter",
      monospaceFont: "IBMPlexMono",
      background: "plain",
      icons: "regular",
      codeTheme: {
        default: themed("default-light", "default-dark"),
        openapi: themed("default-light", "default-dark"),
      },
      sidebar: { background: "default", list: "default" },
      search: "prominent",
    },
    internationalization: { locale: "en" },
    favicon: {},
    header: { preset: "default", links: [] },
    footer: { groups: [] },
    themes: { default: "system", toggeable: true },
    feedback: { enabled: false },
    ai: { mode: "none" },
    advancedCustomization: { enabled: true },
    pageActions: { items: ["markdown", "pdf"] },
    externalLinks: { target: "self" },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: true },
  };
}

/**
 * The published view's `customizations`: the site's settings, and each site space's (keyed by
 * site-space id): the site's, with the site space's override laid over them.
 */
export const PublishedCustomizationsJson = z.strictObject({
  site: SiteCustomizationJson,
  siteSpaces: z.record(z.string(), SiteCustomizationJson),
});

export function publishedCustomizations(
  site: SiteCustomizationJson,
  siteSpaces: Record<string, SiteCustomizationJson>,
) {
  return { site, siteSpaces };
}

/**
 * The published view's `scripts` (the hosted `SiteIntegrationScript`: `script`, `cookies`,
 * optional `contentSecurityPolicy`). The emulator installs no integrations, so it is empty.
 */
export const SiteIntegrationScriptJson = z.strictObject({
  script: z.string(),
  cookies: z.boolean(),
  contentSecurityPolicy: z.string().optional(),
});
