import { describe, expect, it } from "vitest";
import { isBadRequestError, isConnectionError, isRateLimitError, isOutcomeUnknown, isServerError, MAX_RATE_LIMITED_RETRIES, type ApiError } from "../../provider/client/index.ts";
import { rejection, testClient, track } from "./harness.ts";
import { freePort, inSequence, resetConnection, sendError, sendJson, startServer, type Handler } from "./hostile-server.ts";

const ok: Handler = (_request, { res }) => sendJson(res, 200, { id: "site_1" });

describe("retries", () => {
  it("waits the Retry-After seconds after a 429, then succeeds", async () => {
    const server = track(await startServer(inSequence((_r, { res }) => sendError(res, 429, "slow down", { "retry-after": "7" }), ok)));
    const { client, sleeps } = testClient(server);

    await expect(client.request("GET", ["orgs", "o1"])).resolves.toEqual({ id: "site_1" });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
  });

  it("accepts Retry-After as an HTTP date", async () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    const server = track(await startServer(inSequence((_r, { res }) => sendError(res, 429, "slow down", { "retry-after": "Tue, 01 Jan 2030 00:00:03 GMT" }), ok)));
    const { client, sleeps } = testClient(server, {}, { now: () => now });

    await client.request("GET", ["orgs", "o1"]);
    expect(sleeps).toEqual([3000]);
  });

  it("waits until X-RateLimit-Reset (epoch seconds) after a 429", async () => {
    const now = 1_900_000_000_000;
    const server = track(
      await startServer(
        inSequence(
          (_r, { res }) =>
            sendError(res, 429, "rate limited", {
              "x-ratelimit-limit": "100",
              "x-ratelimit-remaining": "0",
              "x-ratelimit-reset": String(now / 1000 + 12),
            }),
          ok,
        ),
      ),
    );
    const { client, sleeps } = testClient(server, {}, { now: () => now });

    await client.request("GET", ["orgs", "o1"]);
    expect(sleeps).toEqual([12_000]);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a 429 for a POST too: the server did not act on it", async () => {
    const server = track(await startServer(inSequence((_r, { res }) => sendError(res, 429, "slow down", { "retry-after": "1" }), ok)));
    const { client } = testClient(server);

    await client.request("POST", ["orgs", "o1", "sites"], { body: { title: "Docs" } });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(server.requests[1].body).toBe('{"title":"Docs"}');
  });

  it("retries a 503 for a GET with exponential backoff and full jitter, then succeeds", async () => {
    const server = track(
      await startServer(
        inSequence(
          (_r, { res }) => sendError(res, 503, "unavailable"),
          (_r, { res }) => sendError(res, 502, "bad gateway"),
          (_r, { res }) => sendError(res, 500, "oops"),
          ok,
        ),
      ),
    );
    const { client, sleeps, logs } = testClient(server);

    await expect(client.request("GET", ["orgs", "o1"])).resolves.toEqual({ id: "site_1" });
    expect(server.requests).toHaveLength(4);
    // random() = 0.5 of ceilings 500, 1000, 2000 ms.
    expect(sleeps).toEqual([250, 500, 1000]);
    expect(logs).toHaveLength(3);
    // A GET is safe to repeat: it is retried until the deadline, not a fixed number of times.
    expect(logs[0]).toContain("GET /v1/orgs/o1: 503; retry 1 until the deadline (deadlineMs 120000)");
  });

  it("draws each backoff uniformly between 0 and the ceiling", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "unavailable")));
    const draws = [0, 0.999, 0.25, 0.1];
    const { client, sleeps } = testClient(server, { maxRetries: 4 }, { random: () => draws.shift()! });

    await rejection(client.request("GET", ["x"], { untilDeadline: false }));
    expect(sleeps).toEqual([0, Math.floor(0.999 * 1000), 500, 400]);
  });

  it("with untilDeadline false, gives up after maxRetries and throws the last error", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "still down")));
    const { client, sleeps } = testClient(server, { maxRetries: 2 });

    const error = await rejection(client.request("DELETE", ["orgs", "o1", "teams", "t1"], { untilDeadline: false }));
    expect(isServerError(error)).toBe(true);
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it("with untilDeadline, retries a DELETE past maxRetries until it succeeds", async () => {
    let failures = 9;
    const server = track(await startServer((_r, { res }) => (failures-- > 0 ? sendError(res, 503, "flaky") : void res.writeHead(205).end())));
    const { client, sleeps } = testClient(server, { maxRetries: 2 });

    await expect(client.request("DELETE", ["orgs", "o1", "teams", "t1"], { untilDeadline: true })).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(10);
    expect(sleeps).toHaveLength(9);
  });

  it("with untilDeadline, still gives up at the deadline with the last answer", async () => {
    let now = 0;
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "down for good")));
    const { client, sleeps } = testClient(
      server,
      { maxRetries: 2, deadlineMs: 60_000 },
      {
        now: () => now,
        sleep: (ms) => {
          sleeps.push(ms);
          now += ms;
          return Promise.resolve();
        },
      },
    );

    const error = await rejection(client.request("DELETE", ["orgs", "o1", "teams", "t1"], { untilDeadline: true }));
    expect(isServerError(error)).toBe(true);
    expect(server.requests.length).toBeGreaterThan(3);
    expect(now).toBeLessThan(60_000);
  });

  it("with untilDeadline and maxRetries 0, does not retry at all", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "down")));
    const { client } = testClient(server, { maxRetries: 0 });

    await rejection(client.request("DELETE", ["x"], { untilDeadline: true }));
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a 5xx for POST or PATCH: the server may have acted", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 500, "boom")));
    const { client, sleeps } = testClient(server);

    expect(isServerError(await rejection(client.request("POST", ["a"], { body: {} })))).toBe(true);
    expect(isServerError(await rejection(client.request("PATCH", ["a"], { body: {} })))).toBe(true);
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "PATCH"]);
    expect(sleeps).toEqual([]);
  });

  it("does not retry 501 Not Implemented even for a GET", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 501, "no")));
    const { client } = testClient(server);

    await rejection(client.request("GET", ["a"]));
    expect(server.requests).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 422])("never retries a %i", async (status) => {
    const server = track(await startServer((_r, { res }) => sendError(res, status, "no")));
    const { client, sleeps } = testClient(server);

    const error = await rejection(client.request("PUT", ["orgs", "o1"], { body: { title: "x" } }));
    expect(error.status).toBe(status);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries a GET whose connection was reset, then succeeds", async () => {
    const server = track(await startServer(inSequence(resetConnection, ok)));
    const { client, sleeps } = testClient(server);

    await expect(client.request("GET", ["orgs", "o1"])).resolves.toEqual({ id: "site_1" });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it("does not retry a POST whose connection was reset after sending", async () => {
    const server = track(await startServer(inSequence(resetConnection, ok)));
    const { client, sleeps } = testClient(server);

    const error = await rejection(client.request("POST", ["orgs", "o1", "sites"], { body: { title: "t" } }));
    expect(isConnectionError(error)).toBe(true);
    expect(error.code).toBe("connection_error");
    expect(error.status).toBeUndefined();
    expect(error.method).toBe("POST");
    expect(error.path).toBe("/v1/orgs/o1/sites");
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries a POST refused before it was sent, once the server is up", async () => {
    const port = await freePort();
    let started = false;
    const { client, sleeps } = testClient(
      `http://127.0.0.1:${port}/v1`,
      {},
      {
        // The first refusal leads to a wait; the server comes up during it.
        sleep: async (ms) => {
          sleeps.push(ms);
          if (!started) {
            started = true;
            track(await startServer((_r, { res }) => sendJson(res, 201, { id: "s1" }), { port }));
          }
        },
      },
    );

    await expect(client.request("POST", ["orgs", "o1", "sites"], { body: { title: "t" } })).resolves.toEqual({
      id: "s1",
    });
    expect(sleeps).toHaveLength(1);
  });

  it("reports a refused connection as connection_refused once retries run out", async () => {
    const port = await freePort();
    const { client, sleeps } = testClient(`http://127.0.0.1:${port}/v1`, { maxRetries: 1 });

    const error = await rejection(client.request("POST", ["a"], { body: {} }));
    expect(isConnectionError(error)).toBe(true);
    expect(error.code).toBe("connection_refused");
    expect((error as ApiError & { reason?: string }).reason).toBe("ECONNREFUSED");
    expect(sleeps).toHaveLength(1);
  });

  it("does not retry at all with maxRetries 0", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 429, "slow", { "retry-after": "1" })));
    const { client, sleeps } = testClient(server, { maxRetries: 0 });

    expect(isRateLimitError(await rejection(client.request("GET", ["a"])))).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("keeps retrying a burst of 429s past maxRetries (the server did not act), bounded by MAX_RATE_LIMITED_RETRIES", async () => {
    const slow: Handler = (_r, { res }) => sendError(res, 429, "slow", { "retry-after": "1" });
    const server = track(await startServer(inSequence(...Array<Handler>(9).fill(slow), ok)));
    const { client, sleeps } = testClient(server, { maxRetries: 2 });

    await expect(client.request("POST", ["a"], { body: {} })).resolves.toEqual({ id: "site_1" });
    expect(server.requests).toHaveLength(10);
    expect(sleeps).toEqual(Array(9).fill(1000));

    const endless = track(await startServer((_r, { res }) => sendError(res, 429, "slow", { "retry-after": "0" })));
    const second = testClient(endless, { maxRetries: 2 });
    expect(isRateLimitError(await rejection(second.client.request("GET", ["a"])))).toBe(true);
    expect(endless.requests).toHaveLength(1 + MAX_RATE_LIMITED_RETRIES);
  });

  it("re-sends a PATCH marked idempotent after a 503, and never a PUT marked not idempotent", async () => {
    const patched = track(await startServer(inSequence((_r, { res }) => sendError(res, 503, "down"), ok)));
    await expect(testClient(patched).client.request("PATCH", ["a"], { body: { title: "t" }, idempotent: true })).resolves.toEqual({ id: "site_1" });
    expect(patched.requests).toHaveLength(2);

    const unmarked = track(await startServer(inSequence((_r, { res }) => sendError(res, 503, "down"), ok)));
    expect(isServerError(await rejection(testClient(unmarked).client.request("PATCH", ["a"], { body: { title: "t" } })))).toBe(true);
    expect(unmarked.requests).toHaveLength(1);

    const creating = track(await startServer(inSequence(resetConnection, ok)));
    const error = await rejection(testClient(creating).client.request("PUT", ["teams"], { body: { title: "t" }, idempotent: false }));
    expect(isConnectionError(error)).toBe(true);
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(creating.requests).toHaveLength(1);
  });

  it("stops retrying when the answer turns into a non-retryable 4xx", async () => {
    const server = track(
      await startServer(
        inSequence(
          (_r, { res }) => sendError(res, 503, "down"),
          (_r, { res }) => sendError(res, 400, "title: too long"),
          ok,
        ),
      ),
    );
    const { client } = testClient(server);

    const error = await rejection(client.request("GET", ["a"]));
    expect(isBadRequestError(error)).toBe(true);
    expect(server.requests).toHaveLength(2);
  });
});
