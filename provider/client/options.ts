/**
 * The client's options, their defaults and their validation.
 */
import { DEFAULT_USER_AGENT } from "./version";

/**
 * How to reach the API and how hard to try.
 *
 * @example
 * const client = new ApiClient({
 *   baseUrl: "http://127.0.0.1:4010/v1",
 *   token: process.env.DOCS_PLATFORM_TOKEN!,
 *   maxRetries: 6,
 * });
 */
export interface ClientOptions {
  /**
   * The API's base URL including the version prefix, e.g. `"https://api.example.com/v1"`.
   * A trailing slash is tolerated. `user:password@` in it is never sent and never shown.
   */
  baseUrl: string;
  /** The API token, sent as `Authorization: Bearer <token>` and redacted from every error. */
  token: string;
  /**
   * Retries after the first attempt of a request retried a fixed number of times: a write that is
   * not safe to repeat, after a 429 (then up to 20) or a refused connection, and any request sent
   * with `untilDeadline: false`. What is safe to repeat retries until `deadlineMs` instead (see the
   * table in `retry.ts`). 0 disables every retry. Default: 4.
   */
  maxRetries?: number;
  /** Time limit of one attempt, from sending to the last byte of the body, in ms. Default: 30_000. */
  requestTimeoutMs?: number;
  /**
   * Time limit of one call, every attempt, queueing and backoff included, in ms. A retry whose
   * wait would end past it is not made: the call fails with the last error. Default: 120_000.
   */
  deadlineMs?: number;
  /**
   * Requests in flight at once across every call of this client (and connections to the API).
   * Further calls queue in order. Default: 8.
   */
  maxConcurrentRequests?: number;
  /**
   * A fixed client-side pace: at most this many request starts per second (a decimal, > 0).
   * Default: none. See `pacer.ts`.
   */
  requestsPerSecond?: number;
  /**
   * At most this share (0 < share <= 1) of the service's advertised `X-RateLimit-Limit` per
   * window, spread over the window. Default: none. See `pacer.ts`.
   */
  rateLimitShare?: number;
  /** The User-Agent header. Default: `"pulumi-docs-platform/<package version>"`. */
  userAgent?: string;
  /**
   * Receives one line per retry (method, path, reason, wait). Lines never hold credentials.
   * Default: no logging.
   *
   * @example log: (line) => pulumi.log.debug(line)
   */
  log?: (line: string) => void;
}

/**
 * Hooks for tests: a fake clock and sleep make retry tests fast and deterministic. Not part of
 * the public contract.
 * @internal
 */
export interface ClientInternals {
  /** Waits `ms`; must reject when `signal` aborts. Default: timers/promises `setTimeout`. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Uniform in [0, 1), for backoff jitter. Default: `Math.random`. */
  random?: () => number;
  /** Epoch milliseconds. Default: `Date.now`. */
  now?: () => number;
  /** Backoff ceiling of the first retry in ms. Default: 500. */
  baseDelayMs?: number;
  /** Backoff ceiling of any retry in ms. Default: 20_000. */
  maxDelayMs?: number;
}

export const DEFAULTS = {
  maxRetries: 4,
  requestTimeoutMs: 30_000,
  deadlineMs: 120_000,
  maxConcurrentRequests: 8,
  userAgent: DEFAULT_USER_AGENT,
} as const;

export interface ResolvedOptions {
  maxRetries: number;
  requestTimeoutMs: number;
  deadlineMs: number;
  maxConcurrentRequests: number;
  requestsPerSecond: number | undefined;
  rateLimitShare: number | undefined;
  userAgent: string;
}

function check(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`ClientOptions.${name} must be an integer >= ${min}, got ${value}`);
  }
  return value;
}

function checkRate(name: string, value: number | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new RangeError(`ClientOptions.${name} must be a number > 0 and <= ${max}, got ${value}`);
  }
  return value;
}

// The token goes into a header: a line break would be rejected deep inside undici with a message
// that might quote it, so it is refused here with a message that does not.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (typeof options.token !== "string" || options.token === "") {
    throw new TypeError("ClientOptions.token is required");
  }
  if (!HEADER_SAFE.test(options.token)) {
    throw new TypeError("ClientOptions.token contains whitespace or non-ASCII characters (value not shown)");
  }
  const userAgent = options.userAgent ?? DEFAULTS.userAgent;
  if (!/^[\x20-\x7e]+$/.test(userAgent)) {
    throw new TypeError("ClientOptions.userAgent must be printable ASCII");
  }
  return {
    maxRetries: check("maxRetries", options.maxRetries ?? DEFAULTS.maxRetries, 0),
    requestTimeoutMs: check("requestTimeoutMs", options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs, 1),
    deadlineMs: check("deadlineMs", options.deadlineMs ?? DEFAULTS.deadlineMs, 1),
    maxConcurrentRequests: check("maxConcurrentRequests", options.maxConcurrentRequests ?? DEFAULTS.maxConcurrentRequests, 1),
    requestsPerSecond: checkRate("requestsPerSecond", options.requestsPerSecond, 10_000),
    rateLimitShare: checkRate("rateLimitShare", options.rateLimitShare, 1),
    userAgent,
  };
}
