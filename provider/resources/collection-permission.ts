import type * as pulumi from "@pulumi/pulumi";
import type { ArgsInputs, Input } from "../lifecycle/define";
import { defineResource } from "../lifecycle/define";
import { type GrantArgs, grantDefinitionOf } from "./permission-grant";
import { refuseMixing } from "./permission-mixing";

export const collectionPermission = defineResource(
  grantDefinitionOf({
    kind: "collection-permission",
    type: "CollectionPermission",
    target: { kind: "collection", key: "collectionId", owner: "Collection" },
  }),
);

type Inputs = ArgsInputs<typeof collectionPermission>;

/** The arguments of a {@link CollectionPermission}: its collection, and one principal with its role. */
export interface CollectionPermissionArgs extends GrantArgs {
  /**
   * The collection the grant is on. A change replaces the grant.
   * @example handbook.id
   */
  collectionId: Input<Inputs["collectionId"]>;
}

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
export class CollectionPermission extends collectionPermission.resource<CollectionPermissionArgs>() {
  constructor(name: string, args: CollectionPermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(collectionPermission, name, args);
    super(name, args, opts);
  }
}
