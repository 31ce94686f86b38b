import { z } from "zod";
import { CUSTOMIZATION_LIMITS as L } from "../limits";
import { FontDefinitionInputJson } from "./custom-fonts";

/**
 * The fields of a site's customization settings, as the hosted document declares them
 * (`SiteCustomizationSettingsBase` and the schemas it names), with its enums and limits: what a
 * PUT must send, what GET answers, and the site-space override's partial form. Where the document
 * types a field as an open structure (a content reference, a header item's links), the object is
 * checked for the fields it requires and kept as sent (docs/api-decisions.md, "Site
 * customization"). A font is one of the service's, or a custom font of the organization by its
 * definition (`CustomizationFontDefinitionInput`, docs/api-decisions.md, "Custom fonts").
 */

const Color = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "must be a hex color like #346DDB");
export const ThemedColor = z.strictObject({ light: Color, dark: Color });
export const CODE_THEMES = [
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
] as const;
const CodeTheme = z.enum(CODE_THEMES);
export const ThemedCodeTheme = z.strictObject({ light: CodeTheme, dark: CodeTheme });
/** http and https only: a `javascript:` or `data:` URL would run or show on the published site. */
const Url = z.url({ protocol: /^https?$/ }).max(L.url);
export const ThemedUrl = z.strictObject({ light: Url, dark: Url });
const Toggle = z.strictObject({ enabled: z.boolean() });
const DefaultFont = z.enum([
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
const MonospaceFont = z.enum([
  "FiraCode",
  "IBMPlexMono",
  "JetBrainsMono",
  "SourceCodePro",
  "RobotoMono",
  "SpaceMono",
  "DMMono",
  "Inconsolata",
]);
const Localized = z.record(z.string(), z.string().max(L.localized));
/** A `ContentRef`: its `kind` says what it points at; the rest is kept as sent. */
const ContentRef = z.looseObject({ kind: z.string().min(1) });
const ContentLink = z.looseObject({ title: z.string().min(1), to: ContentRef });
const HeaderItem = z.looseObject({
  title: z.string(),
  style: z.enum(["link", "button-primary", "button-secondary"]).optional(),
  to: ContentRef.nullable(),
  links: z.array(ContentLink),
});
const FooterGroup = z.looseObject({ title: z.string(), links: z.array(ContentLink) });
const SocialAccount = z.strictObject({
  platform: z.enum([
    "twitter",
    "instagram",
    "facebook",
    "linkedin",
    "github",
    "discord",
    "slack",
    "youtube",
    "tiktok",
    "reddit",
    "bluesky",
    "mastodon",
    "threads",
    "medium",
  ]),
  handle: z.string().min(1).max(128),
  display: z.strictObject({ footer: z.boolean(), header: z.boolean() }),
});
export const Favicon = z.union([
  z.strictObject({ icon: ThemedUrl }),
  z.strictObject({ emoji: z.string().min(1).max(L.emoji) }),
  z.strictObject({}),
]);
export const Announcement = z.strictObject({
  enabled: z.boolean(),
  message: z.string().min(L.messageMin).max(L.message),
  localizedMessage: Localized.optional(),
  link: ContentLink.optional(),
  style: z.enum(["info", "warning", "danger", "success"]),
});
export const Theme = z.enum(["clean", "muted", "bold", "gradient"]);
export const Corners = z.enum(["straight", "rounded", "circular"]);
export const Depth = z.enum(["subtle", "flat"]);
export const LinksStyle = z.enum(["default", "accent"]);
export const Background = z.enum(["plain", "match"]);
export const Icons = z.enum(["regular", "solid", "duotone", "light", "thin"]);
export const SidebarBackground = z.enum(["default", "filled"]);
export const SidebarList = z.enum(["default", "pill", "line"]);
export const SearchStyle = z.enum(["prominent", "subtle"]);
export const Locale = z.enum(["en", "fr", "es", "zh", "ja", "de", "nl", "no", "pt-br", "ru"]);
export const HeaderPreset = z.enum(["default", "bold", "contrast", "custom", "none"]);
export const ThemeMode = z.enum(["light", "dark", "system"]);
export const ExternalTarget = z.enum(["self", "blank"]);
export const Title = z.string().min(L.titleMin).max(L.title);

/** Every section of the settings, as a PUT sends them and GET answers them. */
export const settingsShape = {
  title: Title.optional(),
  localizedTitle: Localized.optional(),
  styling: z.strictObject({
    theme: Theme,
    primaryColor: ThemedColor,
    tint: z.strictObject({ color: ThemedColor }).optional(),
    infoColor: ThemedColor,
    successColor: ThemedColor,
    warningColor: ThemedColor,
    dangerColor: ThemedColor,
    corners: Corners,
    depth: Depth,
    links: LinksStyle,
    font: z.union([DefaultFont, FontDefinitionInputJson]),
    headingFont: z.union([DefaultFont, FontDefinitionInputJson]).nullable().optional(),
    monospaceFont: z.union([MonospaceFont, FontDefinitionInputJson]),
    background: Background,
    icons: Icons,
    codeTheme: z.strictObject({ default: ThemedCodeTheme, openapi: ThemedCodeTheme }),
    sidebar: z.strictObject({ background: SidebarBackground, list: SidebarList }),
    search: SearchStyle,
  }),
  internationalization: z.strictObject({ locale: Locale }),
  favicon: Favicon,
  header: z.strictObject({
    preset: HeaderPreset,
    logo: ThemedUrl.optional(),
    primaryLink: ContentRef.optional(),
    backgroundColor: ThemedColor.optional(),
    linkColor: ThemedColor.optional(),
    links: z.array(HeaderItem),
  }),
  footer: z.strictObject({
    logo: ThemedUrl.optional(),
    groups: z.array(FooterGroup),
    copyright: z.string().max(L.copyright).optional(),
  }),
  announcement: Announcement.optional(),
  themes: z.strictObject({ default: ThemeMode, toggeable: z.boolean() }),
  feedback: Toggle,
  ai: z.strictObject({
    mode: z.enum(["none", "search", "assistant"]),
    greeting: z.string().max(L.aiGreeting).optional(),
    localizedGreeting: Localized.optional(),
    suggestions: z
      .array(z.string().min(L.suggestionMin).max(L.suggestion))
      .max(L.suggestions)
      .optional(),
    instructions: z.string().max(L.aiInstructions).optional(),
  }),
  advancedCustomization: Toggle,
  pageActions: z.strictObject({
    items: z.array(z.enum(["assistant", "external-ai", "markdown", "mcp", "git", "pdf"])),
  }),
  externalLinks: z.strictObject({ target: ExternalTarget }),
  pagination: Toggle,
  trademark: Toggle,
  privacyPolicy: z.strictObject({ url: Url.optional() }),
  socialPreview: z.strictObject({ url: Url.optional() }),
  socialAccounts: z.array(SocialAccount).max(L.socialAccounts),
  insights: z.strictObject({ trackingCookie: z.boolean() }),
};

/** A field of a site space's override: absent leaves it, `null` resets it to the site's. */
const reset = <S extends z.ZodType>(schema: S) => schema.nullable().optional();
const ToggleOverride = z.strictObject({ enabled: z.boolean().nullable() });

/**
 * The body of a site space's PATCH (`overrideSiteSpaceCustomizationById`): the sections a site
 * space may override, each field optional, `null` removing the override of that field.
 */
export const siteSpaceOverrideShape = {
  title: reset(Title),
  localizedTitle: reset(Localized),
  styling: z
    .strictObject({
      theme: reset(Theme),
      primaryColor: reset(ThemedColor),
      infoColor: reset(ThemedColor),
      successColor: reset(ThemedColor),
      warningColor: reset(ThemedColor),
      dangerColor: reset(ThemedColor),
      tint: reset(z.strictObject({ color: ThemedColor })),
      corners: reset(Corners),
      depth: reset(Depth),
      links: reset(LinksStyle),
      icons: reset(Icons),
      sidebar: reset(
        z.strictObject({ background: reset(SidebarBackground), list: reset(SidebarList) }),
      ),
      search: reset(SearchStyle),
      background: reset(Background),
      codeTheme: reset(
        z.strictObject({ default: reset(ThemedCodeTheme), openapi: reset(ThemedCodeTheme) }),
      ),
    })
    .optional(),
  internationalization: z.strictObject({ locale: Locale.nullable() }).optional(),
  favicon: reset(Favicon),
  announcement: Announcement.optional(),
  header: z
    .strictObject({
      preset: reset(HeaderPreset),
      logo: reset(ThemedUrl),
      primaryLink: reset(ContentRef),
      backgroundColor: reset(ThemedColor),
      linkColor: reset(ThemedColor),
      links: reset(z.array(HeaderItem)),
    })
    .optional(),
  footer: z
    .strictObject({
      logo: reset(ThemedUrl),
      groups: reset(z.array(FooterGroup)),
      copyright: reset(z.string().max(L.copyright)),
    })
    .optional(),
  themes: z.strictObject({ default: reset(ThemeMode), toggeable: reset(z.boolean()) }).optional(),
  feedback: ToggleOverride.optional(),
  externalLinks: z.strictObject({ target: ExternalTarget.nullable() }).optional(),
  pagination: ToggleOverride.optional(),
  trademark: ToggleOverride.optional(),
  privacyPolicy: z.strictObject({ url: reset(Url) }).optional(),
  socialPreview: z.strictObject({ url: reset(Url) }).optional(),
};
