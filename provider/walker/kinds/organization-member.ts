/**
 * OrganizationMember: every member's role in the organization, the member named by email (the
 * stack config's `members`), so the same program gives another organization's people the same
 * roles. Every member is declared, whatever their role: a member's role has no default to leave
 * out (they joined with whatever the organization gave then), and a copy must set each one. The
 * API names no token's own user, so the exporting admin is declared too, as the admin they are.
 *
 * `removeOnDestroy` is never written: destroying the exported program must not remove people from
 * the organization. There is no `adopt` to write either: the resource always takes its member over.
 */
import { definition } from "../../resources/organization-member";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { compare } from "../naming";
import type { ApiMember } from "../../api/members";
import { importedInputs } from "./imported";
import type { ExportedObject, KindExporter } from "./kind";

const memberDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

/** The members by email (those without one by user id), so the program's order does not follow the API's. */
function byEmail(a: ApiMember, b: ApiMember): number {
  return compare((a.user?.email ?? "").toLowerCase(), (b.user?.email ?? "").toLowerCase()) || compare(a.id, b.id);
}

export const organizationMember: KindExporter = {
  kind: "OrganizationMember",
  definition: memberDefinition,
  async read(org, notes) {
    const members = [...(await org.members())].sort(byEmail);
    return Promise.all(
      members.map(async (member): Promise<ExportedObject> => {
        const email = member.user?.email;
        return {
          kind: "OrganizationMember",
          id: member.id,
          // Named like the member's key in the stack config (`ada@acme.test` -> `ada`); never after the id.
          name: { title: email ? email.split("@")[0] : (member.user?.displayName ?? ""), fallback: "member" },
          // A guest's role is `null`, declared as such.
          inputs: importedInputs({ kind: "OrganizationMember", id: member.id }, await notes.imported(memberDefinition, member.id), {
            userId: { member: true },
            email: { never: "the member is written with userId, by email when it has one" },
            role: { keepNull: true },
            removeOnDestroy: { never: "destroying the exported program must not remove people from the organization" },
          }),
        };
      }),
    );
  },
};
