import { shareLink, type ShareLinkArgs } from "../../resources/share-link";
import { dynamicClass } from "../resource-class";

/**
 * A share link: a secret URL that opens a `share-link` site. Its `url` holds the key and is a
 * secret output, encrypted in state.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its name in its site, made since the create was sent, and takes it,
 * or creates it again; a create an interrupted run left pending is recovered the same way.
 *
 * @example
 * ```ts
 * const preview = new ShareLink("preview", { siteId: docs.id, name: "Partner preview" });
 * export const previewUrl = preview.url; // shown as [secret]
 * ```
 */
export class ShareLink extends dynamicClass(shareLink).withArgs<ShareLinkArgs>() {}
