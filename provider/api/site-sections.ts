/** Site sections (API.md 2.17, 4.13). The API has no GET of one section: it is read from the list. */
import { apiPath } from "./paths";
import type { ApiSiteSpace } from "./site-spaces";

export interface ApiSiteSection {
  id: string;
  title: string;
  description?: string;
  default?: boolean;
  path?: string;
  condition?: string | null;
  /** The group it is in; absent at the top level. */
  sectionGroup?: string;
  icon?: string;
  siteSpaces?: ApiSiteSpace[];
  urls?: { published?: string };
}

/** The site's sections; a POST adds one (with a site space of the given space). */
export const siteSectionsPath = apiPath(["GET", "POST"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "sections"]);

export const siteSectionPath = apiPath(["PATCH", "DELETE"], (organizationId: string, siteId: string, siteSectionId: string) => [
  "orgs",
  organizationId,
  "sites",
  siteId,
  "sections",
  siteSectionId,
]);
