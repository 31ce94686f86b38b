import type * as pulumi from "@pulumi/pulumi";
import { spacePermission, type SpacePermissionArgs } from "../../resources/space-permission";
import { refuseMixing } from "../../resources/list-mixing";
import { dynamicClass } from "../resource-class";

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
export class SpacePermission extends dynamicClass(spacePermission).withArgs<SpacePermissionArgs>() {
  constructor(name: string, args: SpacePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(spacePermission, name, args);
    super(name, args, opts);
  }
}
