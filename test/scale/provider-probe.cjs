/**
 * `bench:scale --profile DIR` loads this into every Node.js process of a run (NODE_OPTIONS=--require)
 * and it acts only in the process that serves the resources: the provider plugin
 * (pulumi-resource-docs-platform) or the dynamic-provider host. There it writes
 *   - a CPU profile in 3-second pieces, DIR/<pid>-<n>.cpuprofile: the engine kills a plugin rather
 *     than letting it exit, so `node --cpu-prof` (written at exit) leaves nothing; the last piece
 *     (up to 3 s) of each process is lost the same way, so a command shorter than that shows none;
 *   - for the plugin, every gRPC call it serves, DIR/<pid>.calls (`<ms since start> <method>`).
 * test/scale/profile-summary.ts adds them up. CommonJS: --require loads it before any module.
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const dir = process.env.DOCS_PLATFORM_PROBE_DIR;
const script = process.argv[1] || "";
const isPlugin = /pulumi-resource-docs-platform/.test(script) || /pulumi-resource-docs-platform/.test(process.execPath);
const isDynamicHost = /dynamic-provider/.test(script);

if (dir && (isPlugin || isDynamicHost)) {
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const inspector = require("node:inspector");
  const session = new inspector.Session();
  session.connect();
  let piece = 0;
  session.post("Profiler.enable", () => session.post("Profiler.start"));
  setInterval(() => {
    session.post("Profiler.stop", (error, result) => {
      if (!error && result) fs.writeFileSync(path.join(dir, `${process.pid}-${String(piece++).padStart(4, "0")}.cpuprofile`), JSON.stringify(result.profile));
      session.post("Profiler.start");
    });
  }, 3000).unref();

  if (isPlugin) {
    // The gRPC server's addService, wrapped once grpc-js is loaded: each call is logged before it is served.
    const Module = require("node:module");
    const load = Module.prototype.require;
    Module.prototype.require = function (id) {
      const loaded = load.apply(this, arguments);
      const server = loaded && loaded.Server && loaded.Server.prototype;
      if (server && server.addService && !server.addService.probed) {
        const addService = server.addService;
        server.addService = function (definition, implementation) {
          const logged = {};
          for (const [name, handler] of Object.entries(implementation)) {
            logged[name] = function (...args) {
              fs.appendFileSync(path.join(dir, `${process.pid}.calls`), `${Date.now() - started} ${name}\n`);
              return handler.apply(this, args);
            };
          }
          return addService.call(this, definition, logged);
        };
        server.addService.probed = true;
      }
      return loaded;
    };
  }
}
