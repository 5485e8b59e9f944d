/** Section groups of a site (API.md 2.17, 4.13). The API has no GET of one group: it is read from the list. */
import { apiPath } from "./paths";

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
