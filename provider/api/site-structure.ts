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

/** An item of the structure as a sort names it. */
export interface ApiStructureItem {
  type: ApiStructureItemType;
  id: string;
}

/** One move of an item among its siblings: before or after another. */
export interface ApiStructureSort {
  item: ApiStructureItem;
  position: { before: ApiStructureItem } | { after: ApiStructureItem };
}

/** Moves one item among its siblings. Relative (a repeat could move it again), so never re-sent blindly: the caller re-reads the tree. */
export function sortSiteStructureItem(api: ApiRequester, organizationId: string, siteId: string, sort: ApiStructureSort): Promise<unknown> {
  return api.request("PATCH", siteStructureSortPath(organizationId, siteId), { body: sort });
}

/** The site's structure; a 404 is thrown like any other error. */
export function getSiteStructureOrThrow(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiStructure> {
  return api.request<ApiStructure>("GET", siteStructurePath(organizationId, siteId));
}
