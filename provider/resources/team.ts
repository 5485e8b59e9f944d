import { ref } from "../adapter/example-values";
import { z } from "zod";
import { wireMapping } from "../adapter/wire";
import { adoptInput } from "../adapter/adopt";
import type { ApiRequester } from "../api/requester";
import type { ResourceContext } from "../recovery/context";
import { identifier, text } from "../adapter/check";
import { createOnce } from "../recovery/create-once";
import { PartialCreateError } from "../recovery/partial-create";
import { sortedSet } from "../api/requests";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { stateStrings } from "../adapter/values";
import { listMembersShared, listMemberTeamsShared } from "../api/members";
import {
  type ApiTeam,
  changeTeamMembers,
  createTeam,
  deleteTeam,
  getTeam,
  listTeamMembers,
  listTeamMembersForRead,
  listTeams,
  listTeamsShared,
  readTeamThroughList,
  updateTeam,
} from "../api/teams";
import { TEAM_MEMBERSHIP, declaredByTeamMembers, teamMembershipConflict } from "../domain/team-membership";
import { SaidError, said, term } from "../adapter/door-words";

/** What `adopt: true`, an interrupted create, the preview's duplicate check and the messages match by. */
const NATURAL_KEY = "title within the organization";

/** the production service's behaviour (production; the API's reference gives no limit). */
export const TEAM_TITLE_MAX = 64;

export const schema = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the team. Changing it replaces the team. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_acme",
  }),
  /** the production service's behaviour: team titles are 1..64 characters. */
  title: text({ min: 1, max: TEAM_TITLE_MAX }).meta({ description: "Title of the team, 1 to 64 characters; renaming keeps the team.", example: "Docs writers" }),
  // A set: order and duplicates carry no meaning, so they are normalized away for stable diffs.
  members: z
    .array(identifier())
    .transform((members) => sortedSet(members))
    .optional()
    // Changed by the team-member operation, never the PATCH; the API's team holds only their count.
    .meta({
      setValued: true,
      updatedApart: true,
      description:
        "The team's members, each a user id or an email (an entry holding an `@`; matched against the\n" +
        "member's email case-insensitively): the exact membership (members added elsewhere are removed).\n" +
        "Each must already be a member of the organization. Order and duplicates do not matter; the\n" +
        "state keeps each member as written here. Leave it out to not manage membership (and to\n" +
        "manage it one member at a time with `TeamMember`, which must not be used with `members`).",
      example: [ref("OrganizationMember", "writer"), "ada@example.com"],
    }),
  adopt: adoptInput.optional().meta({
    description:
      'Take over an existing team instead of creating one: `{ id: "team_123" }`, or `true` to adopt\n' +
      "the team whose title equals `title` (created if there is none). It is then reconciled to\n" +
      "these inputs. Only read at creation.",
  }),
});

export type TeamInputs = z.infer<typeof schema>;

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  members: z.array(z.string()).optional().meta({ description: "The members as the program names them (user ids and emails), sorted; absent when `members` is not managed." }),
  spaces: z.number().meta({ description: "Number of spaces the team has access to." }),
  createdAt: z.string(),
});

/** The state of a team as the API answers it, and the bodies sent, from the declarations above. */
const wire = wireMapping(schema, outputs);

/** A member of a team as the provider compares it: the user id and, when known, the email. */
interface TeamMember {
  id: string;
  email?: string;
}

/** A `members` entry holding an `@` names a user by email; any other entry is a user id. */
function isEmail(entry: string): boolean {
  return entry.includes("@");
}

/** Whether the `members` entry `entry` names `member`: its user id, or its email in any case. */
function names(entry: string, member: TeamMember): boolean {
  if (entry === member.id) return true;
  return isEmail(entry) && member.email !== undefined && entry.toLowerCase() === member.email.toLowerCase();
}

async function currentMembers(api: ApiRequester, organizationId: string, teamId: string): Promise<TeamMember[]> {
  const items = await listTeamMembers(api, organizationId, teamId);
  return items.map((item) => ({ id: item.organization.id, ...(item.organization.user?.email ? { email: item.organization.user.email } : {}) }));
}

/**
 * The membership `current` as the program writes it in `written` (the inputs, or the previous
 * state on refresh): each member under the entries of `written` that name them, spelled as
 * written, or under their user id when none does. So a member given by email stays that email, a
 * member added elsewhere shows up as a user id, and one removed elsewhere is missing: the diff
 * against the inputs is exactly the real drift.
 */
