import { z } from "zod";
import { roleOrGuest, named } from "./common";
import { CollectionJson } from "./collections";
import { SpaceJson } from "./spaces";

const base = { object: z.literal("invite"), id: z.string(), redundant: z.boolean() };

/** `InviteLinkToOrganization`: a link that makes whoever follows it a member with `role`. */
export const InviteLinkToOrganizationJson = named(
  "InviteLinkToOrganization",
  z.strictObject({ ...base, role: roleOrGuest }),
);
/** `InviteLinkToSpace` and `InviteLinkToCollection`: a link to one space or collection. */
export const InviteLinkToSpaceJson = named(
  "InviteLinkToSpace",
  z.strictObject({ ...base, level: roleOrGuest, space: SpaceJson }),
);
export const InviteLinkToCollectionJson = named(
  "InviteLinkToCollection",
  z.strictObject({ ...base, level: roleOrGuest, collection: CollectionJson }),
);
/** `OrganizationInviteLink`: any of the three. */
export const InviteLinkJson = named(
  "OrganizationInviteLink",
  z.union([InviteLinkToOrganizationJson, InviteLinkToSpaceJson, InviteLinkToCollectionJson]),
);
export type InviteLinkJson = z.input<typeof InviteLinkJson>;
