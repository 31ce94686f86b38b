import {
  organizationMember,
  type OrganizationMemberArgs,
} from "../../resources/organization-member";
import { dynamicClass } from "../resource-class";

/**
 * The role of one member of the organization. Members join through invites, SSO or the
 * organization's e-mail domains; this resource manages the role of one who has joined. Deleting
 * it gives the member back the organization's default role, or, with `removeOnDelete: true`,
 * removes the member.
 *
 * @example
 * ```ts
 * new OrganizationMember("linus", { email: "linus@example.com", role: "review" });
 * ```
 */
export class OrganizationMember extends dynamicClass(
  organizationMember,
).withArgs<OrganizationMemberArgs>() {}
