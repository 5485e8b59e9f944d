/**
 * The HTTP client of the documentation platform's management API. Resources import from here
 * only; see `client.ts` for the request lifecycle and `errors.ts` for what can be thrown.
 */
export { ApiClient, MAX_RATE_LIMITED_RETRIES, type RequestOptions } from "./client";
export { DEFAULTS, type ClientOptions } from "./options";
export { clientOptionsOf } from "./from-config";
export type { HttpMethod, PathSegments, Query } from "./path";
export { PAGE_LIMIT, type ListEnvelope } from "./pagination";
export { isIdempotent, isOutcomeUnknown } from "./retry";
export { createRedactor, type Redactor, urlCredential } from "./redact";
export { PACKAGE_NAME, PACKAGE_VERSION, DEFAULT_USER_AGENT } from "./version";
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  DeadlineExceededError,
  ErrorCodes,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  errorFromResponse,
  isApiError,
  isAuthenticationError,
  isBadRequestError,
  isConflictError,
  isConnectionError,
  isDeadlineExceededError,
  isNotFoundError,
  isPermissionDeniedError,
  isRateLimitError,
  isServerError,
  isTimeoutError,
  withAttempts,
  type ApiErrorInit,
  type ErrorResponse,
} from "./errors";
