import { describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS, configurationFailures, configurationTypeFailures, readProviderConfig } from "../../provider/config/provider-config.ts";

const source = (values: Record<string, string>) => ({ get: (key: string) => values[key] });

describe("provider configuration", () => {
  it("reads stack config first and falls back to the environment", () => {
    const fromConfig = readProviderConfig(source({ "docs-platform:apiUrl": "http://127.0.0.1:4010/v1/", "docs-platform:token": "t1" }), { DOCS_PLATFORM_TOKEN: "t2" });
    expect(fromConfig).toEqual({ apiUrl: "http://127.0.0.1:4010/v1", token: "t1", ...CONFIG_DEFAULTS });
    const fromEnv = readProviderConfig(source({}), { DOCS_PLATFORM_API_URL: "https://api.example.com/v1", DOCS_PLATFORM_TOKEN: "t2" });
    expect(fromEnv).toMatchObject({ apiUrl: "https://api.example.com/v1", token: "t2" });
  });

  it("names the key and the command that sets it when a value is missing", () => {
    expect(() => readProviderConfig(source({ "docs-platform:apiUrl": "https://api.example.com/v1" }), {})).toThrow(
      /Missing configuration docs-platform:token\. Set it with `pulumi config set --secret docs-platform:token <api-token>` or the environment variable DOCS_PLATFORM_TOKEN/,
    );
    expect(() => readProviderConfig(source({}), { DOCS_PLATFORM_TOKEN: "t" })).toThrow(/docs-platform:apiUrl.*DOCS_PLATFORM_API_URL/);
  });

  it("rejects malformed values with the rule and keeps secrets out of the message", () => {
    const base = { "docs-platform:token": "secret-token" };
    expect(() => readProviderConfig(source({ ...base, "docs-platform:apiUrl": "ftp://x" }), {})).toThrow(/docs-platform:apiUrl: expected an http\(s\) URL/);
    expect(() => readProviderConfig(source({ ...base, "docs-platform:apiUrl": "https://u:p@h/v1" }), {})).toThrow(/must not contain credentials/);
    for (const apiUrl of ["https://h/v1?key=q-secret", "https://h/v1#q-secret", "https://h/v1?"]) {
      expect(() => readProviderConfig(source({ ...base, "docs-platform:apiUrl": apiUrl }), {})).toThrow(/docs-platform:apiUrl: it must not have a query string or fragment/);
      expect(() => readProviderConfig(source({}), { DOCS_PLATFORM_API_URL: apiUrl, DOCS_PLATFORM_TOKEN: "t" })).toThrow(/query string or fragment/);
      try {
        readProviderConfig(source({ ...base, "docs-platform:apiUrl": apiUrl }), {});
      } catch (error) {
        expect(String(error)).not.toContain("q-secret");
      }
    }
    const tuning = (key: string, value: string) => () => readProviderConfig(source({ ...base, "docs-platform:apiUrl": "https://h/v1", [`docs-platform:${key}`]: value }), {});
    expect(tuning("maxRetries", "-1")).toThrow(/docs-platform:maxRetries: expected an integer from 0 to 20/);
    expect(tuning("requestTimeoutMs", "fast")).toThrow(/docs-platform:requestTimeoutMs/);
    expect(tuning("maxConcurrentRequests", "0")).toThrow(/docs-platform:maxConcurrentRequests/);
    expect(tuning("maxRetries", "7")().maxRetries).toBe(7);
    try {
      tuning("maxRetries", "x")();
    } catch (error) {
      expect(String(error)).not.toContain("secret-token");
    }
  });

  it("reads the client-side pace: requestsPerSecond and rateLimitShare, decimals in range", () => {
    const base = { "docs-platform:token": "t", "docs-platform:apiUrl": "https://h/v1" };
    const read = (values: Record<string, string>) => readProviderConfig(source({ ...base, ...values }), {});
    expect(read({})).toMatchObject({ requestsPerSecond: undefined, rateLimitShare: undefined });
    expect(read({ "docs-platform:requestsPerSecond": "0.5", "docs-platform:rateLimitShare": "1" })).toMatchObject({ requestsPerSecond: 0.5, rateLimitShare: 1 });
    for (const value of ["0", "-1", "fast", "1e3", "10001"]) {
      expect(() => read({ "docs-platform:requestsPerSecond": value })).toThrow(/docs-platform:requestsPerSecond: expected a number greater than 0 and at most 10000/);
    }
    for (const value of ["0", "1.5", "half"]) {
      expect(() => read({ "docs-platform:rateLimitShare": value })).toThrow(/docs-platform:rateLimitShare: expected a number greater than 0 and at most 1\b/);
    }
  });
});

