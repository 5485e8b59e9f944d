/**
 * Walking the API's list envelope `{items, count, next?: {page}}` page by page.
 */
import { ApiError, ErrorCodes } from "./errors";
import type { PathSegments, Query } from "./path";

/** The largest page the API serves: fewest round trips. */
export const PAGE_LIMIT = 1000;

export interface ListEnvelope<T> {
  items: T[];
  count?: number;
  next?: { page?: string };
}

export type PageFetcher = <T>(path: PathSegments, query: Query) => Promise<ListEnvelope<T>>;

/**
 * Yields every item of a list, fetching the next page only when the consumer gets there.
 * `limit` defaults to {@link PAGE_LIMIT}; a `limit` or starting `page` in `query` wins.
 * Fails instead of looping forever when the server hands back a page token it already gave.
 */
export async function* paginate<T>(fetchPage: PageFetcher, path: PathSegments, query: Query | undefined, describe: string): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let page: string | undefined;
  for (;;) {
    const envelope = await fetchPage<T>(path, {
      limit: PAGE_LIMIT,
      ...query,
      ...(page === undefined ? {} : { page }),
    });
    if (typeof envelope !== "object" || envelope === null || !Array.isArray(envelope.items)) {
      throw invalid(describe, "the response is not a list envelope with an `items` array");
    }
    yield* envelope.items;
    const next = envelope.next?.page;
    if (typeof next !== "string" || next === "") return;
    if (seen.has(next)) throw invalid(describe, `the server repeated page token "${next.slice(0, 100)}"`);
    seen.add(next);
    page = next;
  }
}

function invalid(path: string, why: string): ApiError {
  return new ApiError({
    code: ErrorCodes.invalidResponse,
    message: `GET ${path} returned an unusable page: ${why}`,
    method: "GET",
    path,
  });
}
