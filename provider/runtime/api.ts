/**
 * What a resource implementation needs from the HTTP client. The real client
 * (`provider/client`) satisfies it; tests may pass their own.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type PathSegments = readonly string[];
export type QueryParameters = Record<string, string | number | boolean | undefined>;

export interface ApiRequester {
  request<T>(method: HttpMethod, path: PathSegments, options?: { query?: QueryParameters; body?: unknown }): Promise<T>;
  paginate<T>(path: PathSegments, query?: QueryParameters): AsyncIterableIterator<T>;
}

export interface ResourceContext {
  api: ApiRequester;
}
