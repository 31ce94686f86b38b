import type * as pulumi from "@pulumi/pulumi";
import type { ArgsInputs, Input } from "../lifecycle/define";
import { defineResource } from "../lifecycle/define";
import { type GrantArgs, grantDefinitionOf } from "./permission-grant";
import { refuseMixing } from "./permission-mixing";

export const spacePermission = defineResource(
  grantDefinitionOf({
    kind: "space-permission",
    type: "SpacePermission",
    target: { kind: "space", key: "spaceId", owner: "Space" },
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

/**
 * One principal's role on a space: **additive**, it adds this grant and leaves the space's other
 * grants alone, like {@link TeamMember}. For a space the stack owns, list its grants in
 * {@link Space} `permissions` instead, which also removes grants made by hand. Never both on one
 * space: a program that mixes them is refused at preview (see the README for what each front door
 * catches).
 *
 * @example
 * ```ts
 * new SpacePermission("writers-edit-runbook", { spaceId: runbook.id, teamId: writers.id, role: "edit" });
 * ```
 */
export class SpacePermission extends spacePermission.resource<SpacePermissionArgs>() {
  constructor(name: string, args: SpacePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(spacePermission, name, args);
    super(name, args, opts);
  }
}
