import { describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS, readProviderConfig } from "../../provider/runtime/config.ts";

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
