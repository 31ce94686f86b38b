import { z } from "zod";
import { listAll, segment, type ApiClient, type ListSpec } from "../client";
import { open, RoleLevel, Urls } from "./common";

/** Limits of §2.2 and §8, shared by the resource's check. */
export const CollectionTitle = z.string().min(1).max(50);
export const CollectionDescription = z.string().max(100);
/** A RoleLevel, `null` (guest), or `inherit` (GAPS.md). */
export const CollectionDefaultLevel = z.union([RoleLevel, z.literal("inherit"), z.null()]);
export type CollectionDefaultLevel = z.infer<typeof CollectionDefaultLevel>;

/** A Collection as the provider reads it (§2.2): only the fields it uses are required. */
export const Collection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullish(),
  organization: z.string(),
  parent: z.string().nullish(),
  defaultLevel: open(z.union([RoleLevel, z.literal("inherit")])).nullable(),
  urls: Urls.optional(),
});
export type Collection = z.infer<typeof Collection>;

/** The create body (§4.3). */
export const CollectionCreate = z.object({ title: CollectionTitle, parent: z.string() }).partial();
export type CollectionCreate = z.infer<typeof CollectionCreate>;

/** The PATCH body (§4.3). */
export const CollectionPatch = z
  .object({
    title: CollectionTitle,
    description: CollectionDescription,
    defaultLevel: CollectionDefaultLevel,
  })
  .partial();
export type CollectionPatch = z.infer<typeof CollectionPatch>;

const byId = (id: string) => `/v1/collections/${segment("collectionId", id)}`;

/** The list of every collection of the organization, nested ones included, 1,000 a page. */
export function collectionsOf(organizationId: string): ListSpec<Collection> {
  return {
    path: `/v1/orgs/${segment("organizationId", organizationId)}/collections`,
    item: Collection,
    query: { limit: 1000 },
  };
}

/** Every collection of the organization, nested ones too (§4.3, `nested` defaults to true). */
export function listCollections(client: ApiClient, organizationId: string): Promise<Collection[]> {
  const { path, item, query } = collectionsOf(organizationId);
  return listAll(client, path, item, query);
}

export function getCollection(client: ApiClient, id: string): Promise<Collection> {
  return client.get(byId(id), Collection);
}

export function createCollection(
  client: ApiClient,
  organizationId: string,
  body: CollectionCreate,
): Promise<Collection> {
  return client.request(
    "POST",
    `/v1/orgs/${segment("organizationId", organizationId)}/collections`,
    {
      body,
      schema: Collection,
    },
  );
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
  return client.request("POST", `${byId(id)}/move`, {
    body: { parent },
    schema: Collection,
    idempotent: true,
  });
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
