/**
 * `npm run bench:start [-- --runs 21 --warmup 2 --from release|package]`
 *
 * How long a provider takes to start, as its client waits for it: from the executable's start to
 * its first line on stdout (the plugin's port, which the Pulumi engine reads; the Terraform door's
 * go-plugin handshake line, which OpenTofu reads, with AutoMTLS as OpenTofu starts it: a client
 * certificate in PLUGIN_CLIENT_CERT). Beside them, as the yardstick of the same run, a Node.js
 * that prints a line and nothing else (`node -e` of one write): what any Node.js program pays.
 *
 * The commands take turns (baseline, plugin, door, baseline, ...), so a machine whose speed drifts
 * moves them alike. Each run's wall time is spawn to first line; its CPU is the process's (every
 * thread's time on a CPU, /proc/<pid>/task/<tid>/schedstat) when the line arrives, read before it
 * is stopped. Printed: median, min and max of each, and the median of each run's ratio to the
 * baseline run before it.
 *
 * `--from release` (the default) times the release's linux-amd64 executables, built first when
 * missing (provider/scripts/release/release.mts); `--from package` the package's own entries on
 * this Node.js (provider/docs-platform/pulumi-resource-docs-platform, provider/dist/terraform/main.js).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { cacheDir, platformName, terraformExecutableName } from "../../provider/scripts/release/release-info.mts";
import { linuxAmd64 } from "./released-plugin.ts";
import { repositoryRoot } from "../terraform/support/tofu.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "21" },
    warmup: { type: "string", default: "2" },
    from: { type: "string", default: "release" },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0)
  throw new Error("--runs takes a positive integer, --warmup a whole number");
if (values.from !== "release" && values.from !== "package") throw new Error("--from takes release or package");

interface Command {
  name: string;
  argv: string[];
  env: NodeJS.ProcessEnv;
}

/** The release's linux-amd64 executables, built when missing (the plugin's and the door's, no SDKs). */
async function releaseExecutables(): Promise<{ plugin: string; door: string }> {
  const plugin = path.join(cacheDir, "executables", platformName(linuxAmd64), "pulumi-resource-docs-platform");
  const door = path.join(
    cacheDir,
    "terraform-executables",
    platformName(linuxAmd64),
    terraformExecutableName(linuxAmd64),
  );
  if (!fs.existsSync(plugin) || !fs.existsSync(door)) {
    process.stderr.write("building the linux-amd64 executables (release.mts --platform linux-amd64 --no-sdks)\n");
    await new Promise<void>((resolve, reject) => {
      const build = spawn(
        process.execPath,
        [
          path.join(repositoryRoot, "provider", "scripts", "release", "release.mts"),
          "--platform",
          "linux-amd64",
          "--no-sdks",
        ],
        {
          cwd: repositoryRoot,
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      build.on("error", reject);
      build.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`release.mts exited ${code}`))));
    });
  }
  return { plugin, door };
}

// The compiled package (`npm run build`), as the provider's own scripts load it outside vitest.
const { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, freshServerCertificate } = createRequire(import.meta.url)(
  "../../provider/dist/terraform/handshake.js",
) as typeof import("../../provider/terraform/handshake.ts");

const node = fs.realpathSync(process.execPath);
const client = await freshServerCertificate();
// As OpenTofu starts a provider (go-plugin's client, AutoMTLS); the test run's own handshake variables left out.
const doorEnv: NodeJS.ProcessEnv = {
  ...process.env,
  [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
  PLUGIN_PROTOCOL_VERSIONS: "6",
  PLUGIN_CLIENT_CERT: client.certificatePem,
};
delete doorEnv.TF_DISABLE_PLUGIN_TLS;

const executables =
  values.from === "release"
    ? await releaseExecutables()
    : {
        plugin: path.join(repositoryRoot, "provider", "docs-platform", "pulumi-resource-docs-platform"),
        door: path.join(repositoryRoot, "provider", "dist", "terraform", "main.js"),
      };
const commands: Command[] = [
  {
    name: "node -e (one line)",
    argv: [node, "-e", "process.stdout.write('ready\\n'); setInterval(() => {}, 1000)"],
    env: process.env,
  },
  {
    name: "pulumi-resource-docs-platform",
    argv: values.from === "release" ? [executables.plugin] : [node, executables.plugin],
    env: process.env,
  },
  {
    name: "terraform-provider-docsplatform",
    argv: values.from === "release" ? [executables.door] : [node, executables.door],
    env: doorEnv,
  },
];

/** Seconds on a CPU of every thread of `pid` so far (schedstat's first field, nanoseconds). */
function cpuSeconds(pid: number): number {
  const tasks = path.join("/proc", String(pid), "task");
  let nanoseconds = 0;
  for (const task of fs.readdirSync(tasks)) {
    const stat = fs.readFileSync(path.join(tasks, task, "schedstat"), "utf8");
    nanoseconds += Number(stat.split(" ")[0]);
  }
  return nanoseconds / 1e9;
}

/** One start: spawn to the first line; the process's CPU then; then it is stopped and waited for. */
function timeStart(command: Command): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command.argv[0], command.argv.slice(1), {
      env: command.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let measured: { wall: number; cpu: number } | undefined;
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (measured || !stdout.includes("\n")) return;
      measured = { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid!) };
      child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", () =>
      measured
        ? resolve(measured)
        : reject(new Error(`${command.name} exited before its first line:\n${stdout}${stderr}`)),
    );
  });
}

const results = new Map(
  commands.map((command) => [
    command.name,
    { wall: [] as number[], cpu: [] as number[], wallRatio: [] as number[], cpuRatio: [] as number[] },
  ]),
);
for (let round = 0; round < warmup + runs; round++) {
  let baseline: { wall: number; cpu: number } | undefined;
  for (const command of commands) {
    const time = await timeStart(command);
    if (round < warmup) continue;
    const result = results.get(command.name)!;
    baseline ??= time;
    result.wall.push(time.wall);
    result.cpu.push(time.cpu);
    result.wallRatio.push(time.wall / baseline.wall);
    result.cpuRatio.push(time.cpu / baseline.cpu);
  }
}

const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
const median = (numbers: number[]) => {
  const ordered = sorted(numbers);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
};
const seconds = (value: number) => `${value.toFixed(3)} s`;
const spread = (numbers: number[]) =>
  `${seconds(median(numbers))} (${seconds(sorted(numbers)[0])} – ${seconds(sorted(numbers).at(-1)!)})`;
const lines = [
  `Start to first line, ${values.from === "release" ? "the release's linux-amd64 executables" : "the package's entries on this Node.js"}: ${runs} runs each after ${warmup} warm-up rounds, taking turns; median (min – max)`,
  "",
  "| command | wall | CPU | wall / baseline | CPU / baseline |",
  "| --- | --- | --- | --- | --- |",
  ...commands.map(({ name }) => {
    const result = results.get(name)!;
    return `| ${name} | ${spread(result.wall)} | ${spread(result.cpu)} | ${median(result.wallRatio).toFixed(2)} | ${median(result.cpuRatio).toFixed(2)} |`;
  }),
  "",
];
process.stdout.write(`${lines.join("\n")}\n`);
