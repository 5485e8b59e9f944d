import { ref } from "../adapter/example-values";
import { z } from "zod";
import type { ResourceContext } from "../recovery/context";
import { identifier, resourceId } from "../adapter/check";
import { EVEN_WITH_OTHER_FAILURES, emailAddress, emailAsWritten, exactlyOneMemberReference, findMember, type MemberReference } from "../domain/members";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { isUnknown } from "../adapter/unknowns";
import { stateStrings } from "../adapter/values";
import { wireMapping } from "../adapter/wire";
import { TEAM_MEMBERSHIP, teamMembershipConflict } from "../domain/team-membership";
import { type ApiTeamMember, deleteTeamMember, getTeamMember, readTeamMemberThroughList, setTeamMember } from "../api/teams";
import { SaidError, said, term } from "../adapter/door-words";

/** Roles of a member in a team. */
export const TEAM_ROLES = ["owner", "member"] as const;

export type TeamRole = (typeof TEAM_ROLES)[number];

/** An input that is known and a valid id; an invalid one has its own failure. */
function comparable(value: unknown): value is string {
  return typeof value === "string" && value !== "" && value !== "." && value !== ".." && !isUnknown(value);
}

/** The id of a team membership: `<teamId>/<userId>`. */
const membershipId = resourceId().refine((value) => splitId(value) !== undefined, 'must be "<teamId>/<userId>", e.g. "team_123/usr_ada"');

export const schema = z
  .strictObject({
    // In the request's path; the membership does not carry it.
    organizationId: identifier().meta({
      replaces: true,
      sendAs: false,
      description: "Id of the organization that owns the team. Changing it replaces the membership. Defaults to the stack's `docs-platform:organizationId`.",
      example: "org_acme",
    }),
    // In the request's path (and the resource's id); the membership does not carry it.
    teamId: identifier().meta({
      replaces: true,
      sendAs: false,
      refersTo: "Team",
      description: "The team, whose `Team.members`, if it has a `Team` resource, must not be set. Changing it replaces the\n" + "membership.",
      example: ref("Team", "writers"),
    }),
    // The organization member's id, which is the user id (DESIGN.md 8); in the request's path.
    userId: identifier().optional().meta({
      replaces: true,
      readFrom: "organization.id",
      sendAs: false,
      description: "The member's user id; give exactly one of `userId` and `email`. Changing it replaces the membership.",
      example: "usr_ada",
    }),
    /** Matched case-insensitively against the organization members' emails; kept as written. Only finds the user: never sent. */
    email: emailAddress()
      .optional()
      .meta({
        replaces: true,
        readFrom: "organization.user.email",
        sendAs: false,
        description:
          "The member's email, resolved to their user id through the organization's member list\n" +
          "(case-insensitive); give exactly one of `userId` and `email`. Changing it replaces the\n" +
          "membership.",
        example: "ada@acme.com",
      }),
    // The member's role in the team is the membership's `team.role` (DESIGN.md 8).
    role: z
      .enum(TEAM_ROLES)
      .default("member")
      .meta({ readFrom: "team.role", description: "The member's role in the team: `owner` or `member` (the default). Changes in place.", example: "owner" }),
    adopt: z
      .union([z.boolean(), z.strictObject({ id: membershipId })])
      .optional()
      .meta({
        description:
          'Take over a membership that already exists instead of failing: `{ id: "<teamId>/<userId>" }`,\n' +
          "or `true` for the membership of this user in this team (added if there is none). Its role is\n" +
          "then set to `role`. Only read at creation.",
      }),
  })
  .superRefine(exactlyOneMemberReference, EVEN_WITH_OTHER_FAILURES)
  .superRefine((inputs, issues) => {
    // An adopted membership must be the one the inputs describe; compared only when both are
    // known and well-formed (a misshapen one has its own failure).
    const adopt: unknown = inputs.adopt;
    const adoptId = typeof adopt === "object" && adopt !== null ? (adopt as { id?: unknown }).id : undefined;
    const parts = typeof adoptId === "string" && !isUnknown(adoptId) ? splitId(adoptId) : undefined;
    if (!parts) return;
    const [teamId, userId] = parts;
    if (comparable(inputs.teamId) && inputs.teamId !== teamId) {
      issues.addIssue({ code: "custom", path: ["adopt", "id"], message: `names team ${teamId}, but teamId is ${inputs.teamId}` });
    }
    if (comparable(inputs.userId) && inputs.userId !== userId) {
      issues.addIssue({ code: "custom", path: ["adopt", "id"], message: `names user ${userId}, but userId is ${inputs.userId}` });
    }
  }, EVEN_WITH_OTHER_FAILURES);

export type TeamMemberInputs = z.infer<typeof schema>;

/** `<teamId>/<userId>` as its two parts, or undefined when it is not that shape. */
function splitId(id: string): [string, string] | undefined {
  const parts = id.split("/");
  if (parts.length !== 2) return undefined;
  const [teamId, userId] = parts as [string, string];
  const valid = (part: string) => part !== "" && part !== "." && part !== "..";
  return valid(teamId) && valid(userId) ? [teamId, userId] : undefined;
}

function partsOf(id: string): [string, string] {
  const parts = splitId(id);
  if (!parts) throw new SaidError(said`${term.kind("TeamMember")}: the id ${JSON.stringify(id)} is not "<${term.field("teamId")}>/<${term.field("userId")}>"`);
  return parts;
}

const claimKey = (organizationId: string, teamId: string, userId: string) => `team-member:${organizationId}/${teamId}/${userId}`;

