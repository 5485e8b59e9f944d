/**
 * Team, with its exact membership: members are named by email (the stack config's `members`), so
 * the same program gives another organization's people the same teams.
 *
 * A team's membership is declared one of two ways, never both (`Team.members` is authoritative,
 * `TeamMember` adds one person, so on one team each `up` would undo the other):
 * - a team whose people are all plain members: `Team.members`, the whole set in one place;
 * - a team where someone has another role (an `owner`): the Team without `members`, and one
 *   `TeamMember` per person with their role (team-member.ts), since `members` names people only
 *   and a copy made from it would lose the role.
 */
import { definition } from "../../../resources/team";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { compare } from "../naming";
import type { ApiTeamMember } from "../../../api/teams";
import { declaredByTeamMembers } from "../../../domain/team-membership";
import { type Value, literal } from "../values";
import type { ExportedObject, KindExporter } from "./kind";


/** The team's members, by email (those without one by user id), so the program's order does not follow the API's. */
export function sortedTeamMembers(items: readonly ApiTeamMember[]): ApiTeamMember[] {
  const sortKey = (item: ApiTeamMember) => (item.organization.user?.email ?? item.organization.id).toLowerCase();
  return [...items].sort((a, b) => compare(sortKey(a), sortKey(b)) || compare(a.organization.id, b.organization.id));
}

export const team: KindExporter = {
  kind: "Team",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const teams = await org.teams();
    return Promise.all(
      teams.map(async (team): Promise<ExportedObject> => {
        const items = await org.teamMembers(team.id);
        const members = declaredByTeamMembers(items)
          ? undefined
          : sortedTeamMembers(items).map(({ organization: member }): Value => ({ type: "member", userId: member.id, email: member.user?.email, as: "email" }));
        return {
          kind: "Team",
          id: team.id,
          name: { title: team.title, fallback: "team" },
          inputs: [
            ["title", literal(team.title)],
            ["members", members && { type: "array", items: members }],
          ],
        };
      }),
    );
  },
};
