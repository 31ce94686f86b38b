import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

/** A face as kept: its weight and the key of its file in the organization's storage. */
export interface StoredFontFace {
  weight: number;
  storageKey: string;
}

/**
 * An organization's custom fonts (docs/api-decisions.md, "Custom fonts"): a family name and its
 * faces, one per weight, kept in weight order.
 */
const fonts = new Table(
  "custom_fonts",
  {
    id: text("PRIMARY KEY"),
    organizationId: text("NOT NULL REFERENCES organizations(id) ON DELETE CASCADE"),
    fontFamily: text("NOT NULL"),
    fontFaces: json("NOT NULL").of<StoredFontFace[]>(),
    createdAt: text("NOT NULL"),
    updatedAt: text(),
  },
  { indexes: { custom_fonts_by_org: "(organization_id, created_at)" } },
);

/** The family's tables, created at every open. */
export const customFontsTables = [fonts];

export type CustomFontRow = RowIn<typeof fonts>;

/** An organization's fonts, oldest first. */
export function fontsOf(store: Store, organizationId: string): CustomFontRow[] {
  return fonts.list(store, { organizationId }, "created_at, rowid", { limit: -1, offset: 0 }).rows;
}

/** The font, only when it belongs to `organizationId`. */
export function findFont(store: Store, organizationId: string, id: string) {
  return fonts.find(store, { organizationId, id });
}

const byWeight = (faces: StoredFontFace[]) => [...faces].sort((a, b) => a.weight - b.weight);

export function insertFont(
  store: Store,
  organizationId: string,
  fontFamily: string,
  fontFaces: StoredFontFace[],
): CustomFontRow {
  const faces = byWeight(fontFaces);
  return fonts.insert(store, {
    id: store.newId(),
    organizationId,
    fontFamily,
    fontFaces: faces,
    createdAt: store.now(),
    updatedAt: null,
  });
}

export function updateFont(
  store: Store,
  row: CustomFontRow,
  fontFamily: string,
  fontFaces: StoredFontFace[],
): CustomFontRow {
  const faces = byWeight(fontFaces);
  fonts.update(store, { id: row.id }, { fontFamily, fontFaces: faces, updatedAt: store.now() });
  return findFont(store, row.organizationId, row.id)!;
}

export function deleteFont(store: Store, id: string): void {
  fonts.delete(store, { id });
}
