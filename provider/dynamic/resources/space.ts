import type * as pulumi from "@pulumi/pulumi";
import { space, type SpaceArgs } from "../../resources/space";
import { recordPermissions } from "../../resources/list-mixing";
import { dynamicClass } from "../resource-class";

/**
 * A space: a container of documentation content.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its title in its parent collection (or at the top level), made
 * since the create was sent, and takes it, or creates it again; a create an interrupted run left
 * pending is recovered the same way.
 *
 * @example
 * ```ts
 * const runbook = new Space("runbook", { title: "On-call runbook", parent: handbook.id });
 * ```
 */
export class Space extends dynamicClass(space).withArgs<SpaceArgs>() {
  constructor(name: string, args: SpaceArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    recordPermissions(this, "Space", name, args.permissions);
  }
}
