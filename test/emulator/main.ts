import { parseArgs } from "node:util";
import { DEMO_FIXTURE, startEmulator } from "./index.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    fixture: { type: "string", default: DEMO_FIXTURE },
    db: { type: "string", default: ".data/emulator.db" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: not a port number: ${values.port}`);
  process.exit(2);
}

const emulator = await startEmulator({ port, fixture: values.fixture, db: values.db });
console.log(`docs-platform emulator listening on ${emulator.origin} (db ${values.db}, ${emulator.loadedFixture ? "fixture loaded" : "existing data kept"})`);
console.log(`control surface: ${emulator.controlUrl}`);
// These three lines come last so they can be pasted into a shell as they are: exported, so
// `pulumi` and the package's tools started from that shell read them (the variables the package reads).
console.log(`export DOCS_PLATFORM_API_URL=${emulator.url}`);
console.log(`export DOCS_PLATFORM_TOKEN=${emulator.fixture.token}`);
console.log(`export DOCS_PLATFORM_ORGANIZATION_ID=${emulator.fixture.organization}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
