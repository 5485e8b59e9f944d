import { describe, expect, it } from "vitest";
import { control, expectError, useEmulator } from "./helpers.ts";

const env = useEmulator();
const teams = () => `/orgs/${env.org}/teams`;

async function teamCount(): Promise<number> {
  return (await env.admin.get(`${teams()}?limit=1000`)).body.count;
}

describe("faults", () => {
  it("adds latency to matched requests only", async () => {
    const c = control(env.emulator);
    // A latency far above what an unmatched request takes even on a loaded machine (120 ms was
    // exceeded at a load average near 20): the matched request waits at least that long, the
    // unmatched one does not wait for it.
    const latencyMs = 1500;
    expect((await c.put("/faults", { latencyMs, match: "/teams" })).status).toBe(200);
    let start = performance.now();
    expect((await env.admin.get(teams())).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(latencyMs - 5);
    start = performance.now();
    await env.admin.get(`/orgs/${env.org}`);
    const unmatched = performance.now() - start;
    expect(unmatched).toBeLessThan(latencyMs - 5);
    await c.del("/faults");
  });

  it("fails a seeded ratio of requests with 5xx before running them, repeatably", async () => {
    const c = control(env.emulator);
    const run = async () => {
      await c.put("/faults", { seed: 42, errorRate: 0.5, match: "PUT /v1/orgs/{organizationId}/teams" });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await env.admin.put(teams(), { title: `Flaky ${i}` })).status);
      return statuses;
    };
    const before = await teamCount();
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(201);
    await c.del("/faults");
    // Failed requests never ran: only the 201s created teams.
    expect(await teamCount()).toBe(before + 2 * first.filter((s) => s === 201).length);
    await c.put("/faults", { errorRate: 1, errorStatus: 500 });
    expectError(await env.admin.get(teams()), 500, "injected");
    await c.del("/faults");
  });

  it("answers a burst of 429s with the rate-limit headers, then recovers", async () => {
    const c = control(env.emulator);
    await c.put("/faults", { burst429: { count: 3, retryAfterSeconds: 2 } });
    for (let i = 0; i < 3; i++) {
      const reply = await env.admin.get(teams());
      expectError(reply, 429);
      expect(reply.headers.get("retry-after")).toBe("2");
      expect(reply.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(Number(reply.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
      expect(Number(reply.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    }
    expect((await env.admin.get(teams())).status).toBe(200);
    await c.del("/faults");
  });

  it("rate-limits with a fixed window on the emulator clock", async () => {
    const c = control(env.emulator);
    await c.put("/faults", { rateLimit: { limit: 3, windowSeconds: 60 } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await env.admin.get(teams());
      expect(reply.status).toBe(200);
      expect(reply.headers.get("x-ratelimit-limit")).toBe("3");
      remaining.push(reply.headers.get("x-ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const limited = await env.admin.get(teams());
    expectError(limited, 429, "rate limit");
    const reset = Number(limited.headers.get("x-ratelimit-reset"));
    const now = Date.parse((await c.get("/clock")).body.now) / 1000;
    expect(reset).toBeGreaterThan(now);
    expect(reset - now).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await c.post("/clock", { advanceSeconds: 60 });
    expect((await env.admin.get(teams())).status).toBe(200);
    await c.del("/faults");
  });

  it("commits a write and then drops the connection", async () => {
    const c = control(env.emulator);
    await c.put("/faults", { dropAfterCommit: { count: 1 } });
    await expect(env.admin.put(teams(), { title: "Committed but unanswered" })).rejects.toThrow();
    const titles = (await env.admin.get(`${teams()}?title=committed but unanswered`)).body.items;
    expect(titles).toHaveLength(1);
    expect((await env.admin.put(teams(), { title: "Answered" })).status).toBe(201);
    await c.del("/faults");
  });

  it("rejects invalid fault settings", async () => {
    const c = control(env.emulator);
    expectError(await c.put("/faults", { errorRate: 2 }), 400, "errorRate");
    expectError(await c.put("/faults", { errorStatus: 404, errorRate: 1 }), 400, "errorStatus");
    expectError(await c.put("/faults", { surprise: true }), 400, "surprise");
  });
});

describe("control surface", () => {
  it("counts requests per route and resets the counts", async () => {
    const c = control(env.emulator);
    expect((await c.del("/requests")).status).toBe(204);
    await env.reader.get(`/orgs/${env.org}`);
    await env.reader.get(`/orgs/${env.otherOrg}`);
    await env.reader.get(`/spaces/${env.spaces[0]}`);
    await env.reader.get("/nowhere");
    const counts = (await c.get("/requests")).body;
    expect(counts.counts).toEqual({
      "GET /v1/orgs/{organizationId}": 2,
      "GET /v1/spaces/{spaceId}": 1,
      "GET (no route)": 1,
    });
    expect(counts.total).toBe(4);
  });

  it("advances and sets the clock", async () => {
    const c = control(env.emulator);
    const before = Date.parse((await c.get("/clock")).body.now);
    const after = Date.parse((await c.post("/clock", { advanceDays: 1 })).body.now);
    expect(after - before).toBeGreaterThanOrEqual(86_400_000);
    const set = await c.post("/clock", { set: "2030-01-01T00:00:00.000Z" });
    expect(Date.parse(set.body.now)).toBeGreaterThanOrEqual(Date.parse("2030-01-01T00:00:00.000Z"));
    expectError(await c.post("/clock", { set: "tomorrow" }), 400, "set");
  });

  it("loads a fixture, then resets to it", async () => {
    const c = control(env.emulator);
    const fixture = {
      users: [{ id: "u1", displayName: "Solo", email: "solo@solo.test", token: "tok-solo" }],
      organizations: [{ id: "org-solo", title: "Solo", members: [{ user: "u1", role: "admin" }], spaces: [{ id: "spc-solo", title: "Only" }] }],
    };
    expectError(await c.post("/fixture", { users: [] }), 400, "fixture");
    const loaded = await c.post("/fixture", fixture);
    expect(loaded.status).toBe(200);
    expect(loaded.body.fixture).toMatchObject({ organization: "org-solo", token: "tok-solo", organizations: [{ id: "org-solo", spaceIds: ["spc-solo"] }] });
    expectError(await env.admin.get(`/orgs/${env.org}`), 401);
    const solo = await fetch(`${env.emulator.url}/orgs/org-solo/spaces`, { headers: { authorization: "Bearer tok-solo" } });
    expect(solo.status).toBe(200);
    await fetch(`${env.emulator.url}/orgs/org-solo/teams`, { method: "PUT", headers: { authorization: "Bearer tok-solo" }, body: JSON.stringify({ title: "T" }) });
    const reset = await c.post("/reset");
    expect(reset.body.fixture.organization).toBe("org-solo");
    const teamsAfter = await fetch(`${env.emulator.url}/orgs/org-solo/teams`, { headers: { authorization: "Bearer tok-solo" } });
    expect(((await teamsAfter.json()) as { count: number }).count).toBe(0);
    expect(env.emulator.fixture.organization).toBe("org-solo");
  });

  it("listens on loopback only", () => {
    expect(new URL(env.emulator.url).hostname).toBe("127.0.0.1");
    expect(new URL(env.emulator.controlUrl).pathname).toBe("/_control");
  });
});
