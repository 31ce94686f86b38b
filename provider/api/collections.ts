import { z } from "zod";
import type { ApiClient } from "../client";
import { RoleLevel, Urls } from "./common";

/** Limits of §2.2 and §8, shared by the resource's check. */
export const CollectionTitle = z.string().min(1).max(50);
export const CollectionDescription = z.string().max(100);
/** A RoleLevel, `null` (guest), or `inherit` (GAPS.md). */
export const CollectionDefaultLevel = z.union([RoleLevel, z.literal("inherit"), z.null()]);
export type CollectionDefaultLevel = z.infer<typeof CollectionDefaultLevel>;

export const Collection = z.looseObject({
  object: z.literal("collection"),
  id: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  organization: z.string(),
  parent: z.string().nullish(),
  defaultLevel: CollectionDefaultLevel,
  urls: Urls.optional(),
});
export type Collection = z.infer<typeof Collection>;

export interface CollectionPatch {
  title?: string;
  description?: string;
  defaultLevel?: CollectionDefaultLevel;
}

const byId = (id: string) => `/v1/collections/${encodeURIComponent(id)}`;

export function getCollection(client: ApiClient, id: string): Promise<Collection> {
  return client.get(byId(id), Collection);
}

export function createCollection(
  client: ApiClient,
  organizationId: string,
  body: { title?: string; parent?: string },
): Promise<Collection> {
  return client.request("POST", `/v1/orgs/${encodeURIComponent(organizationId)}/collections`, {
    body,
    schema: Collection,
  });
}

export function updateCollection(
  client: ApiClient,
  id: string,
  body: CollectionPatch,
): Promise<Collection> {
  return client.request("PATCH", byId(id), { body, schema: Collection });
}

export function deleteCollection(client: ApiClient, id: string): Promise<void> {
  return client.request("DELETE", byId(id));
}

/** Moves a collection under `parent`, or to the top level with `null`. */
export function moveCollection(
  client: ApiClient,
  id: string,
  parent: string | null,
): Promise<Collection> {
  return client.request("POST", `${byId(id)}/move`, { body: { parent }, schema: Collection });
}

export function transferCollection(
  client: ApiClient,
  id: string,
  organization: string,
): Promise<Collection> {
  return client.request("POST", `${byId(id)}/transfer`, {
    body: { organization },
    schema: Collection,
  });
}
