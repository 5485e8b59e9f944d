/** Docs sites (API.md 2.17, 4.12; unpublish: DESIGN.md 8). */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

export interface ApiSite {
  id: string;
  title: string;
  type: string;
  visibility: string;
  published: boolean;
  basename?: string;
  hostname?: string;
  proxy?: { origin?: string; target?: string } | string | null;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: string;
  siteSpaces?: number;
  createdAt?: string;
  urls?: { location?: string; app?: string; published?: string; preview?: string };
}

/** The organization's sites; a POST creates one. */
export const sitesPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "sites"]);

export const sitePath = apiPath(["GET", "PATCH", "DELETE"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId]);

export const sitePublishPath = apiPath(["POST"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "publish"]);

export const siteUnpublishPath = apiPath(["POST"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "unpublish"]);

/** The organization's sites. */
export function listSites(api: ApiRequester, organizationId: string): Promise<ApiSite[]> {
  return listAll<ApiSite>(api, sitesPath(organizationId));
}

/** One site; undefined when it is gone. */
export function getSite(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSite | undefined> {
  return getOrUndefined<ApiSite>(api, sitePath(organizationId, siteId));
}

/** One site for a read: in a refresh, from the organization's list every site shares. */
export function readSiteThroughList(ctx: ReadContext, organizationId: string, siteId: string): Promise<ApiSite | undefined> {
  return readThroughList(ctx, sitesPath(organizationId), siteId, () => getSite(ctx.api, organizationId, siteId));
}

/** Creates a site (it starts unpublished); sent once: createOnce finds it when the outcome is unknown. */
export function createSite(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiSite> {
  return api.request<ApiSite>("POST", sitesPath(organizationId), { body });
}

/** Sets a site's values (absolute ones: a title, a visibility). */
export function updateSite(api: ApiRequester, organizationId: string, siteId: string, body: Record<string, unknown>): Promise<ApiSite> {
  return patchChecked<ApiSite>(api, sitePath(organizationId, siteId), body);
}

/** Publishes a site; publishing a published site changes nothing, so it is safe to send again. */
export function publishSite(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSite> {
  return api.request<ApiSite>("POST", sitePublishPath(organizationId, siteId), { idempotent: true });
}

/** Unpublishes a site; unpublishing an unpublished site changes nothing, so it is safe to send again. */
export function unpublishSite(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiSite> {
  return api.request<ApiSite>("POST", siteUnpublishPath(organizationId, siteId), { idempotent: true });
}

/** Deletes a site; one already gone counts as deleted. */
export function deleteSite(api: ApiRequester, organizationId: string, siteId: string): Promise<void> {
  return deleteIdempotent(api, sitePath(organizationId, siteId));
}
