/** Site spaces: a space shown in a site, at its root or in a section (API.md 2.17, 4.13). */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, findListed, listAll, listForRead, patchChecked, type ReadContext, readThroughList } from "./requests";

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

/** The site's site spaces. */
export function listSiteSpaces(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSiteSpace[]> {
  return listAll<ApiSiteSpace>(api, siteSpacesPath(organizationId, siteId));
}

/** The site's default site spaces only (the root's, and each section's): a shorter list than all of them. */
export function listDefaultSiteSpaces(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSiteSpace[]> {
  return listAll<ApiSiteSpace>(api, siteSpacesPath(organizationId, siteId), { default: true });
}

/** The site's site spaces for a read: in a refresh, the list every site space of the site shares. */
export function listSiteSpacesForRead(ctx: ReadContext, organizationId: string, siteId: string): Promise<readonly ApiSiteSpace[]> {
  return listForRead<ApiSiteSpace>(ctx, siteSpacesPath(organizationId, siteId));
}

/** One site space, found in the site's list (the API has no GET of one); undefined when it is gone. */
export function getSiteSpace(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string): Promise<ApiSiteSpace | undefined> {
  return findListed<ApiSiteSpace>(api, siteSpacesPath(organizationId, siteId), siteSpaceId);
}

/** One site space for a read: in a refresh, from the list every site space of the site shares. */
export function readSiteSpaceThroughList(ctx: ReadContext, organizationId: string, siteId: string, siteSpaceId: string): Promise<ApiSiteSpace | undefined> {
  return readThroughList(ctx, siteSpacesPath(organizationId, siteId), siteSpaceId, () => getSiteSpace(ctx.api, organizationId, siteId, siteSpaceId));
}

/** Adds a site space (a space, to a section or the site's root); sent once: createOnce finds it when the outcome is unknown. */
export function createSiteSpace(api: ApiRequester, organizationId: string, siteId: string, body: Record<string, unknown>): Promise<ApiSiteSpace> {
  return api.request<ApiSiteSpace>("POST", siteSpacesPath(organizationId, siteId), { body });
}

/** Sets a site space's values (absolute ones: a path, a space); an unknown outcome is read back from the site's list (the API has no GET of one). */
export function updateSiteSpace(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string, body: Record<string, unknown>): Promise<ApiSiteSpace> {
  return patchChecked<ApiSiteSpace>(api, siteSpacePath(organizationId, siteId, siteSpaceId), body, { readBack: () => getSiteSpace(api, organizationId, siteId, siteSpaceId) });
}

/** Deletes a site space; a 404 (it, or its site, is gone) counts as deleted. */
export function deleteSiteSpace(api: ApiRequester, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
  return deleteIdempotent(api, siteSpacePath(organizationId, siteId, siteSpaceId));
}
