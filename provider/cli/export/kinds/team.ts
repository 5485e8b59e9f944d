/**
 * Team, with its exact membership: members are named by email (the stack config's `members`), so
 * the same program gives another organization's people the same teams.
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
  async read(org) {
    const teams = await org.teams();
    return Promise.all(
      teams.map(async (team): Promise<ExportedObject> => {
        const members = (await org.teamMembers(team.id))
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
