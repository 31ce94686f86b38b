import { z } from "zod";
import { ApiError, type ApiClient } from "../client";
import { fontDefinition, getCustomFont } from "./custom-fonts";
import { child } from "./sites";

/**
 * A site's customization settings and a site space's override of them (the hosted service's
 * `.../customization` operations; docs/api-decisions.md, "Site customization"). The resources
 * declare part of the document: these schemas are that part, every field optional, with the
 * service's enums and limits, checked at preview. What they leave out of the document (header
 * and footer links, social accounts, favicon, the heading font) the provider never touches. A
 * font is one of the service's by name, or a custom font of the organization by its id
 * (`{ customFontId }`): the service takes that font's whole definition, which the provider reads
 * before it writes, and answers it, which the provider reads back as `{ customFontId }`.
 */

const Hex = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "must be a hex color like #346DDB");
const Url = z.url().max(2048);

/** A color for the light and the dark mode, each `#rgb` or `#rrggbb`. */
export const CustomizationThemedColor = z.strictObject({ light: Hex, dark: Hex });
/** The code block themes the service offers. */
export const CustomizationCodeThemeName = z.enum([
  "default-light",
  "default-dark",
  "monochrome-light",
  "monochrome-dark",
  "andromeeda",
  "aurora-x",
  "ayu-dark",
  "catppuccin-frappe",
  "catppuccin-latte",
  "catppuccin-macchiato",
  "catppuccin-mocha",
  "dark-plus",
  "dracula",
  "dracula-soft",
  "everforest-dark",
  "everforest-light",
  "github-dark",
  "github-dark-default",
  "github-dark-dimmed",
  "github-dark-high-contrast",
  "github-light",
  "github-light-default",
  "github-light-high-contrast",
  "gruvbox-dark-hard",
  "gruvbox-dark-medium",
  "gruvbox-dark-soft",
  "gruvbox-light-hard",
  "gruvbox-light-medium",
  "gruvbox-light-soft",
  "houston",
  "kanagawa-dragon",
  "kanagawa-lotus",
  "kanagawa-wave",
  "laserwave",
  "light-plus",
  "material-theme",
  "material-theme-darker",
  "material-theme-lighter",
  "material-theme-ocean",
  "material-theme-palenight",
  "min-dark",
  "min-light",
  "monokai",
  "night-owl",
  "nord",
  "one-dark-pro",
  "one-light",
  "plastic",
  "poimandres",
  "red",
  "rose-pine",
  "rose-pine-dawn",
  "rose-pine-moon",
  "slack-dark",
  "slack-ochin",
  "snazzy-light",
  "solarized-dark",
  "solarized-light",
  "synthwave-84",
  "tokyo-night",
  "vesper",
  "vitesse-black",
  "vitesse-dark",
  "vitesse-light",
]);
/** A code block theme for the light and the dark mode. */
export const CustomizationThemedCodeTheme = z.strictObject({
  light: CustomizationCodeThemeName,
  dark: CustomizationCodeThemeName,
});
/** An image for the light and the dark mode (URLs of at most 2048 characters). */
export const CustomizationThemedUrl = z.strictObject({ light: Url, dark: Url });
export const CustomizationTheme = z.enum(["clean", "muted", "bold", "gradient"]);
export const CustomizationCorners = z.enum(["straight", "rounded", "circular"]);
export const CustomizationDepth = z.enum(["subtle", "flat"]);
export const CustomizationLinksStyle = z.enum(["default", "accent"]);
export const CustomizationIconsStyle = z.enum(["regular", "solid", "duotone", "light", "thin"]);
export const CustomizationSearchStyle = z.enum(["prominent", "subtle"]);
export const CustomizationFont = z.enum([
  "ABCFavorit",
  "Inter",
  "Roboto",
  "RobotoSlab",
  "OpenSans",
  "SourceSansPro",
  "Lato",
  "Ubuntu",
  "Raleway",
  "Merriweather",
  "Overpass",
  "NotoSans",
  "IBMPlexSerif",
  "Poppins",
  "FiraSans",
]);
export const CustomizationMonospaceFont = z.enum([
  "FiraCode",
  "IBMPlexMono",
  "JetBrainsMono",
  "SourceCodePro",
  "RobotoMono",
  "SpaceMono",
  "DMMono",
  "Inconsolata",
]);
export const CustomizationSidebar = z.strictObject({
  background: z.enum(["default", "filled"]).optional(),
  list: z.enum(["default", "pill", "line"]).optional(),
});
export const CustomizationCodeTheme = z.strictObject({
  default: CustomizationThemedCodeTheme.optional(),
  openapi: CustomizationThemedCodeTheme.optional(),
});
export const CustomizationTint = z.strictObject({ color: CustomizationThemedColor });

