import * as api from "../api/organization-invites";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * A standing invite link to the organization, a space or a collection, with the role it gives.
 * The link's id is what a person joins with, so it is a secret output (`inviteId`), and the
 * resource's id is the link's handle, a hash of it that grants nothing. Its target is fixed (a
 * change replaces it); its role changes in place. Destroy deletes it: nobody can join with it
 * any more.
 */
export const organizationInviteLink = defineResource({
  kind: "organization-invite-link",
  type: "OrganizationInviteLink",
  inputs: resourceInputs(api.InviteLinkFields),
  rules: ({ spaceId, collectionId, adoptId }) => [
    ...(spaceId != null && collectionId != null
      ? [{ property: "collectionId", reason: "a link leads to a space or a collection, not both" }]
      : []),
    ...(adoptId != null && !api.INVITE_HANDLE.test(adoptId)
      ? [
          {
            property: "adoptId",
            reason:
              "must be a link's handle (inv_ and 24 hex digits, its id in a stack's state), never the link's id itself, which is a secret",
          },
        ]
      : []),
  ],
  replaceOnChange: ["organizationId", "spaceId", "collectionId"],
  // No space and no collection: a link to the organization.
  absentMeans: { spaceId: null, collectionId: null },
  response: api.InviteLink,
  createBody: api.InviteLinkCreate,
  patchBody: api.InviteLinkPatch,
  outputs: {
    role: (link) => api.roleOf(link),
    spaceId: (link) => link.space?.id ?? null,
    collectionId: (link) => link.collection?.id ?? null,
    /** The link's id, what a person joins the organization with: a secret. */
    inviteId: (link) => link.id,
    /** Whether the link gives nothing the provider's own token does not already have. */
    redundant: (link) => link.redundant ?? null,
  },
  secretOutputs: ["inviteId"],
  create: ({ client }, inputs, body) => api.createInviteLink(client, inputs.organizationId, body),
  idOf: (link) => api.inviteHandle(link.id),
  read: ({ client }, id, olds) => api.findInviteLink(client, olds.organizationId, id),
  patch: async ({ client }, id, olds, body) => {
    const inviteId =
      olds.inviteId ?? (await api.findInviteLink(client, olds.organizationId, id)).id;
    const toContent = olds.spaceId != null || olds.collectionId != null;
    return api.updateInviteLinkRole(
      client,
      olds.organizationId,
      inviteId,
      toContent,
      body.role ?? olds.role,
    );
  },
  delete: async ({ client }, id, olds) => {
    const inviteId =
      olds.inviteId ?? (await api.findInviteLink(client, olds.organizationId, id)).id;
    await api.deleteInviteLink(client, olds.organizationId, inviteId);
  },
  naturalKey: {
    describe: "target and role in the organization",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listInviteLinks(client, inputs.organizationId))
        .filter(
          (l) =>
            (l.space?.id ?? null) === (inputs.spaceId ?? null) &&
            (l.collection?.id ?? null) === (inputs.collectionId ?? null) &&
            api.roleOf(l) === inputs.role,
        )
        .map((l) => ({ ...l, id: api.inviteHandle(l.id) })),
  },
});

type Inputs = ArgsInputs<typeof organizationInviteLink>;

/** The arguments of an {@link OrganizationInviteLink}. */
export interface OrganizationInviteLinkArgs extends WorkspaceArgs {
  /**
   * The organization; defaults to the workspace's organization. A change replaces the link.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The role whoever follows the link gets: a member role (`admin`, `create`, `review`, `edit`,
   * `comment`, `read`) or `guest`; on the space or collection when the link leads to one. A
   * change is made in place.
   * @example "read"
   */
  role: Input<Inputs["role"]>;
  /**
   * The space the link leads to, instead of the whole organization. A change replaces the link.
   * @example guides.id
   */
  spaceId?: Input<Inputs["spaceId"]>;
  /**
   * The collection the link leads to, instead of the whole organization. A change replaces the
   * link.
   * @example handbooks.id
   */
  collectionId?: Input<Inputs["collectionId"]>;
  /**
   * The handle of an existing link to take over instead of making one (`inv_` and 24 hex digits,
   * as a stack's state names it); never the link's id, which is a secret.
   * @example "inv_3f2a9c0d1b4e5f60718293a4"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
