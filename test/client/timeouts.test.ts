import { describe, expect, it } from "vitest";
import { isDeadlineExceededError, isRateLimitError, isServerError, isTimeoutError } from "../../provider/client/index.ts";
import { rejection, testClient, track } from "./harness.ts";
import { hang, inSequence, sendError, sendJson, startServer, type Handler } from "./hostile-server.ts";

/** Sends headers and half a body, then goes silent. */
const hangMidBody: Handler = (_r, { res }) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
  res.write('{"items": [');
};

describe("timeouts and the deadline", () => {
  it("turns a response that hangs past requestTimeoutMs into a TimeoutError", async () => {
    const server = track(await startServer(hang));
    const { client } = testClient(server, { requestTimeoutMs: 150, maxRetries: 0 });

    const started = performance.now();
    const error = await rejection(client.request("POST", ["orgs", "o1", "sites"], { body: {} }));
    const elapsed = performance.now() - started;
    expect(isTimeoutError(error)).toBe(true);
    expect(isDeadlineExceededError(error)).toBe(false);
    expect(error.code).toBe("timeout");
    expect(error.message).toContain("timed out after 150 ms");
    expect(error.path).toBe("/v1/orgs/o1/sites");
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(3000);
  });

  it("times out a body that stops half way", async () => {
    const server = track(await startServer(hangMidBody));
    const { client } = testClient(server, { requestTimeoutMs: 150, maxRetries: 0 });

    expect(isTimeoutError(await rejection(client.request("GET", ["a"])))).toBe(true);
  });

  it("retries a timed-out GET, but not a timed-out POST", async () => {
    const server = track(await startServer(inSequence(hang, (_r, { res }) => sendJson(res, 200, { ok: true }))));
    const { client } = testClient(server, { requestTimeoutMs: 150 });

    await expect(client.request("GET", ["a"])).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);

    const posts = track(await startServer(inSequence(hang, (_r, { res }) => sendJson(res, 200, { ok: true }))));
    const { client: poster } = testClient(posts, { requestTimeoutMs: 150 });
    expect(isTimeoutError(await rejection(poster.request("POST", ["a"], { body: {} })))).toBe(true);
    expect(posts.requests).toHaveLength(1);
  });

  it("stops a hanging call at deadlineMs with DeadlineExceededError, whatever requestTimeoutMs", async () => {
    const server = track(await startServer(hang));
    const { client } = testClient(server, { requestTimeoutMs: 10_000, deadlineMs: 200 });

    const started = performance.now();
    const error = await rejection(client.request("GET", ["a"]));
    const elapsed = performance.now() - started;
    expect(isDeadlineExceededError(error)).toBe(true);
    expect(isTimeoutError(error)).toBe(true);
    expect(error.code).toBe("deadline_exceeded");
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(3000);
    expect(server.requests).toHaveLength(1);
  });

  it("does not sleep past the deadline: a Retry-After beyond it fails at once with the 429", async () => {
    const server = track(await startServer((_r, { res }) => sendError(res, 429, "slow down", { "retry-after": "60" })));
    const { client, sleeps } = testClient(server, { deadlineMs: 30_000 });

    const error = await rejection(client.request("GET", ["a"]));
    expect(isRateLimitError(error)).toBe(true);
    expect(error.retryAfterMs).toBe(60_000);
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("bounds the sum of backoff waits by the deadline and ends with the last server error", async () => {
    // A clock that only moves when the client sleeps: the budget is spent purely on backoff.
    let now = 1_000_000;
    const server = track(await startServer((_r, { res }) => sendError(res, 503, "down")));
    const { client, sleeps } = testClient(
      server,
      { maxRetries: 10, deadlineMs: 3000 },
      {
        now: () => now,
        random: () => 0.99,
        sleep: (ms) => {
          sleeps.push(ms);
          now += ms;
          return Promise.resolve();
        },
      },
    );

    const error = await rejection(client.request("GET", ["a"]));
    expect(isServerError(error)).toBe(true);
    // Ceilings 500, 1000, 2000: 495 + 990 = 1485 fits, + 1980 would pass 3000.
    expect(sleeps).toEqual([495, 990]);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThan(3000);
    expect(server.requests).toHaveLength(3);
  });

  it("counts time spent queueing for a slot against the deadline", async () => {
    const server = track(await startServer(hang));
    const { client } = testClient(server, { maxConcurrentRequests: 1, deadlineMs: 300, maxRetries: 0 });

    const first = rejection(client.request("GET", ["first"]));
    const second = rejection(client.request("GET", ["second"]));
    const [a, b] = await Promise.all([first, second]);
    expect(isDeadlineExceededError(a)).toBe(true);
    expect(isDeadlineExceededError(b)).toBe(true);
    // The second call never got a slot before its deadline, so it never reached the server.
    expect(server.requests.map((r) => r.url)).toEqual(["/v1/first"]);
  });
});
