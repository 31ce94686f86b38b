import { z } from "zod";
import { hasRole } from "../auth";
import type { CollectionRow } from "../store/collections";
import { defaultLevel, named, present, url } from "./common";

export const CollectionJson = named(
  "Collection",
  z.strictObject({
    object: z.literal("collection"),
    id: z.string(),
    title: z.string().max(50),
    description: z.string().max(100).optional(),
    organization: z.string(),
    parent: z.string().optional(),
    defaultLevel,
    urls: z.strictObject({ location: url, app: url }),
    permissions: z.strictObject({
      view: z.boolean(),
      admin: z.boolean(),
      viewInviteLinks: z.boolean(),
      create: z.boolean(),
    }),
  }),
);
export type CollectionJson = z.input<typeof CollectionJson>;

/** The collection's app page, also `urls.app`. */
export function collectionAppUrl(origin: string, row: CollectionRow): string {
  return `${origin}/app/o/${row.organizationId}/c/${row.id}`;
}

/** Collection JSON of §2.2, with `permissions` for the caller's role (`null`: guest). */
export function renderCollection(
  row: CollectionRow,
  origin: string,
  role: string | null,
): CollectionJson {
  const admin = hasRole(role, "admin");
  return {
    object: "collection",
    id: row.id,
    title: row.title,
    ...present("description", row.description),
    organization: row.organizationId,
    ...present("parent", row.parentId),
    defaultLevel: row.defaultLevel as CollectionJson["defaultLevel"],
    urls: { location: `${origin}/v1/collections/${row.id}`, app: collectionAppUrl(origin, row) },
    permissions: {
      view: true,
      admin,
      viewInviteLinks: admin,
      create: hasRole(role, "create"),
    },
  };
}
