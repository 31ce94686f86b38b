import type { ArgsInputs, Input } from "../lifecycle/define";
import { defineResource } from "../lifecycle/define";
import { type GrantArgs, grantDefinitionOf } from "./permission-grant";

export const sitePermission = defineResource(
  grantDefinitionOf({
    kind: "site-permission",
    type: "SitePermission",
    target: { kind: "site", key: "siteId", owner: "Site", list: "permissions", item: "grant" },
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
