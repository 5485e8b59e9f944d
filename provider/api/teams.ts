/** Teams and their members (API.md 2.13, 4.8; team members: DESIGN.md 8). */
import type { ApiMember } from "./members";
import { apiPath } from "./paths";
import type { ApiRequester, ListReader } from "./requester";
import { isNotFoundError } from "../client";
import { getOrUndefined, listAll, type ReadContext, readThroughList } from "./requests";

/** A Team; `members` is a count. */
export interface ApiTeam {
  id: string;
  title: string;
  members?: number;
  spaces?: number;
  createdAt?: string;
}

/**
 * An item of a team's member list: not a bare Member but the organization Member (whose `id` is
 * the user id) wrapped with the member's role in the team (DESIGN.md 8).
 */
export interface ApiTeamMember {
  organization: ApiMember;
  /** The member's role in the team: `owner` or `member`. */
  team?: { role?: string };
}

/** The organization's teams; a PUT creates one. */
export const teamsPath = apiPath(["GET", "PUT"], (organizationId: string) => ["orgs", organizationId, "teams"]);

export const teamPath = apiPath(["GET", "PATCH", "DELETE"], (organizationId: string, teamId: string) => ["orgs", organizationId, "teams", teamId]);

/** The team's members; a PUT adds and removes several. */
export const teamMembersPath = apiPath(["GET", "PUT"], (organizationId: string, teamId: string) => ["orgs", organizationId, "teams", teamId, "members"]);

/** One member of a team: a PUT adds it or sets its role, a DELETE removes it. */
export const teamMemberPath = apiPath(["PUT", "DELETE"], (organizationId: string, teamId: string, userId: string) => ["orgs", organizationId, "teams", teamId, "members", userId]);

/** The organization's teams. */
export function listTeams(api: ApiRequester, organizationId: string): Promise<ApiTeam[]> {
  return listAll<ApiTeam>(api, teamsPath(organizationId));
}

/** One team; undefined when it is gone. */
export function getTeam(api: ApiRequester, organizationId: string, teamId: string): Promise<ApiTeam | undefined> {
  return getOrUndefined<ApiTeam>(api, teamPath(organizationId, teamId));
}

/** One team for a read: in a refresh, from the organization's list every team shares. */
export function readTeamThroughList(ctx: ReadContext, organizationId: string, teamId: string): Promise<ApiTeam | undefined> {
  return readThroughList(ctx, teamsPath(organizationId), teamId, () => getTeam(ctx.api, organizationId, teamId));
}

/** The team's members, each with their role in it. */
export function listTeamMembers(api: ApiRequester, organizationId: string, teamId: string): Promise<ApiTeamMember[]> {
  return listAll<ApiTeamMember>(api, teamMembersPath(organizationId, teamId));
}

/** The organization's teams from the refresh's shared list; undefined when the API answers 404 (the organization is gone). */
export function listTeamsShared(lists: ListReader, organizationId: string): Promise<readonly ApiTeam[] | undefined> {
  return lists.all<ApiTeam>(teamsPath(organizationId));
}

/**
 * The team's membership of `userId`, found in the team's member list (the API has no GET of one
 * member of a team): undefined when they are not in the team, `"no team"` when the team is gone.
 * The list is read only as far as the member.
 */
export async function getTeamMember(api: ApiRequester, organizationId: string, teamId: string, userId: string): Promise<ApiTeamMember | undefined | "no team"> {
  try {
    for await (const item of api.paginate<ApiTeamMember>(teamMembersPath(organizationId, teamId))) {
      if (item.organization.id === userId) return item;
    }
    return undefined;
  } catch (error) {
    if (isNotFoundError(error)) return "no team";
    throw error;
  }
}
