/**
 * `npm run bench:scale [-- --resources 400 --latency-ms 50 --repeat 3 --program all|both|doors|tofu|<list>] [--plugin package|release] [--skip-checkpoints]`
 *
 * Scale through the real Pulumi CLI against the emulator (with injected latency). Measures, in
 * one run, both doors over the same resources: the fault-scenario program (test/faults/program:
 * the package's resources, 8 a group plus the organization's settings) through the dynamic
 * package (`package`), the same resources as a Pulumi YAML program through the provider plugin
 * (`plugin`, written by test/faults/soak.ts's yamlProgram from the same description), and a
 * baseline of as many trivial dynamic resources with the same dependency shape (`baseline`,
 * baseline/). For `up`, a no-op `preview`, `refresh` and `destroy` it prints wall time, API
 * requests, the ratio to the baseline and the plugin's to the dynamic package, the provider
 * process's peak memory, and the state's size per resource (whole and the `__provider` share).
 * With --repeat N every figure is the median of N runs, each on a fresh emulator and stack; the
 * programs' order is reversed every other repeat, so neither door always runs first on a machine
 * whose load drifts.
 *
 * `--program`: `all` (default: baseline, package, plugin), `both` (baseline and package), `doors`
 * (package and plugin), `tofu` (package and opentofu), or a comma-separated list. `opentofu` is
 * the same resources as OpenTofu configuration (tofu-program.ts) through the Terraform door
 * (provider/dist/terraform, with dev_overrides, as test/terraform/tofu-team.test.ts runs it):
 * `tofu apply -auto-approve` for `up`, `tofu plan -detailed-exitcode` (must exit 0) for the no-op
 * `preview`, `tofu apply -refresh-only -auto-approve` for `refresh`, `tofu destroy -auto-approve`,
 * all with `-parallelism` at the Pulumi engine's default (4 operations a CPU, `--parallel`). `--plugin release` runs the plugin door on the
 * release executable (release/'s linux-amd64 archive, `npm run release`) instead of the package's
 * plugin folder (provider/docs-platform/). `--profile DIR` profiles the process serving the
 * resources in each run (provider-probe.cjs: its CPU, and the plugin's calls), into DIR/<program>-<run>;
 * `node test/scale/profile-summary.ts DIR/<program>-<run>` adds it up. The profiler costs CPU:
 * time a run without it.
 *
 * `--rate-limit P` instead measures a rate-limited service: the emulator allows P requests a
 * minute, and the package's program is brought up twice, without a client-side pace and with
 * `docs-platform:rateLimitShare` (--rate-limit-share, default 1); it prints per run whether `up`
 * succeeded, its time, the 429s the emulator answered and every other failed answer.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { assertSucceeded, type ConfigValue, createStack, type TestStack } from "../pulumi-cli/run-pulumi.ts";
import { programDir as packageProgramDir } from "../faults/scenario.ts";
import { yamlProgram } from "../faults/soak.ts";
import { archiveName, releaseDir } from "../../provider/scripts/release/release-info.mts";
import { samplePeakMemory } from "./process-memory.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { run as runCommand, tofuEnv, writeCliConfig, writeLauncher } from "../terraform/support/tofu.ts";
import { tofuProgram } from "./tofu-program.ts";

const execFileAsync = promisify(execFile);
const baselineProgramDir = fileURLToPath(new URL("./baseline", import.meta.url));
const STEPS = ["up", "preview", "refresh", "destroy"] as const;
type Step = (typeof STEPS)[number];
const PROGRAMS = ["baseline", "package", "plugin", "opentofu"] as const;
type Program = (typeof PROGRAMS)[number];
const PROGRAM_SETS: Record<string, Program[]> = { all: [...PROGRAMS], both: ["baseline", "package"], doors: ["package", "plugin"], tofu: ["package", "opentofu"] };
/** The process serving the resources, by command line: the dynamic provider host, or the plugin (package folder or release executable). */
const PROVIDER_PROCESS: Record<Program, RegExp> = {
  baseline: /cmd\/dynamic-provider/,
  package: /cmd\/dynamic-provider/,
  plugin: /pulumi-resource-docs-platform/,
  opentofu: /terraform\/main\.js/,
};

