/** Teams and their members (API.md 2.13, 4.8; team members: DESIGN.md 8). */
import type { ApiMember } from "./members";
import { apiPath } from "./paths";
import type { ApiRequester, ListReader } from "./requester";
import { isNotFoundError } from "../client";
import { deleteIdempotent, getOrUndefined, listAll, listForRead, patchChecked, type ReadContext, readThroughList } from "./requests";

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

/** The team's members for a read: in a refresh or an import, the team's list every reader of it shares. */
export async function listTeamMembersForRead(ctx: ReadContext, organizationId: string, teamId: string): Promise<readonly ApiTeamMember[]> {
  return listForRead<ApiTeamMember>(ctx, teamMembersPath(organizationId, teamId));
}

/** The team's membership of `userId` for a read: in a refresh or an import, from the team's shared member list; undefined when gone. */
export async function readTeamMemberThroughList(ctx: ReadContext, organizationId: string, teamId: string, userId: string): Promise<ApiTeamMember | undefined> {
  const alone = async () => {
    const membership = await getTeamMember(ctx.api, organizationId, teamId, userId);
    return typeof membership === "object" ? membership : undefined;
  };
  return readThroughList(ctx, teamMembersPath(organizationId, teamId), userId, alone, { keyOf: (item: ApiTeamMember) => item.organization.id });
}

/** Creates a team (members by user id); this PUT makes a new team each time it is sent, so it is never re-sent blindly (createOnce finds it). */
export function createTeam(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiTeam> {
  return api.request<ApiTeam>("PUT", teamsPath(organizationId), { body, idempotent: false });
}

/** Sets a team's values (its title). */
export function updateTeam(api: ApiRequester, organizationId: string, teamId: string, body: Record<string, unknown>): Promise<ApiTeam> {
  return patchChecked<ApiTeam>(api, teamPath(organizationId, teamId), body);
}

/** Deletes a team; one already gone counts as deleted. */
export function deleteTeam(api: ApiRequester, organizationId: string, teamId: string): Promise<void> {
  return deleteIdempotent(api, teamPath(organizationId, teamId));
}

/** Adds members to a team (by user id or email) and removes others (by user id), in one write. */
export function changeTeamMembers(api: ApiRequester, organizationId: string, teamId: string, change: { add?: readonly string[]; remove?: readonly string[] }): Promise<unknown> {
  return api.request<unknown>("PUT", teamMembersPath(organizationId, teamId), { body: change });
}

/** Adds a user to a team with the body's `role`, or sets their role there; the same PUT again changes nothing. */
export function setTeamMember(api: ApiRequester, organizationId: string, teamId: string, userId: string, body: Record<string, unknown>): Promise<unknown> {
  return api.request<unknown>("PUT", teamMemberPath(organizationId, teamId, userId), { body, idempotent: true });
}

/** Removes a user from a team; one already out of it counts as removed. */
export function deleteTeamMember(api: ApiRequester, organizationId: string, teamId: string, userId: string): Promise<void> {
  return deleteIdempotent(api, teamMemberPath(organizationId, teamId, userId));
}