/** The styling a site space may override: everything but the fonts. */
const stylingShape = {
  theme: CustomizationTheme.optional(),
  primaryColor: CustomizationThemedColor.optional(),
  tint: CustomizationTint.optional(),
  infoColor: CustomizationThemedColor.optional(),
  successColor: CustomizationThemedColor.optional(),
  warningColor: CustomizationThemedColor.optional(),
  dangerColor: CustomizationThemedColor.optional(),
  corners: CustomizationCorners.optional(),
  depth: CustomizationDepth.optional(),
  links: CustomizationLinksStyle.optional(),
  icons: CustomizationIconsStyle.optional(),
  codeTheme: CustomizationCodeTheme.optional(),
  sidebar: CustomizationSidebar.optional(),
  search: CustomizationSearchStyle.optional(),
};
export const SiteSpaceCustomizationStyling = z.strictObject(stylingShape);
/** The styling fields that may name a custom font. */
const FONT_FIELDS = ["font", "headingFont", "monospaceFont"] as const;
const isDoc = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A site's styling: a font is one of the service's by name (`font`), or a custom font of the
 * organization by its id (`customFontId`), never both; likewise the monospace font. Two fields
 * rather than a union, so that every language's SDK types each precisely (Pulumi's Go SDKs read a
 * union that holds an enum as the enum alone).
 */
export const CustomizationStyling = z.strictObject({
  ...stylingShape,
  font: CustomizationFont.optional(),
  customFontId: z.string().min(1).optional(),
  monospaceFont: CustomizationMonospaceFont.optional(),
  monospaceCustomFontId: z.string().min(1).optional(),
});

/** Each declared custom font's field, and the service's field it names the font in. */
export const CUSTOM_FONT_FIELDS = [
  ["customFontId", "font"],
  ["monospaceCustomFontId", "monospaceFont"],
] as const;

/**
 * Declared settings (`styling.customFontId`) in the document's shape, where the service's field
 * names the font (`styling.font: { customFontId }`): what is laid over the service's settings and
 * given back at delete, so that declaring a name replaces a custom font and the other way round.
 */
export function fontsAsRefs(declared: Record<string, unknown>): Record<string, unknown> {
  if (!isDoc(declared.styling)) return declared;
  const styling = { ...declared.styling };
  for (const [declaredField, field] of CUSTOM_FONT_FIELDS) {
    const id = styling[declaredField];
    if (typeof id !== "string") continue;
    delete styling[declaredField];
    styling[field] = { customFontId: id };
  }
  return { ...declared, styling };
}

/** The declared field that names a custom font in the document's `field`. */
const declaredName = (field: string): string =>
  CUSTOM_FONT_FIELDS.find(([, f]) => f === field)?.[0] ?? field;

/** The document in the declared shape: a custom font in `font` read as `customFontId`. */
export function fontsAsIds<T extends Record<string, unknown>>(settings: T): T {
  if (!isDoc(settings.styling)) return settings;
  const styling = { ...settings.styling };
  for (const [declaredField, field] of CUSTOM_FONT_FIELDS) {
    const ref = styling[field];
    if (!isDoc(ref) || typeof ref.customFontId !== "string") continue;
    delete styling[field];
    styling[declaredField] = ref.customFontId;
  }
  return { ...settings, styling };
}

/**
 * `settings` with each font given as `{ customFontId }` replaced by that font's definition, read
 * from the service. A font that is no longer there (deleted out of band) fails naming the field
 * and the font, before anything is written.
 */
export async function withFontDefinitions(
  client: ApiClient,
  organizationId: string,
  settings: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!isDoc(settings.styling)) return settings;
  const styling = { ...settings.styling };
  for (const field of FONT_FIELDS) {
    const ref = styling[field];
    if (!isDoc(ref) || typeof ref.customFontId !== "string") continue;
    try {
      styling[field] = fontDefinition(
        await getCustomFont(client, organizationId, ref.customFontId),
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.isNotFound)) throw error;
      throw new ApiError(
        error.status,
        error.code,
        error.method,
        error.path,
        `styling.${declaredName(field)} names custom font ${ref.customFontId}, which organization ${organizationId} no longer has (deleted out of band?): declare the font again, or name another font`,
      );
    }
  }
  return { ...settings, styling };
}

