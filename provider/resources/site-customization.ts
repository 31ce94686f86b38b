import { z } from "zod";
import * as api from "../api/site-customization";
import {
  overlay,
  project,
  restored,
  SERVICE_DEFAULTS,
  type Doc,
} from "../api/site-customization-document";
import { sameValue } from "../lifecycle/compare";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { adoptsItsSite, OF_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, Known, WorkspaceArgs } from "../lifecycle/define";

/**
 * Each declared section as the service holds it, in the program's shape: a setting the program
 * does not declare is never an output, so that changing it by hand is no drift. An undeclared
 * section is `null`.
 */
export function declaredOutputs<S extends Record<string, unknown>>(sections: S) {
  type Mapper = (
    wire: api.SiteCustomization,
    known: Known<Record<string, unknown>>,
    declares: (key: never) => boolean,
  ) => unknown;
  return Object.fromEntries(
    Object.keys(sections).map((key) => [
      key,
      ((wire, known, declares) =>
        (declares as (key: string) => boolean)(key)
          ? project(wire[key], known[key], key)
          : null) satisfies Mapper,
    ]),
  ) as { [K in keyof S]: Mapper };
}

/** The sections of `sections` that `props` declares, and only those. */
export function sectionsOf(props: Record<string, unknown>, sections: object): Doc {
  return Object.fromEntries(
    Object.keys(sections)
      .filter((key) => props[key] !== undefined && props[key] !== null)
      .map((key) => [key, props[key]]),
  );
}

/**
 * The service's PUT replaces the whole document, so each write reads it first and lays the
 * declared settings over it: what the program leaves out keeps its value (read-modify-write).
 */
async function merged(
  client: Parameters<typeof api.getSiteCustomization>[0],
  organizationId: string,
  siteId: string,
  declared: Doc,
) {
  const current = await api.getSiteCustomization(client, organizationId, siteId);
  const next = overlay(current, api.fontsAsRefs(declared));
  // Already so (an adopted site whose settings match the program): nothing to write.
  if (sameValue(next, current)) return api.fontsAsIds(current);
  return api.fontsAsIds(await api.putSiteCustomization(client, organizationId, siteId, next));
}

/** Whether the document already holds each declared setting as declared. */
export function holds(current: Doc, declared: Doc): boolean {
  return Object.entries(declared).every(([key, value]) =>
    sameValue(project(current[key], value, key), value),
  );
}

const Body = z.object(api.siteSections);

/** A font by name or a custom font, never both: the service holds one font in each place. */
function oneFontEach({ styling }: { styling?: z.infer<typeof api.CustomizationStyling> | null }) {
  return api.CUSTOM_FONT_FIELDS.filter(
    ([id, name]) => styling?.[name] !== undefined && styling?.[id] !== undefined,
  ).map(([id, name]) => ({
    property: `styling.${id}`,
    reason: `names a custom font where styling.${name} names one of the service's: declare one of the two`,
  }));
}

/**
 * A site's customization is a property of its site: it always exists, its id is the site's, and
 * the resource manages the settings it declares, no others. Deleting it gives those settings back
 * the service's defaults.
 */
export const siteCustomization = defineResource({
  kind: "site-customization",
  type: "SiteCustomization",
  importId: OF_SITE,
  repeatable: true,
  inputs: resourceInputs({ siteId: Id, ...api.siteSections }),
  rules: (inputs) => [...adoptsItsSite("SiteCustomization", inputs), ...oneFontEach(inputs)],
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SiteCustomization,
  createBody: Body,
  patchBody: Body,
  outputs: {
    siteId: (_, known) => known.siteId,
    ...declaredOutputs(api.siteSections),
    updatedAt: (wire) => wire.updatedAt ?? null,
  },
  create: ({ client }, inputs, body) => merged(client, inputs.organizationId, inputs.siteId, body),
  idOf: (_, inputs) => inputs.siteId,
  read: async ({ client }, id, olds) =>
    api.fontsAsIds(await api.getSiteCustomization(client, olds.organizationId, id)),
  patch: ({ client }, id, olds, body) => merged(client, olds.organizationId, id, body),
  delete: async ({ client }, id, olds) => {
    const current = await api.getSiteCustomization(client, olds.organizationId, id);
    const declared = api.fontsAsRefs(sectionsOf(olds, api.siteSections));
    const back = restored(current, declared, SERVICE_DEFAULTS);
    await api.putSiteCustomization(client, olds.organizationId, id, back);
  },
});

