import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { Table } from "./sql";

/** The site_share_links table's column map: its SELECT, INSERT, UPDATE and filters come from it. */
const shareLinks = new Table<ShareLinkRow>("site_share_links", {
  id: {},
  siteId: {},
  name: {},
  key: {},
  active: { type: "boolean" },
  createdAt: {},
});

/** Share links of a site (§2.6): each holds a secret key that its published URL carries. */
export const shareLinksSchema = `
CREATE TABLE IF NOT EXISTS site_share_links (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  key TEXT NOT NULL UNIQUE,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
`;

export interface ShareLinkRow {
  id: string;
  siteId: string;
  name: string;
  key: string;
  active: boolean;
  createdAt: string;
}

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
