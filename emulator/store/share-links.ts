import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { Table, boolean, text, type RowIn } from "./sql";

/** Share links of a site (§2.6): each holds a secret key that its published URL carries. */
const shareLinks = new Table("site_share_links", {
  id: text("PRIMARY KEY"),
  siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
  name: text("NOT NULL"),
  key: text("NOT NULL UNIQUE"),
  active: boolean("NOT NULL DEFAULT 1"),
  createdAt: text("NOT NULL"),
});

/** The family's tables, created at every open. */
export const shareLinksTables = [shareLinks];

export type ShareLinkRow = RowIn<typeof shareLinks>;

export function listShareLinks(store: Store, siteId: string): ShareLinkRow[] {
  return shareLinks.list(store, { siteId }, "created_at, rowid", { limit: -1, offset: 0 }).rows;
}

export function findShareLink(store: Store, siteId: string, shareLinkId: string) {
  return shareLinks.find(store, { id: shareLinkId, siteId });
}

/** The active link of this site holding `key`, if any. */
export function activeShareLinkByKey(store: Store, siteId: string, key: string) {
  return shareLinks.find(store, { siteId, key, active: true });
}

export function insertShareLink(store: Store, siteId: string, name: string): ShareLinkRow {
  const id = store.newId();
  // The key is a secret in a URL: 24 random bytes, URL-safe, unrelated to the link's id.
  const key = randomBytes(24).toString("base64url");
  return shareLinks.insert(store, { id, siteId, name, key, active: true, createdAt: store.now() });
}

export function updateShareLink(
  store: Store,
  link: ShareLinkRow,
  patch: { name?: string; active?: boolean },
): ShareLinkRow {
  const { name, active } = patch;
  shareLinks.update(store, { id: link.id }, { name, active });
  return findShareLink(store, link.siteId, link.id)!;
}

export function deleteShareLink(store: Store, shareLinkId: string): void {
  shareLinks.delete(store, { id: shareLinkId });
}
