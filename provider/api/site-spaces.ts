/** Site spaces: a space shown in a site, at its root or in a section (API.md 2.17, 4.13). */
import { apiPath } from "./paths";

export interface ApiSiteSpace {
  id: string;
  path?: string;
  /** The section it is in; null at the site's root. */
  section?: string | null;
  space?: { id: string; title?: string };
  title?: string;
  default?: boolean;
  condition?: string | null;
  hidden?: boolean;
  urls?: { published?: string };
}

/** The site's site spaces (`default: true` lists only the default one); a POST adds one. */
export const siteSpacesPath = apiPath(["GET", "POST"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "site-spaces"]);

export const siteSpacePath = apiPath(["PATCH", "DELETE"], (organizationId: string, siteId: string, siteSpaceId: string) => [
  "orgs",
  organizationId,
  "sites",
  siteId,
  "site-spaces",
  siteSpaceId,
]);
