/**
 * What a resource implementation needs from the HTTP client. The real client
 * (`provider/client`) satisfies it; tests may pass their own.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type PathSegments = readonly string[];
export type QueryParameters = Record<string, string | number | boolean | undefined>;

export interface ApiRequester {
  /** `idempotent` overrides the method's default, `untilDeadline` retries until the deadline; see the client's RequestOptions. */
  request<T>(method: HttpMethod, path: PathSegments, options?: { query?: QueryParameters; body?: unknown; idempotent?: boolean; untilDeadline?: boolean }): Promise<T>;
  paginate<T>(path: PathSegments, query?: QueryParameters): AsyncIterableIterator<T>;
  /**
   * The client's retry settings, for the writes the runtime sends again itself after checking
   * their effect (create-once, patchChecked): until `deadlineMs`, never when `maxRetries` is 0.
   * Absent (a test's own requester): the client's defaults.
   */
  readonly retryPolicy?: RetryPolicy;
}

export interface RetryPolicy {
  maxRetries: number;
  deadlineMs: number;
}

/** Lists shared by the reads of one command (implemented by shared-lists.ts). */
export interface ListReader {
  /** Every item of the list at `path`, or undefined when the API answers 404 for it. */
  all<T>(path: PathSegments, query?: QueryParameters): Promise<readonly T[] | undefined>;
  /** The item of the list at `path` whose key is `id`, or undefined; `fallback` reads it alone when the list is forbidden. */
  item<T>(path: PathSegments, id: string, fallback: () => Promise<T | undefined>, options?: { query?: QueryParameters; keyOf?: (item: T) => string }): Promise<T | undefined>;
}
