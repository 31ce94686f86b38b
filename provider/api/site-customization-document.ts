/**
 * Pure work on a customization document, with no request: what the SiteCustomization and
 * SiteSpaceCustomization resources declare is part of it, and these say how that part is laid
 * over the service's document, read back out of it, and given back to the service's defaults.
 *
 * The document is made of sections (`styling`, `themes`, ...; and inside `styling`, `sidebar` and
 * `codeTheme`), which merge field by field; any other value (a color, a logo, a list, the
 * announcement) is one value, replaced whole. The emulator merges a site space's override the
 * same way (docs/api-decisions.md, "Site customization").
 */

export type Doc = Record<string, unknown>;

const SECTIONS = new Set([
  "styling",
  "styling.sidebar",
  "styling.codeTheme",
  "header",
  "footer",
  "themes",
  "feedback",
  "ai",
  "advancedCustomization",
  "pageActions",
  "externalLinks",
  "pagination",
  "trademark",
  "privacyPolicy",
  "socialPreview",
  "insights",
]);

const isDoc = (value: unknown): value is Doc =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const at = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
const section = (path: string, value: unknown): value is Doc => SECTIONS.has(path) && isDoc(value);

/**
 * The declared part `declared` laid over the document `current`: sections merge, other values
 * replace; whatever `declared` leaves out keeps its value.
 */
export function overlay(current: Doc, declared: Doc, path = ""): Doc {
  const next: Doc = { ...current };
  for (const [key, value] of Object.entries(declared)) {
    if (value === undefined || value === null) continue;
    const here = at(path, key);
    next[key] = section(here, value)
      ? overlay(isDoc(current[key]) ? current[key] : {}, value, here)
      : value;
  }
  return next;
}

/**
 * The document's values where `declared` has one, in `declared`'s shape: what a refresh compares
 * with the program, so that a change to a setting the program does not declare is no drift. A
 * declared setting the document lacks reads `null`.
 */
export function project(current: unknown, declared: unknown, path: string): unknown {
  if (!section(path, declared)) return current ?? null;
  const from = isDoc(current) ? current : {};
  return Object.fromEntries(
    Object.entries(declared)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, project(from[key], value, at(path, key))]),
  );
}

/**
 * `current` with each setting `declared` names given back its value in `defaults`, or removed
 * where the defaults have none (an optional setting, such as a title or a tint).
 */
export function restored(current: Doc, declared: Doc, defaults: Doc, path = ""): Doc {
  const next: Doc = { ...current };
  for (const [key, value] of Object.entries(declared)) {
    if (value === undefined || value === null) continue;
    const here = at(path, key);
    if (section(here, value)) {
      const base = isDoc(defaults[key]) ? defaults[key] : {};
      next[key] = restored(isDoc(current[key]) ? current[key] : {}, value, base, here);
    } else if (defaults[key] === undefined) delete next[key];
    else next[key] = structuredClone(defaults[key]);
  }
  return next;
}

/** An override that resets each setting `declared` names: `null` where it sets a value. */
export function resets(declared: Doc, path = ""): Doc {
  return Object.fromEntries(
    Object.entries(declared)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => {
        const here = at(path, key);
        return [key, section(here, value) ? resets(value, here) : null];
      }),
  );
}

const themed = (light: string, dark: string) => ({ light, dark });

/**
 * The service's settings of a site nobody has customized, for the settings a SiteCustomization
 * may declare: what deleting one gives back. The emulator states the same values on its side
 * (emulator/render/site-customization.ts); a destroy test holds the two together.
 */
export const SERVICE_DEFAULTS: Doc = {
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
    icons: "regular",
    codeTheme: {
      default: themed("default-light", "default-dark"),
      openapi: themed("default-light", "default-dark"),
    },
    sidebar: { background: "default", list: "default" },
    search: "prominent",
  },
  header: { preset: "default" },
  footer: {},
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
  insights: { trackingCookie: true },
};
