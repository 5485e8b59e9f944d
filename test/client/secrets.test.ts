/**
 * Secrets against a server that echoes back what it received: the token, whatever characters it
 * holds, the query string of a misconfigured `apiUrl`, and credentials in an OpenAPI spec's
 * source URL never reach an error, a log line or the state.
 */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { definition as openApiSpec } from "../../provider/resources/open-api-spec.ts";
import { configure, handlerFor } from "../../provider/runtime/host.ts";
import { PROVIDER, providerOf, rejectionOf } from "../provider/support/harness.ts";
import { rejection, renderings, testClient, track } from "./harness.ts";
import { sendError, sendJson, startServer } from "./hostile-server.ts";

const TAIL = "SECRETTAIL";

/**
 * Every way the echo server sends the Authorization header back: raw in the error message and the
 * request id, JSON-escaped, percent-encoded (upper and lower hex, form encoding), inside URL
 * userinfo, and in a plain-text body.
 */
const echoes: Record<string, (authorization: string, token: string, headersJson: string) => string> = {
  raw: (authorization) => `header was ${authorization}`,
  quoted: (authorization) => `header was "${authorization}"`,
  "JSON-escaped": (_a, _t, headersJson) => `request headers: ${headersJson}`,
  "percent-encoded": (_a, token) => `redirect to https://login.example/cb?token=${encodeURIComponent(token)}`,
  "percent-encoded, lower-case hex": (_a, token) => `redirect to https://login.example/cb?token=${encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())}`,
  "form-encoded": (_a, token) => `form ${new URLSearchParams({ token }).toString()}`,
  "URL userinfo": (_a, token) => `proxy https://${token}@proxy.example/v1 refused`,
};

describe("a token holding characters the general patterns stop at", () => {
  // Each of these ended the `Bearer ...` pattern early and let the token's tail through.
  for (const char of [";", '"', "'", ",", "@", "\\", "<", "&"]) {
    it(`is redacted whole with ${JSON.stringify(char)}, echoed in every form`, async () => {
      const token = `tok-front${char}${TAIL}`;
      const forms = Object.entries(echoes);
      const server = track(
        await startServer((request, { res }) => {
          const authorization = String(request.headers.authorization);
          const [, echo] = forms[Number(request.url.split("/").pop())];
          sendError(res, 401, echo(authorization, token, JSON.stringify(request.headers)), {
            "x-request-id": `req ${authorization}`,
          });
        }),
      );
      const { client } = testClient(server, { token, maxRetries: 0 });

      for (const [index, [form]] of forms.entries()) {
        const error = await rejection(client.request("GET", ["echo", String(index)]));
        expect(server.requests[index].headers.authorization).toBe(`Bearer ${token}`);
        expect(error.status).toBe(401);
        expect(error.message, form).toContain("[REDACTED]");
        for (const text of renderings(error)) {
          expect(text, form).not.toContain(TAIL);
          expect(text, form).not.toContain("tok-front");
        }
      }
    });
  }

  it("is redacted whole from a plain-text error body and a connection error's log lines", async () => {
    const token = `tok-front;"',@${TAIL}`;
    const server = track(
      await startServer((request, { res, index }) => {
        if (index === 0) {
          res.writeHead(503, { "content-type": "text/plain" });
          res.end(`upstream said: ${request.headers.authorization}`);
          return;
        }
        res.writeHead(502, { "content-type": "text/html" });
        res.end(`<p>${JSON.stringify(request.headers)}</p>`);
      }),
    );
    const { client, logs } = testClient(server, { token, maxRetries: 1 });
    const error = await rejection(client.request("GET", ["a"], { untilDeadline: false }));
    expect(error.status).toBe(502);
    expect(logs.length).toBe(1);
    for (const text of [...renderings(error), ...logs]) {
      expect(text).not.toContain(TAIL);
      expect(text).not.toContain("tok-front");
    }
  });
});

