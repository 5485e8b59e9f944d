import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULTS, isApiError, isNotFoundError, isOutcomeUnknown, withAttempts } from "../client";
import type { ApiRequester, ListReader, PathSegments, QueryParameters } from "./requester";

/** What a read needs: the requester, and in a refresh the lists the resources of a parent share. */
export interface ReadContext {
  api: ApiRequester;
  lists?: ListReader;
}

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
  ctx: ReadContext,
  listPath: PathSegments,
  id: string,
  readAlone: () => Promise<T | undefined>,
  options: { query?: QueryParameters; keyOf?: (item: T) => string } = {},
): Promise<T | undefined> {
  return ctx.lists ? ctx.lists.item<T>(listPath, id, readAlone, options) : readAlone();
}

/** Every item of a list for a read: the shared list when the context has one, otherwise listed now. */
export async function listForRead<T>(ctx: ReadContext, path: PathSegments, query?: QueryParameters): Promise<readonly T[]> {
  if (!ctx.lists) return listAll<T>(ctx.api, path, query);
  const items = await ctx.lists.all<T>(path, query);
  if (items === undefined) return listAll<T>(ctx.api, path, query);
  return items;
}

const RESEND_DELAY_MS = { base: 250, max: 4_000 };

/** Whether `object` holds every value `body` sets (objects compared key by key, the rest exactly). */
export function holdsValues(body: unknown, object: unknown): boolean {
  if (body === null) return object === null || object === undefined;
  if (Array.isArray(body)) {
    return Array.isArray(object) && body.length === object.length && body.every((item, index) => holdsValues(item, object[index]));
  }
  if (typeof body === "object") {
    if (typeof object !== "object" || object === null) return false;
    return Object.entries(body as Record<string, unknown>).every(([key, value]) => holdsValues(value, (object as Record<string, unknown>)[key]));
  }
  return body === object;
}

export interface CheckedPatchOptions<T> {
  /**
   * Reads the object back, for when a PATCH's outcome is unknown; undefined when it cannot be
   * found. Default: a GET of the PATCH's own path (the kinds without a GET of one object pass a
   * walk of their list).
   */
  readBack?: () => Promise<T | undefined>;
}

/**
 * PATCHes absolute values (a title, a visibility: never a move or an "add"), never sending the
 * PATCH again blindly: when its outcome is unknown (a 5xx, a connection lost after the request was
 * sent, a timeout), the object is read back first, and the PATCH is sent again only when the
 * object does not hold its values yet. Keeps at it until the deadline, so a write inside an
 * `up` of hundreds of objects does not fail the whole command on its unluckiest try.
 *
 * @example const site = await patchChecked<ApiSite>(api, ["orgs", orgId, "sites", siteId], { title });
 */
export async function patchChecked<T>(api: ApiRequester, path: PathSegments, body: Record<string, unknown>, options: CheckedPatchOptions<T> = {}): Promise<T> {
  const readBack = options.readBack ?? (() => getOrUndefined<T>(api, path));
  const { maxRetries, deadlineMs } = api.retryPolicy ?? DEFAULTS;
  const began = Date.now();
  const deadlineAt = began + deadlineMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.request<T>("PATCH", path, { body, idempotent: false });
    } catch (error) {
      if (!isOutcomeUnknown(error)) throw error;
      const now = await readBack();
      if (now !== undefined && holdsValues(body, now)) return now;
      // Not applied (or not found): sending the same absolute values again is what was asked.
      const delay = Math.floor(Math.random() * Math.min(RESEND_DELAY_MS.max, RESEND_DELAY_MS.base * 2 ** (attempt - 1)));
      if (maxRetries === 0 || Date.now() + delay >= deadlineAt) {
        if (maxRetries === 0 || !isApiError(error)) throw error;
        const seconds = Math.round((Date.now() - began) / 1000);
        throw withAttempts(
          error,
          `${error.message}; gave up after ${attempt} PATCH attempt${attempt === 1 ? "" : "s"} over ${seconds} s, each read back and found not applied ` +
            `(the operation's deadline, deadlineMs ${deadlineMs}, ran out)`,
          attempt,
        );
      }
      await sleep(delay);
    }
  }
}
