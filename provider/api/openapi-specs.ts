/** OpenAPI specifications (API.md 2.18, 4.14). */
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { deleteIdempotent, getOrUndefined, listAll, patchChecked, type ReadContext, readThroughList } from "./requests";

export interface ApiOpenApiSpec {
  id: string;
  slug: string;
  sourceURL: string;
  processingState: string;
  visibility?: string;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors?: { message: string; code?: string }[];
  createdAt?: string;
  updatedAt?: string;
  urls?: { location?: string; app?: string; published?: string };
}

/** The organization's specs; a POST adds one. */
export const openApiSpecsPath = apiPath(["GET", "POST"], (organizationId: string) => ["orgs", organizationId, "openapi"]);

/** One spec, by its slug: a PUT replaces its source, a PATCH sets its visibility. */
export const openApiSpecPath = apiPath(["GET", "PUT", "PATCH", "DELETE"], (organizationId: string, specSlug: string) => ["orgs", organizationId, "openapi", specSlug]);

/** The organization's specs. */
export function listOpenApiSpecs(api: ApiRequester, organizationId: string): Promise<ApiOpenApiSpec[]> {
  return listAll<ApiOpenApiSpec>(api, openApiSpecsPath(organizationId));
}

/** One spec, by its slug; undefined when it is gone. */
export function getOpenApiSpec(api: ApiRequester, organizationId: string, specSlug: string): Promise<ApiOpenApiSpec | undefined> {
  return getOrUndefined<ApiOpenApiSpec>(api, openApiSpecPath(organizationId, specSlug));
}

/** One spec for a read: in a refresh, from the organization's list every spec shares (found by slug). */
export function readOpenApiSpecThroughList(ctx: ReadContext, organizationId: string, specSlug: string): Promise<ApiOpenApiSpec | undefined> {
  return readThroughList(ctx, openApiSpecsPath(organizationId), specSlug, () => getOpenApiSpec(ctx.api, organizationId, specSlug), { keyOf: (item: ApiOpenApiSpec) => item.slug });
}

/** Adds a spec from the source at `sourceUrl`; sent once: createOnce finds it (by slug) when the outcome is unknown. */
export function createOpenApiSpec(api: ApiRequester, organizationId: string, specSlug: string, sourceUrl: string): Promise<ApiOpenApiSpec> {
  return api.request<ApiOpenApiSpec>("POST", openApiSpecsPath(organizationId), { body: { slug: specSlug, source: { url: sourceUrl } } });
}

/** Sets a spec's visibility. */
export function updateOpenApiSpec(api: ApiRequester, organizationId: string, specSlug: string, body: Record<string, unknown>): Promise<ApiOpenApiSpec> {
  return patchChecked<ApiOpenApiSpec>(api, openApiSpecPath(organizationId, specSlug), body);
}

/** Replaces a spec's source: records a new version and restarts processing. */
export function replaceOpenApiSpecSource(api: ApiRequester, organizationId: string, specSlug: string, sourceUrl: string): Promise<ApiOpenApiSpec> {
  return api.request<ApiOpenApiSpec>("PUT", openApiSpecPath(organizationId, specSlug), { body: { source: { url: sourceUrl } } });
}

/** Deletes a spec; one already gone counts as deleted. */
export function deleteOpenApiSpec(api: ApiRequester, organizationId: string, specSlug: string): Promise<void> {
  return deleteIdempotent(api, openApiSpecPath(organizationId, specSlug));
}
