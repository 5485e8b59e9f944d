// The emulator's command line (main.ts checks the Node.js version first, then loads this).
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { DEMO_FIXTURE, startEmulator } from "./index.ts";
import { OptionsError, parseOptions, usage } from "./options.ts";
import { exportLine } from "./shell.ts";

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

// Found out now, not at exit when the state it was asked to keep would be lost.
if (options.snapshotOnExit) {
  const problem = unwritable(options.snapshotOnExit);
  if (problem) {
    console.error(`docs-platform emulator: --snapshot-on-exit ${options.snapshotOnExit}: cannot write there (${problem})`);
    process.exit(2);
  }
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
// Before the start-up lines: whoever reads them may stop the emulator at once, and must get the snapshot.
const running = emulator;
const { snapshotOnExit, exitWithPid } = options;
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  let exitCode = 0;
  if (snapshotOnExit) {
    try {
      writeFileSync(snapshotOnExit, `${JSON.stringify(running.snapshot(), null, 2)}\n`);
      console.log(`wrote the snapshot ${snapshotOnExit}`);
    } catch (error) {
      // The path was writable at start; it may not be now (a full disk, a removed directory).
      console.error(`docs-platform emulator: --snapshot-on-exit ${snapshotOnExit}: the snapshot was not written (${describe(error)})`);
      exitCode = 1;
    }
  }
  void running.close().then(
    () => process.exit(exitCode),
    (error: unknown) => {
      console.error(`docs-platform emulator: closing failed (${describe(error)})`);
      process.exit(1);
    },
  );
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, stop);

// A script's trap cannot run when the script is SIGKILLed, and the emulator is often not its
// direct child (npx sits between them): so the emulator watches the pid it was given itself.
if (exitWithPid !== undefined) {
  const watched = exitWithPid;
  const watchdog = setInterval(() => {
    if (processIsAlive(watched)) return;
    clearInterval(watchdog);
    console.log(`process ${watched} has ended: stopping`);
    stop();
  }, 250);
  watchdog.unref();
}

const source = options.seed ? `snapshot ${options.seed}` : "fixture";
console.log(`docs-platform emulator listening on ${emulator.origin} (db ${options.db}, ${emulator.loadedFixture ? `${source} loaded` : "existing data kept"}, pid ${process.pid})`);
console.log(`control surface: ${emulator.controlUrl}`);
// The `export` lines come last so they can be pasted into a shell as they are: exported, so
// `pulumi` and the package's tools started from that shell read them (the variables the package reads).
// Quoted: the token and the organization id come from a snapshot or a flag, and must not run when pasted.
// A twin (started from a snapshot) says so first: the package then refuses every other API URL,
// so a stack whose own config names production is never rehearsed against it by mistake.
if (options.seed) console.log(exportLine("DOCS_PLATFORM_REHEARSAL", emulator.url));
console.log(exportLine("DOCS_PLATFORM_API_URL", emulator.url));
console.log(exportLine("DOCS_PLATFORM_TOKEN", emulator.fixture.token));
console.log(exportLine("DOCS_PLATFORM_ORGANIZATION_ID", emulator.fixture.organization));

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why `path` cannot be written, found by opening it as the exit will (a file this made is removed again); undefined when it can. */
function unwritable(path: string): string | undefined {
  const existed = existsSync(path);
  try {
    closeSync(openSync(path, "a"));
  } catch (error) {
    return describe(error);
  }
  if (!existed) unlinkSync(path);
  return undefined;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process stays a zombie until its parent reaps it; on Linux its state says so.
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}
