import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { assignments, type Raw, str } from "./sql";

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

function toShareLink(r: Raw): ShareLinkRow {
  return {
    id: str(r.id),
    siteId: str(r.site_id),
    name: str(r.name),
    key: str(r.key),
    active: r.active === 1,
    createdAt: str(r.created_at),
  };
}

export function listShareLinks(store: Store, siteId: string): ShareLinkRow[] {
  return (
    store
      .statement("SELECT * FROM site_share_links WHERE site_id = ? ORDER BY created_at, rowid")
      .all(siteId) as Raw[]
  ).map(toShareLink);
}

export function findShareLink(store: Store, siteId: string, shareLinkId: string) {
  const row = store
    .statement("SELECT * FROM site_share_links WHERE id = ? AND site_id = ?")
    .get(shareLinkId, siteId) as Raw | undefined;
  return row === undefined ? undefined : toShareLink(row);
}

/** The active link of this site holding `key`, if any. */
export function activeShareLinkByKey(store: Store, siteId: string, key: string) {
  const row = store
    .statement("SELECT * FROM site_share_links WHERE site_id = ? AND key = ? AND active = 1")
    .get(siteId, key) as Raw | undefined;
  return row === undefined ? undefined : toShareLink(row);
}

export function insertShareLink(store: Store, siteId: string, name: string): ShareLinkRow {
  const id = store.newId();
  // The key is a secret in a URL: 24 random bytes, URL-safe, unrelated to the link's id.
  const key = randomBytes(24).toString("base64url");
  store
    .statement(
      "INSERT INTO site_share_links (id, site_id, name, key, active, created_at) VALUES (?, ?, ?, ?, 1, ?)",
    )
    .run(id, siteId, name, key, store.now());
  return findShareLink(store, siteId, id)!;
}

export function updateShareLink(
  store: Store,
  link: ShareLinkRow,
  patch: { name?: string; active?: boolean },
): ShareLinkRow {
  const set = assignments({ name: patch.name, active: patch.active });
  if (set.sql !== "")
    store
      .statement(`UPDATE site_share_links SET ${set.sql} WHERE id = ?`)
      .run(...set.values, link.id);
  return findShareLink(store, link.siteId, link.id)!;
}

export function deleteShareLink(store: Store, shareLinkId: string): void {
  store.statement("DELETE FROM site_share_links WHERE id = ?").run(shareLinkId);
}
