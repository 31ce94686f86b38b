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

const target = (o: { collectionId: string; organizationId: string }): Target => ({
  kind: "collection",
  id: o.collectionId,
  organizationId: o.organizationId,
});

export const collectionPermission = defineResource({
  kind: "collection-permission",
  type: "CollectionPermission",
  importId: grantImportId("collectionId"),
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

/** The arguments of a {@link CollectionPermission}: its collection, and one principal with its role. */
export interface CollectionPermissionArgs extends GrantArgs {
  /**
   * The collection the grant is on. A change replaces the grant.
   * @example handbook.id
   */
  collectionId: Input<Inputs["collectionId"]>;
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
