/** Members of an organization (API.md 2.13, 4.8). */
import type { Role } from "./roles";
import { apiPath } from "./paths";
import type { ApiRequester, ListReader } from "./requester";
import { getOrUndefined, listAll } from "./requests";

export interface ApiUser {
  id?: string;
  email?: string;
  displayName?: string;
}

/** A Member of an organization: its `id` is the member's user id. */
export interface ApiMember {
  id: string;
  /** Null for guests. */
  role: Role | null;
  user?: ApiUser;
  disabled?: boolean;
  joinedAt?: string;
  sso?: boolean;
}

/** An item of a member's teams list: the team (its id at least) and the member's role in it. */
export interface ApiMemberTeam {
  team?: { id?: string };
  member?: { role?: string };
}

export const membersPath = apiPath(["GET"], (organizationId: string) => ["orgs", organizationId, "members"]);

export const memberPath = apiPath(["GET", "PATCH", "DELETE"], (organizationId: string, userId: string) => ["orgs", organizationId, "members", userId]);

export const memberTeamsPath = apiPath(["GET"], (organizationId: string, userId: string) => ["orgs", organizationId, "members", userId, "teams"]);

/** The organization's members. */
export function listMembers(api: ApiRequester, organizationId: string): Promise<ApiMember[]> {
  return listAll<ApiMember>(api, membersPath(organizationId));
}

/** One member, by user id; undefined when they are not (or no longer) a member. */
export function getMember(api: ApiRequester, organizationId: string, userId: string): Promise<ApiMember | undefined> {
  return getOrUndefined<ApiMember>(api, memberPath(organizationId, userId));
}

/** The organization's members from the refresh's shared list; undefined when the API answers 404 (the organization is gone). */
export function listMembersShared(lists: ListReader, organizationId: string): Promise<readonly ApiMember[] | undefined> {
  return lists.all<ApiMember>(membersPath(organizationId));
}

/** The member's teams from the refresh's shared list; undefined when the API answers 404. */
export function listMemberTeamsShared(lists: ListReader, organizationId: string, userId: string): Promise<readonly ApiMemberTeam[] | undefined> {
  return lists.all<ApiMemberTeam>(memberTeamsPath(organizationId, userId));
}
