import { z } from "zod";
import type { SectionRow } from "../store/site-sections";
import type { SiteSpaceRow } from "../store/site-spaces";
import { named, present, url } from "./common";
import { publishedUrl, type SiteView } from "./sites";
import { SpaceJson } from "./spaces";

export const SiteSpaceJson = named(
  "SiteSpace",
  z.strictObject({
    object: z.literal("site-space"),
    id: z.string(),
    path: z.string().min(1).max(100),
    section: z.string().optional(),
    // Always present while the space exists; a space removed for good leaves it out.
    space: SpaceJson.optional(),
    title: z.string(),
    default: z.boolean(),
    condition: z.string().min(1).max(1024).optional(),
    draft: z.boolean(),
    // Left out of the site's navigation, still reachable at its URL.
    hidden: z.boolean(),
    urls: z.strictObject({ published: url.optional() }),
  }),
);
export type SiteSpaceJson = z.input<typeof SiteSpaceJson>;

/**
 * The SiteSpace object of §2.5. `section` is the row's container, when it is in one (its path
 * is part of the published URL); `space` is the linked space, rendered for the caller.
 */
export function renderSiteSpace(
  view: SiteView,
  row: SiteSpaceRow,
  section: SectionRow | undefined,
  space: SpaceJson | undefined,
): SiteSpaceJson {
  const segments = section === undefined ? [row.path] : [section.path, row.path];
  return {
    object: "site-space",
    id: row.id,
    path: row.path,
    ...present("section", row.sectionId),
    ...present("space", space),
    title: space?.title ?? "",
    default: row.id === view.defaultSiteSpaceId,
    ...present("condition", row.condition),
    // The emulator publishes every change at once: nothing is ever a draft.
    draft: false,
    hidden: row.hidden,
    urls: { ...present("published", publishedUrl(view, segments)) },
  };
}
