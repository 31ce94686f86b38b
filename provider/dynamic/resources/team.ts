import { team, type TeamArgs } from "../../resources/team";
import { dynamicClass } from "../resource-class";

/**
 * A team of the organization's members.
 *
 * With `members`, the team holds exactly the declared people: use it when the stack owns the
 * team. Without it, add people one by one with {@link TeamMember}, for a team others also
 * manage. Never both for one team: `members` would remove every TeamMember's membership at the
 * next refreshed `up`, and each TeamMember would add it back, forever.
 *
 * @example
 * ```ts
 * const writers = new Team("writers", {
 *   title: "Writers",
 *   members: [{ user: "ada@example.com", role: "owner" }, { user: "grace@example.com" }],
 * });
 * export const writerCount = writers.memberCount;
 * ```
 */
export class Team extends dynamicClass(team).withArgs<TeamArgs>() {}
