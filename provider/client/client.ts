/**
 * The API client: one request function over one keep-alive connection pool, with retries,
 * timeouts, a deadline and a concurrency limit. Resources call `request` and `paginate`; nothing
 * else in the provider talks HTTP.
 */
import { setTimeout as sleepFor } from "node:timers/promises";
import type { Pool } from "undici";
import {
  ApiError,
  ConnectionError,
  DeadlineExceededError,
  ErrorCodes,
  TimeoutError,
  errorCodesOf,
  errorFromResponse,
  isApiError,
  isDeadlineExceededError,
  isRateLimitError,
  redactedCause,
  withAttempts,
} from "./errors";
import { abortReason } from "./abort";
import { Limiter } from "./limiter";
import { RequestPacer } from "./pacer";
import { resolveOptions, type ClientInternals, type ClientOptions, type ResolvedOptions } from "./options";
import { paginate, type PageFetcher } from "./pagination";
import { buildPath, buildQuery, parseBaseUrl, type HttpMethod, type PathSegments, type Query } from "./path";
import { createRedactor, type Redactor } from "./redact";
import { DEFAULT_BACKOFF, isIdempotent, isRetryable, retryDelayMs, type BackoffOptions } from "./retry";

export interface RequestOptions {
  /** Query parameters; `undefined` values are left out. */
  query?: Query;
  /** Sent as JSON with `content-type: application/json`; omit for no body. */
  body?: unknown;
  /**
   * Whether sending the request twice has the effect of sending it once, so a request whose
   * outcome is unknown (5xx, a connection lost after sending, a timeout) may be sent again.
   * Default: true for GET, PUT and DELETE. Set it to `true` for a PATCH of absolute values or a
   * publish, and to `false` for a PUT that creates (every send makes a new object): a create
   * whose outcome is unknown is settled by looking for the object, not by sending it again.
   */
  idempotent?: boolean;
  /**
   * Retry what is safe to retry until the deadline (`deadlineMs`) instead of at most `maxRetries`
   * times (`maxRetries: 0` still means no retry). Default: `idempotent`. A request whose
   * repetition is harmless is worth every try the deadline allows: under a flaky service a command
   * of hundreds of objects sends thousands of them, and with a fixed count of five the unluckiest
   * one fails the whole command (at 20% errors, about one in 3,000). Set it to `false` to get the
   * fixed count back; see the table in retry.ts for which operation gets which.
   */
  untilDeadline?: boolean;
}

/**
 * 429 answers are retried apart from `maxRetries` (unless it is 0), up to this many times or
 * `maxRetries`, whichever is more: the server did not act on the request, and a burst of them
 * says "later", not "never". The deadline still bounds them.
 */
export const MAX_RATE_LIMITED_RETRIES = 20;

// An error body is only read for its message: its start is kept, the rest drained so the
// connection can be reused, and a body beyond the drain limit is cut with its connection.
const ERROR_BODY_KEEP_BYTES = 64 * 1024;
const ERROR_BODY_DRAIN_BYTES = 1024 * 1024;

const CLOSE_GRACE_MS = 5_000;

/** Network failures where the request never left this machine: safe to retry for any method. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT"]);
const CLOSED_CODES = new Set(["UND_ERR_CLOSED", "UND_ERR_DESTROYED"]);

/**
 * Client of the documentation platform's management API.
 *
 * @example
 * const client = new ApiClient({ baseUrl: "http://127.0.0.1:4010/v1", token });
 * const site = await client.request<Site>("GET", ["orgs", orgId, "sites", siteId]);
 * for await (const team of client.paginate<Team>(["orgs", orgId, "teams"])) console.log(team.id);
 * await client.close();
 */
export class ApiClient {
  // Private fields: invisible to util.inspect, JSON.stringify and Object.keys, so logging the
  // client (or an object holding it) cannot print the token.
  readonly #headers: Record<string, string>;
  readonly #pool: Pool;
  readonly #limiter: Limiter;
  readonly #pacer: RequestPacer | undefined;
  readonly #redact: Redactor;
  readonly #basePath: string;
  readonly #options: ResolvedOptions;
  readonly #log: ((line: string) => void) | undefined;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly #now: () => number;
  readonly #backoff: BackoffOptions;
  #closed = false;

