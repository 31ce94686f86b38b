import { z } from "zod";
import type { ShareLinkRow } from "../store/share-links";
import { named, timestamp, url } from "./common";
import type { SiteView } from "./sites";

export const ShareLinkJson = named(
  "ShareLink",
  z.strictObject({
    object: z.literal("share-link"),
    id: z.string(),
    createdAt: timestamp,
    name: z.string().max(50),
    active: z.boolean(),
    urls: z.strictObject({ published: url }),
  }),
);
export type ShareLinkJson = z.input<typeof ShareLinkJson>;

/** The published URL a share link hands out: the site's, carrying the link's secret key. */
export function shareLinkUrl(view: SiteView, link: ShareLinkRow): string {
  return `${view.base}?share=${link.key}`;
}

export function renderShareLink(view: SiteView, link: ShareLinkRow): ShareLinkJson {
  return {
    object: "share-link",
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    // Always present, published or not: it is how the link's holder reaches the site.
    urls: { published: shareLinkUrl(view, link) },
  };
}
