import { z } from "zod";
import { roleLevel } from "../auth";
import type { MemberRow } from "../store/members";
import { named, present, roleOrGuest, timestamp, url } from "./common";

export const UserJson = named(
  "User",
  z.strictObject({
    object: z.literal("user"),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.strictObject({ location: url }),
  }),
);
export type UserJson = z.input<typeof UserJson>;

export const MemberJson = named(
  "OrganizationMember",
  z.strictObject({
    object: z.literal("member"),
    id: z.string(),
    role: roleOrGuest,
    user: UserJson,
    disabled: z.boolean(),
    joinedAt: timestamp,
    lastSeenAt: timestamp.optional(),
    sso: z.boolean(),
    spaces: z.number().int().min(0),
    teams: z.number().int().min(0),
    sites: z.number().int().min(0),
  }),
);
export type MemberJson = z.input<typeof MemberJson>;

/** The counts a Member shows, kept by other families. */
export interface MemberCounts {
  spaces: number;
  teams: number;
  sites: number;
}

export function renderUser(
  origin: string,
  user: Pick<MemberRow, "userId" | "displayName" | "email" | "photoUrl">,
): UserJson {
  return {
    object: "user",
    id: user.userId,
    displayName: user.displayName,
    email: user.email,
    ...present("photoURL", user.photoUrl),
    urls: { location: `${origin}/v1/users/${user.userId}` },
  };
}

/** The Member object of §2.10: `id` is the user's id. */
export function renderMember(origin: string, row: MemberRow, counts: MemberCounts): MemberJson {
  return {
    object: "member",
    id: row.userId,
    role: row.role as z.output<typeof roleLevel> | null,
    user: renderUser(origin, row),
    disabled: row.disabled,
    joinedAt: row.joinedAt,
    ...present("lastSeenAt", row.lastSeenAt),
    sso: row.sso,
    ...counts,
  };
}
