import type * as pulumi from "@pulumi/pulumi";
import type { Target } from "../api/permissions";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { grantImportId } from "../lifecycle/import-id";
import type { ArgsInputs, Input } from "../lifecycle/define";
import {
  type GrantArgs,
  createGrant,
  deleteGrant,
  grantDefinition,
  grantEmail,
  grantId,
  noAdopt,
  onePrincipal,
  patchGrant,
  principalInputs,
  readGrant,
} from "./permission-grant";
import { refuseMixing } from "./permission-mixing";

const target = (o: { siteId: string; organizationId: string }): Target => ({
  kind: "site",
  id: o.siteId,
  organizationId: o.organizationId,
});

export const sitePermission = defineResource({
  kind: "site-permission",
  type: "SitePermission",
  importId: grantImportId("siteId"),
  inputs: resourceInputs({ siteId: Id, ...principalInputs }),
  rules: (inputs) => [...onePrincipal(inputs), ...noAdopt(inputs.adoptId)],
  ...grantDefinition,
  replaceOnChange: [...grantDefinition.replaceOnChange, "siteId"],
  outputs: {
    siteId: (_, known) => known.siteId,
    email: (grant, known) => grantEmail(grant, known.email),
  },
  idOf: (grant, inputs) => grantId(inputs.siteId, grant),
  create: (ctx, inputs) => createGrant(ctx, target(inputs), inputs),
  read: ({ client }, _id, olds) => readGrant(client, target(olds), olds),
  patch: ({ client }, _id, olds, body) => patchGrant(client, target(olds), olds, body.role),
  delete: ({ client }, _id, olds) => deleteGrant(client, target(olds), olds),
});

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
    refuseMixing("SitePermission", name, "siteId", args.siteId);
    super(name, args, opts);
  }
}
