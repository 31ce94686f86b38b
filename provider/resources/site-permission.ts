import type * as pulumi from "@pulumi/pulumi";
import type { ArgsInputs, Input } from "../lifecycle/define";
import { defineResource } from "../lifecycle/define";
import { type GrantArgs, grantDefinitionOf } from "./permission-grant";
import { refuseMixing } from "./permission-mixing";

export const sitePermission = defineResource(
  grantDefinitionOf({
    kind: "site-permission",
    type: "SitePermission",
    target: { kind: "site", key: "siteId", owner: "Site" },
  }),
);

type Inputs = ArgsInputs<typeof sitePermission>;

/** The arguments of a {@link SitePermission}: its site, and one principal with its role. */
export interface SitePermissionArgs extends GrantArgs {
  /**
   * The site the grant is on. A change replaces the grant.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
}

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
export class SitePermission extends sitePermission.resource<SitePermissionArgs>() {
  constructor(name: string, args: SitePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(sitePermission, name, args);
    super(name, args, opts);
  }
}
