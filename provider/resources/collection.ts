import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  Collection as WireCollection,
  CollectionDefaultLevel,
  CollectionDescription,
  CollectionTitle,
  createCollection,
  deleteCollection,
  getCollection,
  moveCollection,
  transferCollection,
  updateCollection,
  type CollectionPatch,
} from "../api/collections";
import type { Urls } from "../api/common";
import { shim } from "../runtime/shim";
import {
  Id,
  lifecycle,
  patchBody,
  undoOnFailure,
  type CommonInputs,
  type ResourceDefinition,
} from "./lifecycle";

interface Inputs extends CommonInputs {
  organizationId: string;
  title: string;
  description?: string;
  defaultLevel?: CollectionDefaultLevel;
  parent?: string | null;
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  title: string;
  description: string | null;
  defaultLevel: CollectionDefaultLevel;
  parent: string | null;
  urls: Urls;
}

function outputs(wire: WireCollection): Outputs {
  return {
    organizationId: wire.organization,
    title: wire.title,
    description: wire.description ?? null,
    defaultLevel: wire.defaultLevel,
    parent: wire.parent ?? null,
    urls: wire.urls ?? {},
  };
}

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "collection",
  inputs: z.object({
    organizationId: Id.optional(),
    title: CollectionTitle,
    description: CollectionDescription.optional(),
    defaultLevel: CollectionDefaultLevel.optional(),
    parent: Id.nullable().optional(),
    adoptId: Id.optional(),
  }),
  replaceOnChange: [],
  absentMeans: { parent: null },

  async create({ client }, inputs) {
    const created = await createCollection(client, inputs.organizationId, {
      title: inputs.title,
      ...(inputs.parent ? { parent: inputs.parent } : {}),
    });
    // description and defaultLevel are not part of the create body: one PATCH when declared.
    const patch: CollectionPatch = patchBody(inputs, ["description", "defaultLevel"]);
    if (Object.keys(patch).length === 0) return { id: created.id, outs: outputs(created) };
    const patched = await undoOnFailure(
      () => deleteCollection(client, created.id),
      () => updateCollection(client, created.id, patch),
    );
    return { id: created.id, outs: outputs(patched) };
  },

  async read({ client }, id) {
    return outputs(await getCollection(client, id));
  },

  async update({ client }, id, olds, news, changed) {
    let current: WireCollection | undefined;
    if (changed.includes("organizationId")) {
      current = await transferCollection(client, id, news.organizationId);
    }
    if (changed.includes("parent")) {
      current = await moveCollection(client, id, news.parent ?? null);
    }
    const patch: CollectionPatch = patchBody(
      news,
      ["title", "description", "defaultLevel"],
      changed,
    );
    if (Object.keys(patch).length > 0) current = await updateCollection(client, id, patch);
    return current ? outputs(current) : olds;
  },

  async delete({ client }, id) {
    await deleteCollection(client, id);
  },
};

/** What the runtime runs for `collection` resources. */
export const collectionHandlers = lifecycle(definition);

/** The arguments of a {@link Collection}. */
export interface CollectionArgs {
  /**
   * The organization that owns the collection; defaults to `docs-workspace:organizationId`.
   * A change transfers the collection, with its spaces, in place.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The title, at most 50 characters.
   * @example "Engineering handbook"
   */
  title: pulumi.Input<string>;
  /**
   * A description, at most 100 characters. Omitted: left as it is.
   * @example "How we build, ship and run things"
   */
  description?: pulumi.Input<string>;
  /**
   * The default role for the collection's content: a role level, `null` for guest, or `inherit`.
   * @example "read"
   */
  defaultLevel?: pulumi.Input<CollectionDefaultLevel>;
  /**
   * The parent collection's id; absent or `null` keeps the collection at the top level. A change
   * moves it.
   * @example parentCollection.id
   */
  parent?: pulumi.Input<string | null>;
  /**
   * The id of an existing collection to take over instead of creating one. Later changes to it
   * are no change.
   * @example "col_3f9a"
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A collection: a group of spaces, nestable.
 *
 * @example
 * ```ts
 * const handbook = new Collection("handbook", { title: "Engineering handbook" });
 * ```
 */
export class Collection extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly title: pulumi.Output<string>;
  declare public readonly description: pulumi.Output<string | null>;
  declare public readonly defaultLevel: pulumi.Output<CollectionDefaultLevel>;
  declare public readonly parent: pulumi.Output<string | null>;
  declare public readonly urls: pulumi.Output<Urls>;

  constructor(name: string, args: CollectionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("collection"),
      name,
      {
        description: undefined,
        defaultLevel: undefined,
        parent: undefined,
        organizationId: undefined,
        ...args,
        urls: undefined,
      },
      opts,
      "docs-workspace",
      "Collection",
    );
  }
}
