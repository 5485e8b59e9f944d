/** Members of an organization (API.md 2.13, 4.8). */
import type { Role } from "./roles";
import { apiPath } from "./paths";
import type { ApiRequester, ListReader } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

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
  /** Counts (DESIGN.md 8): the spaces and teams of the member, the sites they can edit. Never read as lists. */
  spaces?: number;
  teams?: number;
  sites?: number;
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

/** One member for a read: in a refresh or an import, from the organization's list every member shares. */
export function readMemberThroughList(ctx: ReadContext, organizationId: string, userId: string): Promise<ApiMember | undefined> {
  return readThroughList(ctx, membersPath(organizationId), userId, () => getMember(ctx.api, organizationId, userId));
}

/** Sets a member's values: their role in the organization (`null`: a guest). */
export function updateMember(api: ApiRequester, organizationId: string, userId: string, body: Record<string, unknown>): Promise<ApiMember> {
  return patchChecked<ApiMember>(api, memberPath(organizationId, userId), body);
}

/** Removes a member from the organization; one no longer a member counts as removed. */
export function deleteMember(api: ApiRequester, organizationId: string, userId: string): Promise<void> {
  return deleteIdempotent(api, memberPath(organizationId, userId));
}

/** One member, by user id; a 404 is thrown like any other error, for the callers that explain a missing member themselves. */
export function getMemberOrThrow(api: ApiRequester, organizationId: string, userId: string): Promise<ApiMember> {
  return api.request<ApiMember>("GET", memberPath(organizationId, userId));
}
