import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiClient, DEFAULTS, DEFAULT_USER_AGENT, type ApiError } from "../../provider/client/index.ts";
import { TOKEN, testClient, track } from "./harness.ts";
import { sendJson, startServer } from "./hostile-server.ts";

const manifest = JSON.parse(readFileSync(new URL("../../provider/package.json", import.meta.url), "utf8")) as { name: string; version: string };

describe("requests", () => {
  it("percent-encodes every path segment on its own", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, {})));
    const { client } = testClient(server);

    await client.request("GET", ["orgs", "a/b c", "sites", "x?y#z", "%41&é"]);
    expect(server.requests[0].url).toBe("/v1/orgs/a%2Fb%20c/sites/x%3Fy%23z/%2541%26%C3%A9");
  });

  it("refuses empty and dot segments, which would address another resource", async () => {
    const { client, sleeps } = testClient("http://127.0.0.1:1/v1");
    await expect(client.request("GET", ["orgs", ""])).rejects.toThrow(TypeError);
    await expect(client.request("GET", ["orgs", ".."])).rejects.toThrow(/Invalid path segment "\.\."/);
    await expect(client.request("GET", ["orgs", "."])).rejects.toThrow(TypeError);
    // Refused before any attempt: nothing was sent, so nothing was retried.
    expect(sleeps).toEqual([]);
  });

  it("refuses a segment that is not well-formed Unicode with a clear TypeError, not a raw URIError", async () => {
    const { client, sleeps } = testClient("http://127.0.0.1:1/v1");
    for (const segment of ["\uD800", "a\uDC00b", "x\uDBFFy"]) {
      const failure = await client.request("GET", ["orgs", segment, "sites"]).then(
        () => expect.unreachable("the request should have been refused"),
        (error: unknown) => error as Error,
      );
      expect(failure).toBeInstanceOf(TypeError);
      expect(failure).not.toBeInstanceOf(URIError);
      expect(failure.message).toMatch(/Invalid path segment .*lone UTF-16 surrogate/);
      // The message itself is well-formed: the surrogate is written out, not embedded.
      expect(failure.message).toMatch(/\\u(d800|dc00|dbff)/i);
      expect(failure.message).not.toMatch(/[\uD800-\uDFFF]/);
    }
    expect(sleeps).toEqual([]);
  });

  it("sends the bearer token, the package User-Agent and a JSON body with its content type", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 201, { id: "t1" })));
    const { client } = testClient(server);

    const created = await client.request<{ id: string }>("POST", ["orgs", "o1", "teams"], {
      body: { title: "Writers", members: ["u1"] },
    });
    expect(created.id).toBe("t1");
    const [request] = server.requests;
    expect(request.method).toBe("POST");
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers["user-agent"]).toBe(`${manifest.name}/${manifest.version}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.accept).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ title: "Writers", members: ["u1"] });
  });

  it("sends no body and no content type without a body", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, {})));
    const { client } = testClient(server, { userAgent: "my-tool/2.0" });

    await client.request("DELETE", ["orgs", "o1"]);
    expect(server.requests[0].body).toBe("");
    expect(server.requests[0].headers["content-type"]).toBeUndefined();
    expect(server.requests[0].headers["user-agent"]).toBe("my-tool/2.0");
  });

  it("uses the package name and version as the default User-Agent", () => {
    expect(DEFAULT_USER_AGENT).toBe(`pulumi-docs-platform/${manifest.version}`);
    expect(DEFAULTS).toEqual({
      maxRetries: 4,
      requestTimeoutMs: 30_000,
      deadlineMs: 120_000,
      maxConcurrentRequests: 8,
      userAgent: DEFAULT_USER_AGENT,
    });
  });

  it("builds the query string from defined values only", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, {})));
    const { client } = testClient(server);

    await client.request("GET", ["orgs"], { query: { q: "a b&c", limit: 5, archived: false, page: undefined } });
    expect(server.requests[0].url).toBe("/v1/orgs?q=a+b%26c&limit=5&archived=false");
  });

  it("tolerates a trailing slash on the base URL", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, {})));
    const { client } = testClient(`${server.baseUrl}/`);

    await client.request("GET", ["orgs", "o1"]);
    expect(server.requests[0].url).toBe("/v1/orgs/o1");
  });

  it.each([204, 205, 200])("returns undefined for an empty %i", async (status) => {
    const server = track(
      await startServer((_r, { res }) => {
        res.writeHead(status, status === 200 ? { "content-length": "0" } : {});
        res.end();
      }),
    );
    const { client } = testClient(server);

    await expect(client.request("DELETE", ["orgs", "o1", "teams", "t1"])).resolves.toBeUndefined();
  });

  it("fails with invalid_response on a 2xx body that is not JSON, without retrying", async () => {
    const server = track(
      await startServer((_r, { res }) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>login</html>");
      }),
    );
    const { client } = testClient(server);

    const error = (await client.request("GET", ["a"]).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("invalid_response");
    expect(error.status).toBe(200);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects bad options with a message naming the option", () => {
    expect(() => new ApiClient({ baseUrl: "not a url", token: "t0ken" })).toThrow("ClientOptions.baseUrl");
    expect(() => new ApiClient({ baseUrl: "http://x/v1", token: "t0ken", maxRetries: -1 })).toThrow("ClientOptions.maxRetries must be an integer >= 0");
    expect(() => new ApiClient({ baseUrl: "http://x/v1", token: "t0ken", maxConcurrentRequests: 0 })).toThrow("ClientOptions.maxConcurrentRequests");
    expect(() => new ApiClient({ baseUrl: "http://x/v1?a=1", token: "t0ken" })).toThrow("query or fragment");
  });

  it("fails calls made after close() with a client_closed error and no retries", async () => {
    const server = track(await startServer((_r, { res }) => sendJson(res, 200, {})));
    const { client, sleeps } = testClient(server);
    await client.request("GET", ["a"]);
    await client.close();
    await client.close();

    const error = (await client.request("GET", ["a"]).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("client_closed");
    expect(sleeps).toEqual([]);
  });
});
