/**
 * The Node.js floor (issue 18): the package, its command-line tool and the provider host's entry,
 * loaded on an older Node.js, fail with one line naming the running and the required version.
 * Proven with the machine's own Node.js 20 (/usr/bin/node), which the project itself never runs on.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isSupportedNodeVersion, MINIMUM_NODE_VERSION, unsupportedNodeMessage } from "../../provider/runtime/node-version.ts";

const providerDir = fileURLToPath(new URL("../../provider/", import.meta.url));
const OLD_NODE = "/usr/bin/node";
const oldNodeVersion = existsSync(OLD_NODE) ? execFileSync(OLD_NODE, ["--version"], { encoding: "utf8" }).trim() : undefined;
const haveOldNode = oldNodeVersion !== undefined && !isSupportedNodeVersion(oldNodeVersion);

describe("the Node.js floor", () => {
  it("is the newest floor of what the package loads: undici's", () => {
    const undici = JSON.parse(readFileSync(new URL("../../node_modules/undici/package.json", import.meta.url), "utf8")) as { engines: { node: string } };
    expect(undici.engines.node).toBe(`>=${MINIMUM_NODE_VERSION}`);
    const own = JSON.parse(readFileSync(new URL("../../provider/package.json", import.meta.url), "utf8")) as { engines: { node: string } };
    expect(own.engines.node).toBe(`>=${MINIMUM_NODE_VERSION}`);
  });

  it("compares versions part by part", () => {
    expect(isSupportedNodeVersion("22.19.0")).toBe(true);
    expect(isSupportedNodeVersion("v24.1.0")).toBe(true);
    expect(isSupportedNodeVersion("22.18.9")).toBe(false);
    expect(isSupportedNodeVersion("v20.20.2")).toBe(false);
    expect(isSupportedNodeVersion("23.0.0")).toBe(true);
  });

  describe.skipIf(!haveOldNode)(`on the machine's Node.js ${oldNodeVersion ?? "(none older than the floor at /usr/bin/node)"}`, () => {
    const expected = unsupportedNodeMessage(oldNodeVersion ?? "");

    it("the command-line tool says so in one line and exits 1", () => {
      const run = spawnSync(OLD_NODE, [`${providerDir}bin/pulumi-docs-platform.js`, "export", "--help"], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`${expected}\n`);
      expect(run.stdout).toBe("");
    });

    for (const [what, entry] of [
      ["the package", "dist/index.js"],
      ["the provider host's entry", "dist/runtime/host.js"],
    ] as const) {
      it(`loading ${what} throws an error whose stack is that one line, not a TypeError`, () => {
        // As a Pulumi program's runner reports it: the error's stack.
        const script = `try { require(${JSON.stringify(providerDir + entry)}); console.log("loaded"); } catch (e) { console.log(e.stack); }`;
        const run = spawnSync(OLD_NODE, ["-e", script], { encoding: "utf8" });
        expect(run.stdout).toBe(`${expected}\n`);
        expect(run.stderr).not.toContain("TypeError");
      });
    }
  });
});

// Was test/unit/runtime.test.ts (its basename repeated test/provider/runtime.test.ts's).
describe("runtime", () => {
  it("runs on Node.js 22 or later, as the package declares", () => {
    const major = Number(process.versions.node.split(".")[0]);
    expect(major).toBeGreaterThanOrEqual(22);
  });
});
