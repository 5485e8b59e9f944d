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
 * The choice is made once for export and `pulumi import` alike (domain/team-membership.ts): the
 * Team's import leaves `members` out of such a team (resources/team.ts importLeavesOut), so this
 * file only spells the members; team-member.ts writes the TeamMembers of the same teams.
 */
import { definition } from "../../resources/team";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { compare } from "../naming";
import type { ApiTeamMember } from "../../api/teams";
import { type Value } from "../values";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const teamDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

/** The team's members, by email (those without one by user id), so the program's order does not follow the API's. */
export function sortedTeamMembers(items: readonly ApiTeamMember[]): ApiTeamMember[] {
  const sortKey = (item: ApiTeamMember) => (item.organization.user?.email ?? item.organization.id).toLowerCase();
  return [...items].sort((a, b) => compare(sortKey(a), sortKey(b)) || compare(a.organization.id, b.organization.id));
}

/**
 * A team's members (user ids, as the team's read gives them) as the stack config's people, by
 * email (those without one by user id), so the program's order does not follow the API's.
 */
function membersValue(userIds: readonly string[], emails: ReadonlyMap<string, string | undefined>): Value {
  const sortKey = (userId: string) => (emails.get(userId) ?? userId).toLowerCase();
  const sorted = [...userIds].sort((a, b) => compare(sortKey(a), sortKey(b)) || compare(a, b));
  return { type: "array", items: sorted.map((userId): Value => ({ type: "member", userId, email: emails.get(userId), as: "email" })) };
}

export const team: KindExporter = {
  kind: "Team",
  definition: teamDefinition,
  async read(org, notes) {
    const [teams, members] = await Promise.all([org.teams(), org.members()]);
    const emails = new Map(members.map((member) => [member.id, member.user?.email]));
    return Promise.all(
      teams.map(async (team): Promise<ExportedObject> => ({
        kind: "Team",
        id: team.id,
        name: { title: team.title, fallback: "team" },
        // `members` is left out by the import itself for a team declared by TeamMembers (the Team's importLeavesOut).
        inputs: importedInputs({ kind: "Team", id: team.id }, await notes.imported(teamDefinition, team.id), {
          members: { as: (userIds) => membersValue(userIds as string[], emails) },
        }),
      })),
    );
  },
};
