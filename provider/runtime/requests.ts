import { isNotFoundError } from "../client";
import type { ApiRequester, PathSegments, QueryParameters, ResourceContext } from "./api";

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

/**
 * The object `id` of the list at `listPath` for a read: from the list shared by every resource of
 * that parent when the context has one (a refresh), otherwise with `readAlone` (the object's own
 * GET, or a walk of the list). Undefined when the object is gone.
 */
export function readThroughList<T>(
  ctx: ResourceContext,
  listPath: PathSegments,
  id: string,
  readAlone: () => Promise<T | undefined>,
  options: { query?: QueryParameters; keyOf?: (item: T) => string } = {},
): Promise<T | undefined> {
  return ctx.lists ? ctx.lists.item<T>(listPath, id, readAlone, options) : readAlone();
}

/** Every item of a list for a read: the shared list when the context has one, otherwise listed now. */
export async function listForRead<T>(ctx: ResourceContext, path: PathSegments, query?: QueryParameters): Promise<readonly T[]> {
  if (!ctx.lists) return listAll<T>(ctx.api, path, query);
  const items = await ctx.lists.all<T>(path, query);
  if (items === undefined) return listAll<T>(ctx.api, path, query);
  return items;
}