describe("an apiUrl with a query string or fragment", () => {
  const SECRET = "QUERYSECRET123";
  const variants = (baseUrl: string) => [`${baseUrl}?token=${SECRET}`, `${baseUrl}#${SECRET}`, `${baseUrl}?`, `${baseUrl}?a=1#${SECRET}`];

  it("is refused by the dynamic door's configure, every call answering with the key and not the value, before any request", async () => {
    const server = track(await startServer((request, { res }) => sendError(res, 400, `you sent ${request.url}`)));
    for (const apiUrl of variants(server.baseUrl)) {
      const config = { get: (key: string) => ({ "docs-platform:apiUrl": apiUrl, "docs-platform:token": "tok-secret-1234" })[key] };
      // The provider host passes a pulumi.Config; configure only calls its `get`. It keeps the
      // refusal for every call rather than throwing it (runtime/host.ts: one line, not a stack).
      await configure({ config: Object.assign(Object.create(pulumi.Config.prototype) as pulumi.Config, config) });
      const team = handlerFor("Team");
      const checked = await team.check({}, { organizationId: "org", title: "Writers" });
      expect(checked.failures).toEqual([{ property: "", reason: expect.stringMatching(/docs-platform:apiUrl: it must not have a query string or fragment/) }]);
      const error = await rejectionOf(team.create({ organizationId: "org", title: "Writers" }));
      expect(error.message).toMatch(/docs-platform:apiUrl: it must not have a query string or fragment/);
      for (const text of [JSON.stringify(checked), ...renderings(error)]) expect(text).not.toContain(SECRET);
    }
    expect(server.requests).toEqual([]);
  });

  it("is refused by the client too, without repeating it", async () => {
    const server = track(await startServer((request, { res }) => sendError(res, 400, `you sent ${request.url}`)));
    for (const baseUrl of [...variants(server.baseUrl), `ftp://h.example/v1?token=${SECRET}`, `not a url?token=${SECRET}`]) {
      let thrown: unknown;
      try {
        new ApiClient({ baseUrl, token: "tok-secret-1234" });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, baseUrl).toBeInstanceOf(TypeError);
      expect(String(thrown)).toMatch(/ClientOptions\.baseUrl/);
      for (const text of renderings(thrown)) expect(text).not.toContain(SECRET);
    }
    expect(server.requests).toEqual([]);
  });
});

describe("OpenApiSpec source.url with credentials", () => {
  const PASSWORD = "hunter2pass";
  const credentialed = `https://reader:${PASSWORD}@specs.example.com/petstore.yaml`;

  it("is refused at check, naming source.url, without repeating the credentials", async () => {
    const server = track(await startServer((request, { res }) => sendError(res, 400, `you sent ${request.body}`)));
    const provider = providerOf(openApiSpec, testClient(server, { maxRetries: 0 }).client);
    for (const url of [credentialed, `https://${PASSWORD}@specs.example.com/x.yaml`, `https://reader:${PASSWORD}@x@specs.example.com/x.yaml`]) {
      const result = await provider.check({}, { __provider: PROVIDER, organizationId: "o1", slug: "petstore", source: { url } });
      expect(result.failures?.map((failure) => failure.property)).toEqual(["source.url"]);
      expect(result.failures?.[0]?.reason).toMatch(/^source\.url: must not contain credentials/);
      expect(JSON.stringify(result.failures)).not.toContain(PASSWORD);
    }
    expect(server.requests).toEqual([]);
  });

  it("set outside Pulumi, stays out of errors and the partially created state", async () => {
    // The server stores what it was given elsewhere and echoes it: in sourceURL and in the
    // processing error's message.
    const spec = (state: string) => ({
      id: "spec-1",
      slug: "petstore",
      sourceURL: credentialed,
      processingState: state,
      lastVersion: "v1",
      createdAt: new Date().toISOString(),
      ...(state === "failed"
        ? { lastProcessErrorCode: "INVALID_SPEC", lastProcessedErrors: [{ message: `the document at ${credentialed} is not valid`, code: "INVALID_SPEC" }] }
        : {}),
    });
    const server = track(
      await startServer((request, { res }) => {
        if (request.method === "POST") return sendJson(res, 201, spec("pending"));
        return sendJson(res, 200, spec("failed"));
      }),
    );
    const provider = providerOf(openApiSpec, testClient(server, { maxRetries: 0 }).client);

    const error = (await rejectionOf(
      provider.create({ __provider: PROVIDER, organizationId: "o1", slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml" }, waitForProcessing: true }),
    )) as Error & { id?: string; properties?: Record<string, unknown>; reasons?: string[] };
    expect(error.id).toBe("petstore");
    expect(error.properties?.lastProcessErrorCode).toBe("INVALID_SPEC");
    expect(error.message).toContain("[REDACTED]@specs.example.com");
    for (const text of [...renderings(error), JSON.stringify(error.properties), JSON.stringify(error.reasons)]) expect(text).not.toContain(PASSWORD);

    const read = await provider.read("petstore", { organizationId: "o1", slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml" } });
    expect((read.props.source as { url: string }).url).toBe("https://[REDACTED]@specs.example.com/petstore.yaml");
    expect(JSON.stringify(read)).not.toContain(PASSWORD);
  });
});