/** The state of a membership as the API answers it (an item of the team's member list), and the body sent, from the declarations above. */
const wire = wireMapping(schema);

/**
 * The state a membership stands for, from the declarations and the request's path. By hand: the
 * email as the program wrote it when it names the same member (emails match in any case, so a
 * case difference is no drift).
 */
function fromApi(organizationId: string, teamId: string, membership: ApiTeamMember, writtenEmail: unknown): State {
  return wire.fromApi(membership, { organizationId, teamId, email: emailAsWritten(writtenEmail, membership.organization.user?.email) });
}

async function readMembership(ctx: ResourceContext, organizationId: string, id: string, writtenEmail: unknown): Promise<State | undefined> {
  const [teamId, userId] = partsOf(id);
  // In a refresh or an import, from the team's member list shared by every member of the team (see shared-lists.ts).
  const membership = await readTeamMemberThroughList(ctx, organizationId, teamId, userId);
  return membership && fromApi(organizationId, teamId, membership, writtenEmail);
}

/** The user id the inputs name; the user must be a member of the organization. */
async function userIdOf(ctx: ResourceContext, organizationId: string, reference: MemberReference): Promise<string> {
  return (await findMember(ctx.api, organizationId, reference, "TeamMember")).id;
}

function noTeam(organizationId: string, teamId: string): Error {
  return new Error(`TeamMember: team ${teamId} does not exist in organization ${organizationId} (or is not visible to this token)`);
}

function organizationOf(props: State): string {
  return stateStrings(props, ["organizationId"], said`${term.kind("TeamMember")}: the state has no ${term.field("organizationId")}; run ${term.refresh()} or recreate the resource`)
    .organizationId;
}

export const definition: ResourceDefinition<TeamMemberInputs> = {
  kind: "TeamMember",
  exclusiveInputKeys: [["userId", "email"]],
  schema,
  ...declaredKeyLists(schema),
  naturalKey: "team and user",
  // Adds one member: the team's membership must not be a Team's `members` too.
  exclusiveWay: {
    aspect: TEAM_MEMBERSHIP,
    way: "TeamMember",
    inProgram: { input: "teamId" },
    object: ({ teamId }) => (typeof teamId === "string" && teamId !== "" ? teamId : undefined),
    conflict: (member, team, teamId) => teamMembershipConflict(team, member, teamId),
  },

  async create(ctx, inputs) {
    const { organizationId, teamId } = inputs;
    const userId = await userIdOf(ctx, organizationId, inputs);
    const existing = await getTeamMember(ctx.api, organizationId, teamId, userId);
    if (existing === "no team") throw noTeam(organizationId, teamId);
    if (existing) {
      throw new SaidError(
        said`${term.kind("TeamMember")}: user ${userId} is already a member of team ${teamId} (role ${existing.team?.role ?? "unknown"}); take the membership over ${term.takeOver(`with adopt: true or adopt: { id: "${teamId}/${userId}" }`, `${teamId}/${userId}`)}, so that destroying it later removes a membership the ${term.program()} owns`,
      );
    }
    ctx.claims?.claim(claimKey(organizationId, teamId, userId));
    await setTeamMember(ctx.api, organizationId, teamId, userId, wire.bodyOf(inputs));
    const id = `${teamId}/${userId}`;
    const state = await readMembership(ctx, organizationId, id, inputs.email);
    if (!state) throw new SaidError(said`TeamMember: ${id} disappeared right after it was added; run ${term.apply()} again`);
    return { id, state };
  },

  async read(ctx, id, previous) {
    return readMembership(ctx, organizationOf(previous), id, previous.email);
  },

  async update(ctx, id, _olds, news, changed) {
    const organizationId = news.organizationId;
    const [teamId, userId] = partsOf(id);
    // Only an adoption reconciles more than the role; an adopted membership of another user (its
    // email differs) cannot be made this one.
    const other = ["teamId", "userId", "email"].filter((key) => changed.has(key));
    if (other.length > 0) {
      throw new Error(`TeamMember: the membership ${id} does not match the inputs (${other.join(", ")} differ); adopt the membership of this team and user`);
    }
    const body = wire.patchOf(news, changed);
    // The membership's PUT sets the role in place (DESIGN.md 8): the same request as the create's.
    if (Object.keys(body).length > 0) await setTeamMember(ctx.api, organizationId, teamId, userId, body);
    const state = await readMembership(ctx, organizationId, id, news.email);
    if (!state) throw new SaidError(said`TeamMember: ${id} is no longer a membership of team ${teamId}; run ${term.refresh()}`);
    return state;
  },

  async delete(ctx, id, props) {
    const organizationId = organizationOf(props);
    const [teamId, userId] = partsOf(id);
    // Taken over by another TeamMember of this deployment (a replacement naming the same user
    // differently): removing the membership would undo that.
    if (ctx.claims?.has(claimKey(organizationId, teamId, userId))) return;
    // 204 when not a member, 205 when removed, 404 when the team is gone: all mean "not a member".
    await deleteTeamMember(ctx.api, organizationId, teamId, userId);
  },

  async findByNaturalKey(ctx, inputs) {
    const { organizationId, teamId } = inputs;
    const userId = await userIdOf(ctx, organizationId, inputs);
    const membership = await getTeamMember(ctx.api, organizationId, teamId, userId);
    if (membership === "no team") throw noTeam(organizationId, teamId);
    if (!membership) return [];
    ctx.claims?.claim(claimKey(organizationId, teamId, userId));
    return [{ id: `${teamId}/${userId}`, state: fromApi(organizationId, teamId, membership, inputs.email) }];
  },
};
