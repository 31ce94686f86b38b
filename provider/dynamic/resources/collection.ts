import type * as pulumi from "@pulumi/pulumi";
import { collection, type CollectionArgs } from "../../resources/collection";
import { recordPermissions } from "../../resources/list-mixing";
import { dynamicClass } from "../resource-class";

/**
 * A collection: a group of spaces, nestable.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its title in its parent collection (or at the top level), and takes it, or creates it again. The API gives its
 * objects no creation time, so those with that key are listed just before each POST (one more
 * request per create), and none of them is ever taken. A create an interrupted run left pending is
 * recovered as absent when nothing has the key; otherwise the error names what has it.
 *
 * @example
 * ```ts
 * const handbook = new Collection("handbook", { title: "Engineering handbook" });
 * ```
 */
export class Collection extends dynamicClass(collection).withArgs<CollectionArgs>() {
  constructor(name: string, args: CollectionArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    recordPermissions(this, "Collection", name, args.permissions);
  }
}
