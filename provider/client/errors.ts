/**
 * Typed errors of the API client.
 *
 * Everything the client throws is an {@link ApiError}. HTTP failures carry the response status and
 * are one of the status subclasses, chosen by {@link ApiError.fromResponse}; failures without a
 * response (connection, timeout, deadline) have `status: undefined`.
 *
 * Each class is branded with a `Symbol.for` key on its prototype, and `instanceof` and the
 * `is*Error` guards test the brand, not the constructor: the provider host may load two copies of
 * this module (the program's and the one `require`d at call time), and an error thrown by one copy
 * must still be recognised by the other.
 *
 * No credential ever reaches these objects: messages are redacted before construction, causes
 * are replaced by redacted copies, and no request headers are kept.
 */
import { requestIdOf, serverDelayMs, type ResponseHeaders } from "./headers";
import type { Redactor } from "./redact";

const BRAND_PREFIX = "pulumi-docs-platform.client.";
const brand = (name: string): symbol => Symbol.for(BRAND_PREFIX + name);

function hasBrand(value: unknown, key: symbol): boolean {
  return (typeof value === "object" || typeof value === "function") && value !== null && (value as Record<symbol, unknown>)[key] === true;
}

/** Stable codes used when the API gives no code of its own, or when there was no response. */
export const ErrorCodes = {
  badRequest: "bad_request",
  unauthenticated: "unauthenticated",
  permissionDenied: "permission_denied",
  notFound: "not_found",
  conflict: "conflict",
  rateLimited: "rate_limited",
  serverError: "server_error",
  httpError: "http_error",
  invalidResponse: "invalid_response",
  connectionRefused: "connection_refused",
  connectionError: "connection_error",
  clientClosed: "client_closed",
  timeout: "timeout",
  deadlineExceeded: "deadline_exceeded",
} as const;

export interface ApiErrorInit {
  /** HTTP status, or undefined when no response was received. */
  status?: number;
  code: string;
  /** The whole, already redacted, human-readable message. */
  message: string;
  method: string;
  path: string;
  requestId?: string;
  /** The API's own `error.message`, when the response had one. */
  apiMessage?: string;
  /** The server's requested delay before a retry, when it gave one. */
  retryAfterMs?: number;
  /** An already redacted cause. */
  cause?: Error;
  /** Attempts made, when the call was retried until its deadline and gave up. */
  attempts?: number;
}

/** The response facts {@link ApiError.fromResponse} decides from. */
export interface ErrorResponse {
  status: number;
  headers: ResponseHeaders;
  /** The response body as text ("" when empty). */
  body: string;
  method: string;
  /** The request path without query string. */
  path: string;
  /** Applied to every text taken from the response. Default: identity. */
  redact?: Redactor;
  /** Clock for `Retry-After` dates. Default: `Date.now()`. */
  nowMs?: number;
}

/** Base of every error the client throws. */
export class ApiError extends Error {
  static readonly brand: symbol = brand("ApiError");
  // Typed per class (the value lives on the prototype) so the classes differ for the type
  // checker too: otherwise a failed `isRateLimitError(e)` would narrow `e` to `never`.
  declare readonly name: string;

