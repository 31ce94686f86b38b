import {
  siteSpaceCustomization,
  type SiteSpaceCustomizationArgs,
} from "../../resources/site-space-customization";
import { dynamicClass } from "../resource-class";

/**
 * Settings one site space shows instead of its site's, declared in part: the declared settings
 * are overridden, an override of other settings made by hand is left, and refresh shows drift
 * only in the declared ones. Deleting the resource resets the declared settings to the site's.
 *
 * @example
 * ```ts
 * new SiteSpaceCustomization("guides-look", {
 *   siteId: docs.id,
 *   siteSpaceId: guides.id,
 *   styling: { theme: "muted" },
 *   themes: { default: "dark" },
 * });
 * ```
 */
export class SiteSpaceCustomization extends dynamicClass(
  siteSpaceCustomization,
).withArgs<SiteSpaceCustomizationArgs>() {}
