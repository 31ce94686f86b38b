import {
  organizationSettings,
  type OrganizationSettingsArgs,
} from "../../resources/organization-settings";
import { dynamicClass } from "../resource-class";

/**
 * The settings of an organization: one per organization, never two in one stack or across
 * stacks (they would undo each other's changes).
 *
 * Creating it takes over the organization as it is and applies the declared settings, in one
 * PATCH; a setting not declared is left as it is and not managed. A refresh shows any declared
 * setting changed out of band, and the next `up` puts it back. **Deleting it changes nothing**:
 * the organization keeps its current settings, and the stack simply stops managing them.
 *
 * @example
 * ```ts
 * new OrganizationSettings("acme", {
 *   emailDomains: ["acme.com"],
 *   defaultRole: "read",
 *   inviteLinks: false,
 * });
 * ```
 */
export class OrganizationSettings extends dynamicClass(
  organizationSettings,
).withArgs<OrganizationSettingsArgs>() {}
