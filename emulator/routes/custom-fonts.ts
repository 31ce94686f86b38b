import { z } from "zod";
import { empty, json } from "../http/route";
import { hasRole } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, HttpError, notFound } from "../errors";
import { FONT_LIMITS } from "../limits";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import {
  CustomFontJson,
  FontFamily,
  FontWeight,
  renderFont,
  StorageFileKey,
} from "../render/custom-fonts";
import {
  deleteFont,
  findFont,
  fontsOf,
  insertFont,
  updateFont,
  type CustomFontRow,
  type StoredFontFace,
} from "../store/custom-fonts";

const createBody = z.strictObject({
  fontFamily: FontFamily,
  fontFaces: z.array(z.strictObject({ weight: FontWeight, storageKey: StorageFileKey })).min(1),
});
const updateBody = z.strictObject({
  fontFamily: FontFamily.optional(),
  fontFaces: z
    .array(z.strictObject({ weight: FontWeight, storageKey: StorageFileKey.nullable() }))
    .optional(),
});

const base = "/orgs/{organizationId}/fonts";
const FontList = listOf("CustomFontList", CustomFontJson);
const fontAnswer = { description: "The custom font", schema: CustomFontJson };

function render(ctx: ApiContext, row: CustomFontRow) {
  const role = ctx.roleIn(row.organizationId) ?? null;
  return renderFont(ctx.origin, row, hasRole(role, "admin"));
}

/** A weight given twice in one body is 400 naming it: a face is one per weight. */
function onceEach(faces: readonly { weight: number }[]) {
  const seen = new Set<number>();
  for (const [i, face] of faces.entries()) {
    if (seen.has(face.weight))
      throw badRequest(`fontFaces[${i}].weight: ${face.weight} is given more than once`);
    seen.add(face.weight);
  }
}

/** Without a regular face the font is refused with the hosted 412. */
function withRegular(faces: readonly StoredFontFace[]) {
  if (!faces.some((f) => f.weight === FONT_LIMITS.regularWeight))
    throw new HttpError(
      412,
      `fontFaces: a font needs a regular face (weight ${FONT_LIMITS.regularWeight})`,
    );
  return faces;
}

function requireFont(ctx: ApiContext, organizationId: string, fontId: string) {
  const row = findFont(ctx.store, organizationId, fontId);
  if (row === undefined) throw notFound(`custom font ${fontId}`);
  return row;
}

/**
 * An organization's custom fonts (the hosted `custom-fonts` operations; docs/api-decisions.md,
 * "Custom fonts"): the service creates with PUT on the list and updates with POST on the font.
 * Members read them (a site's customization picks among them); only the organization's admins
 * write them.
 */
export const customFontRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listCustomFonts",
    summary: "An organization's custom fonts",
    query: pageQuery,
    responses: { 200: { description: "A page of custom fonts", schema: FontList } },
    handler({ params, query }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      const page = slicePage(pageOf(query), fontsOf(ctx.store, params.organizationId));
      return json(200, { ...page, items: page.items.map((row) => render(ctx, row)) });
    },
  }),

  apiRoute({
    method: "put",
    path: base,
    operationId: "createCustomFont",
    summary: "Add a font family and its faces, each a weight and a file in storage",
    body: createBody,
    responses: { 201: { description: "The new custom font", schema: CustomFontJson } },
    handler({ params, body }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      onceEach(body.fontFaces);
      const faces = withRegular(body.fontFaces);
      const row = insertFont(ctx.store, params.organizationId, body.fontFamily, [...faces]);
      return json(201, render(ctx, row));
    },
  }),

  apiRoute({
    method: "get",
    path: `${base}/{fontId}`,
    operationId: "getCustomFont",
    summary: "A custom font",
    responses: { 200: fontAnswer },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "member");
      return json(200, render(ctx, requireFont(ctx, params.organizationId, params.fontId)));
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/{fontId}`,
    operationId: "updateCustomFont",
    summary: "Rename a font, and add, replace or remove (storageKey null) its faces by weight",
    body: updateBody,
    responses: { 201: { description: "The custom font, changed", schema: CustomFontJson } },
    handler({ params, body }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = requireFont(ctx, params.organizationId, params.fontId);
      const changes = body.fontFaces ?? [];
      onceEach(changes);
      const faces = new Map(row.fontFaces.map((f) => [f.weight, f.storageKey]));
      for (const { weight, storageKey } of changes)
        if (storageKey === null) faces.delete(weight);
        else faces.set(weight, storageKey);
      const next = withRegular([...faces].map(([weight, storageKey]) => ({ weight, storageKey })));
      const updated = updateFont(ctx.store, row, body.fontFamily ?? row.fontFamily, [...next]);
      return json(201, render(ctx, updated));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{fontId}`,
    operationId: "deleteCustomFont",
    summary: "Delete a custom font",
    responses: {
      204: { description: "The font did not exist" },
      205: { description: "The font has been deleted" },
    },
    handler({ params }, ctx) {
      ctx.requireRole(params.organizationId, "admin");
      const row = findFont(ctx.store, params.organizationId, params.fontId);
      if (row === undefined) return empty(204);
      deleteFont(ctx.store, row.id);
      return empty(205);
    },
  }),
];
