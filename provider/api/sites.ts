/** Docs sites (API.md 2.17, 4.12; unpublish: DESIGN.md 8). */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined, listAll, type ReadContext, readThroughList } from "./requests";

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
