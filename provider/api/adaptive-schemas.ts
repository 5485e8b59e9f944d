/** A site's adaptive schema (API.md 2.17, 4.12). */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined } from "./requests";

export interface ApiAdaptiveSchema {
  jsonSchema: Record<string, unknown>;
  updatedAt?: string;
}

/** A GET answers 404 when the site has none; a PUT sets it. */
export const adaptiveSchemaPath = apiPath(["GET", "PUT"], (organizationId: string, siteId: string) => ["orgs", organizationId, "sites", siteId, "adaptive-schema"]);

/** The site's adaptive schema; undefined when it has none (or the site is gone). */
export function getAdaptiveSchema(api: ApiRequester, organizationId: string, siteId: string): Promise<ApiAdaptiveSchema | undefined> {
  return getOrUndefined<ApiAdaptiveSchema>(api, adaptiveSchemaPath(organizationId, siteId));
}

/** Sets the site's adaptive schema; the same PUT sent twice leaves the same schema. */
export function replaceAdaptiveSchema(api: ApiRequester, organizationId: string, siteId: string, jsonSchema: unknown): Promise<ApiAdaptiveSchema> {
  return api.request<ApiAdaptiveSchema>("PUT", adaptiveSchemaPath(organizationId, siteId), { body: { jsonSchema }, idempotent: true });
}
