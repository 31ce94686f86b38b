import { z } from "zod";
import type { GroupRow } from "../store/site-section-groups";
import { named, present } from "./common";
import { SiteExternalLinkJson } from "./site-external-links";
import { SiteSectionJson } from "./site-sections";

export const SiteSectionGroupJson = named(
  "SiteSectionGroup",
  z.strictObject({
    object: z.literal("site-section-group"),
    id: z.string(),
    title: z.string().min(1).max(100),
    icon: z.string().optional(),
    draft: z.boolean(),
    /** Deprecated by the hosted service in favour of `children`; kept, as it still sends it. */
    sections: z.array(SiteSectionJson),
    /** Its sections and external links, in order. */
    children: z.array(z.union([SiteSectionJson, SiteExternalLinkJson])),
  }),
);
export type SiteSectionGroupJson = z.input<typeof SiteSectionGroupJson>;

/**
 * The site-section-group object of §2.4, holding its sections in order, and in `children` its
 * sections and external links in order (the emulator has no nested groups).
 */
export function renderGroup(
  group: GroupRow,
  sections: SiteSectionJson[],
  children: (SiteSectionJson | SiteExternalLinkJson)[],
): SiteSectionGroupJson {
  return {
    object: "site-section-group",
    id: group.id,
    title: group.title,
    ...present("icon", group.icon),
    draft: false,
    sections,
    children,
  };
}
