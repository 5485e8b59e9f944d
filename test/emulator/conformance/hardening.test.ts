/**
 * The emulator against hostile or careless clients: malformed paths, field names that are
 * members of Object.prototype, bodies without a token or over the limit, and a control surface
 * that a web page must not be able to drive.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Clock, LATEST_MS } from "../clock.ts";
import { control, expectError, useEmulator, type Reply } from "./helpers.ts";

const env = useEmulator();
const MAX_BODY_BYTES = 5 * 1024 * 1024;

afterEach(() => {
  vi.restoreAllMocks();
});

/** One request through node:http, so every header (Host included) is exactly the one given. */
function raw(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") responseHeaders.set(name, value);
        resolve({ status: res.statusCode!, headers: responseHeaders, body: text ? JSON.parse(text) : undefined });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const token = () => env.emulator.fixture.token;
const auth = () => ({ authorization: `Bearer ${token()}` });
const json = { "content-type": "application/json" };

/** A body streamed in 64 KiB chunks (no content-length) up to `limit` bytes. */
function stream(limit: number): { body: ReadableStream<Uint8Array>; sent: () => number } {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= limit) return controller.close();
      sent += 65_536;
      controller.enqueue(new Uint8Array(65_536).fill(32));
    },
  });
  return { body, sent: () => sent };
}

async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe("paths", () => {
  it("answers 400 with the error body to malformed percent-encoding, and logs nothing", async () => {
    const logged = vi.spyOn(console, "error");
    for (const path of ["/orgs/%", "/orgs/%zz", `/orgs/${env.org}/teams/%E0%A4%A`, "/orgs/%C0%AF", "/orgs/%FF"]) {
      expectError(await raw(`${env.emulator.url}${path}`, "GET", auth()), 400, "percent-encoding");
      expectError(await raw(`${env.emulator.url}${path}`, "GET"), 400, "percent-encoding");
    }
    expectError(await raw(`${env.emulator.url}/orgs/%`, "PATCH", { ...auth(), ...json }, "{}"), 400, "percent-encoding");
    expect(logged).not.toHaveBeenCalled();
    // Well-formed escapes still decode.
    expectError(await raw(`${env.emulator.url}/orgs/org%2Dmissing`, "GET", auth()), 404, "org-missing");
  });
});

describe("field names that are members of Object.prototype", () => {
  const names = [
    "constructor",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "__proto__",
    "__defineGetter__",
    "__lookupSetter__",
  ];

  it("are unknown fields: 400 naming the field, at the top level and nested", async () => {
    const org = () => `${env.emulator.url}/orgs/${env.org}`;
    for (const name of names) {
      // Raw JSON: an object literal would turn "__proto__" into the prototype instead of a key.
      expectError(await raw(org(), "PATCH", { ...auth(), ...json }, `{${JSON.stringify(name)}: 1}`), 400, `${name}: unknown field`);
      expectError(
        await raw(org(), "PATCH", { ...auth(), ...json }, `{"mergeRules": {"type": "inherit", ${JSON.stringify(name)}: {"x": 1}}}`),
        400,
        `mergeRules.${name}: unknown field`,
      );
      expectError(await raw(`${org()}/collections`, "POST", { ...auth(), ...json }, `{"title": "Proto", ${JSON.stringify(name)}: "x"}`), 400, `${name}: unknown field`);
    }
    // Nothing was stored: no collection was made, and the organization reads as before.
    const collections = await raw(`${org()}/collections?limit=1000`, "GET", auth());
    expect(collections.body.items.map((c: { title: string }) => c.title)).not.toContain("Proto");
    const read = await raw(org(), "GET", auth());
    expect(read.status).toBe(200);
    for (const name of names) expect(Object.hasOwn(read.body, name)).toBe(false);
  });

  it("are unknown fields of the control surface's bodies too", async () => {
    for (const name of names) {
      expectError(await raw(`${env.emulator.controlUrl}/faults`, "PUT", json, `{${JSON.stringify(name)}: 1}`), 400, `${name}: unknown field`);
    }
    expect((await control(env.emulator).get("/faults")).body).toEqual({});
  });
});