function membersAsWritten(current: readonly TeamMember[], written: readonly string[]): string[] {
  return sortedSet(
    current.flatMap((member) => {
      const entries = written.filter((entry) => names(entry, member));
      return entries.length > 0 ? entries : [member.id];
    }),
  );
}

/** The `members` of a previous state, when it holds a list of strings. */
function writtenMembers(members: unknown): string[] {
  return Array.isArray(members) ? members.filter((entry): entry is string => typeof entry === "string") : [];
}

/**
 * In a refresh (`ctx.lists`), the members of every team of the organization from the lists the
 * refresh shares: the organization's members, and each member's teams. That is one request per
 * member instead of one per team, taken when the organization has no more members than teams (a
 * documentation setup's usual shape); otherwise undefined, and each team's own member list is read.
 */
async function sharedMembership(ctx: ResourceContext, organizationId: string, teamId: string): Promise<TeamMember[] | undefined> {
  const lists = ctx.lists;
  if (!lists) return undefined;
  const [members, teams] = await Promise.all([listMembersShared(lists, organizationId), listTeamsShared(lists, organizationId)]);
  if (!members || !teams || members.length > teams.length) return undefined;
  const memberships = await Promise.all(members.map(async (member) => ({ member, teams: (await listMemberTeamsShared(lists, organizationId, member.id)) ?? [] })));
  return memberships
    .filter(({ teams: ofMember }) => ofMember.some((item) => item.team?.id === teamId))
    .map(({ member }) => ({ id: member.id, ...(member.user?.email ? { email: member.user.email } : {}) }));
}

/**
 * The state a team stands for, from the declarations and the request's path. By hand: the team
 * object only counts its members (API.md 2.13); the state holds them as the program names them,
 * `members`, read apart from the team's member list (undefined: not read, as for the lookup
 * `getTeam`). Used by create, read, partial-create recovery and `getTeam`.
 */
export function fromApi(team: ApiTeam, organizationId: string, members?: readonly string[]): State {
  return wire.fromApi(team, { organizationId, members });
}

async function stateOf(api: ApiRequester, organizationId: string, team: ApiTeam, written: readonly string[], ctx?: ResourceContext): Promise<State> {
  const current = (ctx && (await sharedMembership(ctx, organizationId, team.id))) ?? (await currentMembers(api, organizationId, team.id));
  return fromApi(team, organizationId, membersAsWritten(current, written));
}

/**
 * Makes the team's membership exactly `wanted` with one team-member write, diffing against the
 * membership as it is now (not as last recorded) so drift is repaired too. Entries are sent as
 * written: the operation takes user ids and emails alike.
 */
async function setMembers(api: ApiRequester, organizationId: string, teamId: string, wanted: readonly string[]): Promise<void> {
  const current = await currentMembers(api, organizationId, teamId);
  const add = wanted.filter((entry) => !current.some((member) => names(entry, member)));
  const remove = current.filter((member) => !wanted.some((entry) => names(entry, member))).map((member) => member.id);
  if (add.length > 0 || remove.length > 0) {
    await changeTeamMembers(api, organizationId, teamId, { add, remove });
  }
}

async function readTeam(ctx: ResourceContext, organizationId: string, id: string, written: readonly string[]): Promise<State | undefined> {
  // In a refresh, from the organization's team list shared by every team (see shared-lists.ts).
  const team = await readTeamThroughList(ctx, organizationId, id);
  return team ? stateOf(ctx.api, organizationId, team, written, ctx) : undefined;
}

async function teamsTitled(api: ApiRequester, organizationId: string, title: string): Promise<ApiTeam[]> {
  const teams = await listTeams(api, organizationId);
  return teams.filter((team) => team.title === title);
}

function organizationOf(props: State): string {
  return stateStrings(props, ["organizationId"], said`${term.kind("Team")}: the state has no ${term.field("organizationId")}; run ${term.refresh()} or recreate the resource`)
    .organizationId;
}

/** The team `adopt: { id }` names, if any. */
function adoptedId(adopt: unknown): string | undefined {
  const id = typeof adopt === "object" && adopt !== null ? (adopt as { id?: unknown }).id : undefined;
  return typeof id === "string" && id !== "" ? id : undefined;
}

