import { z } from "zod";
import type { SectionRow } from "../store/site-sections";
import { named, present, url } from "./common";
import { SiteSpaceJson } from "./site-spaces";
import { publishedUrl, type SiteView } from "./sites";

export const SiteSectionJson = named(
  "SiteSection",
  z.strictObject({
    object: z.literal("site-section"),
    id: z.string(),
    title: z.string().min(2).max(128),
    description: z.string().max(256).optional(),
    default: z.boolean(),
    draft: z.boolean(),
    path: z.string().min(1).max(100),
    condition: z.string().min(1).max(1024).optional(),
    sectionGroup: z.string().optional(),
    siteSpaces: z.array(SiteSpaceJson),
    urls: z.strictObject({ published: url.optional() }),
    icon: z.string().optional(),
  }),
);
export type SiteSectionJson = z.input<typeof SiteSectionJson>;

/** The site-section object of §2.4, holding its site spaces (already rendered, in order). */
export function renderSection(
  view: SiteView,
  section: SectionRow,
  siteSpaces: SiteSpaceJson[],
): SiteSectionJson {
  return {
    object: "site-section",
    id: section.id,
    title: section.title,
    ...present("description", section.description),
    default: section.id === view.defaultSectionId,
    draft: false,
    path: section.path,
    ...present("condition", section.condition),
    ...present("sectionGroup", section.groupId),
    siteSpaces,
    urls: { ...present("published", publishedUrl(view, [section.path])) },
    ...present("icon", section.icon),
  };
}
