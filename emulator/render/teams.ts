import { z } from "zod";
import type { TeamRow } from "../store/teams";
import { MemberJson } from "./members";
import { named, timestamp } from "./common";
import { TEAM_TITLE_MAX } from "../limits";

export const teamRole = z.enum(["owner", "member"]);

export const TeamJson = named(
  "OrganizationTeam",
  z.strictObject({
    object: z.literal("team"),
    id: z.string(),
    title: z.string().min(1).max(TEAM_TITLE_MAX),
    members: z.number().int().min(0),
    spaces: z.number().int().min(0),
    createdAt: timestamp,
    permissions: z.strictObject({ admin: z.boolean(), view: z.boolean() }),
  }),
);
export type TeamJson = z.input<typeof TeamJson>;

export const TeamMembershipJson = named("TeamMember", z.strictObject({ role: teamRole }));

export const TeamMemberJson = named(
  "OrganizationTeamMember",
  z.strictObject({
    organization: MemberJson,
    team: TeamMembershipJson,
    permissions: z.strictObject({ view: z.boolean() }),
  }),
);

/**
 * The Team object of §2.10. `manage` is whether the caller may manage it (an admin of the
 * organization, or an owner of the team). `spaces` counts the spaces it was given a role on.
 */
export function renderTeam(row: TeamRow, manage: boolean): TeamJson {
  return {
    object: "team",
    id: row.id,
    title: row.title,
    members: row.members,
    spaces: row.spaces,
    createdAt: row.createdAt,
    permissions: { admin: manage, view: true },
  };
}
