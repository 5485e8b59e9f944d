import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { type Adopt, adoptInput } from "../runtime/adopt";
import type { ApiRequester, ResourceContext } from "../runtime/api";
import { identifier, text } from "../runtime/check";
import { RESOURCE_MODULE, type Wrapped } from "../runtime/args";
import { deleteIdempotent, getOrUndefined, listAll, sortedSet } from "../runtime/requests";
import type { ResourceDefinition, State } from "../runtime/resource";
import { DocsPlatformProvider } from "../runtime/stub";
import { stateStrings } from "../runtime/values";

/**
 * A team of an organization and, when `members` is given, its exact membership.
 *
 * - Replaced when: `organizationId` changes.
 * - Renaming changes the title in place (PATCH); membership changes go through the team-member
 *   operations, so the team keeps its id, its SAML default-team links and its space permissions.
 * - `members` is authoritative when set: members added outside Pulumi are removed on the next
 *   `up`. Removing `members` from the program stops managing membership (the team keeps its
 *   members); `members: []` empties the team.
 * - Natural key for `adopt: true`: the exact title within the organization.
 */
export const schema = z.strictObject({
  organizationId: identifier(),
  // API.md gives no limit; 1..100 characters is what the API applies.
  title: text({ min: 1, max: 100 }),
  // A set: order and duplicates carry no meaning, so they are normalized away for stable diffs.
  members: z
    .array(identifier())
    .transform((members) => sortedSet(members))
    .optional(),
  adopt: adoptInput.optional(),
});

export type TeamInputs = z.infer<typeof schema>;

export interface TeamArgs {
  /** Id of the organization that owns the team. Changing it replaces the team. Example: `"org_acme"`. */
  organizationId: pulumi.Input<string>;
  /** Title of the team, 1 to 100 characters; renaming keeps the team. Example: `"Docs writers"`. */
  title: pulumi.Input<string>;
  /**
   * User ids of the team's members: the exact membership (members added elsewhere are removed).
   * Each must already be a member of the organization. Order and duplicates do not matter.
   * Leave it out to not manage membership. Example: `[writer.id, "user_42"]`.
   */
  members?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Take over an existing team instead of creating one: `{ id: "team_123" }`, or `true` to adopt
   * the team whose title equals `title` (created if there is none). It is then reconciled to
   * these inputs. Only read at creation.
   */
  adopt?: Wrapped<Adopt>;
}

/** A team of an organization, with authoritative membership. */
export class Team extends pulumi.dynamic.Resource {
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly title: pulumi.Output<string>;
  /** Sorted member user ids; absent when `members` is not managed. */
  declare readonly members: pulumi.Output<string[] | undefined>;
  /** Number of spaces the team has access to. */
  declare readonly spaces: pulumi.Output<number>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TeamArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      new DocsPlatformProvider("Team"),
      name,
      { ...args, spaces: undefined, createdAt: undefined },
      opts,
      RESOURCE_MODULE,
      "Team",
    );
  }
}

/** The API's Team (API.md 2.13); `members` there is a count. */
interface ApiTeam {
  id: string;
  title: string;
  members?: number;
  spaces?: number;
  createdAt?: string;
}

interface ApiMember {
  id: string;
}

const teamsPath = (organizationId: string) => ["orgs", organizationId, "teams"];
const teamPath = (organizationId: string, teamId: string) => [...teamsPath(organizationId), teamId];

async function memberIds(api: ApiRequester, organizationId: string, teamId: string): Promise<string[]> {
  const members = await listAll<ApiMember>(api, [...teamPath(organizationId, teamId), "members"]);
  return sortedSet(members.map((member) => member.id));
}

async function stateOf(api: ApiRequester, organizationId: string, team: ApiTeam): Promise<State> {
  return {
    organizationId,
    title: team.title,
    members: await memberIds(api, organizationId, team.id),
    spaces: team.spaces,
    createdAt: team.createdAt,
  };
}

async function readTeam(ctx: ResourceContext, organizationId: string, id: string): Promise<State | undefined> {
  const team = await getOrUndefined<ApiTeam>(ctx.api, teamPath(organizationId, id));
  return team ? stateOf(ctx.api, organizationId, team) : undefined;
}

function organizationOf(props: State): string {
  return stateStrings(props, ["organizationId"], "Team: the state has no organizationId; run `pulumi refresh` or recreate the resource").organizationId;
}

export const definition: ResourceDefinition<TeamInputs> = {
  kind: "Team",
  schema,
  replaceKeys: ["organizationId"],
  naturalKey: "title within the organization",

  async create(ctx, inputs) {
    const team = await ctx.api.request<ApiTeam>("PUT", teamsPath(inputs.organizationId), {
      body: { title: inputs.title, members: inputs.members ?? [] },
    });
    return { id: team.id, state: await stateOf(ctx.api, inputs.organizationId, team) };
  },

  async read(ctx, id, previous) {
    return readTeam(ctx, organizationOf(previous), id);
  },

  async update(ctx, id, _olds, news, changed) {
    const organizationId = news.organizationId;
    if (changed.has("title")) {
      await ctx.api.request<ApiTeam>("PATCH", teamPath(organizationId, id), { body: { title: news.title } });
    }
    if (changed.has("members") && news.members !== undefined) {
      // Diff against the membership as it is now, not as last recorded, so drift is repaired too.
      const current = new Set(await memberIds(ctx.api, organizationId, id));
      const wanted = new Set(news.members);
      const add = [...wanted].filter((user) => !current.has(user));
      const remove = [...current].filter((user) => !wanted.has(user));
      if (add.length > 0 || remove.length > 0) {
        await ctx.api.request<unknown>("PUT", [...teamPath(organizationId, id), "members"], { body: { add, remove } });
      }
    }
    const state = await readTeam(ctx, organizationId, id);
    if (!state) throw new Error(`Team ${id} disappeared during the update; run \`pulumi refresh\``);
    return state;
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(ctx.api, teamPath(organizationOf(props), id));
  },

  async findByNaturalKey(ctx, inputs) {
    // The list's name filter is a case-insensitive "contains" whose parameter name API.md does not
    // give, so list everything and match the exact title here.
    const teams = await listAll<ApiTeam>(ctx.api, teamsPath(inputs.organizationId));
    const matches = teams.filter((team) => team.title === inputs.title);
    return Promise.all(matches.map(async (team) => ({ id: team.id, state: await stateOf(ctx.api, inputs.organizationId, team) })));
  },
};
