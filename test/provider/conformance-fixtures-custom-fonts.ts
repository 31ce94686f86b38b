import type { Fixture } from "./conformance-fixtures";

/** The conformance fixture of an organization's custom fonts (issue 35). */

const regular = (n: number) => ({ weight: 400, storageKey: `fonts/conformance-${n}.woff2` });

export const customFontFixtures: Record<string, Fixture> = {
  "custom-font": {
    inputs: (_, n) => ({ fontFamily: `Conformance Sans ${n}`, fontFaces: [regular(n)] }),
    path: (s, made) => `/v1/orgs/${s.org}/fonts/${made.id}`,
    limits: [
      {
        args: { fontFamily: "x".repeat(51) },
        property: "fontFamily",
        reason: "must be at most 50 characters",
      },
      { args: { fontFamily: "" }, property: "fontFamily", reason: "must not be empty" },
      {
        args: { fontFaces: [{ weight: 700, storageKey: "fonts/bold.woff2" }] },
        property: "fontFaces",
        reason: "must have a regular face (weight 400)",
      },
      {
        args: { fontFaces: [{ weight: 400, storageKey: "k".repeat(513) }] },
        property: "fontFaces[0].storageKey",
        reason: "must be at most 512 characters",
      },
    ],
    // The service updates a font with POST.
    drift: {
      method: "POST",
      body: () => ({ fontFamily: "Renamed by hand" }),
      property: "fontFamily",
    },
    partial: { skip: "one PUT carries every argument: no second request follows it" },
  },
};
