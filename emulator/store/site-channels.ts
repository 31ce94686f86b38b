import type { Store } from "./index";
import { Table, json, text, type RowIn } from "./sql";

export type ChannelType = "builtin:slack" | "builtin:discord" | "builtin:github" | "builtin:linear";
export type ChannelRole = "collaborator" | "support";

export type ChannelRow = RowIn<typeof channels>;

/**
 * Site channels (docs/api-decisions.md, "Site channels"): where a site's assistant answers
 * outside the site, one channel of each type per site.
 */
const channels = new Table(
  "site_channels",
  {
    id: text("PRIMARY KEY"),
    siteId: text("NOT NULL REFERENCES sites(id) ON DELETE CASCADE"),
    type: text("NOT NULL").of<ChannelType>(),
    /** The type's `setupSettings`, as sent. */
    setupSettings: json("NOT NULL").of<Record<string, string[]>>(),
    role: text("NOT NULL").of<ChannelRole>(),
    createdAt: text("NOT NULL"),
  },
  { uniqueIndexes: { site_channels_type: "(site_id, type)" } },
);

/** The family's tables, created at every open. */
export const siteChannelsTables = [channels];

/** One page of a site's channels, oldest first, and how many it has. */
export function listChannels(
  store: Store,
  siteId: string,
  page: { limit: number; offset: number },
): { rows: ChannelRow[]; count: number } {
  return channels.list(store, { siteId }, "created_at, rowid", page);
}

export function findChannel(store: Store, siteId: string, id: string) {
  return channels.find(store, { siteId, id });
}

export function channelOfType(store: Store, siteId: string, type: ChannelType) {
  return channels.find(store, { siteId, type });
}

export type ChannelFields = Pick<ChannelRow, "type" | "setupSettings" | "role">;

export function insertChannel(store: Store, siteId: string, fields: ChannelFields): ChannelRow {
  return channels.insert(store, { id: store.newId(), siteId, ...fields, createdAt: store.now() });
}

export function updateChannel(
  store: Store,
  row: ChannelRow,
  patch: Partial<ChannelFields>,
): ChannelRow {
  channels.update(store, { id: row.id }, patch);
  return findChannel(store, row.siteId, row.id)!;
}

export function deleteChannel(store: Store, id: string): void {
  channels.delete(store, { id });
}
