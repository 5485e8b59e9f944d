/**
 * The plugin's service (provider/plugin/service.ts): the calls about the plugin itself are served
 * without loading the resource core, and every other call reaches server.ts's handler. The engine
 * starts a plugin process only to read the schema for the YAML language host; before, that
 * process loaded the kinds and the whole @pulumi/pulumi SDK (about a thousand modules) at start.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const dist = path.resolve(import.meta.dirname, "../../provider/dist/plugin");
// The compiled plugin, as the engine runs it (`npm test` builds first).
const { IMMEDIATE_CALLS, RESOURCE_CALLS, providerService } = require(path.join(dist, "service.js")) as typeof import("../../provider/plugin/service.ts");
const service = (require(path.join(dist, "server.js")) as typeof import("../../provider/plugin/server.ts")).pluginService();

/** Runs `script` in a fresh Node.js process (its own module cache) and returns the JSON it prints. */
async function inFreshProcess(script: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ["-e", script], { cwd: dist });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("the plugin's service", () => {
  it("serves every call server.ts implements, no more (a call left out would answer UNIMPLEMENTED)", () => {
    expect(Object.keys(providerService()).sort()).toEqual(Object.keys(service).sort());
    expect([...Object.keys(IMMEDIATE_CALLS), ...RESOURCE_CALLS].sort()).toEqual(Object.keys(service).sort());
  });

  it("answers GetPluginInfo, GetSchema and Cancel (all the engine sends the plugin it reads the schema from) without loading the kinds or @pulumi/pulumi's runtime, and the kinds (not the SDK's index) on the first resource call", async () => {
    const loaded = await inFreshProcess(`
      const { providerService } = require("./service.js");
      const service = providerService();
      const ask = (name) => new Promise((resolve) => service[name]({ request: {} }, (error, response) => resolve({ error, response })));
      const sdkIndex = () => Object.keys(require.cache).some((file) => /@pulumi[\\\\/]pulumi[\\\\/](index|runtime[\\\\/]index)\\.js$/.test(file));
      const core = () => Object.keys(require.cache).some((file) => /dist[\\\\/]runtime[\\\\/]core\\.js$/.test(file));
      (async () => {
        const info = await ask("getPluginInfo");
        const schema = await ask("getSchema");
        const cancel = await ask("cancel");
        const before = { modules: Object.keys(require.cache).length, sdkIndex: sdkIndex(), core: core() };
        const checkConfig = await new Promise((resolve) => service.checkConfig({ request: { getNews: () => undefined } }, (error) => resolve(error)));
        process.stdout.write(JSON.stringify({
          version: info.response.getVersion(),
          schemaName: JSON.parse(schema.response.getSchema()).name,
          before,
          cancelError: cancel.error,
          checkConfigError: checkConfig,
          after: { sdkIndex: sdkIndex(), core: core() },
        }));
      })();
    `);
    expect(loaded.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(loaded.schemaName).toBe("docs-platform");
    expect(loaded.before).toEqual({ modules: expect.any(Number), sdkIndex: false, core: false });
    expect((loaded.before as { modules: number }).modules).toBeLessThan(300);
    expect(loaded.cancelError).toBeNull();
    expect(loaded.checkConfigError).toBeNull();
    // The core loads the kinds, not the SDK's index: the resource classes live apart from the kinds
    // (provider/dynamic/resources/, issue 43); the plugin needs only the SDK's gRPC stubs.
    expect(loaded.after).toEqual({ sdkIndex: false, core: true });
  });

  it("starts, as the engine starts it, printing its port without loading the kinds", async () => {
    const started = await inFreshProcess(`
      const write = process.stdout.write.bind(process.stdout);
      let port;
      process.stdout.write = (text) => { port = String(text).trim(); return true; };
      require("./main.js").main(["127.0.0.1:1"]).then(() => {
        const core = Object.keys(require.cache).some((file) => /dist[\\\\/]runtime[\\\\/]core\\.js$/.test(file));
        write(JSON.stringify({ port, core }));
        process.exit(0);
      });
    `);
    expect(started).toEqual({ port: expect.stringMatching(/^\d+$/), core: false });
  });
});