  constructor(options: ClientOptions, internals: ClientInternals = {}) {
    // 1. Validate and default the options; nothing below runs on a bad configuration.
    this.#options = resolveOptions(options);
    const target = parseBaseUrl(options.baseUrl);
    this.#basePath = target.basePath;

    // 2. Everything that could echo a secret is redacted with the same redactor.
    this.#redact = createRedactor([options.token, ...target.credentials]);
    this.#headers = {
      authorization: `Bearer ${options.token}`,
      "user-agent": this.#options.userAgent,
      accept: "application/json",
    };

    // 3. One pool and one limiter, shared by every call: the pool reuses keep-alive connections,
    //    and never opens more than the limiter lets through.
    this.#limiter = new Limiter(this.#options.maxConcurrentRequests);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first client, not with this module: a start needs no HTTP client, and the release's start snapshot cannot hold Node.js's http, which undici loads.
    const { Pool: UndiciPool } = require("undici") as typeof import("undici");
    this.#pool = new UndiciPool(target.origin, { connections: this.#options.maxConcurrentRequests });

    // 4. Test hooks, real implementations by default.
    this.#log = options.log;
    this.#sleep = internals.sleep ?? ((ms, signal) => sleepFor(ms, undefined, { signal }));
    this.#now = internals.now ?? Date.now;
    this.#pacer = RequestPacer.isConfigured(this.#options)
      ? new RequestPacer(this.#options, { now: this.#now, sleep: (ms) => this.#sleep(ms, new AbortController().signal) })
      : undefined;
    this.#backoff = {
      baseDelayMs: internals.baseDelayMs ?? DEFAULT_BACKOFF.baseDelayMs,
      maxDelayMs: internals.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
      random: internals.random ?? Math.random,
    };
  }

  /**
   * Sends one API call, retrying what is safe to retry, and returns the parsed JSON body
   * (`undefined` for an empty body, e.g. 204). Throws an {@link ApiError} subclass otherwise.
   *
   * @param path the segments after the base URL, each percent-encoded on its own.
   * @example await client.request("PATCH", ["orgs", orgId, "sites", siteId], { body: { title } })
   */
  async request<T>(method: HttpMethod, path: PathSegments, options: RequestOptions = {}): Promise<T> {
    const requestPath = buildPath(this.#basePath, path);
    const target = requestPath + buildQuery(options.query);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const { maxRetries, deadlineMs } = this.#options;
    const idempotent = options.idempotent ?? isIdempotent(method);
    const untilDeadline = options.untilDeadline ?? idempotent;

    // A client-side pace is waited for before the deadline starts: see pacer.ts.
    await this.#pacer?.turn();
    const startedAt = this.#now();
    const deadlineAt = startedAt + deadlineMs;
    const deadline = new AbortController();
    const deadlineTimer = setTimeout(() => deadline.abort(), deadlineMs);
    let lastError: ApiError | undefined;
    let retry = 0;
    let rateLimited = 0;
    try {
      for (;;) {
        try {
          return await this.#limiter.run(() => this.#attempt<T>(method, requestPath, target, body, deadline.signal, deadlineAt, lastError), deadline.signal);
        } catch (thrown) {
          lastError = isApiError(thrown) ? thrown : this.#deadlineError(method, requestPath, lastError);
        }
        const error = lastError;
        const attempts = retry + rateLimited + 1;
        if (!isRetryable(error, method, idempotent)) {
          // The deadline itself ran out between tries of a request that was retried.
          throw isDeadlineExceededError(error) && attempts > 1 ? this.#gaveUp(error, attempts, startedAt) : error;
        }
        // maxRetries 0 means no retry at all, 429s included.
        const budget = isRateLimitError(error)
          ? { used: ++rateLimited, max: maxRetries === 0 ? 0 : Math.max(maxRetries, MAX_RATE_LIMITED_RETRIES) }
          : { used: ++retry, max: untilDeadline && maxRetries > 0 ? Number.POSITIVE_INFINITY : maxRetries };
        if (budget.used > budget.max) throw error;
        const delay = retryDelayMs(budget.used, error, this.#backoff);
        // Never sleep past the deadline: the last real answer explains more than a timeout, and
        // with the attempts and the time they took it says why this call gave up.
        if (this.#now() + delay >= deadlineAt) throw untilDeadline ? this.#gaveUp(error, attempts, startedAt) : error;
        this.#log?.(
          this.#redact(
            `${method} ${requestPath}: ${error.status ?? error.code}; retry ${budget.used} ${Number.isFinite(budget.max) ? `of ${budget.max}` : `until the deadline (deadlineMs ${deadlineMs})`} in ${delay} ms`,
          ),
        );
        try {
          await this.#sleep(delay, deadline.signal);
          await this.#pacer?.turn();
        } catch {
          throw untilDeadline ? this.#gaveUp(error, attempts, startedAt) : error;
        }
      }
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  /** The retry settings in force, for callers that send a checked write again themselves. */
  get retryPolicy(): { maxRetries: number; deadlineMs: number } {
    return { maxRetries: this.#options.maxRetries, deadlineMs: this.#options.deadlineMs };
  }

  /**
   * Iterates over every item of a list endpoint, following `next.page` at `limit=1000`.
   *
   * @example for await (const space of client.paginate<Space>(["orgs", orgId, "spaces"])) {}
   */
  paginate<T>(path: PathSegments, query?: RequestOptions["query"]): AsyncIterableIterator<T> {
    const fetchPage: PageFetcher = (segments, pageQuery) => this.request("GET", segments, { query: pageQuery });
    return paginate<T>(fetchPage, path, query, buildPath(this.#basePath, path));
  }

  /**
   * Closes the connections once in-flight requests finish, or after a few seconds at most
   * (a request stuck on a dead connection must not keep the process alive). Further calls fail
   * with a `client_closed` {@link ConnectionError}. Calling it again is harmless.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const graceful = this.#pool.close().then(() => true);
    const timer = sleepFor(CLOSE_GRACE_MS, false, { ref: false });
    if (!(await Promise.race([graceful, timer]))) await this.#pool.destroy();
  }

  /** One attempt, inside a limiter slot: send, read the whole body, decide. */
  async #attempt<T>(
    method: HttpMethod,
    requestPath: string,
    target: string,
    body: string | undefined,
    deadline: AbortSignal,
    deadlineAt: number,
    lastError: ApiError | undefined,
  ): Promise<T> {
    const remaining = deadlineAt - this.#now();
    if (remaining <= 0 || deadline.aborted) throw this.#deadlineError(method, requestPath, lastError);
    const { requestTimeoutMs } = this.#options;
    const attemptTimeout = new AbortController();
    const timer = setTimeout(() => attemptTimeout.abort(), requestTimeoutMs);
    const signal = AbortSignal.any([deadline, attemptTimeout.signal]);
    try {
      const response = await untilAborted(
        this.#pool.request({
          method,
          path: target,
          headers: body === undefined ? this.#headers : { ...this.#headers, "content-type": "application/json" },
          body: body ?? null,
          signal,
          // Our own timers bound the attempt; undici's would fire later with less context.
          headersTimeout: 0,
          bodyTimeout: 0,
        }),
        signal,
        // A response that arrives after we gave up is not read: free its connection.
        (late) => late.body.destroy(),
      );
      const { statusCode: status } = response;
      const headers = response.headers;
      this.#pacer?.observe(headers);
      if (status >= 200 && status < 300) {
        // Read to the end even when there is nothing to parse: an unread body pins the
        // connection and, with a small pool, stalls every later call.
        const text = await response.body.text();
        if (status === 204 || status === 205 || text.trim() === "") return undefined as T;
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new ApiError({
            status,
            code: ErrorCodes.invalidResponse,
            message: `${method} ${requestPath} returned ${status} with a body that is not JSON`,
            method,
            path: requestPath,
          });
        }
      }
      const text = await readErrorBody(response.body, ERROR_BODY_KEEP_BYTES, ERROR_BODY_DRAIN_BYTES);
      throw errorFromResponse({
        status,
        headers,
        body: text,
        method,
        path: requestPath,
        redact: this.#redact,
        nowMs: this.#now(),
      });
    } catch (thrown) {
      if (isApiError(thrown)) throw thrown;
      if (deadline.aborted) throw this.#deadlineError(method, requestPath, lastError);
      if (attemptTimeout.signal.aborted) {
        throw new TimeoutError({
          code: ErrorCodes.timeout,
          message: `${method} ${requestPath} timed out after ${requestTimeoutMs} ms (requestTimeoutMs)`,
          method,
          path: requestPath,
          timeoutMs: requestTimeoutMs,
        });
      }
      throw this.#connectionError(thrown, method, requestPath);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The last answer of a call that was retried until its deadline, as the same kind of error (so
   * callers still tell a 404 from a 503 or an unknown outcome), saying how many attempts were made
   * over how long, and that the deadline, not a fixed count, ended them.
   */
  #gaveUp(last: ApiError, attempts: number, startedAt: number): ApiError {
    const seconds = Math.round((this.#now() - startedAt) / 1000);
    const message =
      `${last.message}; gave up after ${attempts} attempt${attempts === 1 ? "" : "s"} over ${seconds} s ` +
      `(the call's deadline, deadlineMs ${this.#options.deadlineMs}, ran out)`;
    return withAttempts(last, message, attempts);
  }

  #deadlineError(method: HttpMethod, path: string, lastError: ApiError | undefined): DeadlineExceededError {
    const { deadlineMs } = this.#options;
    return new DeadlineExceededError({
      code: ErrorCodes.deadlineExceeded,
      message: `${method} ${path} did not complete within ${deadlineMs} ms (deadlineMs)` + (lastError === undefined ? "" : `; last error: ${lastError.message}`),
      method,
      path,
      timeoutMs: deadlineMs,
      ...(lastError === undefined ? {} : { cause: lastError }),
    });
  }

  #connectionError(thrown: unknown, method: HttpMethod, path: string): ConnectionError {
    const codes = errorCodesOf(thrown);
    const reason = codes.find((code) => NOT_SENT_CODES.has(code)) ?? codes.find((c) => c.startsWith("E")) ?? codes[0];
    const code = codes.some((c) => CLOSED_CODES.has(c))
      ? ErrorCodes.clientClosed
      : codes.some((c) => NOT_SENT_CODES.has(c))
        ? ErrorCodes.connectionRefused
        : ErrorCodes.connectionError;
    const cause = redactedCause(thrown, this.#redact);
    return new ConnectionError({
      code,
      message: `${method} ${path} failed: ${code === ErrorCodes.clientClosed ? "the client is closed" : cause.message}${reason === undefined ? "" : ` (${reason})`}`,
      method,
      path,
      cause,
      ...(reason === undefined ? {} : { reason }),
    });
  }
}

/**
 * Settles with `promise`, or rejects as soon as `signal` aborts. undici only notices the abort of
 * a request still queued behind a busy connection once that request reaches the connection,
 * which may be never; the attempt timeout and the deadline must not depend on that.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, discard: (late: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      promise.then(discard, () => {});
      reject(abortReason(signal));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    // Settles as `promise` does (its value, or its error as it is).
    promise.finally(() => signal.removeEventListener("abort", onAbort)).then(resolve, reject);
  });
}

/**
 * Reads an error body as UTF-8, keeping its first `keep` bytes. The rest is drained, so the
 * connection goes back to the pool, up to `drain` bytes; past that the stream (and with it the
 * connection) is destroyed: cheaper than downloading a huge error page.
 */
async function readErrorBody(body: AsyncIterable<Buffer | string>, keep: number, drain: number): Promise<string> {
  const kept: Buffer[] = [];
  let keptSize = 0;
  let total = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (keptSize < keep) {
      kept.push(buffer);
      keptSize += buffer.length;
    }
    // Leaving a for-await loop early destroys the stream.
    if (total >= drain) break;
  }
  return Buffer.concat(kept).subarray(0, keep).toString("utf8");
}
