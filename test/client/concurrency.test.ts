import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { Limiter } from "../../provider/client/limiter.ts";
import { testClient, track } from "./harness.ts";
import { sendError, sendJson, startServer } from "./hostile-server.ts";

describe("concurrency", () => {
  it("never has more than maxConcurrentRequests in flight at the server", async () => {
    const server = track(
      await startServer(async (_r, { res }) => {
        await delay(20);
        sendJson(res, 200, { ok: true });
      }),
    );
    const { client } = testClient(server, { maxConcurrentRequests: 3 });

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client.request("GET", ["items", String(i)])));
    expect(results).toHaveLength(20);
    expect(server.requests).toHaveLength(20);
    expect(server.maxInFlight).toBe(3);
    expect(server.connections).toBeLessThanOrEqual(3);
  });

  it("shares the limit between request() and paginate() of the same client", async () => {
    const server = track(
      await startServer(async (request, { res }) => {
        await delay(20);
        if (request.url.startsWith("/v1/list")) sendJson(res, 200, { items: [1], count: 1 });
        else sendJson(res, 200, {});
      }),
    );
    const { client } = testClient(server, { maxConcurrentRequests: 2 });

    const walk = async (): Promise<number[]> => {
      const all: number[] = [];
      for await (const n of client.paginate<number>(["list"])) all.push(n);
      return all;
    };
    await Promise.all([walk(), walk(), walk(), client.request("GET", ["a"]), client.request("GET", ["b"])]);
    expect(server.requests).toHaveLength(5);
    expect(server.maxInFlight).toBe(2);
  });

  it("consumes error bodies: 50 errors through one connection all complete on it", async () => {
    // With one connection, an unread body larger than undici's 64 KiB buffer would leave the
    // connection busy and stall the next request until it timed out.
    const server = track(
      await startServer((request, { res }) => (request.url.endsWith("/ok") ? sendJson(res, 200, { ok: true }) : sendError(res, 404, "x".repeat(200_000), { "x-request-id": "r" }))),
    );
    const { client } = testClient(server, { maxConcurrentRequests: 1, requestTimeoutMs: 2000, maxRetries: 0 });

    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => client.request("GET", ["missing", String(i)]).catch((e: unknown) => e)));
    expect(outcomes.every((e) => (e as { status?: number }).status === 404)).toBe(true);
    await expect(client.request("GET", ["ok"])).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(51);
    // Keep-alive: every request reused the one socket.
    expect(server.connections).toBe(1);
  });

  it("consumes the bodies of retried responses too", async () => {
    let calls = 0;
    const server = track(
      await startServer((_r, { res }) => {
        calls++;
        if (calls % 2 === 1) sendError(res, 503, "y".repeat(200_000));
        else sendJson(res, 200, { ok: true });
      }),
    );
    const { client } = testClient(server, { maxConcurrentRequests: 1, requestTimeoutMs: 2000 });

    for (let i = 0; i < 10; i++) await client.request("GET", ["a"]);
    expect(server.requests).toHaveLength(20);
    expect(server.connections).toBe(1);
  });

  it("cuts an oversized error body instead of reading it all, and keeps working", async () => {
    const big = "z".repeat(3 * 1024 * 1024);
    const server = track(await startServer((request, { res }) => (request.url.endsWith("/ok") ? sendJson(res, 200, { ok: true }) : sendError(res, 400, big))));
    const { client } = testClient(server, { maxConcurrentRequests: 1, requestTimeoutMs: 2000 });

    const error = (await client.request("GET", ["big"]).catch((e: unknown) => e)) as Error & { apiMessage?: string };
    expect((error as { status?: number }).status).toBe(400);
    expect(error.message.length).toBeLessThan(2000);
    await expect(client.request("GET", ["ok"])).resolves.toEqual({ ok: true });
    // The oversized body's connection was given up rather than drained.
    expect(server.connections).toBe(2);
  });
});

/** A promise resolved from outside (lib ES2023 has no Promise.withResolvers). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("Limiter", () => {
  it("serves waiters first come, first served, and hands slots over directly", async () => {
    const limiter = new Limiter(1);
    const order: number[] = [];
    const gate = deferred();
    const first = limiter.run(async () => {
      await gate.promise;
      order.push(0);
    });
    const rest = [1, 2, 3].map((n) => limiter.run(() => Promise.resolve(void order.push(n))));
    expect(limiter.active).toBe(1);
    expect(limiter.pending).toBe(3);
    gate.resolve();
    await Promise.all([first, ...rest]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(limiter.active).toBe(0);
  });

  it("releases the slot when a task fails, and drops an aborted waiter", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(limiter.active).toBe(0);

    const gate = deferred();
    const holder = limiter.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const waiter = limiter.run(() => Promise.resolve(void (ran = true)), controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiter).rejects.toThrow("deadline");
    expect(limiter.pending).toBe(0);
    gate.resolve();
    await holder;
    expect(ran).toBe(false);
    expect(limiter.active).toBe(0);
  });
});
