/**
 * A team's membership is managed one way: `Team.members` is authoritative (it removes anyone it
 * does not list), `TeamMember` adds one member, so a team managed both ways flaps (each `up` undoes
 * the other). The message a conflict gives, word for word the same from the dynamic package's
 * program guard (dynamic/exclusive-way-owners.ts) and from the core, through both doors
 * (the definitions' `exclusiveWay`, adapter/exclusive-ways.ts).
 */

import type { ApiTeamMember } from "../api/teams";
import { type Said, said, term } from "../adapter/door-words";

/** The role a member has in a team unless given another: what `Team.members` gives everyone it adds. */
const PLAIN_ROLE = "member";

/** A member's role in the team as read (a member the API gives no role is a plain member). */
export function teamRoleOf(item: ApiTeamMember): string {
  return item.team?.role ?? PLAIN_ROLE;
}

/**
 * Whether a team's membership is declared with `TeamMember` objects rather than `Team.members`:
 * when someone in it has a role other than a plain member's, which only `TeamMember` can declare.
 * Export and `pulumi import` of a Team both decide by it, so neither writes a team both ways.
 */
export function declaredByTeamMembers(items: readonly ApiTeamMember[]): boolean {
  return items.some((item) => teamRoleOf(item) !== PLAIN_ROLE);
}

/** The aspect of a team both kinds declare. */
export const TEAM_MEMBERSHIP = "team membership";

/**
 * `member` (e.g. `TeamMember "eli-in-writers"`) and `team` (e.g. `Team "writers"`) both manage
 * the membership of the team `teamId`; undefined when the program passes the Team's id Output
 * itself, before it resolves.
 */
export function teamMembershipConflict(team: string | Said, member: string | Said, teamId: string | undefined): Said {
  const which = teamId === undefined ? said`the same team (its ${term.field("teamId", "TeamMember")} is ${team}'s id)` : `team ${teamId}`;
  const members = term.field("members", "Team", "Team.members");
  const teamMember = term.kind("TeamMember");
  return said`${member} and ${team} both manage the members of ${which}: ${members} is authoritative and removes members it does not list, ${teamMember} adds one, so every ${term.apply("up")} would undo the other. Manage this team's membership one way: list the member in ${team}'s ${term.field("members", "Team")}, or leave ${term.field("members", "Team")} out of ${team} and use ${teamMember} resources only.`;
}
