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

const target = (o: { spaceId: string; organizationId: string }): Target => ({
  kind: "space",
  id: o.spaceId,
  organizationId: o.organizationId,
});

export const spacePermission = defineResource({
  kind: "space-permission",
  type: "SpacePermission",
  importId: grantImportId("spaceId"),
  inputs: resourceInputs({ spaceId: Id, ...principalInputs }),
  rules: (inputs) => [...onePrincipal(inputs), ...noAdopt(inputs.adoptId)],
  ...grantDefinition,
  replaceOnChange: [...grantDefinition.replaceOnChange, "spaceId"],
  outputs: {
    spaceId: (_, known) => known.spaceId,
    email: (grant, known) => grantEmail(grant, known.email),
  },
  idOf: (grant, inputs) => grantId(inputs.spaceId, grant),
  create: (ctx, inputs) => createGrant(ctx, target(inputs), inputs),
  read: ({ client }, _id, olds) => readGrant(client, target(olds), olds),
  patch: ({ client }, _id, olds, body) => patchGrant(client, target(olds), olds, body.role),
  delete: ({ client }, _id, olds) => deleteGrant(client, target(olds), olds),
});

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
    refuseMixing("SpacePermission", name, "spaceId", args.spaceId);
    super(name, args, opts);
  }
}
