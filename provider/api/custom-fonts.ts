import { z } from "zod";
import type { ApiClient } from "../client";
import { listAll, segment } from "../client";
import { org } from "./people";

/**
 * An organization's custom fonts (the hosted `custom-fonts` operations; docs/api-decisions.md,
 * "Custom fonts"): `PUT /orgs/{organizationId}/fonts` creates one, `POST .../fonts/{fontId}`
 * changes it. The limits are the hosted document's, kept here so that check refuses what the
 * service would refuse.
 */

/** The CSS family name, 1 to 50 characters. */
export const FontFamily = z.string().min(1).max(50);
/** A weight, an integer from 1 to 1000 (400 regular, 700 bold). */
export const FontWeight = z.int().min(1).max(1000);
/** The path of the face's file in the organization's storage, 1 to 512 characters. */
export const StorageFileKey = z.string().min(1).max(512);
/** The weight a font must always have a face of (the service's 412 otherwise). */
export const REGULAR_WEIGHT = 400;

/** One face as a program declares it: a weight and the file of that weight. */
export const FontFaceInput = z.object({ weight: FontWeight, storageKey: StorageFileKey });
export type FontFaceInput = z.infer<typeof FontFaceInput>;

/** A font as the service answers it (`CustomizationFontDefinition`). */
export const CustomFont = z.looseObject({
  id: z.string(),
  custom: z.boolean().optional(),
  fontFamily: z.string(),
  fontFaces: z.array(
    z.looseObject({
      weight: z.number(),
      sources: z.array(
        z.looseObject({ url: z.string(), format: z.enum(["woff2", "woff"]).optional() }),
      ),
    }),
  ),
  permissions: z.looseObject({ edit: z.boolean() }).optional(),
});
export type CustomFont = z.infer<typeof CustomFont>;

/** A font's settings with their limits, declared once: the inputs and the create body. */
export const CustomFontFields = {
  fontFamily: FontFamily,
  fontFaces: z.array(FontFaceInput).min(1),
};
export const CustomFontCreate = z.object(CustomFontFields);
/** The update: a new family name, and the faces to add or replace (`storageKey: null` removes). */
export const CustomFontPatch = CustomFontCreate.partial();
type FacesChange = { weight: number; storageKey: string | null }[];

const fonts = (organizationId: string) => `${org(organizationId)}/fonts`;
const font = (organizationId: string, id: string) =>
  `${fonts(organizationId)}/${segment("fontId", id)}`;

/**
 * Creates a font. The service creates with a PUT, which is not idempotent here: sent twice, it
 * makes two fonts, so it is never retried; a create whose outcome is unknown is recovered by the
 * family name instead.
 */
export function createCustomFont(
  client: ApiClient,
  organizationId: string,
  body: z.output<typeof CustomFontCreate>,
): Promise<CustomFont> {
  return client.request("PUT", fonts(organizationId), {
    body,
    schema: CustomFont,
    idempotent: false,
  });
}

export function getCustomFont(client: ApiClient, organizationId: string, id: string) {
  return client.get(font(organizationId, id), CustomFont);
}

/** Every custom font of the organization. */
export function listCustomFonts(client: ApiClient, organizationId: string): Promise<CustomFont[]> {
  return listAll(client, fonts(organizationId), CustomFont, { limit: 1000 });
}

/**
 * The update's faces: each face `next` declares, and `storageKey: null` for each weight `before`
 * had that `next` leaves out (the service keeps the faces an update does not name).
 */
export function facesChange(before: readonly { weight: number }[], next: FontFaceInput[]) {
  const kept = new Set(next.map((f) => f.weight));
  const removed = before
    .filter((f) => !kept.has(f.weight))
    .map((f) => ({ weight: f.weight, storageKey: null }));
  return [...next, ...removed] satisfies FacesChange;
}

/** Changes a font (a POST that names every face it sets: retried like a PATCH). */
export function updateCustomFont(
  client: ApiClient,
  organizationId: string,
  id: string,
  body: { fontFamily?: string; fontFaces?: FacesChange },
): Promise<CustomFont> {
  // Sets each named face to a file or removes it: sent twice, the same font.
  return client.request("POST", font(organizationId, id), {
    body,
    schema: CustomFont,
    idempotent: true,
  });
}

export function deleteCustomFont(client: ApiClient, organizationId: string, id: string) {
  return client.request("DELETE", font(organizationId, id));
}

/**
 * The font as a site's customization names it (`CustomizationFontDefinitionInput`): the font as
 * the service answers it, without the caller's permissions.
 */
export function fontDefinition(font: CustomFont) {
  return {
    id: font.id,
    custom: true,
    fontFamily: font.fontFamily,
    fontFaces: font.fontFaces.map((face) => ({ weight: face.weight, sources: face.sources })),
  };
}
