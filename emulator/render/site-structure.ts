import { z } from "zod";
import { named } from "./common";
import { SiteExternalLinkJson } from "./site-external-links";
import { SiteSectionGroupJson } from "./site-section-groups";
import { SiteSectionJson } from "./site-sections";
import { SiteSpaceJson } from "./site-spaces";

/**
 * The hosted `SiteStructure`: a site with sections answers its top level (sections, groups with
 * their children, external links) in order; a site without answers its root site spaces.
 */
export const SiteStructureJson = named(
  "SiteStructure",
  z.union([
    z.strictObject({
      type: z.literal("sections"),
      structure: z.array(z.union([SiteSectionJson, SiteSectionGroupJson, SiteExternalLinkJson])),
    }),
    z.strictObject({ type: z.literal("siteSpaces"), structure: z.array(SiteSpaceJson) }),
  ]),
);

/** The hosted `SiteStructureItem`: what the sort answers, the item it moved. */
export const SiteStructureItemJson = named(
  "SiteStructureItem",
  z.union([SiteSpaceJson, SiteSectionJson, SiteSectionGroupJson, SiteExternalLinkJson]),
);

/** The hosted `SiteStructureItemPointer`. */
export const StructurePointer = z.strictObject({
  type: z.enum(["site-space", "site-section", "site-section-group", "site-external-link"]),
  id: z.string(),
});
