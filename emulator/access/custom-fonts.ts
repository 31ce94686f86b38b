import { badRequest } from "../errors";
import { fontDefinition, type FontDefinitionInputJson } from "../render/custom-fonts";
import { findFont } from "../store/custom-fonts";
import type { Store } from "../store";

/**
 * What a site's customization shares with the custom fonts family: a font the settings name by
 * definition must be a custom font of the site's organization (docs/api-decisions.md, "Custom
 * fonts").
 */

/** The styling fields that take a font definition as well as one of the service's fonts. */
export const FONT_FIELDS = ["font", "headingFont", "monospaceFont"] as const;

type FontValue = string | FontDefinitionInputJson | null | undefined;

/**
 * `styling` with each font given by definition replaced by the organization's font of that id as
 * it is now; a definition whose id is no custom font of `organizationId` (unknown, deleted, or
 * another organization's) is 400 naming `styling.<field>.id`, as the hosted PUT answers a body it
 * refuses.
 */
export function resolveStylingFonts<
  S extends Partial<Record<(typeof FONT_FIELDS)[number], FontValue>>,
>(store: Store, origin: string, organizationId: string, styling: S): S {
  const next: Record<string, unknown> = { ...styling };
  for (const field of FONT_FIELDS) {
    const value = styling[field];
    if (value === null || value === undefined || typeof value === "string") continue;
    const row = findFont(store, organizationId, value.id);
    if (row === undefined)
      throw badRequest(
        `styling.${field}.id: ${value.id} is not a custom font of organization ${organizationId}`,
      );
    next[field] = fontDefinition(origin, row);
  }
  return next as S;
}
