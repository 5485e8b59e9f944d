/** Site sections (API.md 2.17, 4.13). The API has no GET of one section: it is read from the list. */
import { apiPath } from "./paths";
import type { ApiRequester, ListReader } from "./requester";
import { deleteIdempotent, findListed, listAll, listForRead, patchChecked, type ReadContext, readThroughList } from "./requests";
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

/** The site's sections. */
export function listSiteSections(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSiteSection[]> {
  return listAll<ApiSiteSection>(api, siteSectionsPath(organizationId, siteId));
}

/** The site's sections for a read: in a refresh, the list every section of the site shares. */
export function listSiteSectionsForRead(ctx: ReadContext, organizationId: string, siteId: string): Promise<readonly ApiSiteSection[]> {
  return listForRead<ApiSiteSection>(ctx, siteSectionsPath(organizationId, siteId));
}

/** The site's sections from the refresh's shared list; undefined when the API answers 404 (the site is gone). */
export function listSiteSectionsShared(lists: ListReader, organizationId: string, siteId: string): Promise<readonly ApiSiteSection[] | undefined> {
  return lists.all<ApiSiteSection>(siteSectionsPath(organizationId, siteId));
}

/** One section, found in the site's list (the API has no GET of one); undefined when it is gone. */
export function getSiteSection(api: ApiRequester, organizationId: string, siteId: string, sectionId: string): Promise<ApiSiteSection | undefined> {
  return findListed<ApiSiteSection>(api, siteSectionsPath(organizationId, siteId), sectionId);
}

/** One section for a read: in a refresh, from the list every section of the site shares. */
export function readSiteSectionThroughList(ctx: ReadContext, organizationId: string, siteId: string, sectionId: string): Promise<ApiSiteSection | undefined> {
  return readThroughList(ctx, siteSectionsPath(organizationId, siteId), sectionId, () => getSiteSection(ctx.api, organizationId, siteId, sectionId));
}

/** Adds a section (with a site space of the given space); sent once: createOnce finds it when the outcome is unknown. */
export function createSiteSection(api: ApiRequester, organizationId: string, siteId: string, body: Record<string, unknown>): Promise<ApiSiteSection> {
  return api.request<ApiSiteSection>("POST", siteSectionsPath(organizationId, siteId), { body });
}

/** Sets a section's values (absolute ones: a title, a path); an unknown outcome is read back from the site's list (the API has no GET of one). */
export function updateSiteSection(api: ApiRequester, organizationId: string, siteId: string, sectionId: string, body: Record<string, unknown>): Promise<ApiSiteSection> {
  return patchChecked<ApiSiteSection>(api, siteSectionPath(organizationId, siteId, sectionId), body, { readBack: () => getSiteSection(api, organizationId, siteId, sectionId) });
}

/** Deletes a section; a 404 (it, or its site, is gone) counts as deleted. */
export function deleteSiteSection(api: ApiRequester, organizationId: string, siteId: string, sectionId: string): Promise<void> {
  return deleteIdempotent(api, siteSectionPath(organizationId, siteId, sectionId));
}