describe("the token is checked before the body is read", () => {
  const collections = () => `${env.emulator.url}/orgs/${env.org}/collections`;

  it("answers 401, not 400, to malformed JSON without a valid token", async () => {
    expectError(await raw(collections(), "POST", json, "{not json"), 401, "Authorization");
    expectError(await raw(collections(), "POST", { ...json, authorization: "Bearer no-such-token" }, "{not json"), 401, "unknown token");
    expectError(await raw(collections(), "POST", { ...json, ...auth() }, "{not json"), 400, "JSON");
  });

  it("answers 401 to an unauthenticated body of several megabytes, declared or streamed, without reading it", async () => {
    const big = await fetch(collections(), { method: "POST", headers: json, body: Buffer.alloc(8 * 1024 * 1024, 32) });
    // Answered before its body was read: the connection is not kept to drain the rest.
    expect(big.headers.get("connection")).toBe("close");
    expectError(await replyOf(big), 401, "Authorization");
    // A body that would take 256 MiB to send: the answer cannot wait for its end.
    const endless = stream(256 * 1024 * 1024);
    const started = Date.now();
    const streamed = await fetch(collections(), { method: "POST", headers: json, body: endless.body, duplex: "half", signal: AbortSignal.timeout(10_000) });
    expectError(await replyOf(streamed), 401, "Authorization");
    expect(endless.sent()).toBeLessThan(256 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The emulator still answers.
    expect((await raw(collections(), "GET", auth())).status).toBe(200);
  });

  it("keeps the connection of requests without a body or whose body was read", async () => {
    for (const reply of [
      await raw(collections(), "GET", auth()),
      await raw(`${env.emulator.url}/no-such-thing`, "GET", auth()),
      await raw(collections(), "GET"),
      await raw(collections(), "POST", { ...json, ...auth() }, JSON.stringify({ title: "Kept alive" })),
    ]) {
      expect(reply.headers.get("connection")).toBe("keep-alive");
    }
  });

  it("answers 413 with the error body to an authenticated body over 5 MiB, declared or streamed", async () => {
    const over = await fetch(collections(), { method: "POST", headers: { ...json, ...auth() }, body: Buffer.alloc(MAX_BODY_BYTES + 1, 32) });
    expectError(await replyOf(over), 413, "5 MiB");
    const streamed = await fetch(collections(), {
      method: "POST",
      headers: { ...json, ...auth() },
      body: stream(MAX_BODY_BYTES + 65_536).body,
      duplex: "half",
      signal: AbortSignal.timeout(10_000),
    });
    expectError(await replyOf(streamed), 413, "5 MiB");
    // At the limit the body is read: the rule that fails is the title's, not the size.
    const title = "a".repeat(MAX_BODY_BYTES - JSON.stringify({ title: "" }).length);
    expectError(await raw(collections(), "POST", { ...json, ...auth() }, JSON.stringify({ title })), 400, "title");
    expect((await raw(collections(), "GET", auth())).status).toBe(200);
  });
});

describe("the control surface refuses what a web page could send", () => {
  const at = (path: string) => `${env.emulator.controlUrl}${path}`;

  async function teamTitles(): Promise<string[]> {
    const reply = await raw(`${env.emulator.url}/orgs/${env.org}/teams?limit=1000`, "GET", auth());
    return reply.body.items.map((team: { title: string }) => team.title);
  }

  it("answers 415 to a POST or PUT that is not application/json, and changes nothing", async () => {
    const created = await raw(`${env.emulator.url}/orgs/${env.org}/teams`, "PUT", { ...auth(), ...json }, JSON.stringify({ title: "Survivor" }));
    expect(created.status).toBe(201);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"]) {
      expectError(await raw(at("/reset"), "POST", { "content-type": type }, "{}"), 415, "application/json");
      expectError(await raw(at("/faults"), "PUT", { "content-type": type }, JSON.stringify({ errorRate: 1 })), 415, "application/json");
      expectError(await raw(at("/clock"), "POST", { "content-type": type }, JSON.stringify({ advanceDays: 30 })), 415, "application/json");
    }
    // A body without a content type, and a POST with no body at all (both simple requests for a browser).
    expectError(await raw(at("/reset"), "POST", {}, "{}"), 415, "application/json");
    expectError(await raw(at("/reset"), "POST"), 415, "application/json");
    expect(await teamTitles()).toContain("Survivor");
    expect((await control(env.emulator).get("/faults")).body).toEqual({});
  });

  it("accepts application/json with parameters and in any case", async () => {
    expect((await raw(at("/faults"), "PUT", { "content-type": "Application/JSON; charset=utf-8" }, JSON.stringify({ latencyMs: 1 }))).status).toBe(200);
    expect((await raw(at("/faults"), "DELETE")).status).toBe(204);
    expect((await raw(at("/clock"), "POST", json)).status).toBe(200);
  });

  it("answers 403 unless the Host header names the loopback interface", async () => {
    const port = env.emulator.port;
    for (const host of [
      "evil.example",
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost.evil.example`,
      `127.0.0.2:${port}`,
      `[::2]:${port}`,
      `localhost:${port}@evil.example`,
    ]) {
      expectError(await raw(at("/requests"), "GET", { host }), 403, "Host");
      expectError(await raw(at("/reset"), "POST", { host, ...json }, "{}"), 403, "Host");
    }
    expect(await teamTitles()).toContain("Survivor");
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await raw(at("/requests"), "GET", { host })).status, host).toBe(200);
    }
    // The server's port, no other (a Host without a port names port 80).
    for (const host of ["127.0.0.1", "[::1]", `localhost:${port + 1}`, "localhost:80"]) {
      expectError(await raw(at("/requests"), "GET", { host }), 403, `localhost:${port}`);
    }
  });
});

describe("the API answers only requests addressed to this machine (audit 12: DNS rebinding)", () => {
  it("answers 421 with the error body when the Host is another name or port, even with a valid token, and counts nothing", async () => {
    const port = env.emulator.port;
    await control(env.emulator).del("/requests");
    const orgs = `${env.emulator.url}/orgs`;
    for (const host of [
      "evil.example",
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost:${port}@evil.example`,
      `127.0.0.1:${port + 1}`,
      "127.0.0.1",
      "[::1]",
    ]) {
      const reply = await raw(orgs, "GET", { ...auth(), host });
      expectError(reply, 421, "Host");
      expect(JSON.stringify(reply.body), host).not.toContain(env.org);
    }
    // A request with no Host at all (HTTP/1.0; node:http always adds one, so a raw socket) is refused too.
    const noHost = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end(`GET /v1/orgs HTTP/1.0\r\nAuthorization: Bearer ${token()}\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(noHost).toMatch(/^HTTP\/1\.1 421 /);
    expect(noHost).toContain('"code":421');
    expect((await control(env.emulator).get("/requests")).body).toMatchObject({ total: 0 });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `Localhost:${port}`, `[::1]:${port}`]) {
      expect((await raw(orgs, "GET", { ...auth(), host })).status, host).toBe(200);
    }
  });
});

describe("the control surface's token route (audit 12)", () => {
  it("answers 400 naming the segment to malformed percent-encoding, not 500, and logs nothing", async () => {
    const logged = vi.spyOn(console, "error");
    for (const segment of ["%", "%zz", "%E0%A4%A", "%FF"]) {
      expectError(await raw(`${env.emulator.controlUrl}/tokens/${segment}`, "PUT", json, JSON.stringify({ user: "u" })), 400, "percent-encoding");
      expectError(await raw(`${env.emulator.controlUrl}/tokens/${segment}`, "DELETE"), 400, `'${segment}'`);
    }
    expect(logged).not.toHaveBeenCalled();
    // Well-formed escapes still decode.
    expect((await raw(`${env.emulator.controlUrl}/tokens/never%2Dissued`, "DELETE")).status).toBe(204);
  });
});

describe("the clock control's bounds (audit 9)", () => {
  it("refuses 1e12 days, and every advance beyond 100 years, naming the field and the limit; the API keeps answering", async () => {
    const before = (await control(env.emulator).get("/clock")).body;
    expectError(await control(env.emulator).post("/clock", { advanceDays: 1e12 }), 400, "advanceDays: must be at most 36500");
    expectError(await control(env.emulator).post("/clock", { advanceSeconds: 1e300 }), 400, "advanceSeconds: must be at most");
    expectError(await control(env.emulator).post("/clock", { advanceMs: Number.MAX_VALUE }), 400, "advanceMs: must be at most");
    expectError(await control(env.emulator).post("/clock", { advanceDays: -1 }), 400, "advanceDays: must be at least 0");
    // JSON has no Infinity or NaN; 1e999 parses to Infinity.
    const infinite = await raw(`${env.emulator.controlUrl}/clock`, "POST", json, '{"advanceMs": 1e999}');
    expectError(infinite, 400, "advanceMs: must be a number");
    expect((await control(env.emulator).get("/clock")).body.offsetMs).toBe(before.offsetMs);
    expect((await raw(`${env.emulator.url}/orgs/${env.org}`, "GET", auth())).status).toBe(200);
  });

  it("refuses a set outside 1970..9999 or not ISO 8601, and a sum that would pass 9999, changing nothing", async () => {
    const before = (await control(env.emulator).get("/clock")).body;
    expectError(await control(env.emulator).post("/clock", { set: "+275760-09-13T00:00:00.000Z" }), 400, "set: must be an ISO 8601 date-time");
    expectError(await control(env.emulator).post("/clock", { set: "1" }), 400, "set: must be an ISO 8601 date-time");
    expectError(await control(env.emulator).post("/clock", { set: "1969-12-31T23:59:59Z" }), 400, "set: must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z");
    expectError(await control(env.emulator).post("/clock", { set: "9999-12-01T00:00:00Z", advanceDays: 31 }), 400, "would pass 9999-12-31T23:59:59.999Z");
    expect((await control(env.emulator).get("/clock")).body.offsetMs).toBe(before.offsetMs);
    expect(() => env.emulator.advanceClock(1e20)).toThrow(/between 1970.*9999/);
  });

  it("set to the latest instant, it stays there as real time goes on (no year 10000)", () => {
    let real = 1_000;
    const clock = new Clock(() => real);
    clock.set(LATEST_MS);
    real += 5;
    expect(clock.iso()).toBe("9999-12-31T23:59:59.999Z");
  });

  it("at the latest instant it holds, the API still answers (a restore window past 9999 included)", async () => {
    const logged = vi.spyOn(console, "error");
    const latest = await control(env.emulator).post("/clock", { set: "9999-12-31T23:59:59.999Z" });
    expect(latest.status).toBe(200);
    expect(latest.body.now).toBe("9999-12-31T23:59:59.999Z");
    const admin = (path: string, method = "GET", body?: unknown) =>
      raw(`${env.emulator.url}${path}`, method, { ...auth(), ...(body === undefined ? {} : json) }, body === undefined ? undefined : JSON.stringify(body));
    const space = await admin(`/orgs/${env.org}/spaces`, "POST", { title: "At the end of time" });
    expect(space.status).toBe(201);
    expect((await admin(`/spaces/${space.body.id}`, "DELETE")).status).toBeLessThan(300);
    expect((await admin(`/spaces/${space.body.id}/restore`, "POST", {})).status).toBe(200);
    expect((await admin(`/orgs/${env.org}/openapi/at-the-end`, "PUT", { source: { url: "https://example.com/openapi.json" } })).status).toBeLessThan(300);
    expect((await admin(`/orgs/${env.org}/openapi/at-the-end`)).status).toBe(200);
    expect((await admin(`/orgs/${env.org}/members`)).status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
    expect((await control(env.emulator).post("/clock", { set: new Date().toISOString() })).status).toBe(200);
  });
});

describe("the control surface counts only API requests (issue 21)", () => {
  it("a rejected control call is not among the API statuses", async () => {
    await control(env.emulator).del("/requests");
    expect((await control(env.emulator).post("/clock", { advanceMs: "soon" })).status).toBe(400);
    expect((await control(env.emulator).get("/no-such-endpoint")).status).toBe(404);
    const counted = (await control(env.emulator).get("/requests")).body as { total: number; statuses: Record<string, number> };
    expect(counted).toMatchObject({ total: 0, statuses: {} });
  });

  it("a client that goes away mid-body is neither a 500 nor an unexpected error", async () => {
    await control(env.emulator).del("/requests");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await new Promise<void>((resolve) => {
      const req = request(`${env.emulator.url}/orgs/${env.org}/teams`, { method: "PUT", headers: { ...auth(), ...json, "content-length": "1000" } });
      req.on("error", () => resolve());
      req.write('{"title": "cut sh');
      setTimeout(() => {
        req.destroy();
        setTimeout(resolve, 200);
      }, 100);
    });
    const counted = (await control(env.emulator).get("/requests")).body as { statuses: Record<string, number> };
    expect(counted.statuses["500"]).toBeUndefined();
    expect(errors.mock.calls.filter((call) => String(call[0]).includes("unexpected error"))).toEqual([]);
  });
});

describe("action routes take no body (issue 21)", () => {
  it("ping, publish, unpublish, restore, run, join, members/{id}/sso and duplicate refuse unknown fields and non-objects", async () => {
    const site = (await env.admin.post(`/orgs/${env.org}/sites`, { title: "Actions" })).body as { id: string };
    const paths = [
      `/orgs/${env.org}/ping`,
      `/orgs/${env.org}/sites/${site.id}/publish`,
      `/orgs/${env.org}/sites/${site.id}/unpublish`,
      `/spaces/${env.spaces[0]}/restore`,
      `/orgs/${env.org}/translations/any/run`,
      `/orgs/${env.org}/join`,
      `/orgs/${env.org}/members/usr-acme-reader/sso`,
      `/spaces/${env.spaces[0]}/duplicate`,
    ];
    for (const path of paths) {
      expectError(await env.admin.post(path, { surprise: true }), 400, "surprise");
      expectError(await env.admin.post(path, [1, 2]), 400, "body: must be a JSON object");
    }
    // Nothing, or an empty object, is what they take.
    expect((await env.admin.post(`/orgs/${env.org}/sites/${site.id}/publish`, {})).status).toBe(200);
    expect((await env.admin.post(`/orgs/${env.org}/sites/${site.id}/unpublish`)).status).toBe(200);
  });
});
