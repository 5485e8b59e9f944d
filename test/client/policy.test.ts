import { describe, expect, it } from "vitest";
import { ApiError, type HttpMethod } from "../../provider/client/index.ts";
import { requestIdOf, serverDelayMs } from "../../provider/client/headers.ts";
import { createRedactor, redactUrl } from "../../provider/client/redact.ts";
import { isRetryable, retryDelayMs } from "../../provider/client/retry.ts";
import { ConnectionError, DeadlineExceededError, TimeoutError } from "../../provider/client/errors.ts";

const NOW = Date.parse("2031-05-06T07:08:09Z");

function httpError(status: number, headers: Record<string, string> = {}): ApiError {
  return ApiError.fromResponse({ status, headers, body: "", method: "GET", path: "/v1/x", nowMs: NOW });
}

const base = { message: "m", method: "GET", path: "/v1/x" };

describe("server delay hints", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(serverDelayMs({ "retry-after": "2" }, 503, NOW)).toBe(2000);
    expect(serverDelayMs({ "retry-after": "0.5" }, 503, NOW)).toBe(500);
    expect(serverDelayMs({ "retry-after": new Date(NOW + 4000).toUTCString() }, 429, NOW)).toBe(4000);
    expect(serverDelayMs({ "retry-after": new Date(NOW - 4000).toUTCString() }, 429, NOW)).toBe(0);
    expect(serverDelayMs({ "retry-after": "soon" }, 429, NOW)).toBeUndefined();
  });

  it("reads X-RateLimit-Reset as epoch seconds, only when the rate limit is what failed", () => {
    const reset = { "x-ratelimit-reset": String(NOW / 1000 + 9) };
    expect(serverDelayMs(reset, 429, NOW)).toBe(9000);
    expect(serverDelayMs({ ...reset, "x-ratelimit-remaining": "0" }, 503, NOW)).toBe(9000);
    expect(serverDelayMs({ ...reset, "x-ratelimit-remaining": "12" }, 503, NOW)).toBeUndefined();
    expect(serverDelayMs({ "x-ratelimit-reset": String(NOW / 1000 - 5) }, 429, NOW)).toBe(0);
    // A small value cannot be an epoch: a gateway's seconds-until-reset.
    expect(serverDelayMs({ "x-ratelimit-reset": "30" }, 429, NOW)).toBe(30_000);
  });

  it("prefers Retry-After over X-RateLimit-Reset", () => {
    const headers = { "retry-after": "1", "x-ratelimit-reset": String(NOW / 1000 + 60) };
    expect(serverDelayMs(headers, 429, NOW)).toBe(1000);
  });

  it("takes the request id from x-request-id first", () => {
    expect(requestIdOf({ "x-request-id": "a", "request-id": "b" })).toBe("a");
    expect(requestIdOf({ "request-id": "b" })).toBe("b");
    expect(requestIdOf({ "x-request-id": ["c", "d"] })).toBe("c");
    expect(requestIdOf({})).toBeUndefined();
  });
});

describe("retry decisions", () => {
  const methods: HttpMethod[] = ["GET", "PUT", "DELETE", "POST", "PATCH"];
  const idempotent = (m: HttpMethod) => m === "GET" || m === "PUT" || m === "DELETE";

  it.each(methods)("%s: 429 always, 5xx and broken connections only when idempotent", (method) => {
    expect(isRetryable(httpError(429), method)).toBe(true);
    expect(isRetryable(httpError(500), method)).toBe(idempotent(method));
    expect(isRetryable(httpError(503), method)).toBe(idempotent(method));
    expect(isRetryable(httpError(501), method)).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 410, 422]) expect(isRetryable(httpError(status), method)).toBe(false);
    expect(isRetryable(new ConnectionError({ ...base, code: "connection_refused" }), method)).toBe(true);
    expect(isRetryable(new ConnectionError({ ...base, code: "connection_error" }), method)).toBe(idempotent(method));
    expect(isRetryable(new ConnectionError({ ...base, code: "client_closed" }), method)).toBe(false);
    expect(isRetryable(new TimeoutError({ ...base, code: "timeout", timeoutMs: 1 }), method)).toBe(idempotent(method));
    expect(isRetryable(new DeadlineExceededError({ ...base, code: "deadline_exceeded", timeoutMs: 1 }), method)).toBe(false);
  });

  it("obeys the server's hint, otherwise draws full jitter under a capped exponential ceiling", () => {
    const backoff = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 };
    expect(retryDelayMs(1, httpError(429, { "retry-after": "3" }), backoff)).toBe(3000);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, httpError(503), backoff))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(retryDelayMs(3, httpError(503), { ...backoff, random: () => 0 })).toBe(0);
  });
});

describe("redaction", () => {
  it("removes the secret in plain, URL-encoded and JSON-escaped form, bearer values and URL userinfo", () => {
    const redact = createRedactor(['s3cr3t/t"ok']);
    const text = [
      'token s3cr3t/t"ok',
      `encoded ${encodeURIComponent('s3cr3t/t"ok')}`,
      `json ${JSON.stringify('s3cr3t/t"ok')}`,
      "Authorization: Bearer abc.def",
      "see https://bob:pw@example.com/v1/x",
    ].join("\n");
    const out = redact(text);
    expect(out).not.toContain("s3cr3t");
    expect(out).not.toContain("abc.def");
    expect(out).not.toContain("bob:pw");
    expect(out).toContain("Bearer [REDACTED]");
    expect(out).toContain("https://[REDACTED]@example.com/v1/x");
  });

  it("shows URLs without their credentials", () => {
    expect(redactUrl(new URL("https://u:p@h.example/v1?a=1"))).toBe("https://[REDACTED]@h.example/v1?a=1");
    expect(redactUrl(new URL("https://h.example/v1"))).toBe("https://h.example/v1");
  });
});
