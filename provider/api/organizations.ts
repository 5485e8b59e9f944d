/** Organizations (API.md 2.11, 4.7). */
import type { Role } from "./roles";
import type { ApiMergeRules } from "./merge-rules";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined, listAll } from "./requests";

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

/** One organization; undefined when it is not there (or not visible to the token). */
export function getOrganization(api: ApiRequester, organizationId: string): Promise<ApiOrganization | undefined> {
  return getOrUndefined<ApiOrganization>(api, organizationPath(organizationId));
}