describe("what the provider refuses in its configuration (docs/configuration.md)", () => {
  const source = (values: Record<string, string>) => ({ get: (key: string) => values[key] });

  it("plain http to a host that is not loopback: the bearer token would cross the network in clear", () => {
    expect(() => readProviderConfig(source({ "docs-platform:apiUrl": "http://api.example.com/v1", "docs-platform:token": "t" }), {})).toThrow(
      /Refused configuration docs-platform:apiUrl: plain http is allowed only to this machine \(localhost, 127\.0\.0\.0\/8, \[::1\]\); to api\.example\.com .* Use https/,
    );
    for (const apiUrl of ["http://10.0.0.5/v1", "http://127.0.0.1.example.com/v1", "http://localhost.example.com/v1"]) {
      expect(() => readProviderConfig(source({ "docs-platform:apiUrl": apiUrl, "docs-platform:token": "t" }), {})).toThrow(/plain http is allowed only to this machine/);
    }
    for (const apiUrl of ["http://127.0.0.1:4010/v1", "http://127.1.2.3/v1", "http://localhost:4010/v1", "http://[::1]:4010/v1", "https://api.example.com/v1"]) {
      expect(readProviderConfig(source({ "docs-platform:apiUrl": apiUrl, "docs-platform:token": "t" }), {}).apiUrl).toBe(apiUrl);
    }
  });

  it("says every bad key, each on its own, and skips the keys a preview does not know yet", () => {
    const failures = configurationFailures(source({ "docs-platform:apiUrl": "file:///x", "docs-platform:token": "a b", "docs-platform:maxRetries": "-1" }), {});
    expect(failures.map((failure) => failure.key)).toEqual(["docs-platform:apiUrl", "docs-platform:token", "docs-platform:maxRetries"]);
    expect(configurationFailures(source({ "docs-platform:apiUrl": "file:///x" }), {}, new Set(["token"])).map((failure) => failure.key)).toEqual(["docs-platform:apiUrl"]);
  });

  it("a token with whitespace is refused without its value", () => {
    try {
      readProviderConfig(source({ "docs-platform:apiUrl": "https://h/v1", "docs-platform:token": "tok-secret-xyz\n" }), {});
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/docs-platform:token: it must not contain whitespace \(value not shown/);
      expect(String(error)).not.toContain("tok-secret-xyz");
    }
  });

  it("values of the wrong type: a string key takes only a string, a number key a number or its text", () => {
    expect(configurationTypeFailures({ token: 12345, apiUrl: { a: 1 }, organizationId: ["x"], maxRetries: 3, requestsPerSecond: "2" }).map((failure) => failure.message)).toEqual([
      "Malformed configuration docs-platform:apiUrl: expected a string, got an object (value not shown).",
      "Malformed configuration docs-platform:token: expected a string, got a number (value not shown).",
      "Malformed configuration docs-platform:organizationId: expected a string, got a list (value not shown).",
    ]);
    expect(configurationTypeFailures({ maxRetries: true })[0]?.message).toMatch(/docs-platform:maxRetries: expected a number, got a boolean/);
  });
});

