import { defaultCustomization } from "../../emulator/render/site-customization";
import { differing } from "../../cli/exporter/declare-customization";
import * as api from "../../provider/api/site-customization";
import { SERVICE_DEFAULTS } from "../../provider/api/site-customization-document";

type Doc = Record<string, unknown>;

test("a site's customization is declared where it differs from the defaults, field by field", () => {
  const settings = defaultCustomization() as unknown as Doc & { styling: Doc; footer: Doc };
  settings.styling.theme = "bold";
  settings.styling.background = "match"; // a field the provider does not declare
  settings.footer.copyright = "© Acme";
  settings.title = "Acme docs";
  const notes: string[] = [];
  const declared = differing(settings, SERVICE_DEFAULTS, api.siteSections, notes, "Docs");
  expect(declared).toEqual({
    title: "Acme docs",
    styling: { theme: "bold" },
    footer: { copyright: "© Acme" },
  });
  expect(notes).toEqual([]);
  expect(differing(defaultCustomization(), SERVICE_DEFAULTS, api.siteSections, [], "")).toEqual({});
});

test("a value the provider cannot declare is left out with a note naming the site and section", () => {
  const settings = defaultCustomization() as unknown as Doc & { styling: Doc };
  settings.styling.font = { id: "custom", custom: true, fontFamily: "Acme Sans", fontFaces: [] };
  const notes: string[] = [];
  expect(differing(settings, SERVICE_DEFAULTS, api.siteSections, notes, "Docs")).toEqual({});
  expect(notes).toEqual(["Docs: styling holds settings the provider does not declare; left out."]);
});

test("a site space's override is what differs from its site's settings", () => {
  const site = defaultCustomization() as unknown as Doc & { themes: Doc };
  const merged = structuredClone(site);
  merged.themes.default = "dark";
  const override = differing(merged, site, api.siteSpaceSections, [], "Docs, guides");
  expect(override).toEqual({ themes: { default: "dark" } });
});
