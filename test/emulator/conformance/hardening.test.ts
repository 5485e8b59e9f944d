/**
 * The emulator against hostile or careless clients: malformed paths.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectError, useEmulator, type Reply } from "./helpers.ts";

const env = useEmulator();

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
