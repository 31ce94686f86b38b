import { z } from "zod";
import { named } from "./common";

/**
 * A site's customization settings, as the published view sends them (the hosted document's
 * `SiteCustomizationSettings`, whose seventeen sections are all required). The emulator keeps no
 * customization of its own yet: every site, and every site space in it, answers the defaults
 * below, which are the values of a site nobody has customized (docs/api-decisions.md,
 * "Published view").
 */
const ThemedColor = z.strictObject({
  light: z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/),
  dark: z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/),
});
const ThemedCodeTheme = z.strictObject({ light: z.string(), dark: z.string() });
const Toggle = z.strictObject({ enabled: z.boolean() });

export const SiteCustomizationJson = named(
  "SiteCustomizationSettings",
  z.strictObject({
    styling: z.strictObject({
      theme: z.enum(["clean", "muted", "bold", "gradient"]),
      primaryColor: ThemedColor,
      infoColor: ThemedColor,
      successColor: ThemedColor,
      warningColor: ThemedColor,
      dangerColor: ThemedColor,
      corners: z.enum(["straight", "rounded", "circular"]),
      depth: z.enum(["subtle", "flat"]),
      links: z.enum(["default", "accent"]),
      font: z.string(),
      monospaceFont: z.string(),
      background: z.enum(["plain", "match"]),
      icons: z.enum(["regular", "solid", "duotone", "light", "thin"]),
      codeTheme: z.strictObject({ default: ThemedCodeTheme, openapi: ThemedCodeTheme }),
      sidebar: z.strictObject({
        background: z.enum(["default", "filled"]),
        list: z.enum(["default", "pill", "line"]),
      }),
      search: z.enum(["prominent", "subtle"]),
    }),
    internationalization: z.strictObject({ locale: z.string() }),
    favicon: z.strictObject({}),
    header: z.strictObject({
      preset: z.enum(["default", "bold", "contrast", "custom", "none"]),
      links: z.array(z.unknown()),
    }),
    footer: z.strictObject({ groups: z.array(z.unknown()) }),
    themes: z.strictObject({
      default: z.enum(["light", "dark", "system"]),
      toggeable: z.boolean(),
    }),
    feedback: Toggle,
    ai: z.strictObject({ mode: z.enum(["none", "search", "assistant"]) }),
    advancedCustomization: Toggle,
    pageActions: z.strictObject({
      items: z.array(z.enum(["assistant", "external-ai", "markdown", "mcp", "git", "pdf"])),
    }),
    externalLinks: z.strictObject({ target: z.enum(["self", "blank"]) }),
    pagination: Toggle,
    trademark: Toggle,
    privacyPolicy: z.strictObject({}),
    socialPreview: z.strictObject({}),
    socialAccounts: z.array(z.unknown()),
    insights: z.strictObject({ trackingCookie: z.boolean() }),
  }),
);
export type SiteCustomizationJson = z.output<typeof SiteCustomizationJson>;

/** The settings of a site nobody has customized. A fresh object each call: callers may own it. */
export function defaultCustomization(): SiteCustomizationJson {
  const themed = (light: string, dark: string) => ({ light, dark });
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
 * site-space id), which are the site's while no site space has settings of its own.
 */
export const PublishedCustomizationsJson = z.strictObject({
  site: SiteCustomizationJson,
  siteSpaces: z.record(z.string(), SiteCustomizationJson),
});

export function publishedCustomizations(siteSpaceIds: readonly string[]) {
  return {
    site: defaultCustomization(),
    siteSpaces: Object.fromEntries(siteSpaceIds.map((id) => [id, defaultCustomization()])),
  };
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
