/** Docs sites (API.md 2.17, 4.12; unpublish: DESIGN.md 8). */
import { apiPath } from "./paths";

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
