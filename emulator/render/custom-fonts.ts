import { z } from "zod";
import { FONT_LIMITS as L } from "../limits";
import type { CustomFontRow, StoredFontFace } from "../store/custom-fonts";
import { named } from "./common";

/** `FontFamily`: the CSS family name, 1 to 50 characters. */
export const FontFamily = z.string().min(1).max(L.familyMax);
/** `FontWeight`: an integer from 1 to 1000 (400 regular, 700 bold). */
export const FontWeight = z.int().min(L.weightMin).max(L.weightMax);
/** `StorageFileKey`: the path of a file in the organization's storage, 1 to 512 characters. */
export const StorageFileKey = z.string().min(1).max(L.storageKeyMax);

/** `FontSource`: one file of a face, with its format. */
export const FontSourceJson = named(
  "FontSource",
  z.strictObject({ url: z.string(), format: z.enum(["woff2", "woff"]).optional() }),
);
/** `FontFace`: one weight of the family and its files. */
export const FontFaceJson = named(
  "FontFace",
  z.strictObject({ weight: FontWeight, sources: z.array(FontSourceJson).min(1) }),
);

/**
 * `CustomizationFontDefinitionInput`: a font as a site's customization names it. The `id` is what
 * counts: the emulator keeps the organization's font of that id as it is (access/custom-fonts.ts).
 */
export const FontDefinitionInputJson = named(
  "CustomizationFontDefinitionInput",
  z.strictObject({
    id: z.string().min(1),
    custom: z.boolean(),
    fontFamily: FontFamily,
    fontFaces: z.array(FontFaceJson).min(1),
  }),
);
export type FontDefinitionInputJson = z.output<typeof FontDefinitionInputJson>;

/** `CustomizationFontDefinition`: a custom font as the fonts routes answer it. */
export const CustomFontJson = named(
  "CustomizationFontDefinition",
  z.strictObject({
    id: z.string(),
    custom: z.literal(true),
    fontFamily: z.string(),
    fontFaces: z.array(FontFaceJson),
    permissions: z.strictObject({ edit: z.boolean() }),
  }),
);
export type CustomFontJson = z.input<typeof CustomFontJson>;

/**
 * Where a face's file is served from: the emulator's origin and the file's storage key. The
 * format is the key's extension's (`.woff`), `woff2` otherwise.
 */
export function fontFileUrl(
  origin: string,
  face: StoredFontFace,
): { url: string; format: "woff2" | "woff" } {
  const path = face.storageKey.split("/").map(encodeURIComponent).join("/");
  return {
    url: `${origin}/files/fonts/${path}`,
    format: /\.woff$/i.test(face.storageKey) ? "woff" : "woff2",
  };
}

/** The font as a customization holds it: the definition, without the caller's permissions. */
export function fontDefinition(origin: string, row: CustomFontRow): FontDefinitionInputJson {
  return {
    id: row.id,
    custom: true,
    fontFamily: row.fontFamily,
    fontFaces: row.fontFaces.map((face) => ({
      weight: face.weight,
      sources: [fontFileUrl(origin, face)],
    })),
  };
}

export function renderFont(origin: string, row: CustomFontRow, canEdit: boolean): CustomFontJson {
  return { ...fontDefinition(origin, row), custom: true, permissions: { edit: canEdit } };
}