  /** The HTTP status, or `undefined` when no response was received (connection, timeout). */
  readonly status: number | undefined;
  /** The API's error code when it gave a textual one, otherwise a stable code of {@link ErrorCodes}. */
  readonly code: string;
  readonly method: string;
  /** The request path (base path included), never the query string or the origin. */
  readonly path: string;
  /** The server's request id (`x-request-id`), for support tickets. */
  readonly requestId: string | undefined;
  /** The API's own message (`error.message` of the body), without the context prefix. */
  readonly apiMessage: string | undefined;
  /** The server's requested delay before a retry, in milliseconds, when it gave one. */
  readonly retryAfterMs: number | undefined;
  /** Attempts the call made before it gave up at its deadline; undefined when it did not get that far. */
  readonly attempts: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.requestId = init.requestId;
    this.apiMessage = init.apiMessage;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, this.brand);
  }

  /**
   * The one place an HTTP error response becomes a typed error: picks the subclass from the
   * status and reads the API's error body `{"error": {"code", "message"}}` when there is one.
   */
  static fromResponse(response: ErrorResponse): ApiError {
    return errorFromResponse(response);
  }

  /** The fields worth logging; `JSON.stringify(error)` would otherwise drop the message. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      method: this.method,
      path: this.path,
      requestId: this.requestId,
    };
  }
}

export class BadRequestError extends ApiError {
  static override readonly brand: symbol = brand("BadRequestError");
  declare readonly name: "BadRequestError";
}
export class AuthenticationError extends ApiError {
  static override readonly brand: symbol = brand("AuthenticationError");
  declare readonly name: "AuthenticationError";
}
export class PermissionDeniedError extends ApiError {
  static override readonly brand: symbol = brand("PermissionDeniedError");
  declare readonly name: "PermissionDeniedError";
}
export class NotFoundError extends ApiError {
  static override readonly brand: symbol = brand("NotFoundError");
  declare readonly name: "NotFoundError";
}
export class ConflictError extends ApiError {
  static override readonly brand: symbol = brand("ConflictError");
  declare readonly name: "ConflictError";
}
export class RateLimitError extends ApiError {
  static override readonly brand: symbol = brand("RateLimitError");
  declare readonly name: "RateLimitError";
}
export class ServerError extends ApiError {
  static override readonly brand: symbol = brand("ServerError");
  declare readonly name: "ServerError";
}

/** The connection failed or broke before a full response arrived. `status` is undefined. */
export class ConnectionError extends ApiError {
  static override readonly brand: symbol = brand("ConnectionError");
  declare readonly name: "ConnectionError";
  /** The system or undici code behind it, e.g. `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`. */
  readonly reason: string | undefined;
  constructor(init: ApiErrorInit & { reason?: string }) {
    super(init);
    this.reason = init.reason;
  }
}

/** One attempt took longer than `requestTimeoutMs`. */
export class TimeoutError extends ApiError {
  static override readonly brand: symbol = brand("TimeoutError");
  declare readonly name: "TimeoutError" | "DeadlineExceededError";
  readonly timeoutMs: number;
  constructor(init: ApiErrorInit & { timeoutMs: number }) {
    super(init);
    this.timeoutMs = init.timeoutMs;
  }
}

/**
 * The whole call, retries and waits included, ran out of `deadlineMs`. A {@link TimeoutError},
 * so `isTimeoutError` covers both; never retried.
 */
export class DeadlineExceededError extends TimeoutError {
  static override readonly brand: symbol = brand("DeadlineExceededError");
  declare readonly name: "DeadlineExceededError";
}

// Names live on the prototypes, not on each instance, so they do not clutter `util.inspect`.
// Brands are non-enumerable prototype properties: inherited by subclasses, invisible in output.
for (const [name, ctor] of Object.entries({
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  DeadlineExceededError,
})) {
  Object.defineProperty(ctor.prototype, "name", { value: name, writable: true, configurable: true });
  Object.defineProperty(ctor.prototype, ctor.brand, { value: true });
}

type Guard<E> = (value: unknown) => value is E;
const guard = <E>(ctor: { brand: symbol }): Guard<E> => ((value: unknown) => hasBrand(value, ctor.brand)) as Guard<E>;

export const isApiError: Guard<ApiError> = guard(ApiError);
export const isBadRequestError: Guard<BadRequestError> = guard(BadRequestError);
export const isAuthenticationError: Guard<AuthenticationError> = guard(AuthenticationError);
export const isPermissionDeniedError: Guard<PermissionDeniedError> = guard(PermissionDeniedError);
export const isNotFoundError: Guard<NotFoundError> = guard(NotFoundError);
export const isConflictError: Guard<ConflictError> = guard(ConflictError);
export const isRateLimitError: Guard<RateLimitError> = guard(RateLimitError);
export const isServerError: Guard<ServerError> = guard(ServerError);
export const isConnectionError: Guard<ConnectionError> = guard(ConnectionError);
export const isTimeoutError: Guard<TimeoutError> = guard(TimeoutError);
export const isDeadlineExceededError: Guard<DeadlineExceededError> = guard(DeadlineExceededError);

/**
 * The same error (same class, status, code, request id and cause) with another message and the
 * attempts made: what a call that retried until its deadline throws with its last answer.
 */
