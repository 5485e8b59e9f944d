/**
 * Retry policy: which failures may be retried, and how long to wait before the next attempt.
 * Pure functions of their inputs, so the policy is tested without a network or a clock.
 *
 * Which operation gets which (issue 31). An `up` of hundreds of objects sends thousands of
 * requests; with a fixed count of five tries, at 20% errors one read in about 3,000 fails outright
 * and takes the whole command with it. So everything whose repetition is safe, or whose effect can
 * be looked for, keeps trying until the operation's deadline (`deadlineMs`, default 120 s); a
 * write is never sent again blindly. The same table is in docs/resources/README.md.
 *
 * | operation | requests | why it may be repeated | tries |
 * |---|---|---|---|
 * | read (refresh, the reads inside a create or update, lists, lookups) | GET | repetition is safe | until the deadline |
 * | delete | DELETE (404 counts as done) | repetition is safe | until the deadline |
 * | set a whole value | PUT: agent instructions, adaptive schema, site customization, translation instructions, an OpenAPI spec's source, a team member's role, a team's member adds and removes (a set: adding a member twice leaves one) | repetition is safe | until the deadline |
 * | publish, unpublish a site | POST `.../publish`, `.../unpublish` (`idempotent: true`) | repetition is harmless | until the deadline |
 * | create | POST (a team: PUT `/teams`), through create-once (recovery/create-once.ts, create-journal.ts) | its effect is looked for: after an unknown outcome, the object is searched for by natural key or fingerprint, and the create is sent again only when nothing was made | until the deadline |
 * | update of absolute values | PATCH (titles, descriptions, visibility, roles, paths, organization settings, overrides), through `patchChecked` (api/requests.ts) | its effect is read back: after an unknown outcome, the PATCH is sent again only when the object does not hold its values | until the deadline |
 * | relative writes | POST `.../move` (collection, space), PATCH `.../structure/sort`, POST `.../transfer`, POST a translation's `.../run` | not safe to repeat, nothing to look for | as before: never after an unknown outcome; a 429 or a refused connection (the server did not act) up to `maxRetries` (a 429 up to 20) |
 *
 * Every request of any kind is retried after a 429 or a refused connection, and `maxRetries: 0`
 * turns every retry off.
 */
import { isConnectionError, isDeadlineExceededError, isRateLimitError, isServerError, isTimeoutError, type ApiError, ErrorCodes } from "./errors";
import type { HttpMethod } from "./path";

/**
 * Methods whose repetition has the same effect as one request, so a request that may or may not
 * have reached the server can be sent again. PATCH is left out: the API's PATCH bodies are
 * partial updates that look idempotent, but the team-member and move operations behind some of
 * them are relative ("add", "move after"), and HTTP gives PATCH no idempotency guarantee.
 */
const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set<HttpMethod>(["GET", "PUT", "DELETE"]);

export function isIdempotent(method: HttpMethod): boolean {
  return IDEMPOTENT.has(method);
}

/**
 * Whether a failed attempt may be retried.
 * - 429 and a refused connection: any method, because the server did not act on the request.
 * - 5xx, other connection failures and per-attempt timeouts: idempotent methods only, because
 *   the server may have acted before failing. 501 and 505 say the request can never succeed.
 * - Every other 4xx and the overall deadline: never.
 */
export function isRetryable(error: ApiError, method: HttpMethod, idempotent: boolean = isIdempotent(method)): boolean {
  if (isDeadlineExceededError(error)) return false;
  if (isRateLimitError(error)) return true;
  if (isConnectionError(error)) {
    if (error.code === ErrorCodes.clientClosed) return false;
    return error.code === ErrorCodes.connectionRefused || idempotent;
  }
  if (isTimeoutError(error)) return idempotent;
  if (isServerError(error)) return error.status !== 501 && error.status !== 505 && idempotent;
  return false;
}

/**
 * Whether the server may or may not have acted on a request that failed with `error`: a 5xx
 * (but 501 and 505, which say the request was never run), a connection lost after the request
 * was sent, a timeout, or the deadline. A write that failed so must not be sent again blindly;
 * its effect has to be looked for first. Every other failure (4xx, a refused connection, a
 * closed client) means the request had no effect.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (isTimeoutError(error)) return true;
  if (isConnectionError(error)) return error.code !== ErrorCodes.clientClosed && error.code !== ErrorCodes.connectionRefused;
  if (isServerError(error)) return error.status !== 501 && error.status !== 505;
  return false;
}

export interface BackoffOptions {
  /** Delay ceiling of the first retry, in ms. */
  baseDelayMs: number;
  /** Delay ceiling of any retry, in ms. */
  maxDelayMs: number;
  /** Uniform in [0, 1). */
  random: () => number;
}

/** Defaults: retries spread over up to 0.5 s, 1 s, 2 s, 4 s, ... capped at 20 s. */
export const DEFAULT_BACKOFF: Omit<BackoffOptions, "random"> = { baseDelayMs: 500, maxDelayMs: 20_000 };

/**
 * Delay before retry number `retry` (1 for the first retry). The server's hint (`Retry-After`,
 * `X-RateLimit-Reset`) is obeyed as given: waiting less would only earn another 429. Otherwise
 * exponential backoff with full jitter (a uniform delay between 0 and the ceiling), which spreads
 * the retries of many concurrent callers instead of synchronising them.
 */
export function retryDelayMs(retry: number, error: ApiError, options: BackoffOptions): number {
  if (error.retryAfterMs !== undefined) return Math.max(0, error.retryAfterMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(options.random() * ceiling);
}
