import * as api from "../api/custom-fonts";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * The declared faces as the service holds them: a declared face whose weight the font still has
 * keeps its storage key (the service answers files' URLs, not their keys), and a weight added out
 * of band reads with `storageKey: null`, so that a refresh shows it and the next update removes it.
 */
function facesOutput(
  font: api.CustomFont,
  known: readonly api.FontFaceInput[] | undefined,
): { weight: number; storageKey: string | null }[] {
  const declared = new Map((known ?? []).map((f) => [f.weight, f.storageKey]));
  return font.fontFaces.map((face) => ({
    weight: face.weight,
    storageKey: declared.get(face.weight) ?? null,
  }));
}

/**
 * A custom font of the organization: a family name and its faces, one per weight, each a file in
 * the organization's storage. Every change is made in place (the service's update renames, and
 * adds, replaces or removes faces by weight); the font's id is what a site's customization names
 * (`styling.font: { customFontId }`).
 */
export const customFont = defineResource({
  kind: "custom-font",
  type: "CustomFont",
  inputs: resourceInputs(api.CustomFontFields),
  rules: ({ fontFaces }) => {
    const weights = fontFaces.map((f) => f.weight);
    const twice = weights.find((w, i) => weights.indexOf(w) !== i);
    if (twice !== undefined)
      return [{ property: "fontFaces", reason: `has weight ${twice} more than once` }];
    if (!weights.includes(api.REGULAR_WEIGHT))
      return [
        {
          property: "fontFaces",
          reason: `must have a regular face (weight ${api.REGULAR_WEIGHT})`,
        },
      ];
    return [];
  },
  replaceOnChange: ["organizationId"],
  response: api.CustomFont,
  createBody: api.CustomFontCreate,
  patchBody: api.CustomFontPatch,
  outputs: {
    fontFaces: (font, known) => facesOutput(font, known.fontFaces),
    /** Each face's weight and its files as the service serves them (URL and format). */
    files: (font) =>
      font.fontFaces.map((face) => ({
        weight: face.weight,
        sources: face.sources.map((s) => ({ url: s.url, format: s.format ?? null })),
      })),
  },
  create: ({ client }, inputs, body) => api.createCustomFont(client, inputs.organizationId, body),
  read: ({ client }, id, olds) => api.getCustomFont(client, olds.organizationId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateCustomFont(client, olds.organizationId, id, {
      ...(body.fontFamily === undefined ? {} : { fontFamily: body.fontFamily }),
      ...(body.fontFaces === undefined
        ? {}
        : { fontFaces: api.facesChange(olds.fontFaces, body.fontFaces) }),
    }),
  delete: ({ client }, id, olds) => api.deleteCustomFont(client, olds.organizationId, id),
  naturalKey: {
    describe: "family name in the organization",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listCustomFonts(client, inputs.organizationId)).filter(
        (f) => f.fontFamily === inputs.fontFamily,
      ),
  },
});

type Inputs = ArgsInputs<typeof customFont>;

/** The arguments of a {@link CustomFont}. */
export interface CustomFontArgs extends WorkspaceArgs {
  /**
   * The organization; defaults to the workspace's organization. A change replaces the font.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The CSS font-family name, 1 to 50 characters.
   * @example "Acme Sans"
   */
  fontFamily: Input<Inputs["fontFamily"]>;
  /**
   * The font's faces, one per weight (an integer from 1 to 1000; one of them must be 400, the
   * regular face), each with the storage key of its file (1 to 512 characters, a `woff2` or
   * `woff` file uploaded to the organization's storage). A face left out is removed.
   * @example [{ weight: 400, storageKey: "fonts/acme-sans-regular.woff2" }, { weight: 700, storageKey: "fonts/acme-sans-bold.woff2" }]
   */
  fontFaces: Input<Inputs["fontFaces"]>;
  /**
   * The id of an existing custom font of the organization to take over instead of creating one.
   * @example "font_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
