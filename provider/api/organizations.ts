/** Organizations (API.md 2.11, 4.7). */
import type { Role } from "./roles";
import type { ApiMergeRules } from "./merge-rules";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined, listAll, patchChecked } from "./requests";

/** An Organization, with the fields the provider reads. */
export interface ApiOrganization {
  id: string;
  title: string;
  createdAt?: string;
  emailDomains?: string[];
  hostname?: string;
  type?: string;
  useCase?: string;
  communityType?: string;
  defaultRole?: Role | null;
  defaultContent?: { type: "site"; site: string } | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  plan?: string;
  mergeRules?: ApiMergeRules;
  urls?: { location?: string; app?: string; logo?: string };
  customHostname?: string;
}

/** The organizations of the authenticated user. */
export const organizationsPath = apiPath(["GET"], () => ["orgs"]);

export const organizationPath = apiPath(["GET", "PATCH"], (organizationId: string) => ["orgs", organizationId]);

/** The organizations of the authenticated user. */
export function listOrganizations(api: ApiRequester): Promise<ApiOrganization[]> {
  return listAll<ApiOrganization>(api, organizationsPath());
}

/**
 * One page of one organization of the authenticated user: a read that proves the API takes the
 * token, retried as a read but not until the deadline (a door checks the token with it once).
 */
export function readTokenOrganizations(api: ApiRequester): Promise<unknown> {
  return api.request<unknown>("GET", organizationsPath(), { query: { limit: 1 }, untilDeadline: false });
}

/** One organization; undefined when it is not there (or not visible to the token). */
export function getOrganization(api: ApiRequester, organizationId: string): Promise<ApiOrganization | undefined> {
  return getOrUndefined<ApiOrganization>(api, organizationPath(organizationId));
}

/** Sets an organization's settings (absolute values: a default role, merge rules). */
export function updateOrganization(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiOrganization> {
  return patchChecked<ApiOrganization>(api, organizationPath(organizationId), body);
}

/** One organization; a 404 is thrown like any other error, for the callers that explain a missing organization themselves. */
export function getOrganizationOrThrow(api: ApiRequester, organizationId: string): Promise<ApiOrganization> {
  return api.request<ApiOrganization>("GET", organizationPath(organizationId));
}

/** Whether a request's path, as an API error reports it (a query or a trailing slash aside), is the organization's own object rather than something in it. */
export function isOrganizationRequestPath(requestPath: string, organizationId: string): boolean {
  return requestPath
    .split("?")[0]
    .replace(/\/+$/, "")
    .endsWith(`/${organizationPath(organizationId).join("/")}`);
}
