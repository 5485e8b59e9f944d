/**
 * `npm start`: the quickstart, end to end, on this machine alone.
 *
 * 1. makes sure the Pulumi CLI is there (built and cached on first use; see README);
 * 2. starts the API emulator on a persistent database (`.data/emulator.db`, port 4010);
 * 3. runs `pulumi up` of the root Pulumi.yaml program on the local stack `quickstart`
 *    (state in `.pulumi-state/`, the same place `npm run pulumi` looks);
 * 4. prints the stack outputs, the emulator console's URL and the site's published URL (where the
 *    console previews the site), and checks that both answer 200;
 * 5. runs `pulumi preview` and shows that nothing is left to change;
 * 6. stops the emulator, saying how to start it again to look at the console. Its data and the
 *    stack are kept, so a second `npm start` changes nothing.
 *
 * Environment overrides (used by the tests): QUICKSTART_PORT, QUICKSTART_DB, PULUMI_STATE_DIR.
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePulumi } from "../../test/pulumi-cli/ensure-pulumi.ts";
import { spawnGroup, stopAllGroups, stopGroup } from "../../test/pulumi-cli/process-groups.ts";
import { assertSucceeded, createStack } from "../../test/pulumi-cli/run-pulumi.ts";
import { readExportLines } from "../../test/emulator/shell.ts";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const port = process.env.QUICKSTART_PORT ?? "4010";
const database = path.resolve(repositoryRoot, process.env.QUICKSTART_DB ?? ".data/emulator.db");
const stateDir = path.resolve(repositoryRoot, process.env.PULUMI_STATE_DIR ?? ".pulumi-state");
const stackName = "quickstart";

interface RunningEmulator {
  child: ChildProcess;
  env: Record<string, string>;
}

/** Starts the emulator and reads the `DOCS_PLATFORM_*=...` lines it prints once it listens. */
function startEmulator(): Promise<RunningEmulator> {
  // In a process group of its own, stopped when this script exits however it exits (Ctrl-C
  // included: the group is out of the terminal's reach, so it is stopped here). Killed with
  // SIGKILL, this script runs no handler: the emulator then sees its pid gone (--exit-with-pid).
  const child = spawnGroup(process.execPath, ["test/emulator/main.ts", "--port", port, "--db", database, "--exit-with-pid", String(process.pid)], {
    cwd: repositoryRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const env: Record<string, string> = {};
    const timer = setTimeout(() => fail(new Error("the emulator did not start within 30 s")), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stopGroup(child);
      reject(new Error(`${error.message}\n${output}`));
    };
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      // The lines are quoted for sh: read back exactly what was printed.
      for (const [name, value] of Object.entries(readExportLines(output))) if (name.startsWith("DOCS_PLATFORM_")) env[name] = value;
      if (env.DOCS_PLATFORM_ORGANIZATION_ID) {
        clearTimeout(timer);
        resolve({ child, env });
      }
    });
    child.on("exit", (code) => fail(new Error(`the emulator exited (code ${code}) before it was ready; is port ${port} in use? Set QUICKSTART_PORT to use another.`)));
  });
}

/** Fails the quickstart unless `url` answers 200 (the body is read so the connection is released). */
async function expectPage(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
}

/** A path as short as it can be written from the repository root, where npm scripts run. */
function relativeOrAbsolute(file: string): string {
  const relative = path.relative(repositoryRoot, file);
  return relative.startsWith("..") ? file : relative;
}

/** The command that starts the emulator on this run's port and data (`npm run emulator` for the defaults). */
function emulatorCommand(): string {
  const flags = [...(port === "4010" ? [] : ["--port", port]), ...(database === path.resolve(repositoryRoot, ".data/emulator.db") ? [] : ["--db", relativeOrAbsolute(database)])];
  return flags.length === 0 ? "npm run emulator" : `npm run emulator -- ${flags.join(" ")}`;
}

