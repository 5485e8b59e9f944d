// The OpenTofu door starts without the Pulumi SDK (issue 43): every `tofu` command starts the
// provider, and loading @pulumi/pulumi took 4.4 s of its 6 s start under load. The door's entry
// (provider/dist/terraform/main.js, what the launcher runs) is started as OpenTofu starts it, up to
// its handshake line, with a require hook that records every request of @pulumi/pulumi and the
// chain of modules that made it: none may be made. A kind file holds no resource class (those are
// in provider/dynamic/resources/), and the lookups load the SDK only when a program calls them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../provider/terraform/handshake.ts";
import { providerEntry } from "./support/tofu.ts";

// A CommonJS preload (`node --require`): reports each request of the SDK, or of any file in it, on
// stderr with the modules that led to it, then the number of modules loaded.
const HOOK = String.raw`
const Module = require("node:module");
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (/(^|[\\/])@pulumi[\\/]pulumi([\\/]|$)/.test(request)) {
    const chain = [];
    for (let module = parent; module; module = module.parent) chain.push(module.filename);
    process.stderr.write("PULUMI-REQUIRED " + JSON.stringify({ request, chain }) + "\n");
  }
  return load.apply(this, arguments);
};
`;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "door-start-"));
const hookFile = path.join(workDir, "record-pulumi-requires.cjs");
fs.writeFileSync(hookFile, HOOK);

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** Starts the door's entry with the hook, up to its handshake line; what the hook reported. */
function startToHandshake(): Promise<{ handshake: string; requests: { request: string; chain: string[] }[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", hookFile, providerEntry], {
      env: { ...process.env, [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, TF_DISABLE_PLUGIN_TLS: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) child.kill();
    });
    child.on("error", reject);
    child.on("exit", () => {
      const requests = stderr
        .split("\n")
        .filter((line) => line.startsWith("PULUMI-REQUIRED "))
        .map((line) => JSON.parse(line.slice("PULUMI-REQUIRED ".length)) as { request: string; chain: string[] });
      resolve({ handshake: stdout.split("\n")[0] ?? "", requests, stderr });
    });
  });
}

describe("the OpenTofu door's start", () => {
  it("reaches its handshake without requiring @pulumi/pulumi (nor any file of it)", async () => {
    const { handshake, requests, stderr } = await startToHandshake();
    expect(handshake, stderr).toMatch(/^1\|6\|tcp\|127\.0\.0\.1:\d+\|grpc/);
    // On failure: the first request and the modules that led to it, entry last.
    expect(requests.slice(0, 1)).toEqual([]);
  }, 60_000);
});
