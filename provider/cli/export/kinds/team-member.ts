/**
 * TeamMember: the membership of the teams where someone has a role other than a plain member's
 * (an `owner`), one object per person with their role, so a copy made from the program gives the
 * same people the same roles. The other teams declare their membership as `Team.members`, and
 * team.ts decides which is which: a team is never declared both ways.
 *
 * Exported only with Team (`exportedWith`): without the Team exporter's choice, a team's
 * membership would come out twice or not at all.
 *
 * Each is named after its team and its member (`translators-eli`), the member by email (the stack
 * config's `members`); `role` is written when it is not the default `member`; adopted by its id,
 * `<teamId>/<userId>`.
 */
import { definition } from "../../../resources/team-member";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { slugify } from "../naming";
import { literal, ref } from "../values";
import type { ExportedObject, KindExporter } from "./kind";
import { sortedTeamMembers } from "./team";
import { declaredByTeamMembers, teamRoleOf } from "../../../domain/team-membership";

export const teamMember: KindExporter = {
  kind: "TeamMember",
  exportedWith: {
    kind: "Team",
    reason: "the Team exporter declares each team's membership one way, as Team.members or as one TeamMember per person when someone has a role such as owner",
  },
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const teams = await org.teams();
    const perTeam = await Promise.all(
      teams.map(async (team): Promise<ExportedObject[]> => {
        const items = await org.teamMembers(team.id);
        if (!declaredByTeamMembers(items)) return [];
        return sortedTeamMembers(items).map((item): ExportedObject => {
          const member = item.organization;
          const email = member.user?.email;
          const role = teamRoleOf(item);
          return {
            kind: "TeamMember",
            id: `${team.id}/${member.id}`,
            // Named like the member's key in the stack config (`eli@acme.test` -> `translators-eli`); never after an id.
            name: { object: { kind: "Team", id: team.id }, suffix: slugify(email ? email.split("@")[0]! : (member.user?.displayName ?? "")) || "member" },
            inputs: [
              ["teamId", ref("Team", team.id)],
              // A member without an email (the API does not promise one) is named by user id, through the stack config's `memberIds`.
              email ? ["email", { type: "member", userId: member.id, email, as: "email" }] : ["userId", { type: "member", userId: member.id, email: undefined, as: "id" }],
              // `member` is TeamMember's default.
              ["role", role === "member" ? undefined : literal(role)],
            ],
          };
        });
      }),
    );
    return perTeam.flat();
  },
};
