/** Section groups of a site (API.md 2.17, 4.13). The API has no GET of one group: it is read from the list. */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, findListed, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

export interface ApiSectionGroup {
  id: string;
  title: string;
  icon?: string;
  /** Id of the parent group; absent at the top level. */
  sectionGroup?: string;
  /**
   * DESIGN.md 8: the group's own site sections, as objects in order (an earlier emulator gave their
   * ids), and `children`, everything nested under it. The provider reads neither: a section's group
   * is the section's own `sectionGroup`, and order comes from the site's structure.
   */
  sections?: unknown[];
  children?: unknown[];
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

/** One group for a read: in a refresh or an import, from the site's list every group of the site shares. */
export function readSectionGroupThroughList(ctx: ReadContext, organizationId: string, siteId: string, groupId: string): Promise<ApiSectionGroup | undefined> {
  return readThroughList(ctx, sectionGroupsPath(organizationId, siteId), groupId, () => getSectionGroup(ctx.api, organizationId, siteId, groupId));
}

/** Adds a section group (its title, icon and parent group); sent once: createOnce finds it when the outcome is unknown. */
export function createSectionGroup(api: ApiRequester, organizationId: string, siteId: string, body: Record<string, unknown>): Promise<ApiSectionGroup> {
  return api.request<ApiSectionGroup>("POST", sectionGroupsPath(organizationId, siteId), { body });
}

/** Sets a group's values (absolute ones: a title, a parent); an unknown outcome is read back from the site's list (the API has no GET of one). */
export function updateSectionGroup(api: ApiRequester, organizationId: string, siteId: string, groupId: string, body: Record<string, unknown>): Promise<ApiSectionGroup> {
  return patchChecked<ApiSectionGroup>(api, sectionGroupPath(organizationId, siteId, groupId), body, { readBack: () => getSectionGroup(api, organizationId, siteId, groupId) });
}

/** Deletes a group (the API moves its sections and nested groups up one level); a 404 (it, or its site, is gone) counts as deleted. */
export function deleteSectionGroup(api: ApiRequester, organizationId: string, siteId: string, groupId: string): Promise<void> {
  return deleteIdempotent(api, sectionGroupPath(organizationId, siteId, groupId));
}