const { values } = parseArgs({
  options: {
    resources: { type: "string", default: "401" },
    "latency-ms": { type: "string", default: "50" },
    repeat: { type: "string", default: "1" },
    program: { type: "string", default: "all" },
    plugin: { type: "string", default: "package" },
    profile: { type: "string" },
    "rate-limit": { type: "string" },
    "rate-limit-share": { type: "string", default: "1" },
    // The engine writes the whole state after every step (a checkpoint): at 5,000 resources that,
    // not the provider, dominates `up`. Both programs run alike with or without it.
    "skip-checkpoints": { type: "boolean", default: false },
  },
});
const stackEnv = (url: string, token: string): Record<string, string> => ({
  DOCS_PLATFORM_API_URL: url,
  DOCS_PLATFORM_TOKEN: token,
  ...(values["skip-checkpoints"] ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
});
/** The Pulumi engine's default `--parallel` (4 a CPU), given to OpenTofu as `-parallelism`. */
const engineParallelism = 4 * os.availableParallelism();
const groups = Math.max(1, Math.round((Number(values.resources) - 1) / 8));
const latencyMs = Number(values["latency-ms"]);
const repeat = Number(values.repeat);
const programs: Program[] = PROGRAM_SETS[values.program] ?? (values.program.split(",") as Program[]);
if (!Number.isFinite(latencyMs) || latencyMs < 0 || !Number.isInteger(repeat) || repeat < 1) throw new Error("--latency-ms takes a number >= 0, --repeat a positive integer");
if (programs.some((program) => !PROGRAMS.includes(program)))
  throw new Error(`--program is ${Object.keys(PROGRAM_SETS).join(", ")} or a comma-separated list of ${PROGRAMS.join(", ")}`);
if (values.plugin !== "package" && values.plugin !== "release") throw new Error("--plugin is package (provider/docs-platform/) or release (release/'s executable)");

interface StepFigures {
  seconds: number;
  requests: number;
  peakMiB: number;
}
interface RunFigures {
  steps: Record<Step, StepFigures>;
  resources: number;
  stateBytesPerResource: number;
  providerBytesPerResource: number;
}

async function requestTotal(emulator: Emulator): Promise<number> {
  return ((await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { total: number }).total;
}

async function timed(emulator: Emulator, program: Program, body: () => Promise<unknown>): Promise<StepFigures> {
  const before = await requestTotal(emulator);
  const sampler = samplePeakMemory(PROVIDER_PROCESS[program]);
  const started = performance.now();
  let peakMiB: number;
  try {
    await body();
  } finally {
    peakMiB = sampler.stop();
  }
  return { seconds: (performance.now() - started) / 1000, requests: (await requestTotal(emulator)) - before, peakMiB };
}

/** Bytes of the exported state per resource, and of the `__provider` values in it. */
async function stateSize(stack: TestStack): Promise<{ resources: number; perResource: number; providerPerResource: number }> {
  const { text, deployment } = await stack.exportState();
  const resources = (deployment.resources ?? []).filter((resource) => /^(pulumi-nodejs:dynamic|docs-platform:index:)/.test(String(resource.type)));
  let providerBytes = 0;
  for (const resource of resources) {
    for (const bag of [resource.inputs, resource.outputs] as (Record<string, unknown> | undefined)[]) {
      const provider = bag?.__provider;
      if (provider !== undefined) providerBytes += JSON.stringify(provider).length;
    }
  }
  const count = Math.max(1, resources.length);
  return { resources: resources.length, perResource: Math.round(text.length / count), providerPerResource: Math.round(providerBytes / count) };
}

/**
 * A state directory of the bench's own, outside test/.work: a test run started meanwhile empties
 * test/.work, which would take a running bench's stack config with it.
 */
async function benchStateDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), "docs-platform-bench-"));
}

/**
 * The plugin's folder for the YAML program: the package's (provider/docs-platform/), or with
 * `--plugin release` release/'s linux-amd64 archive unpacked into `stateDir`.
 */
async function pluginFolder(stateDir: string): Promise<string | undefined> {
  if (values.plugin === "package") return undefined;
  const archive = path.join(releaseDir, archiveName({ os: "linux", arch: "amd64" }));
  await fs.access(archive).catch(() => {
    throw new Error(`--plugin release: no ${archive}; \`npm run release\` (or \`node provider/scripts/release/release.mts --platform linux-amd64 --no-sdks\`) writes it`);
  });
  const dir = path.join(stateDir, "plugin", "docs-platform");
  await fs.mkdir(dir, { recursive: true });
  await execFileAsync("tar", ["-xzf", archive, "-C", dir]);
  return dir;
}

/** The program's folder and its stack config; the YAML program is written into `stateDir`. */
async function programSetup(
  program: Program,
  stateDir: string,
  emulator: Emulator,
  organizationId: string,
  token: string,
): Promise<{ programDir: string; config: Record<string, ConfigValue> }> {
  if (program === "baseline") return { programDir: baselineProgramDir, config: { groups: String(groups) } };
  if (program === "package") return { programDir: packageProgramDir, config: { organizationId, groups: String(groups) } };
  const programDir = path.join(stateDir, "yaml-program");
  await fs.mkdir(programDir, { recursive: true });
  await fs.writeFile(path.join(programDir, "Pulumi.yaml"), yamlProgram(groups, organizationId, await pluginFolder(stateDir)));
  // As a YAML program's user configures the plugin: the token a secret of the stack.
  return { programDir, config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true } } };
}

