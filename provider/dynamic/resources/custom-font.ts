import { customFont, type CustomFontArgs } from "../../resources/custom-font";
import { dynamicClass } from "../resource-class";

/**
 * A custom font of the organization: a family name and its faces, one per weight, each a file in
 * the organization's storage. A site's customization uses it by id.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * a font of the same family name that was not there before, takes it if found, or creates it again.
 *
 * @example
 * ```ts
 * const brand = new CustomFont("brand", {
 *   fontFamily: "Acme Sans",
 *   fontFaces: [
 *     { weight: 400, storageKey: "fonts/acme-sans-regular.woff2" },
 *     { weight: 700, storageKey: "fonts/acme-sans-bold.woff2" },
 *   ],
 * });
 * new SiteCustomization("docs", { siteId: docs.id, styling: { customFontId: brand.id } });
 * ```
 */
export class CustomFont extends dynamicClass(customFont).withArgs<CustomFontArgs>() {}
