import { z } from "zod";
import { listAll, segment, type ApiClient, type ListSpec } from "../client";
import { Language, open, RoleLevel, Urls } from "./common";

/** Limits of §2.3 and §8, shared by the resource's check. */
export const SpaceTitle = z.string().min(1).max(50);
export const SpaceEmoji = z.string().min(1).max(50);
export const EditMode = z.enum(["live", "locked"]);
export type EditMode = z.infer<typeof EditMode>;
export const SpaceDefaultLevel = RoleLevel.nullable();

export const SpaceVisibility = z.enum([
  "public",
  "unlisted",
  "share-link",
  "visitor-auth",
  "in-collection",
  "private",
]);
export type SpaceVisibility = z.infer<typeof SpaceVisibility>;

/**
 * A Space as the provider reads it (§2.3): only the fields it uses are required; enumerations
 * accept values added since, and the hosted service's `defaultLevel` of `inherit`.
 */
export const Space = z.object({
  id: z.string(),
  title: z.string(),
  emoji: z.string().nullish(),
  visibility: open(SpaceVisibility),
  createdAt: z.string(),
  updatedAt: z.string(),
  editMode: open(EditMode).nullish(),
  organization: z.string(),
  parent: z.string().nullish(),
  language: open(Language).nullish(),
  revision: z.string(),
  defaultLevel: open(z.union([RoleLevel, z.literal("inherit")])).nullable(),
  comments: z.number(),
  changeRequests: z.number(),
  changeRequestsOpen: z.number(),
  changeRequestsDraft: z.number(),
  urls: Urls.optional(),
});
export type Space = z.infer<typeof Space>;

/** The create body (GAPS.md "Creating a space"). */
export const SpaceCreate = z
  .object({
    title: SpaceTitle,
    emoji: SpaceEmoji,
    parent: z.string(),
    language: Language,
    editMode: EditMode,
  })
  .partial();
export type SpaceCreate = z.infer<typeof SpaceCreate>;

/** The PATCH body (§4.4; GAPS.md: `emoji: null` removes the emoji). */
export const SpacePatch = z
  .object({
    title: SpaceTitle,
    emoji: SpaceEmoji.nullable(),
    editMode: EditMode,
    defaultLevel: SpaceDefaultLevel,
    language: Language,
  })
  .partial();
export type SpacePatch = z.infer<typeof SpacePatch>;

const byId = (id: string) => `/v1/spaces/${segment("spaceId", id)}`;

/** The list of every space of the organization, in collections or not, 1,000 a page. */
export function spacesOf(organizationId: string): ListSpec<Space> {
  return {
    path: `/v1/orgs/${segment("organizationId", organizationId)}/spaces`,
    item: Space,
    query: { limit: 1000 },
  };
}

/** Every space of the organization, in collections or not. */
export function listSpaces(client: ApiClient, organizationId: string): Promise<Space[]> {
  const { path, item, query } = spacesOf(organizationId);
  return listAll(client, path, item, query);
}

export function getSpace(client: ApiClient, id: string): Promise<Space> {
  return client.get(byId(id), Space);
}

export function createSpace(
  client: ApiClient,
  organizationId: string,
  body: SpaceCreate,
): Promise<Space> {
  return client.request("POST", `/v1/orgs/${segment("organizationId", organizationId)}/spaces`, {
    body,
    schema: Space,
  });
}

export function updateSpace(client: ApiClient, id: string, body: SpacePatch): Promise<Space> {
  return client.request("PATCH", byId(id), { body, schema: Space });
}

export function deleteSpace(client: ApiClient, id: string): Promise<void> {
  return client.request("DELETE", byId(id));
}

/** Moves a space into collection `parent`, or to the organization's top level with `null`. */
export function moveSpace(client: ApiClient, id: string, parent: string | null): Promise<Space> {
  return client.request("POST", `${byId(id)}/move`, {
    body: { parent },
    schema: Space,
    idempotent: true,
  });
}

/** Transfers a space to another organization, optionally straight into one of its collections. */
export function transferSpace(
  client: ApiClient,
  id: string,
  organization: string,
  parent?: string,
): Promise<Space> {
  return client.request("POST", `${byId(id)}/transfer`, {
    body: { organization, ...(parent === undefined ? {} : { parent }) },
    schema: Space,
  });
}
