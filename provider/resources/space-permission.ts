import type * as pulumi from "@pulumi/pulumi";
import type { Target } from "../api/permissions";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import {
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

/** The arguments of a {@link SpacePermission}: set exactly one of `teamId`, `userId`, `email`. */
export interface SpacePermissionArgs extends WorkspaceArgs {
  /**
   * The organization the principal belongs to; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The space the grant is on. A change replaces the grant.
   * @example runbook.id
   */
  spaceId: Input<Inputs["spaceId"]>;
  /**
   * The team granted the role. A change replaces the grant.
   * @example writers.id
   */
  teamId?: Input<Inputs["teamId"]>;
  /**
   * The user granted the role, by id. A change replaces the grant.
   * @example "usr_3f9a"
   */
  userId?: Input<Inputs["userId"]>;
  /**
   * The user granted the role, by the e-mail of a member of the organization, looked up before
   * anything is written; an address no member has fails with an error naming `email`.
   * @example "linus@example.com"
   */
  email?: Input<Inputs["email"]>;
  /**
   * The role on the space: `admin`, `create`, `edit`, `review`, `comment` or `read`. A change is
   * one PATCH.
   * @example "edit"
   */
  role: Input<Inputs["role"]>;
  /**
   * Not used: a grant is found by its space and principal (an existing one is taken over with the
   * declared role), so setting it is an error.
   * @example "spc_8d1e/teams/team_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
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