/** With --profile, what loads provider-probe.cjs into the run's provider process, and where it writes. */
function profileEnv(program: Program, run: number): Record<string, string> {
  if (values.profile === undefined) return {};
  return {
    NODE_OPTIONS: `--require ${fileURLToPath(new URL("./provider-probe.cjs", import.meta.url))}`,
    DOCS_PLATFORM_PROBE_DIR: path.resolve(values.profile, `${program}-${run}`),
  };
}

/** The same resources through OpenTofu and the Terraform door, on a fresh emulator. */
async function runTofuOnce(run: number): Promise<RunFigures> {
  const tofu = await ensureTofu();
  const emulator = await startEmulator({ db: ":memory:" });
  const stateDir = await benchStateDir();
  try {
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    const project = path.join(stateDir, "project");
    await fs.mkdir(project);
    await fs.writeFile(path.join(project, "main.tf"), tofuProgram(groups, emulator.url, organization.id));
    const cliConfig = await writeCliConfig(path.join(stateDir, "tofu.rc"), await writeLauncher(path.join(stateDir, "bin")));
    // The token from the environment, as a user keeps it out of the configuration.
    const env = tofuEnv(cliConfig, { ...stackEnv(emulator.url, organization.admin.token), ...profileEnv("opentofu", run) });
    const tofuStep =
      (args: string[], expectedExit = 0) =>
      async () => {
        const result = await runCommand(tofu, [...args, "-input=false", "-no-color", `-parallelism=${engineParallelism}`], { cwd: project, env, timeoutMs: 30 * 60_000 });
        if (result.code !== expectedExit)
          throw new Error(`tofu ${args.join(" ")} exited ${result.code} (expected ${expectedExit}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`);
      };
    emulator.setFaults({ latencyMs });
    const up = await timed(emulator, "opentofu", tofuStep(["apply", "-auto-approve"]));
    const stateText = await fs.readFile(path.join(project, "terraform.tfstate"), "utf8");
    const instances = ((JSON.parse(stateText) as { resources?: { mode: string; instances: unknown[] }[] }).resources ?? [])
      .filter((r) => r.mode === "managed")
      .reduce((sum, r) => sum + r.instances.length, 0);
    // -detailed-exitcode: 0 is no change, 2 a change, 1 an error; a no-op plan must be 0.
    const preview = await timed(emulator, "opentofu", tofuStep(["plan", "-detailed-exitcode"]));
    const refresh = await timed(emulator, "opentofu", tofuStep(["apply", "-refresh-only", "-auto-approve"]));
    const destroy = await timed(emulator, "opentofu", tofuStep(["destroy", "-auto-approve"]));
    return {
      steps: { up, preview, refresh, destroy },
      resources: instances,
      stateBytesPerResource: Math.round(stateText.length / Math.max(1, instances)),
      providerBytesPerResource: 0 /* no __provider: printed as "-" */,
    };
  } finally {
    await fs.rm(stateDir, { recursive: true, force: true });
    await emulator.close();
  }
}

async function runOnce(program: Program, run: number): Promise<RunFigures> {
  if (program === "opentofu") return runTofuOnce(run);
  const emulator = await startEmulator({ db: ":memory:" });
  const stateDir = await benchStateDir();
  let stack: TestStack | undefined;
  try {
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    const { programDir, config } = await programSetup(program, stateDir, emulator, organization.id, organization.admin.token);
    stack = await createStack({
      programDir,
      stackName: `scale-${program}`,
      stateDir,
      config,
      env: { ...stackEnv(emulator.url, organization.admin.token), ...profileEnv(program, run) },
      timeoutMs: 30 * 60_000,
    });
    emulator.setFaults({ latencyMs });
    const up = await timed(emulator, program, () => stack!.up());
    const size = await stateSize(stack);
    const preview = await timed(emulator, program, () => stack!.run(["preview", "--expect-no-changes"]).then(assertSucceeded));
    const refresh = await timed(emulator, program, () => stack!.refresh());
    const destroy = await timed(emulator, program, () => stack!.destroy());
    return { steps: { up, preview, refresh, destroy }, resources: size.resources, stateBytesPerResource: size.perResource, providerBytesPerResource: size.providerPerResource };
  } finally {
    await stack?.remove().catch(() => {});
    await fs.rm(stateDir, { recursive: true, force: true });
    await emulator.close();
  }
}

