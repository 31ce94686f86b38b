import { z } from "zod";
import { roleLevel } from "../auth";
import { listOf, named, roleOrGuest, timestamp } from "./common";
import { UserJson } from "./members";
import { TeamJson } from "./teams";

/**
 * The permissions families' JSON, in the hosted service's shapes (docs/api-decisions.md,
 * "Permissions"): a space's or collection's grants carry a RoleLevel, a site's may carry `null`
 * (a guest override); the aggregates list who can access the object, a site's with the origin of
 * each one's role.
 */

export const UserContentPermissionJson = named(
  "UserContentPermission",
  z.strictObject({ permission: roleLevel, user: UserJson }),
);
export type UserContentPermissionJson = z.input<typeof UserContentPermissionJson>;

export const TeamContentPermissionJson = named(
  "TeamContentPermission",
  z.strictObject({ permission: roleLevel, team: TeamJson }),
);
export type TeamContentPermissionJson = z.input<typeof TeamContentPermissionJson>;

export const UserSitePermissionOverrideJson = named(
  "UserSitePermissionOverride",
  z.strictObject({ permission: roleOrGuest, user: UserJson }),
);

export const TeamSitePermissionOverrideJson = named(
  "TeamSitePermissionOverride",
  z.strictObject({ permission: roleOrGuest, team: TeamJson }),
);

/** Where a member's effective role on a site comes from. */
export const UserSitePermissionOriginJson = named(
  "UserSitePermissionOrigin",
  z.union([
    z.strictObject({ type: z.literal("organization"), organization: z.string() }),
    z.strictObject({
      type: z.literal("site"),
      site: z.string(),
      reason: z.enum(["member", "team", "default"]),
      team: z.string().optional(),
    }),
  ]),
);
export type UserSitePermissionOriginJson = z.input<typeof UserSitePermissionOriginJson>;

export const UserSitePermissionJson = named(
  "UserSitePermission",
  z.strictObject({
    permission: roleOrGuest,
    user: UserJson,
    origin: UserSitePermissionOriginJson,
    disabled: z.boolean(),
    lastSeenAt: timestamp.optional(),
  }),
);
export type UserSitePermissionJson = z.input<typeof UserSitePermissionJson>;

export const UserContentPermissionList = listOf(
  "UserContentPermissionList",
  UserContentPermissionJson,
);
export const TeamContentPermissionList = listOf(
  "TeamContentPermissionList",
  TeamContentPermissionJson,
);
export const UserSitePermissionOverrideList = listOf(
  "UserSitePermissionOverrideList",
  UserSitePermissionOverrideJson,
);
export const TeamSitePermissionOverrideList = listOf(
  "TeamSitePermissionOverrideList",
  TeamSitePermissionOverrideJson,
);
export const UserSitePermissionList = listOf("UserSitePermissionList", UserSitePermissionJson);
