import { createRequire } from "node:module";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import * as source from "../../provider/client/index.ts";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  isApiError,
  isConflictError,
  isNotFoundError,
  isServerError,
} from "../../provider/client/index.ts";
import { rejection, renderings, TOKEN, testClient, track } from "./harness.ts";
import { freePort, resetConnection, sendError, startServer } from "./hostile-server.ts";

const cases = [
  { status: 400, ctor: BadRequestError, name: "BadRequestError", code: "bad_request" },
  { status: 401, ctor: AuthenticationError, name: "AuthenticationError", code: "unauthenticated" },
  { status: 403, ctor: PermissionDeniedError, name: "PermissionDeniedError", code: "permission_denied" },
  { status: 404, ctor: NotFoundError, name: "NotFoundError", code: "not_found" },
  { status: 409, ctor: ConflictError, name: "ConflictError", code: "conflict" },
  { status: 429, ctor: RateLimitError, name: "RateLimitError", code: "rate_limited" },
  { status: 500, ctor: ServerError, name: "ServerError", code: "server_error" },
  { status: 503, ctor: ServerError, name: "ServerError", code: "server_error" },
  { status: 418, ctor: ApiError, name: "ApiError", code: "http_error" },
] as const;

describe("typed errors", () => {
  it.each(cases)("maps $status to $name with the API's message and the request id", async (c) => {
    const server = track(await startServer((_r, { res }) => sendError(res, c.status, `slug: "guides" is taken (${c.status})`, { "x-request-id": `req_${c.status}` })));
    const { client } = testClient(server, { maxRetries: 0 });

    const error = await rejection(client.request("POST", ["orgs", "o 1", "openapi"], { body: {}, query: { dryRun: true } }));
    expect(error).toBeInstanceOf(c.ctor);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(c.name);
    expect(error.status).toBe(c.status);
    expect(error.code).toBe(c.code);
    expect(error.method).toBe("POST");
    // The path, encoded as sent, without the query string.
    expect(error.path).toBe("/v1/orgs/o%201/openapi");
    expect(error.requestId).toBe(`req_${c.status}`);
    expect(error.apiMessage).toBe(`slug: "guides" is taken (${c.status})`);
    expect(error.message).toContain(`POST /v1/orgs/o%201/openapi failed with ${c.status}`);
    expect(error.message).toContain(`slug: "guides" is taken`);
    expect(error.message).toContain(`request id req_${c.status}`);
    expect(error.message).not.toContain("dryRun");
  });

  it("ApiError.fromResponse picks exactly one subclass per status", () => {
    const make = (status: number) => ApiError.fromResponse({ status, headers: {}, body: "", method: "GET", path: "/v1/x" });
    expect(isNotFoundError(make(404))).toBe(true);
    expect(isConflictError(make(404))).toBe(false);
    expect(make(404)).not.toBeInstanceOf(ServerError);
    expect(isServerError(make(599))).toBe(true);
    expect(make(302).constructor).toBe(ApiError);
    // No body: the reason phrase stands in for the API's message.
    expect(make(404).message).toBe("GET /v1/x failed with 404 Not Found");
    expect(make(404).apiMessage).toBeUndefined();
  });

  it("keeps a textual API code and reads non-JSON error bodies", () => {
    const coded = ApiError.fromResponse({
      status: 409,
      headers: {},
      body: JSON.stringify({ error: { code: "hostname_taken", message: "hostname is taken" } }),
      method: "PATCH",
      path: "/v1/orgs/o1",
    });
    expect(coded.code).toBe("hostname_taken");
    const numeric = ApiError.fromResponse({
      status: 409,
      headers: {},
      body: JSON.stringify({ error: { code: 409, message: "hostname is taken" } }),
      method: "PATCH",
      path: "/v1/orgs/o1",
    });
    expect(numeric.code).toBe("conflict");
    const html = ApiError.fromResponse({
      status: 502,
      headers: {},
      body: "<html>Bad Gateway</html>",
      method: "GET",
      path: "/v1/x",
    });
    expect(html.apiMessage).toBe("<html>Bad Gateway</html>");
  });

  it("is recognised by a second copy of the module (brands, not constructors)", () => {
    // The compiled package is a separate module instance with its own classes, as in the
    // provider host where the program and the runtime each load the package.
    const require = createRequire(import.meta.url);
    const compiled = require("../../provider/dist/client/index.js") as typeof source;
    expect(compiled.NotFoundError).not.toBe(source.NotFoundError);

    const foreign = compiled.ApiError.fromResponse({ status: 404, headers: {}, body: "", method: "GET", path: "/" });
    expect(foreign).toBeInstanceOf(source.NotFoundError);
    expect(foreign).toBeInstanceOf(source.ApiError);
    expect(foreign).not.toBeInstanceOf(source.ConflictError);
    expect(source.isNotFoundError(foreign)).toBe(true);
    expect(source.isApiError(foreign)).toBe(true);
    expect(source.isConflictError(foreign)).toBe(false);

    const local = source.ApiError.fromResponse({ status: 409, headers: {}, body: "", method: "GET", path: "/" });
    expect(compiled.isConflictError(local)).toBe(true);
    expect(local).toBeInstanceOf(compiled.ConflictError);
  });

  it("guards reject things that are not client errors", () => {
    expect(isApiError(new Error("x"))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError("NotFoundError")).toBe(false);
    expect(isNotFoundError({ status: 404 })).toBe(false);
  });
});

