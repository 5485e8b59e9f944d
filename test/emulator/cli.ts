// The emulator's command line (main.ts checks the Node.js version first, then loads this).
import { writeFileSync } from "node:fs";
import { DEMO_FIXTURE, startEmulator } from "./index.ts";
import { OptionsError, parseOptions, usage } from "./options.ts";

let options;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof OptionsError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (options === "help") {
  console.log(usage());
  process.exit(0);
}

let emulator;
try {
  emulator = await startEmulator({
    port: options.port,
    host: options.host,
    db: options.db,
    ...(options.seed ? { seed: options.seed, ...(options.token ? { token: options.token } : {}) } : { fixture: options.fixture ?? DEMO_FIXTURE }),
  });
} catch (error) {
  console.error(`docs-platform emulator: ${(error as Error).message}`);
  process.exit(2);
}
if (options.latencyMs !== undefined || options.errorRate !== undefined || options.rateLimit !== undefined) {
  emulator.setFaults({
    ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
    ...(options.errorRate !== undefined ? { errorRate: options.errorRate } : {}),
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
  });
}
const source = options.seed ? `snapshot ${options.seed}` : "fixture";
console.log(`docs-platform emulator listening on ${emulator.origin} (db ${options.db}, ${emulator.loadedFixture ? `${source} loaded` : "existing data kept"}, pid ${process.pid})`);
console.log(`control surface: ${emulator.controlUrl}`);
// These three lines come last so they can be pasted into a shell as they are: exported, so
// `pulumi` and the package's tools started from that shell read them (the variables the package reads).
console.log(`export DOCS_PLATFORM_API_URL=${emulator.url}`);
console.log(`export DOCS_PLATFORM_TOKEN=${emulator.fixture.token}`);
console.log(`export DOCS_PLATFORM_ORGANIZATION_ID=${emulator.fixture.organization}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (options.snapshotOnExit) {
      writeFileSync(options.snapshotOnExit, `${JSON.stringify(emulator.snapshot(), null, 2)}\n`);
      console.log(`wrote the snapshot ${options.snapshotOnExit}`);
    }
    void emulator.close().then(() => process.exit(0));
  });
}
