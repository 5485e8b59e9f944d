/**
 * Team, with its exact membership: members are named by email (the stack config's `members`), so
 * the same program gives another organization's people the same teams.
 *
 * A team's membership is one set, declared once, by `Team.members`, however the organization's
 * program managed it (`members`, or one `TeamMember` per person): `TeamMember` objects are never
 * exported. `members` names people, not their role in the team, so a team owner comes out as a
 * member of the set; the export warns about each one (a copy made from the program makes them
 * plain members, while adopting leaves their role as it is).
 */
import { definition } from "../../../resources/team";
import type { Adopt } from "../../../runtime/adopt";
import type { ResourceDefinition } from "../../../runtime/resource";
import { compare } from "../naming";
import { type Value, literal } from "../values";
import type { ExportedObject, KindExporter } from "./kind";

export const team: KindExporter = {
  kind: "Team",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org, notes) {
    const teams = await org.teams();
    return Promise.all(
      teams.map(async (team): Promise<ExportedObject> => {
        const items = await org.teamMembers(team.id);
        const owners = items.filter((item) => item.team?.role === "owner").map((item) => item.organization.user?.email ?? item.organization.id);
        if (owners.length > 0) {
          notes.warn(
            `team "${team.title}": ${owners.sort(compare).join(", ")} ${owners.length === 1 ? "is an owner" : "are owners"} of the team; ` +
              "Team.members cannot declare a team role, so a copy made from this program makes them members (adopting changes no role)",
          );
        }
        const members = items
          .map((item) => item.organization)
          .map((member): Value => ({ type: "member", userId: member.id, email: member.user?.email, as: "email" }))
          .sort((a, b) => compare(memberSortKey(a), memberSortKey(b)));
        return {
          kind: "Team",
          id: team.id,
          name: { title: team.title, fallback: "team" },
          inputs: [
            ["title", literal(team.title)],
            ["members", { type: "array", items: members }],
          ],
        };
      }),
    );
  },
};

function memberSortKey(value: Value): string {
  return value.type === "member" ? (value.email ?? value.userId).toLowerCase() : "";
}
