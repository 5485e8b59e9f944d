import { badRequest } from "./errors.ts";
import type { Stored } from "./storage.ts";

/** Results per page when the request gives no `limit`. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

type SortKey = Array<number | string>;

export interface Page<T> {
  items: T[];
  next?: { page: string };
}

export interface PageOptions<T> {
  /** Sort key of an item; it must be unique (end it with `seq`) and never change for an item. */
  key?: (item: T) => SortKey;
  /** -1 lists from the highest key down. */
  direction?: 1 | -1;
}

export function parseLimit(query: URLSearchParams): number {
  const raw = query.get("limit");
  if (raw === null) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw)) throw badRequest("limit: must be an integer between 0 and 1000");
  const limit = Number(raw);
  // DESIGN.md 8: limit=0 is accepted (an empty page, with `next` when items remain).
  if (limit > MAX_LIMIT) throw badRequest("limit: must be between 0 and 1000");
  return limit;
}

function compare(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return a.length - b.length;
}

function decodeToken(token: string): SortKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "k" in parsed &&
      Array.isArray(parsed.k) &&
      parsed.k.every((part: unknown) => typeof part === "number" || typeof part === "string")
    ) {
      return parsed.k;
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest("page: not a page token returned by this list");
}

/**
 * Keyset pagination: the token holds the sort key of the last item served, and the next page starts
 * at the first item whose key sorts after it. Items added or removed between pages therefore never
 * shift the window: nothing is skipped or served twice.
 */
export function paginate<T extends Stored>(all: T[], query: URLSearchParams, options: PageOptions<T> = {}): Page<T> {
  const key = options.key ?? ((item: T) => [item.seq]);
  const direction = options.direction ?? 1;
  const limit = parseLimit(query);
  const sorted = [...all].sort((a, b) => direction * compare(key(a), key(b)));
  const token = query.get("page");
  let start = 0;
  if (token !== null && token !== "") {
    const after = decodeToken(token);
    start = sorted.findIndex((item) => direction * compare(key(item), after) > 0);
    if (start === -1) start = sorted.length;
  }
  const items = sorted.slice(start, start + limit);
  const page: Page<T> = { items };
  if (limit === 0) {
    // Nothing served: the next page starts where this one did (an empty key sorts before every item).
    if (start < sorted.length) page.next = { page: token !== null && token !== "" ? token : Buffer.from(JSON.stringify({ k: [] })).toString("base64url") };
    return page;
  }
  if (start + limit < sorted.length) {
    const last = items[items.length - 1];
    page.next = { page: Buffer.from(JSON.stringify({ k: key(last) })).toString("base64url") };
  }
  return page;
}
