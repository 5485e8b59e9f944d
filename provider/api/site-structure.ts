/** A site's ordered tree of sections, groups and site spaces, and its sorting (DESIGN.md 8). */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined } from "./requests";

export type ApiStructureItemType = "site-space" | "site-section" | "site-section-group";

export interface ApiStructureNode {
  object: ApiStructureItemType;
  id: string;
  children?: ApiStructureNode[];
  siteSpaces?: { id: string }[];
}

export interface ApiStructure {
  type: "sections" | "siteSpaces";
  structure: ApiStructureNode[];
}

export const siteStructurePath = apiPath(["GET"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "structure"]);

/** Moves one item among its siblings. */
export const siteStructureSortPath = apiPath(["PATCH"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "structure", "sort"]);

/** The site's structure; undefined when the site is gone. */
export function getSiteStructure(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiStructure | undefined> {
  return getOrUndefined<ApiStructure>(api, siteStructurePath(organizationId, siteId));
}
