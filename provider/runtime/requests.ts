import { isNotFoundError } from "../client";
import type { ApiRequester, PathSegments, QueryParameters } from "./api";

/** GET an object; undefined when the API answers 404 (the object is gone or not visible). */
export async function getOrUndefined<T>(api: ApiRequester, path: PathSegments, query?: QueryParameters): Promise<T | undefined> {
  try {
    return await api.request<T>("GET", path, query ? { query } : undefined);
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}

/**
 * DELETE an object; a 404 counts as success, so deleting twice is harmless, and a failed try is
 * retried until the call's deadline rather than a fixed number of times: a destroy under a flaky
 * service then finishes in one run instead of failing on its unluckiest delete.
 */
export async function deleteIdempotent(api: ApiRequester, path: PathSegments): Promise<void> {
  try {
    await api.request<unknown>("DELETE", path, { untilDeadline: true });
  } catch (error) {
    if (isNotFoundError(error)) return;
    throw error;
  }
}

/**
 * The item `id` of a list endpoint, for objects the API has no GET of one for; undefined when it
 * is not listed, or when the list itself answers 404 (its parent is gone, and the item with it).
 */
export async function findListed<T extends { id: string }>(api: ApiRequester, path: PathSegments, id: string): Promise<T | undefined> {
  try {
    for await (const item of api.paginate<T>(path)) {
      if (item.id === id) return item;
    }
    return undefined;
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}

/** Every item of a list endpoint, across pages. */
export async function listAll<T>(api: ApiRequester, path: PathSegments, query?: QueryParameters): Promise<T[]> {
  const items: T[] = [];
  for await (const item of api.paginate<T>(path, query)) items.push(item);
  return items;
}

/** A set of ids as a stable list: duplicates removed, sorted. */
export function sortedSet(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}