type Inputs = ArgsInputs<typeof siteCustomization>;

/** The arguments of a {@link SiteCustomization}. */
export interface SiteCustomizationArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose settings these are; it is also the resource's id. A change replaces the
   * resource.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The site's title, shown instead of its content's (2 to 128 characters).
   * @example "Acme Docs"
   */
  title?: Input<Inputs["title"]>;
  /**
   * Theme, colors, fonts, corners, depth, link and icon styles, code themes, sidebar and search.
   * Only the fields given are managed; the others keep their value. A font is one of the
   * service's by name (`font`, `monospaceFont`) or a CustomFont of the organization by its id
   * (`customFontId`, `monospaceCustomFontId`), never both for one place.
   * @example { theme: "bold", primaryColor: { light: "#0B5FFF", dark: "#6EA8FE" }, corners: "straight" }
   */
  styling?: Input<Inputs["styling"]>;
  /**
   * The header's (legacy) preset and its logo for the light and dark modes.
   * @example { logo: { light: "https://acme.example/logo.svg", dark: "https://acme.example/logo-dark.svg" } }
   */
  header?: Input<Inputs["header"]>;
  /**
   * The footer's logo and copyright line (at most 512 characters).
   * @example { copyright: "© Acme Inc." }
   */
  footer?: Input<Inputs["footer"]>;
  /**
   * A banner above every page: whether it shows, its message (2 to 128 characters) and style.
   * @example { enabled: true, message: "Version 2 is out", style: "info" }
   */
  announcement?: Input<Inputs["announcement"]>;
  /**
   * The default color mode (`light`, `dark`, `system`) and whether readers may switch it.
   * @example { default: "system", toggeable: true }
   */
  themes?: Input<Inputs["themes"]>;
  /**
   * Whether readers may rate pages.
   * @example { enabled: true }
   */
  feedback?: Input<Inputs["feedback"]>;
  /**
   * How external links open: `self` (this tab) or `blank` (a new tab).
   * @example { target: "blank" }
   */
  externalLinks?: Input<Inputs["externalLinks"]>;
  /**
   * Whether pages show links to the previous and next page.
   * @example { enabled: true }
   */
  pagination?: Input<Inputs["pagination"]>;
  /**
   * Whether the "Powered by" trademark shows.
   * @example { enabled: false }
   */
  trademark?: Input<Inputs["trademark"]>;
  /**
   * A link to the organization's own privacy policy.
   * @example { url: "https://acme.example/privacy" }
   */
  privacyPolicy?: Input<Inputs["privacyPolicy"]>;
  /**
   * The image shown when a page is shared on social networks.
   * @example { url: "https://acme.example/social.png" }
   */
  socialPreview?: Input<Inputs["socialPreview"]>;
  /**
   * The AI features: mode (`none`, `search`, `assistant`), the assistant's greeting (at most 256
   * characters), up to 5 suggested questions (3 to 64 characters each) and its instructions (at
   * most 10000 characters, shown to site admins only).
   * @example { mode: "assistant", greeting: "Ask me about Acme" }
   */
  ai?: Input<Inputs["ai"]>;
  /**
   * Whether advanced customization is enabled.
   * @example { enabled: true }
   */
  advancedCustomization?: Input<Inputs["advancedCustomization"]>;
  /**
   * The actions of the page menu, in order (the first is the main button); an empty list turns
   * the menu off.
   * @example { items: ["markdown", "pdf"] }
   */
  pageActions?: Input<Inputs["pageActions"]>;
  /**
   * Whether visitors are identified with a cookie for insights.
   * @example { trackingCookie: false }
   */
  insights?: Input<Inputs["insights"]>;
  /**
   * The id of the site whose settings to take over (the same as `siteId`); the settings always
   * exist, so this only documents the intent.
   * @example docs.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
