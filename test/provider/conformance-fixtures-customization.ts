import { defaultCustomization } from "../../emulator/render/site-customization";
import type { Fixture, Made, Setup } from "./conformance-fixtures";

type Props = Record<string, unknown>;

const sites = (s: Setup) => `/v1/orgs/${s.org}/sites`;
const siteOf = (s: Setup, made: Made) => `${sites(s)}/${made.parents.siteId as string}`;

/** A site with one site space, made through the API. */
async function siteWithSpace(s: Setup): Promise<Props> {
  const space = await s.api("POST", `/v1/orgs/${s.org}/spaces`, { title: "Customized" });
  const site = await s.api("POST", sites(s), { title: "Customized", spaces: [space.body.id] });
  const siteId = site.body.id as string;
  const listed = await s.api("GET", `${sites(s)}/${siteId}/site-spaces`);
  const items = listed.body.items as { id: string }[];
  return { siteId, siteSpaceId: items[0]!.id };
}

const styled = { theme: "bold", corners: "straight" };

/** The site customization and site-space customization kinds (issue 24). */
export const customizationFixtures: Record<string, Fixture> = {
  "site-customization": {
    parents: siteWithSpace,
    inputs: (p, n) => ({ siteId: p.siteId, title: `Customized ${n}`, styling: styled }),
    path: (s, made) => `${siteOf(s, made)}/customization`,
    limits: [
      { args: { title: "x" }, property: "title", reason: /at least 2 characters/ },
      { args: { styling: { theme: "neon" } }, property: "styling.theme", reason: /one of/ },
      {
        args: { styling: { primaryColor: { light: "blue", dark: "#000" } } },
        property: "styling.primaryColor.light",
        reason: /pattern/,
      },
      {
        args: { footer: { copyright: "c".repeat(513) } },
        property: "footer.copyright",
        reason: "must be at most 512 characters",
      },
      {
        args: { ai: { suggestions: ["one?", "two?", "three?", "four?", "five?", "six?"] } },
        property: "ai.suggestions",
        reason: /at most 5/,
      },
      { args: { adoptId: "another-site" }, property: "adoptId", reason: /site's id/ },
    ],
    // The service's PUT takes the whole document: the defaults, with a declared setting changed.
    drift: {
      method: "PUT",
      body: () => {
        const doc = defaultCustomization();
        doc.styling.theme = "gradient";
        return doc;
      },
      property: "styling",
    },
    // A site always has its settings: they are gone only with the site.
    gone: { path: (s, made) => siteOf(s, made) },
    partial: { skip: "a GET then one PUT: no write follows the PUT" },
  },
  "site-space-customization": {
    parents: siteWithSpace,
    inputs: (p, n) => ({
      siteId: p.siteId,
      // The limits test names no site space among its stand-in parents.
      siteSpaceId: p.siteSpaceId ?? "ss",
      title: `Space look ${n}`,
      themes: { default: "dark" },
    }),
    path: (s, made) =>
      `${siteOf(s, made)}/site-spaces/${made.parents.siteSpaceId as string}/customization`,
    limits: [
      { args: { title: "x".repeat(129) }, property: "title", reason: /at most 128 characters/ },
      {
        args: { styling: { font: "Lato" } },
        property: "styling",
        reason: /font/,
      },
      {
        args: { privacyPolicy: { url: "not a url" } },
        property: "privacyPolicy.url",
        reason: /URL/,
      },
      { args: { adoptId: "another-space" }, property: "adoptId", reason: /site space's id/ },
    ],
    drift: { body: () => ({ themes: { default: "light" } }), property: "themes" },
    // The override goes with its site space.
    gone: {
      path: (s, made) => `${siteOf(s, made)}/site-spaces/${made.parents.siteSpaceId as string}`,
    },
    partial: { skip: "one PATCH carries every declared setting" },
  },
};
