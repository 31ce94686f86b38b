import type { ArgsInputs, Input } from "../lifecycle/define";
import { defineResource } from "../lifecycle/define";
import { type GrantArgs, grantDefinitionOf } from "./permission-grant";

export const collectionPermission = defineResource(
  grantDefinitionOf({
    kind: "collection-permission",
    type: "CollectionPermission",
    target: {
      kind: "collection",
      key: "collectionId",
      owner: "Collection",
      list: "permissions",
      item: "grant",
    },
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