function step(text: string): void {
  process.stdout.write(`\n==> ${text}\n`);
}

// The emulator and pulumi run in groups of their own, which a Ctrl-C in the terminal does not
// reach: on a signal, pulumi is interrupted (it cancels cleanly) and the emulator stopped, then the
// script exits with the shell's code for the signal. Whatever is left on exit gets SIGKILL.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.once(signal, () => void stopAllGroups("SIGINT", 20_000).finally(() => process.exit(code)));
}

step("Pulumi CLI");
const installation = await ensurePulumi();
process.stdout.write(`pulumi ${installation.version} (${installation.source}: ${installation.binDir})\n`);

step(`API emulator on 127.0.0.1:${port}, data in ${path.relative(repositoryRoot, database)}`);
const emulator = await startEmulator();
process.stdout.write(
  `${Object.entries(emulator.env)
    .filter(([key]) => key !== "DOCS_PLATFORM_TOKEN")
    .map(([key, value]) => `${key}=${value}`)
    .join("\n")}\n`,
);

try {
  const stack = await createStack({
    programDir: repositoryRoot,
    stackName,
    stateDir,
    // The provider reads the API URL and token from these in its own process; nothing is stored.
    env: { DOCS_PLATFORM_API_URL: emulator.env.DOCS_PLATFORM_API_URL, DOCS_PLATFORM_TOKEN: emulator.env.DOCS_PLATFORM_TOKEN },
  });

  // The emulator may listen on another port than when the stack was made (QUICKSTART_PORT): the
  // URLs the API reports have moved with it, and the state still holds the old ones. `up
  // --refresh` reads them again (changing no object), so the outputs name the URLs that answer.
  const origin = new URL(emulator.env.DOCS_PLATFORM_API_URL).origin;
  const before = await stack.outputs().catch((): Record<string, unknown> => ({}));
  const moved = typeof before.siteUrl === "string" && URL.canParse(before.siteUrl) && new URL(before.siteUrl).origin !== origin;
  step(`pulumi up (stack ${stackName}, state in ${path.relative(repositoryRoot, stateDir)}/)${moved ? `, with --refresh: the emulator moved to ${origin}` : ""}`);
  assertSucceeded(await stack.run(["up", "--yes", "--skip-preview", ...(moved ? ["--refresh"] : [])], { echo: true }));

  step("Stack outputs");
  const outputs = await stack.outputs();
  process.stdout.write(`${JSON.stringify(outputs, null, 2)}\n`);

  step("The emulator's console");
  const siteUrl = String(outputs.siteUrl);
  const consoleUrl = `${new URL(emulator.env.DOCS_PLATFORM_API_URL).origin}/`;
  // Promise no page that does not answer: fetch both while the emulator still runs.
  await expectPage(consoleUrl);
  await expectPage(siteUrl);
  process.stdout.write(
    `The site is published. Its URL, as the API reports it: ${siteUrl}\n` +
      `  console: ${consoleUrl} answered 200 (organization, teams, SAML, collections and spaces, sites, OpenAPI specs, recent requests)\n` +
      `  site:    ${siteUrl} answered 200 (the console's preview of the site: its sections in order and its customization;\n` +
      "           the emulator holds no page content; against the real platform the URL opens the site)\n",
  );

  step("pulumi preview (expects no changes)");
  assertSucceeded(await stack.run(["preview", "--expect-no-changes", "--diff"], { echo: true }));

  process.stdout.write(
    "\nDone. The emulator's data and the stack are kept: run `npm start` again and nothing changes.\n" +
      "The emulator stops now. To look at the console, start it again on the same data:\n" +
      `  ${emulatorCommand()}\n` +
      `and open ${consoleUrl} (the site: ${siteUrl}).\n` +
      "Look at the stack with `npm run pulumi -- stack --stack quickstart`; start over with `rm -rf .data .pulumi-state`.\n",
  );
} finally {
  await stopGroup(emulator.child);
}
