import type * as pulumi from "@pulumi/pulumi";
import { sitePermission, type SitePermissionArgs } from "../../resources/site-permission";
import { refuseMixing } from "../../resources/list-mixing";
import { dynamicClass } from "../resource-class";

/**
 * One principal's role on a site: **additive**, it adds this grant and leaves the site's other
 * grants alone, like {@link TeamMember}. For a site the stack owns, list its grants in
 * {@link Site} `permissions` instead, which also removes grants made by hand. Never both on one
 * site: a program that mixes them is refused at preview (see the README for what each front door
 * catches).
 *
 * @example
 * ```ts
 * new SitePermission("writers-edit-docs", { siteId: docs.id, teamId: writers.id, role: "edit" });
 * ```
 */
export class SitePermission extends dynamicClass(sitePermission).withArgs<SitePermissionArgs>() {
  constructor(name: string, args: SitePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(sitePermission, name, args);
    super(name, args, opts);
  }
}
