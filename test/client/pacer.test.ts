/**
 * The client-side request rate (provider/client/pacer.ts): the pacer's arithmetic on a fake
 * clock, then real clients against the emulator's rate limit, with and without the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { RequestPacer } from "../../provider/client/pacer.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";

function fakeClock(startMs = 1_000_000) {
  const clock = {
    ms: startMs,
    now: () => clock.ms,
    sleep: (ms: number) => {
      clock.ms += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

const rateHeaders = (limit: number, remaining: number, resetAtSeconds: number) => ({
  "x-ratelimit-limit": String(limit),
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-reset": String(resetAtSeconds),
});

describe("RequestPacer", () => {
  it("requestsPerSecond spaces request starts evenly, in call order", async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer({ requestsPerSecond: 10 }, clock);
    const starts: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map(() => pacer.turn().then(() => starts.push(clock.ms - 1_000_000))));
    expect(starts).toEqual([0, 100, 200, 300, 400]);
  });

  it("rateLimitShare spreads the share of the advertised limit left to this client over the time left", async () => {
    const clock = fakeClock(0);
    const pacer = new RequestPacer({ rateLimitShare: 0.5 }, clock);
    await pacer.turn();
    // 60 a minute, 10 used (by anyone), 60 s left: this client may send 30 - 10 = 20 more -> one every 3 s.
    pacer.observe(rateHeaders(60, 50, 60));
    await pacer.turn();
    expect(clock.ms).toBe(3_000);
  });

  it("waits for the window's reset when the share is used up", async () => {
    const clock = fakeClock(0);
    const pacer = new RequestPacer({ rateLimitShare: 0.5 }, clock);
    await pacer.turn();
    pacer.observe(rateHeaders(60, 30, 45));
    await pacer.turn();
    expect(clock.ms).toBe(45_000);
  });

  it("while the limit is unknown, the next request waits for an answer to tell it", async () => {
    const clock = fakeClock(0);
    const pacer = new RequestPacer({ rateLimitShare: 1 }, clock);
    await pacer.turn();
    let second = false;
    const waiting = pacer.turn().then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(false);
    pacer.observe(rateHeaders(100, 99, 100));
    await waiting;
    expect(second).toBe(true);
  });

  it("ignores responses without rate-limit headers and never paces without a setting", () => {
    expect(RequestPacer.isConfigured({})).toBe(false);
    expect(RequestPacer.isConfigured({ rateLimitShare: 1 })).toBe(true);
    const pacer = new RequestPacer({ rateLimitShare: 1 }, fakeClock());
    expect(() => pacer.observe({ "x-ratelimit-limit": "many" })).not.toThrow();
  });

  it("refuses settings outside their range, naming the option", () => {
    expect(() => new ApiClient({ baseUrl: "http://127.0.0.1:1/v1", token: "t0ken", requestsPerSecond: 0 })).toThrow("ClientOptions.requestsPerSecond");
    expect(() => new ApiClient({ baseUrl: "http://127.0.0.1:1/v1", token: "t0ken", rateLimitShare: 1.5 })).toThrow("ClientOptions.rateLimitShare");
  });
});

describe("against the emulator's rate limit (10 requests a 2 s window), 24 concurrent GETs", () => {
  let emulator: Emulator;
  let token: string;
  let org: string;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    token = emulator.fixture.token;
    org = emulator.fixture.organization;
  });
  afterAll(async () => {
    await emulator.close();
  });

  async function run(pace: { rateLimitShare?: number }): Promise<{ rateLimited: number; seconds: number }> {
    // Start in a fresh window, so both runs see the same budget.
    await new Promise((resolve) => setTimeout(resolve, 2_000 - (Date.now() % 2_000) + 50));
    emulator.setFaults({ rateLimit: { limit: 10, windowSeconds: 2 } });
    const retries: string[] = [];
    const client = new ApiClient({ baseUrl: emulator.url, token, maxRetries: 10, log: (line) => retries.push(line), ...pace });
    const started = Date.now();
    try {
      await Promise.all(Array.from({ length: 24 }, () => client.request("GET", ["orgs", org])));
    } finally {
      await client.close();
      emulator.setFaults({});
    }
    return { rateLimited: retries.filter((line) => line.includes(": 429;")).length, seconds: (Date.now() - started) / 1000 };
  }

  it("without a pace the client runs into 429s (and retries them); with rateLimitShare: 1 it gets none", { timeout: 60_000 }, async () => {
    const without = await run({});
    const paced = await run({ rateLimitShare: 1 });
    expect(without.rateLimited).toBeGreaterThan(0);
    expect(paced.rateLimited).toBe(0);
    // 24 requests at 10 a window need at least two window changes.
    expect(paced.seconds).toBeGreaterThan(2);
  });
});