export function withAttempts<E extends ApiError>(error: E, message: string, attempts: number): E {
  const init: ApiErrorInit & { reason?: string; timeoutMs?: number } = {
    status: error.status,
    code: error.code,
    message,
    method: error.method,
    path: error.path,
    attempts,
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.apiMessage === undefined ? {} : { apiMessage: error.apiMessage }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.cause instanceof Error ? { cause: error.cause } : {}),
    ...(error instanceof ConnectionError && error.reason !== undefined ? { reason: error.reason } : {}),
    ...(error instanceof TimeoutError ? { timeoutMs: error.timeoutMs } : {}),
  };
  const Same = error.constructor as new (init: ApiErrorInit & { reason?: string; timeoutMs?: number }) => E;
  return new Same(init);
}

const MAX_MESSAGE_CHARS = 1000;

function classFor(status: number): { ctor: new (init: ApiErrorInit) => ApiError; code: string } {
  switch (status) {
    case 400:
      return { ctor: BadRequestError, code: ErrorCodes.badRequest };
    case 401:
      return { ctor: AuthenticationError, code: ErrorCodes.unauthenticated };
    case 403:
      return { ctor: PermissionDeniedError, code: ErrorCodes.permissionDenied };
    case 404:
      return { ctor: NotFoundError, code: ErrorCodes.notFound };
    case 409:
      return { ctor: ConflictError, code: ErrorCodes.conflict };
    case 429:
      return { ctor: RateLimitError, code: ErrorCodes.rateLimited };
    default:
      return status >= 500 && status <= 599 ? { ctor: ServerError, code: ErrorCodes.serverError } : { ctor: ApiError, code: ErrorCodes.httpError };
  }
}

/** Reads `{"error": {"code", "message"}}`; tolerates any other body, JSON or not. */
function parseErrorBody(body: string): { code?: string; message?: string } {
  const text = body.trim();
  if (text === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error === "object" && error !== null) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      return {
        // The API's code is the numeric status, which `status` already carries; a textual code
        // (from a newer API or a gateway) is more precise than ours, so it wins.
        ...(typeof code === "string" && code.trim() !== "" && !/^\d+$/.test(code) ? { code } : {}),
        ...(typeof message === "string" && message.trim() !== "" ? { message } : {}),
      };
    }
    if (typeof error === "string" && error.trim() !== "") return { message: error };
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message === "string" && message.trim() !== "") return { message };
    return {};
  } catch {
    // An HTML page from a proxy or a plain-text error: its start is still the best explanation.
    return { message: text };
  }
}

/** See {@link ApiError.fromResponse}. */
export function errorFromResponse(response: ErrorResponse): ApiError {
  const redact = response.redact ?? ((text: string) => text);
  const { ctor, code: defaultCode } = classFor(response.status);
  const body = parseErrorBody(response.body);
  const apiMessage = body.message === undefined ? undefined : redact(body.message).slice(0, MAX_MESSAGE_CHARS);
  const requestId = requestIdOf(response.headers);
  const retryAfterMs = serverDelayMs(response.headers, response.status, response.nowMs ?? Date.now());
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- node:http when an error is named, not at load: the release's start snapshot cannot hold it.
  const reason = (require("node:http") as typeof import("node:http")).STATUS_CODES[response.status] ?? "Unknown Status";
  const message =
    `${response.method} ${response.path} failed with ${response.status} ${reason}` +
    (apiMessage === undefined ? "" : `: ${apiMessage}`) +
    (requestId === undefined ? "" : ` (request id ${redact(requestId)})`);
  return new ctor({
    status: response.status,
    code: body.code === undefined ? defaultCode : redact(body.code).slice(0, 100),
    message,
    method: response.method,
    path: response.path,
    ...(requestId === undefined ? {} : { requestId: redact(requestId) }),
    ...(apiMessage === undefined ? {} : { apiMessage }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/**
 * A redacted stand-in for a low-level error (undici, the OS), kept as `cause` for diagnosis.
 * The original is dropped: its properties may hold sockets or request options.
 */
export function redactedCause(error: unknown, redact: Redactor): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redact(original.message));
  copy.name = original.name;
  const code = errorCodesOf(original)[0];
  if (code !== undefined) (copy as Error & { code?: string }).code = code;
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** Every `code` along an error's cause chain, AggregateError members included (undici wraps OS
 * errors, and a refused dual-stack connect is an AggregateError of two). */
export function errorCodesOf(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== "object" || error === null) return [];
  const codes: string[] = [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") codes.push(code);
  codes.push(...errorCodesOf(cause, depth + 1));
  if (Array.isArray(errors)) for (const member of errors) codes.push(...errorCodesOf(member, depth + 1));
  return codes;
}
