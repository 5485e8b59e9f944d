/**
 * TeamMember: the membership of the teams where someone has a role other than a plain member's
 * (an `owner`), one object per person with their role, so a copy made from the program gives the
 * same people the same roles. The other teams declare their membership as `Team.members`: which
 * teams are which is this kind's own decision, the same one the Team's import makes
 * (domain/team-membership.ts declaredByTeamMembers), so a team is never declared both ways.
 *
 * Exported only with Team (`exportedWith`): without the Team's choice, a team's membership would
 * come out twice or not at all.
 *
 * Each is named after its team and its member (`translators-eli`), the member by email (the stack
 * config's `members`); `role` is written when it is not the default `member`; adopted by its id,
 * `<teamId>/<userId>`. Its inputs come through the plugin's import path.
 */
import { definition } from "../../resources/team-member";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { slugify } from "../naming";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";
import { sortedTeamMembers } from "./team";
import { declaredByTeamMembers } from "../../domain/team-membership";

const memberDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const teamMember: KindExporter = {
  kind: "TeamMember",
  exportedWith: {
    kind: "Team",
    reason: "the Team exporter declares each team's membership one way, as Team.members or as one TeamMember per person when someone has a role such as owner",
  },
  definition: memberDefinition,
  async read(org, notes) {
    const teams = await org.teams();
    const perTeam = await Promise.all(
      teams.map(async (team): Promise<ExportedObject[]> => {
        const items = await org.teamMembers(team.id);
        if (!declaredByTeamMembers(items)) return [];
        return Promise.all(
          sortedTeamMembers(items).map(async (item): Promise<ExportedObject> => {
            const member = item.organization;
            const email = member.user?.email;
            const id = `${team.id}/${member.id}`;
            return {
              kind: "TeamMember",
              id,
              // Named like the member's key in the stack config (`eli@acme.test` -> `translators-eli`); never after an id.
              name: { object: { kind: "Team", id: team.id }, suffix: slugify(email ? email.split("@")[0] : (member.user?.displayName ?? "")) || "member" },
              inputs: importedInputs({ kind: "TeamMember", id }, await notes.imported(memberDefinition, id), {
                userId: { member: true },
                email: { never: "the member is written with userId, by email when it has one" },
                // `member` is TeamMember's default.
                role: { unless: "member" },
              }),
            };
          }),
        );
      }),
    );
    return perTeam.flat();
  },
};
