import type * as pulumi from "@pulumi/pulumi";
import {
  collectionPermission,
  type CollectionPermissionArgs,
} from "../../resources/collection-permission";
import { refuseMixing } from "../../resources/list-mixing";
import { dynamicClass } from "../resource-class";

/**
 * One principal's role on a collection: **additive**, it adds this grant and leaves the collection's other
 * grants alone, like {@link TeamMember}. For a collection the stack owns, list its grants in
 * {@link Collection} `permissions` instead, which also removes grants made by hand. Never both on one
 * collection: a program that mixes them is refused at preview (see the README for what each front door
 * catches).
 *
 * @example
 * ```ts
 * new CollectionPermission("writers-edit-handbook", { collectionId: handbook.id, teamId: writers.id, role: "edit" });
 * ```
 */
export class CollectionPermission extends dynamicClass(
  collectionPermission,
).withArgs<CollectionPermissionArgs>() {
  constructor(name: string, args: CollectionPermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(collectionPermission, name, args);
    super(name, args, opts);
  }
}
