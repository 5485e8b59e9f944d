import * as pulumi from "@pulumi/pulumi";
import { addOwner, conflictError, type Owner, programRegistry } from "./object-owners";
import { teamMembershipConflict as conflictMessage } from "../domain/team-membership";

/**
 * Who manages the membership of which team in this program, so that a team managed two ways fails
 * the program with a message instead of flapping: `Team` with `members` is authoritative (it
 * removes anyone it does not list), `TeamMember` adds one member, so each `up` would undo the other.
 *
 * Runs in the program's own process; the core enforces the same rule for the whole deployment,
 * through both doors (the definitions' `exclusiveWay`), with the same message. Here a conflict is
 * found earlier, two ways:
 * - at once, when a TeamMember's `teamId` is the `id` Output of a Team with `members` (the usual
 *   `teamId: team.id`), in previews of new teams too;
 * - when the ids resolve, for a `teamId` given any other way (a config value, an id string). Ids of
 *   teams not created yet are unknown during a preview, so that case fails at `up`.
 */
interface Registry {
  /** The `id` Output of each Team with `members`, by identity. */
  authoritativeOutputs: WeakMap<object, Owner>;
  /** Resolved team ids: the Teams with `members` and the TeamMembers naming each. */
  authoritative: Map<string, Owner[]>;
  additive: Map<string, Owner[]>;
}

function registry(): Registry {
  return programRegistry("team-membership-owners", () => ({ authoritativeOutputs: new WeakMap(), authoritative: new Map(), additive: new Map() }));
}

/**
 * Records that the Team `team` (named `label`, e.g. `Team "writers"`) manages its membership. Its
 * id is checked against the TeamMembers when it resolves; a conflict fails the program.
 */
export function registerAuthoritativeTeam(team: pulumi.CustomResource, label: string): void {
  const owner: Owner = { label };
  const owners = registry();
  owners.authoritativeOutputs.set(team.id, owner);
  // Not awaited by anything: a throw here is an unhandled rejection, which fails the program with
  // this message.
  team.id.apply((teamId) => {
    if (!teamId) return;
    addOwner(owners.authoritative, teamId, owner);
    const member = owners.additive.get(teamId)?.[0];
    if (member) throw conflictError(conflictMessage(label, member.label, teamId), team);
  });
}

/**
 * Checks at once that `teamId` is not the id Output of a Team with `members`; throws a RunError
 * naming both otherwise. Call it before registering the TeamMember, so nothing is registered.
 */
export function assertNotAuthoritativeTeamId(teamId: unknown, label: string): void {
  if (typeof teamId !== "object" || teamId === null) return;
  const team = registry().authoritativeOutputs.get(teamId);
  if (team) throw new pulumi.RunError(conflictMessage(team.label, label, undefined));
}

/**
 * The TeamMember labelled `label`'s `teamId`, recorded and checked against the Teams with `members`
 * when it resolves: pass the result as the TeamMember's `teamId`, so a conflict fails its
 * registration (and the program) before it is created. `resource` gives the TeamMember for the
 * error once constructed; the check always runs after the constructor, as resolution is async.
 */
export function registerTeamMember(label: string, teamId: pulumi.Input<string>, resource: () => pulumi.Resource | undefined): pulumi.Output<string> {
  const owners = registry();
  return pulumi.output(teamId).apply((resolved) => {
    if (!resolved) return resolved;
    const member = resource();
    addOwner(owners.additive, resolved, { label });
    const team = owners.authoritative.get(resolved)?.[0];
    if (team) throw conflictError(conflictMessage(team.label, label, resolved), member);
    return resolved;
  });
}
