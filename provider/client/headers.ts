/**
 * Reading the response headers the client acts on: the request id for error reports, and the
 * rate-limit hints (`Retry-After`, `X-RateLimit-Reset`) for retry delays.
 */

/** Response headers as undici gives them: lower-case names, repeated headers as arrays. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

// Checked in order; the first present wins. `x-request-id` is what the API and most proxies set.
const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-correlation-id"] as const;

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

export function requestIdOf(headers: ResponseHeaders): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headerValue(headers, name);
    // Bounded, so a hostile server cannot fill an error message through this header.
    if (value !== undefined) return value.slice(0, 200);
  }
  return undefined;
}

/**
 * How long the server asks us to wait, in milliseconds from `nowMs`, or undefined when it gives
 * no usable hint. `Retry-After` (delta seconds or an HTTP date) wins over `X-RateLimit-Reset`
 * (epoch seconds) because it is the more specific instruction. A hint in the past means "now".
 *
 * `X-RateLimit-Reset` is only a wait instruction when the limit is what failed (a 429, or
 * `X-RateLimit-Remaining: 0`): servers send it on every response, and a 503 must not wait for
 * the end of a rate-limit window it has nothing to do with.
 */
export function serverDelayMs(headers: ResponseHeaders, status: number, nowMs: number): number | undefined {
  const retryAfter = headerValue(headers, "retry-after");
  if (retryAfter !== undefined) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const limited = status === 429 || headerValue(headers, "x-ratelimit-remaining") === "0";
  const reset = limited ? headerValue(headers, "x-ratelimit-reset") : undefined;
  if (reset !== undefined && /^\d+(\.\d+)?$/.test(reset)) {
    const seconds = Number(reset);
    // The API sends epoch seconds; some gateways in front of APIs send seconds-until-reset
    // instead. No epoch value below 1e9 (2001) is plausible, so such a value is a delta.
    if (seconds < 1e9) return Math.round(seconds * 1000);
    return Math.max(0, Math.round(seconds * 1000 - nowMs));
  }
  return undefined;
}
