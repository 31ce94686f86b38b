import { teamMember, type TeamMemberArgs } from "../../resources/team-member";
import { dynamicClass } from "../resource-class";

/**
 * One member of a team, with its role: **additive**, it adds this membership and leaves the
 * team's other members alone. Use it for a team this stack does not own (made by hand, by
 * another stack, by SSO), or to let several stacks each add their people. For a team the stack
 * owns, list its members in {@link Team} `members` instead, which also removes anyone not listed.
 * Never both for one team: the Team's authoritative list would remove each TeamMember's
 * membership at the next refreshed `up`, and the TeamMember would add it back.
 *
 * @example
 * ```ts
 * new TeamMember("linus-reviews", { teamId: reviewers.id, email: "linus@example.com" });
 * ```
 */
export class TeamMember extends dynamicClass(teamMember).withArgs<TeamMemberArgs>() {}