/** The settings as the service answers them, each custom font read as `{ customFontId }`. */
export function withFontRefs<T extends Record<string, unknown>>(settings: T): T {
  if (!isDoc(settings.styling)) return settings;
  const styling = { ...settings.styling };
  for (const field of FONT_FIELDS) {
    const font = styling[field];
    if (isDoc(font) && typeof font.id === "string") styling[field] = { customFontId: font.id };
  }
  return { ...settings, styling };
}
export const CustomizationHeader = z.strictObject({
  preset: z.enum(["default", "bold", "contrast", "custom", "none"]).optional(),
  logo: CustomizationThemedUrl.optional(),
});
export const CustomizationFooter = z.strictObject({
  logo: CustomizationThemedUrl.optional(),
  copyright: z.string().max(512).optional(),
});
export const CustomizationAnnouncement = z.strictObject({
  enabled: z.boolean(),
  message: z.string().min(2).max(128),
  style: z.enum(["info", "warning", "danger", "success"]),
});
export const CustomizationThemes = z.strictObject({
  default: z.enum(["light", "dark", "system"]).optional(),
  toggeable: z.boolean().optional(),
});
export const CustomizationToggle = z.strictObject({ enabled: z.boolean() });
export const CustomizationAi = z.strictObject({
  mode: z.enum(["none", "search", "assistant"]).optional(),
  greeting: z.string().max(256).optional(),
  suggestions: z.array(z.string().min(3).max(64)).max(5).optional(),
  instructions: z.string().max(10000).optional(),
});
export const CustomizationPageActions = z.strictObject({
  items: z.array(z.enum(["assistant", "external-ai", "markdown", "mcp", "git", "pdf"])),
});
export const CustomizationExternalLinks = z.strictObject({ target: z.enum(["self", "blank"]) });
export const CustomizationLink = z.strictObject({ url: Url.optional() });
export const CustomizationInsights = z.strictObject({ trackingCookie: z.boolean() });
export const CustomizationTitle = z.string().min(2).max(128);

/**
 * The sections of a site space's override a resource may declare: those whose every field the
 * service's PATCH can reset with `null`, so that deleting the resource can give them back. The
 * announcement is not among them: the PATCH takes no `null` for it.
 */
export const siteSpaceSections = {
  title: CustomizationTitle.optional(),
  styling: SiteSpaceCustomizationStyling.optional(),
  header: CustomizationHeader.optional(),
  footer: CustomizationFooter.optional(),
  themes: CustomizationThemes.optional(),
  feedback: CustomizationToggle.optional(),
  externalLinks: CustomizationExternalLinks.optional(),
  pagination: CustomizationToggle.optional(),
  trademark: CustomizationToggle.optional(),
  privacyPolicy: CustomizationLink.optional(),
  socialPreview: CustomizationLink.optional(),
};

/** The sections of a site's settings a resource may declare. */
export const siteSections = {
  ...siteSpaceSections,
  styling: CustomizationStyling.optional(),
  announcement: CustomizationAnnouncement.optional(),
  ai: CustomizationAi.optional(),
  advancedCustomization: CustomizationToggle.optional(),
  pageActions: CustomizationPageActions.optional(),
  insights: CustomizationInsights.optional(),
};

/** The settings as the provider reads them: any document, its sections read by name. */
export const SiteCustomization = z.looseObject({ updatedAt: z.string().optional() });
export type SiteCustomization = z.infer<typeof SiteCustomization>;

const customizationOf = (organizationId: string, siteId: string) =>
  `${child(organizationId, siteId, "site-spaces").replace(/\/site-spaces$/, "")}/customization`;
const siteSpaceCustomizationOf = (organizationId: string, siteId: string, siteSpaceId: string) =>
  `${child(organizationId, siteId, "site-spaces", siteSpaceId)}/customization`;

/** The site's settings, each custom font read as `{ customFontId }`. */
export async function getSiteCustomization(
  client: ApiClient,
  organizationId: string,
  siteId: string,
) {
  return withFontRefs(await client.get(customizationOf(organizationId, siteId), SiteCustomization));
}

/** Replaces the site's settings whole: the service's PUT keeps nothing it is not sent. */
export async function putSiteCustomization(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  settings: Record<string, unknown>,
): Promise<SiteCustomization> {
  const { updatedAt: _, ...rest } = settings;
  const body = await withFontDefinitions(client, organizationId, rest);
  const answer = await client.request("PUT", customizationOf(organizationId, siteId), {
    body,
    schema: SiteCustomization,
  });
  return withFontRefs(answer);
}

export function getSiteSpaceCustomization(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
) {
  return client.get(
    siteSpaceCustomizationOf(organizationId, siteId, siteSpaceId),
    SiteCustomization,
  );
}

/** Lays `override` over the site space's override: `null` resets a field to the site's. */
export function patchSiteSpaceCustomization(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  override: Record<string, unknown>,
): Promise<SiteCustomization> {
  return client.request("PATCH", siteSpaceCustomizationOf(organizationId, siteId, siteSpaceId), {
    body: override,
    schema: SiteCustomization,
  });
}