describe("a rehearsal (DOCS_PLATFORM_REHEARSAL): no API but the twin's", () => {
  const source = (values: Record<string, string>) => ({ get: (key: string) => values[key] });
  const twin = "http://127.0.0.1:4999/v1";

  it("refuses any other API URL, from stack config or the environment, naming the twin and where it would have gone", () => {
    for (const [values, env] of [
      [{ "docs-platform:apiUrl": "https://api.example.com/v1", "docs-platform:token": "t" }, { DOCS_PLATFORM_REHEARSAL: twin }],
      [{ "docs-platform:token": "t" }, { DOCS_PLATFORM_REHEARSAL: twin, DOCS_PLATFORM_API_URL: "https://api.example.com/v1" }],
    ] as const) {
      expect(() => readProviderConfig(source(values), env)).toThrow(
        `Refused configuration docs-platform:apiUrl: this is a rehearsal (DOCS_PLATFORM_REHEARSAL names the twin at ${twin}), and no request of a rehearsal may reach https://api.example.com.`,
      );
    }
  });

  it("takes the twin's URL, however it is spelled (a trailing slash)", () => {
    expect(readProviderConfig(source({ "docs-platform:apiUrl": `${twin}/`, "docs-platform:token": "t" }), { DOCS_PLATFORM_REHEARSAL: twin }).apiUrl).toBe(twin);
    expect(readProviderConfig(source({ "docs-platform:apiUrl": "https://api.example.com/v1", "docs-platform:token": "t" }), { DOCS_PLATFORM_REHEARSAL: "" }).apiUrl).toBe(
      "https://api.example.com/v1",
    );
  });
});

describe("a refused configuration, as each door shows it", () => {
  const refused = () =>
    readProviderConfig(source({ "docs-platform:apiUrl": "https://api.example.com/v1", "docs-platform:token": "t" }), { DOCS_PLATFORM_REHEARSAL: "http://127.0.0.1:4010/v1" });

  it("is one sentence whatever prints it: its stack is its message, and the SDK's prefix is not taken", () => {
    let error: Error & { __pulumiRunError?: boolean } = new Error();
    try {
      refused();
    } catch (caught) {
      error = caught as typeof error;
    }
    expect(error.message).toMatch(/^Refused configuration docs-platform:apiUrl: this is a rehearsal/);
    expect(error.stack).toBe(error.message);
    // The program runner prints a RunError's message alone.
    expect(error.__pulumiRunError).toBe(true);
    error.message = `error serializing property "title": ${error.message}`;
    expect(error.message).toMatch(/^Refused configuration/);
  });

  it("is answered by the dynamic door's check as a failure, and by its other calls as a one-line error, never thrown by configure", async () => {
    const { configure, handlerFor } = await import("../../provider/runtime/host.ts");
    const config = { get: (key: string) => ({ "docs-platform:apiUrl": "https://api.example.com/v1", "docs-platform:token": "t" })[key] };
    const before = process.env.DOCS_PLATFORM_REHEARSAL;
    process.env.DOCS_PLATFORM_REHEARSAL = "http://127.0.0.1:4010/v1";
    try {
      await configure({ config } as never);
    } finally {
      if (before === undefined) delete process.env.DOCS_PLATFORM_REHEARSAL;
      else process.env.DOCS_PLATFORM_REHEARSAL = before;
    }
    const team = handlerFor("Team");
    const checked = await team.check({}, { title: "Writers", organizationId: "org" });
    expect(checked.failures).toEqual([{ property: "", reason: expect.stringMatching(/^Refused configuration docs-platform:apiUrl: this is a rehearsal/) }]);
    const error = await team.create({ title: "Writers", organizationId: "org" }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    // The provider host prints `${error}: ${error.stack}`.
    expect(`${error}: ${error?.stack}`).toMatch(/^Error: Refused configuration docs-platform:apiUrl: [^\n]*: $/);
    await expect(team.delete("team-1", { organizationId: "org" })).rejects.toThrow(/^Refused configuration/);
  });
});