/** The package's program against a service allowing `perMinute` requests a minute, without and with a pace. */
async function rateLimited(perMinute: number, share: string): Promise<void> {
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error("--rate-limit takes requests a minute, a positive integer");
  process.stderr.write(`rate limit: ${groups * 8 + 1} resources, ${perMinute} requests a minute, ${latencyMs} ms latency\n`);
  const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  const lines = [row(["client-side pace", "up", "seconds", "requests", "429s", "other failed answers"]), `|${"---|".repeat(6)}`];
  for (const pace of [undefined, share]) {
    const emulator = await startEmulator({ db: ":memory:" });
    const stateDir = await benchStateDir();
    let stack: TestStack | undefined;
    try {
      const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
      stack = await createStack({
        programDir: packageProgramDir,
        stackName: "scale-rate",
        stateDir,
        config: { organizationId: organization.id, groups: String(groups), ...(pace === undefined ? {} : { "docs-platform:rateLimitShare": pace }) },
        env: stackEnv(emulator.url, organization.admin.token),
        timeoutMs: 60 * 60_000,
      });
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      emulator.setFaults({ latencyMs, rateLimit: { limit: perMinute, windowSeconds: 60 } });
      const started = performance.now();
      const up = await stack.run(["up", "--yes", "--skip-preview"]);
      const seconds = (performance.now() - started) / 1000;
      const { total, statuses } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { total: number; statuses: Record<string, number> };
      const failed = Object.entries(statuses).filter(([status]) => Number(status) >= 400 && status !== "429");
      lines.push(
        row([
          pace === undefined ? "none" : `rateLimitShare ${pace}`,
          up.exitCode === 0 ? "succeeded" : "FAILED",
          seconds.toFixed(1),
          total,
          statuses["429"] ?? 0,
          failed.map(([status, count]) => `${count} x ${status}`).join(", ") || "none",
        ]),
      );
      process.stderr.write(`  ${lines.at(-1)}\n`);
      emulator.setFaults({});
      await stack.destroy().catch(() => undefined);
    } finally {
      await stack?.remove().catch(() => {});
      await fs.rm(stateDir, { recursive: true, force: true });
      await emulator.close();
    }
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

await ensurePulumi();
if (values["rate-limit"] !== undefined) {
  await rateLimited(Number(values["rate-limit"]), values["rate-limit-share"]);
  process.exit(0);
}
process.stderr.write(
  `scale: ${groups * 8 + 1} resources a program, ${latencyMs} ms latency, ${repeat} run(s) each, programs: ${programs.join(", ")}` +
    `${programs.includes("opentofu") ? `, OpenTofu -parallelism=${engineParallelism}` : ""}${programs.includes("plugin") ? ` (plugin: ${values.plugin === "release" ? "the release executable" : "the package's folder"})` : ""}` +
    `${values["skip-checkpoints"] ? ", checkpoints skipped (PULUMI_SKIP_CHECKPOINTS)" : ""}, load average ${os.loadavg()[0].toFixed(1)}\n`,
);
const runs = new Map<Program, RunFigures[]>();
for (let run = 1; run <= repeat; run++) {
  // Every other repeat the other way round: the machine's load drifts, and a program run first
  // also pays for cold caches.
  for (const program of run % 2 === 1 ? programs : [...programs].reverse()) {
    const figures = await runOnce(program, run);
    process.stderr.write(`  ${program} run ${run}: ${STEPS.map((step) => `${step} ${figures.steps[step].seconds.toFixed(1)} s`).join(", ")}\n`);
    runs.set(program, [...(runs.get(program) ?? []), figures]);
  }
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const medianSeconds = (program: Program, step: Step): number | undefined => {
  const figures = runs.get(program);
  return figures && median(figures.map((figure) => figure.steps[step].seconds));
};
const ratioTo = (seconds: number, to: number | undefined) => (to === undefined ? "-" : (seconds / to).toFixed(2));
process.stderr.write(`load average at the end ${os.loadavg()[0].toFixed(1)}\n`);
process.stdout.write(
  `${row(["program", "step", "resources", "seconds (median)", "requests", "x baseline", "x package (plugin or opentofu / dynamic door)", "provider process peak MiB", "state bytes/resource", "__provider bytes/resource"])}\n|${"---|".repeat(10)}\n`,
);
for (const program of programs) {
  const figures = runs.get(program)!;
  for (const step of STEPS) {
    const seconds = medianSeconds(program, step)!;
    const toPackage = program === "plugin" || program === "opentofu" ? ratioTo(seconds, medianSeconds("package", step)) : "-";
    process.stdout.write(
      `${row([program, step, figures[0].resources, seconds.toFixed(1), median(figures.map((f) => f.steps[step].requests)), ratioTo(seconds, medianSeconds("baseline", step)), toPackage, median(figures.map((f) => f.steps[step].peakMiB)), median(figures.map((f) => f.stateBytesPerResource)), program === "opentofu" ? "-" : median(figures.map((f) => f.providerBytesPerResource))])}\n`,
    );
  }
}
