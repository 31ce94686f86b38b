import type { ArgsInputs, Input } from "../lifecycle/define";
import { defineResource } from "../lifecycle/define";
import { type GrantArgs, grantDefinitionOf } from "./permission-grant";

export const spacePermission = defineResource(
  grantDefinitionOf({
    kind: "space-permission",
    type: "SpacePermission",
    target: { kind: "space", key: "spaceId", owner: "Space", list: "permissions", item: "grant" },
  }),
);

type Inputs = ArgsInputs<typeof spacePermission>;

/** The arguments of a {@link SpacePermission}: its space, and one principal with its role. */
export interface SpacePermissionArgs extends GrantArgs {
  /**
   * The space the grant is on. A change replaces the grant.
   * @example runbook.id
   */
  spaceId: Input<Inputs["spaceId"]>;
}