export const definition: ResourceDefinition<TeamInputs> = {
  kind: "Team",
  schema,
  outputs,
  ...declaredKeyLists(schema),
  naturalKey: NATURAL_KEY,
  // The API makes a second one with the same key: a create next to an existing one is warned about.
  duplicates: "allowed",
  // With `members`, the team's membership is this resource's alone: no TeamMember may add to it.
  exclusiveWay: {
    aspect: TEAM_MEMBERSHIP,
    way: "Team.members",
    inProgram: { ownIdWhen: (args) => args.members !== undefined },
    // Before its create, an adopted team is known by the id `adopt` names.
    object: (inputs, id) => (inputs.members !== undefined ? (id ?? adoptedId(inputs.adopt)) : undefined),
    conflict: (team, member, teamId) => teamMembershipConflict(team, member, teamId),
  },

  // A team where someone has a role other than a plain member's is imported without `members`:
  // its TeamMembers (which carry the roles) declare its membership.
  async importLeavesOut(ctx, id, state) {
    // In an import of many teams (export's), from the lists they share.
    const items = await listTeamMembersForRead(ctx, organizationOf(state), id);
    return declaredByTeamMembers(items) ? ["members"] : [];
  },

  async create(ctx, inputs) {
    const written = inputs.members ?? [];
    // PUT /teams takes user ids only; members named by email join through the
    // team-member operation, which takes emails.
    const ids = written.filter((entry) => !isEmail(entry));
    const emails = written.filter(isEmail);
    const team = await createOnce<ApiTeam>(ctx, {
      kind: "Team",
      describe: `team "${inputs.title}"`,
      matchedBy: NATURAL_KEY,
      // This PUT creates a new team every time it is sent: never re-sent blindly.
      send: () => createTeam(ctx.api, inputs.organizationId, { ...wire.bodyOf(inputs), members: ids }),
      find: () => teamsTitled(ctx.api, inputs.organizationId, inputs.title),
      get: (id) => getTeam(ctx.api, inputs.organizationId, id),
      idOf: (team) => team.id,
      createdAtOf: (team) => team.createdAt,
    });
    if (emails.length > 0) {
      try {
        await changeTeamMembers(ctx.api, inputs.organizationId, team.id, { add: emails });
      } catch (cause) {
        const state = fromApi(team, inputs.organizationId, ids);
        throw new PartialCreateError(team.id, state, cause);
      }
    }
    return { id: team.id, state: await stateOf(ctx.api, inputs.organizationId, team, written) };
  },

  async read(ctx, id, previous) {
    // One read alone takes 2 requests (the team and its member list); with the shared lists
    // (ctx.lists) the first read of the organization's teams takes 3: the teams list, the
    // organization's member list (which decides whether each member's teams list pays, see
    // sharedMembership) and the team's members. Both shared lists are read once per refresh, so
    // a refresh of N teams sends about N + 2, not 2N.
    return readTeam(ctx, organizationOf(previous), id, writtenMembers(previous.members));
  },

  async update(ctx, id, _olds, news, changed) {
    const organizationId = news.organizationId;
    const body = wire.patchOf(news, changed);
    // By hand: a team's PATCH needs the title, whatever else it changes (DESIGN.md 8). The PATCH
    // answers the team (API.md 4.8): its state then needs only the member list.
    const renamed = Object.keys(body).length > 0 ? await updateTeam(ctx.api, organizationId, id, { title: news.title, ...body }) : undefined;
    if (changed.has("members") && news.members !== undefined) {
      await setMembers(ctx.api, organizationId, id, news.members);
    }
    const state = renamed ? await stateOf(ctx.api, organizationId, renamed, news.members ?? []) : await readTeam(ctx, organizationId, id, news.members ?? []);
    if (!state) throw new SaidError(said`Team ${id} disappeared during the update; run ${term.refresh()}`);
    return state;
  },

  async delete(ctx, id, props) {
    await deleteTeam(ctx.api, organizationOf(props), id);
  },

  async findByNaturalKey(ctx, inputs) {
    // The list's name filter is a case-insensitive "contains" whose parameter name the API's reference does not
    // give, so list everything and match the exact title here.
    const matches = await teamsTitled(ctx.api, inputs.organizationId, inputs.title);
    return Promise.all(matches.map(async (team) => ({ id: team.id, state: await stateOf(ctx.api, inputs.organizationId, team, inputs.members ?? []) })));
  },
};
