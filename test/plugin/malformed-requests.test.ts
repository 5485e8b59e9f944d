/**
 * Requests that lie about their lengths, sent to the plugin as the package runs it
 * (provider/docs-platform/pulumi-resource-docs-platform under this Node.js): each is refused in
 * milliseconds, not the four minutes google-protobuf spent stepping through 2^32-1 missing bytes
 * (issue 42), and a well-formed call sent beside it is answered. The release executable is checked
 * alike in test/release/plugin-executable.test.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerRoot } from "../../provider/scripts/release/release-info.mts";
import { SEVEN_BYTES, nestedLie, normalCheckConfig, rawCall, status } from "./malformed-request.ts";

let plugin: ChildProcess;
let port: number;

beforeAll(async () => {
  plugin = spawn(process.execPath, [path.join(providerRoot, "docs-platform", "pulumi-resource-docs-platform")], { stdio: ["ignore", "pipe", "pipe"] });
  port = await new Promise<number>((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    plugin.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const line = /^(\d+)\n/.exec(stdout);
      if (line) resolve(Number(line[1]));
    });
    plugin.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    plugin.on("exit", (code) => reject(new Error(`the plugin exited (${code}) before printing its port: ${stdout}${stderr}`)));
  });
  // The first resource call loads the core (about a thousand modules, seconds on a loaded machine,
  // the event loop held): loaded here, so that the times below are the requests' own.
  expect((await rawCall(port, "CheckConfig", normalCheckConfig())).code).toBe(status.OK);
}, 60_000);

afterAll(() => {
  plugin?.kill();
});

describe("requests that lie about their lengths, to the package's plugin", () => {
  it("the seven bytes are refused INVALID_ARGUMENT within seconds, and a CheckConfig sent beside them is answered", { timeout: 60_000 }, async () => {
    const [lie, normal] = await Promise.all([rawCall(port, "CheckConfig", SEVEN_BYTES), rawCall(port, "CheckConfig", normalCheckConfig())]);
    expect(lie.code).toBe(status.INVALID_ARGUMENT);
    expect(lie.details).toMatch(/^malformed CheckConfig request: field 3 declares 4294967295 bytes, 1 left$/);
    expect(lie.ms).toBeLessThan(3000);
    expect(normal.code).toBe(status.OK);
    expect(normal.ms).toBeLessThan(5000);
  });

  it("a lie nested inside a field whose own length fits (a Struct's entry, a map's key) is refused as fast, at every method", { timeout: 60_000 }, async () => {
    // The method, and a field of its request that is a message: a Struct, or Configure's variables map.
    const cases: [string, number][] = [
      ["CheckConfig", 3],
      ["Check", 3],
      ["Diff", 3],
      ["DiffConfig", 3],
      ["Configure", 1],
      ["Configure", 2],
      ["Create", 2],
      ["Update", 3],
      ["Read", 3],
      ["Delete", 3],
      ["Invoke", 2],
    ];
    for (const [method, field] of cases) {
      const answer = await rawCall(port, method, nestedLie(field));
      expect(answer.code, method).toBe(status.INVALID_ARGUMENT);
      expect(answer.details, method).toMatch(new RegExp(`^malformed ${method} request: `));
      expect(answer.ms, method).toBeLessThan(3000);
    }
  });

  it("a method the plugin does not implement (Construct) still decodes within bounds: answered at once", { timeout: 60_000 }, async () => {
    const answer = await rawCall(port, "Construct", SEVEN_BYTES);
    expect(answer.ms).toBeLessThan(3000);
    expect([status.INTERNAL, status.UNIMPLEMENTED]).toContain(answer.code);
    expect((await rawCall(port, "CheckConfig", normalCheckConfig())).code).toBe(status.OK);
  });
});
