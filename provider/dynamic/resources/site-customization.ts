import { siteCustomization, type SiteCustomizationArgs } from "../../resources/site-customization";
import { dynamicClass } from "../resource-class";

/**
 * A docs site's customization, declared in part: the settings given are applied by
 * read-modify-write (the service's PUT replaces the whole document), the others are left as they
 * are, and refresh shows drift only in the declared ones. Deleting the resource gives the declared
 * settings back the service's defaults. One per site: two on the same site would each restore
 * their own settings on delete.
 *
 * @example
 * ```ts
 * new SiteCustomization("look", {
 *   siteId: docs.id,
 *   styling: { theme: "bold", primaryColor: { light: "#0B5FFF", dark: "#6EA8FE" } },
 *   themes: { default: "dark", toggeable: true },
 * });
 * ```
 */
export class SiteCustomization extends dynamicClass(
  siteCustomization,
).withArgs<SiteCustomizationArgs>() {}
