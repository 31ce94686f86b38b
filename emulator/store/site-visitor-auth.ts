import { randomBytes } from "node:crypto";
import type { Store } from "./index";
import { Table, text, type RowIn } from "./sql";

/**
 * A site's visitor authentication (docs/api-decisions.md, "Site redirects and visitor
 * authentication"): one row per site, made on first read with the service's defaults.
 */
const publishingAuth = new Table("site_publishing_auth", {
  siteId: text("PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE"),
  backend: text("NOT NULL").of<"custom" | "integration">(),
  privateKey: text("NOT NULL"),
  fallbackUrl: text(),
  logoutUrl: text(),
});

/** The family's tables, created at every open. */
export const siteVisitorAuthTables = [publishingAuth];

/** A site's visitor-authentication settings (the hosted `SitePublishingAuth`). */
export type PublishingAuthRow = RowIn<typeof publishingAuth>;

/** A new signing key: 32 random bytes, URL-safe; a secret, never logged. */
const newPrivateKey = () => randomBytes(32).toString("base64url");

/** The site's settings if they were ever read or written; the app page reads them, never makes them. */
export function findPublishingAuth(store: Store, siteId: string): PublishingAuthRow | undefined {
  return publishingAuth.find(store, { siteId });
}

/**
 * The site's settings, made with the service's defaults (the `custom` backend, no URLs, a new
 * key) the first time they are asked for: the key must stay the same from one read to the next.
 */
export function publishingAuthOf(store: Store, siteId: string): PublishingAuthRow {
  const found = publishingAuth.find(store, { siteId });
  if (found !== undefined) return found;
  const row: PublishingAuthRow = {
    siteId,
    backend: "custom",
    privateKey: newPrivateKey(),
    fallbackUrl: null,
    logoutUrl: null,
  };
  return publishingAuth.insert(store, row);
}

export function updatePublishingAuth(
  store: Store,
  siteId: string,
  patch: Partial<Omit<PublishingAuthRow, "siteId" | "privateKey">>,
): PublishingAuthRow {
  publishingAuthOf(store, siteId);
  publishingAuth.update(store, { siteId }, patch);
  return publishingAuthOf(store, siteId);
}

/** A new key: the old one stops working at once. */
export function regeneratePublishingAuth(store: Store, siteId: string): PublishingAuthRow {
  publishingAuthOf(store, siteId);
  publishingAuth.update(store, { siteId }, { privateKey: newPrivateKey() });
  return publishingAuthOf(store, siteId);
}