describe("credential redaction", () => {
  it("never shows the token, even when the server echoes it back", async () => {
    const server = track(
      await startServer((request, { res }) =>
        sendError(res, 401, `invalid token ${TOKEN}; header was "${request.headers.authorization}"`, {
          "x-request-id": `id-${TOKEN}`,
        }),
      ),
    );
    const { client } = testClient(server);

    const error = await rejection(client.request("GET", ["orgs", "o1"]));
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(error.message).toContain("[REDACTED]");
    for (const text of renderings(error)) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toMatch(/Bearer tok_/);
    }
  });

  it("keeps the token out of connection errors, timeouts, log lines and the client itself", async () => {
    const server = track(await startServer(resetConnection));
    const { client, logs } = testClient(server, { maxRetries: 2, requestTimeoutMs: 100 });

    const reset = await rejection(client.request("GET", ["a"], { untilDeadline: false }));
    const refused = await rejection(testClient(`http://127.0.0.1:${await freePort()}/v1`, { maxRetries: 0 }).client.request("GET", ["a"]));
    expect(logs.length).toBeGreaterThan(0);
    const texts = [...renderings(reset), ...renderings(refused), ...logs, inspect(client, { showHidden: true, depth: 10 }), JSON.stringify(client)];
    for (const text of texts) expect(text).not.toContain(TOKEN);
  });

  it("never shows user:password from the base URL, and never sends it", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 403, "no")));
    const { client } = testClient(`http://admin:hunter2pass@127.0.0.1:${server.port}/v1`, { maxRetries: 0 });

    const error = await rejection(client.request("GET", ["a"]));
    expect(error.status).toBe(403);
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    for (const text of renderings(error)) expect(text).not.toContain("hunter2pass");

    expect(() => testClient("ftp://admin:hunter2pass@example.com/v1")).toThrow(/\[REDACTED\]@example\.com/);
    expect(() => testClient("http://admin:hunter2pass@/v1")).toThrow(/baseUrl/);
    try {
      testClient("http://admin:hunter2pass@/v1");
    } catch (thrown) {
      expect(String(thrown)).not.toContain("hunter2pass");
    }
  });

  it("refuses a token that cannot be a header value without quoting it", () => {
    expect(() => testClient("http://127.0.0.1:1/v1", { token: "abc\r\nX-Evil: 1" })).toThrow("ClientOptions.token contains whitespace or non-ASCII characters (value not shown)");
    expect(() => testClient("http://127.0.0.1:1/v1", { token: "" })).toThrow("ClientOptions.token is required");
  });
});
