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

const target = (o: { collectionId: string; organizationId: string }): Target => ({
  kind: "collection",
  id: o.collectionId,
  organizationId: o.organizationId,
});

export const collectionPermission = defineResource({
  kind: "collection-permission",
  type: "CollectionPermission",
  inputs: resourceInputs({ collectionId: Id, ...principalInputs }),
  rules: (inputs) => [...onePrincipal(inputs), ...noAdopt(inputs.adoptId)],
  ...grantDefinition,
  replaceOnChange: [...grantDefinition.replaceOnChange, "collectionId"],
  outputs: {
    collectionId: (_, known) => known.collectionId,
    email: (grant, known) => grantEmail(grant, known.email),
  },
  idOf: (grant, inputs) => grantId(inputs.collectionId, grant),
  create: (ctx, inputs) => createGrant(ctx, target(inputs), inputs),
  read: ({ client }, _id, olds) => readGrant(client, target(olds), olds),
  patch: ({ client }, _id, olds, body) => patchGrant(client, target(olds), olds, body.role),
  delete: ({ client }, _id, olds) => deleteGrant(client, target(olds), olds),
});

type Inputs = ArgsInputs<typeof collectionPermission>;

/** The arguments of a {@link CollectionPermission}: set exactly one of `teamId`, `userId`, `email`. */
export interface CollectionPermissionArgs extends WorkspaceArgs {
  /**
   * The organization the principal belongs to; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The collection the grant is on. A change replaces the grant.
   * @example handbook.id
   */
  collectionId: Input<Inputs["collectionId"]>;
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
   * The role on the collection: `admin`, `create`, `edit`, `review`, `comment` or `read`. A change is
   * one PATCH.
   * @example "edit"
   */
  role: Input<Inputs["role"]>;
  /**
   * Not used: a grant is found by its collection and principal (an existing one is taken over with the
   * declared role), so setting it is an error.
   * @example "col_1a2b/teams/team_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}

/**
 * One principal's role on a collection: **additive**, it adds this grant and leaves the collection's other
 * grants alone, like {@link TeamMember}. For a collection the stack owns, list its grants in
 * {@link Collection} `permissions` instead, which also removes grants made by hand. Never both on one
 * collection: a program that mixes them is refused at preview (see the README for what each front door
 * catches).
 *
 * @example
 * ```ts
 * new CollectionPermission("writers-edit-handbook", { collectionId: handbook.id, teamId: writers.id, role: "edit" });
 * ```
 */
export class CollectionPermission extends collectionPermission.resource<CollectionPermissionArgs>() {
  constructor(name: string, args: CollectionPermissionArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing("CollectionPermission", name, "collectionId", args.collectionId);
    super(name, args, opts);
  }
}
