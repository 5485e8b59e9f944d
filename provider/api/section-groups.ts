/** Section groups of a site (API.md 2.17, 4.13). The API has no GET of one group: it is read from the list. */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { findListed, listAll } from "./requests";

export interface ApiSectionGroup {
  id: string;
  title: string;
  icon?: string;
  /** Id of the parent group; absent at the top level. */
  sectionGroup?: string;
}

/** The site's section groups; a POST adds one. */
export const sectionGroupsPath = apiPath(["GET", "POST"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "section-groups"]);

export const sectionGroupPath = apiPath(["PATCH", "DELETE"], (organizationId: string, siteId: string, siteSectionGroupId: string) => [
  "orgs",
  organizationId,
  "sites",
  siteId,
  "section-groups",
  siteSectionGroupId,
]);

/** The site's section groups. */
export function listSectionGroups(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSectionGroup[]> {
  return listAll<ApiSectionGroup>(api, sectionGroupsPath(organizationId, siteId));
}

/** One group, found in the site's list (the API has no GET of one); undefined when it is gone. */
export function getSectionGroup(api: ApiRequester, organizationId: string, siteId: string, groupId: string): Promise<ApiSectionGroup | undefined> {
  return findListed<ApiSectionGroup>(api, sectionGroupsPath(organizationId, siteId), groupId);
}
