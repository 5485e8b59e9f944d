/**
 * Every node process a test run starts shares Node.js's compile cache (the global setup
 * test/pulumi-cli/vitest-compile-cache-setup.ts): a child started with the run's environment has
 * the cache on in the run's folder, and loading a module there leaves compiled code in it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import setup, { compileCacheDir } from "../pulumi-cli/vitest-compile-cache-setup.ts";

const run = promisify(execFile);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "compile-cache-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** What a node child with `env` says of its compile cache, after requiring a module of its own. */
async function childCacheDir(env: NodeJS.ProcessEnv): Promise<string> {
  const module = path.join(scratch, `module-${Date.now()}.cjs`);
  fs.writeFileSync(module, "module.exports = (a, b) => a + b;\n");
  const { stdout } = await run(process.execPath, ["-e", `require(${JSON.stringify(module)}); process.stdout.write(require("node:module").getCompileCacheDir() ?? "off")`], { env });
  return stdout;
}

describe("the run's compile cache", () => {
  it("is on in this run's environment, in the checkout's .cache/node-compile-cache unless the caller chose a folder", () => {
    expect(process.env.NODE_COMPILE_CACHE).toBeTruthy();
    if (process.env.NODE_COMPILE_CACHE !== compileCacheDir) expect(path.isAbsolute(process.env.NODE_COMPILE_CACHE!)).toBe(true);
    expect(compileCacheDir.endsWith(path.join(".cache", "node-compile-cache"))).toBe(true);
  });

  it("is what a node child of the run uses, and the child's modules are written into it", async () => {
    const folder = path.join(scratch, "cache");
    const used = await childCacheDir({ ...process.env, NODE_COMPILE_CACHE: folder });
    // Node.js keeps one subfolder per version and V8 flags under the folder it was given.
    expect(path.dirname(used)).toBe(folder);
    expect(fs.readdirSync(used).length).toBeGreaterThan(0);
    expect(await childCacheDir({ ...process.env, NODE_COMPILE_CACHE: undefined })).toBe("off");
  });

  it("leaves a folder the caller chose, and sets the checkout's otherwise", () => {
    const saved = process.env.NODE_COMPILE_CACHE;
    try {
      process.env.NODE_COMPILE_CACHE = "/somewhere/else";
      setup();
      expect(process.env.NODE_COMPILE_CACHE).toBe("/somewhere/else");
      delete process.env.NODE_COMPILE_CACHE;
      setup();
      expect(process.env.NODE_COMPILE_CACHE).toBe(compileCacheDir);
    } finally {
      process.env.NODE_COMPILE_CACHE = saved;
    }
  });
});
