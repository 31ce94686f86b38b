import * as pulumi from "@pulumi/pulumi";
import { getCollection as fetchCollection } from "../api/collections";
import type { Urls } from "../api/common";
import { lookupContext, type LookupWorkspaceArgs } from "./workspace";

/** The arguments of {@link getCollection}. */
export interface GetCollectionArgs extends LookupWorkspaceArgs {
  /**
   * The collection to look up.
   * @example "col_1a2b"
   */
  id: pulumi.Input<string>;
}

/** What {@link getCollection} returns. */
export interface CollectionResult {
  id: string;
  title: string;
  description: string | null;
  organizationId: string;
  parent: string | null;
  /** A RoleLevel, `null` (guest), or `inherit`. */
  defaultLevel: string | null;
  urls: Urls;
}

/**
 * Looks up a collection the configured token can see, by id: to put managed spaces in a
 * collection this program does not manage. Runs in the program process with the same
 * configuration resolution and client as the resources.
 *
 * @example
 * ```ts
 * const shared = getCollection({ id: "col_1a2b" });
 * new Space("notes", { title: "Notes", parent: shared.id });
 * ```
 */
export function getCollection(args: GetCollectionArgs): pulumi.Output<CollectionResult> {
  return pulumi
    .all([args.id, args.workspace])
    .apply(([id, workspace]) => lookUpCollection({ id, workspace }));
}

/** {@link getCollection} once its arguments are known: also the native provider's invoke. */
export async function lookUpCollection(args: {
  id: string;
  workspace?: string | undefined;
}): Promise<CollectionResult> {
  const { client } = lookupContext("getCollection", args.workspace);
  const collection = await fetchCollection(client, args.id);
  return {
    id: collection.id,
    title: collection.title,
    description: collection.description ?? null,
    organizationId: collection.organization,
    parent: collection.parent ?? null,
    defaultLevel: collection.defaultLevel,
    urls: collection.urls ?? {},
  };
}
