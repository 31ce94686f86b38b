import {
  organizationInviteLink,
  type OrganizationInviteLinkArgs,
} from "../../resources/organization-invite-link";
import { dynamicClass } from "../resource-class";

/**
 * A standing invite link to the organization, a space or a collection, with the role it gives.
 * The link's id, what a person joins with, is the secret output `inviteId`; the resource's id is
 * a hash of it. Destroy deletes the link.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * a link to the same target with the same role that was not there before, takes it if found, or
 * creates it again.
 *
 * @example
 * ```ts
 * const join = new OrganizationInviteLink("readers", { spaceId: guides.id, role: "read" });
 * export const joinId = join.inviteId;
 * ```
 */
export class OrganizationInviteLink extends dynamicClass(
  organizationInviteLink,
).withArgs<OrganizationInviteLinkArgs>() {}
