/**
 * `npm run bench:plan [-- --runs 11 --warmup 1 --ours release|package --trivial go|node]`
 *
 * What a user waits for in `tofu plan` of one resource (a `docsplatform_team` to create, against
 * the emulator), with this provider and with a trivial one of the same resource type answering from
 * memory: `--trivial go` (the default), HashiCorp's terraform-plugin-go (support/trivial-provider/),
 * whose start costs about nothing, as a Go provider's; `--trivial node`, this repository's transport
 * on Node.js with no core (support/trivial-provider.ts), what a Node.js provider cannot do without.
 * OpenTofu starts the provider for each phase of a plan (three for this one), so what this
 * provider adds to a plan is its starts and its answers.
 *
 * The two plans take turns, each run a `tofu plan` of its own project (the same configuration;
 * each project's CLI configuration points `docs-platform/docsplatform` at its provider through
 * dev_overrides, so no `tofu init`). Wall time is the command's; CPU is tofu's and its provider's
 * (this process's children's, from /proc/self/stat, before and after). Printed: median, min and max
 * of each, and the median of each pair's ratio.
 *
 * `--ours release` (the default): the release's linux-amd64 executable, built first when missing
 * (provider/scripts/release/release.mts); `--ours package`: the package's entry on this Node.js
 * (provider/dist/terraform/main.js, what the tests run).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { cacheDir, platformName, terraformExecutableName } from "../../provider/scripts/release/release-info.mts";
import { startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { linuxAmd64 } from "../release/released-plugin.ts";
import {
  PROVIDER_EXECUTABLE,
  providerEntry,
  providerHeader,
  repositoryRoot,
  run,
  tofuEnv,
  writeCliConfig,
  writeLauncher,
} from "./support/tofu.ts";

const execute = promisify(execFile);
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "11" },
    warmup: { type: "string", default: "1" },
    ours: { type: "string", default: "release" },
    trivial: { type: "string", default: "go" },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0)
  throw new Error("--runs takes a positive integer, --warmup a whole number");
if (values.ours !== "release" && values.ours !== "package") throw new Error("--ours takes release or package");
if (values.trivial !== "go" && values.trivial !== "node") throw new Error("--trivial takes go or node");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "plan-bench-"));
const tofu = await ensureTofu();

/** The trivial provider: Go, built with the machine's Go (its module's dependencies from the Go module proxy the first time), or Node.js. */
async function trivialProvider(): Promise<string> {
  const dir = path.join(work, "trivial");
  if (values.trivial === "node")
    return writeLauncher(dir, path.join(repositoryRoot, "test", "terraform", "support", "trivial-provider.ts"));
  await execute("go", ["build", "-trimpath", "-o", path.join(dir, PROVIDER_EXECUTABLE), "."], {
    cwd: path.join(repositoryRoot, "test", "terraform", "support", "trivial-provider"),
    env: { ...process.env, GOFLAGS: "-mod=mod" },
  });
  return dir;
}

/** A folder holding this provider as `terraform-provider-docsplatform`, what dev_overrides looks for. */
async function ourProvider(): Promise<string> {
  const dir = path.join(work, "ours");
  if (values.ours === "package") return writeLauncher(dir, providerEntry);
  const executable = path.join(
    cacheDir,
    "terraform-executables",
    platformName(linuxAmd64),
    terraformExecutableName(linuxAmd64),
  );
  if (!fs.existsSync(executable)) {
    process.stderr.write("building the linux-amd64 executable (release.mts --platform linux-amd64 --terraform-only)\n");
    await execute(
      process.execPath,
      [
        path.join(repositoryRoot, "provider", "scripts", "release", "release.mts"),
        "--platform",
        "linux-amd64",
        "--terraform-only",
      ],
      {
        cwd: repositoryRoot,
      },
    );
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(executable, path.join(dir, PROVIDER_EXECUTABLE));
  return dir;
}

/** Seconds of CPU of this process's children that it has waited for (tofu, and the providers tofu waited for). */
function childrenCpu(): number {
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const emulator = await startEmulator({ db: ":memory:" });
try {
  const organization = emulator.fixture.organizations[0];
  const configuration = `${providerHeader()}\nresource "docsplatform_team" "writers" {\n  title = "Writers"\n}\n`;
  const projects = [];
  for (const [name, providerDir] of [
    [`trivial (${values.trivial === "go" ? "Go" : "Node.js"}, from memory)`, await trivialProvider()],
    [
      values.ours === "release"
        ? "terraform-provider-docsplatform (release)"
        : "terraform-provider-docsplatform (package)",
      await ourProvider(),
    ],
  ] as const) {
    const dir = path.join(work, `project-${projects.length}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "main.tf"), configuration);
    const cliConfig = await writeCliConfig(path.join(work, `tofu-${projects.length}.rc`), providerDir);
    const env = tofuEnv(cliConfig, {
      DOCS_PLATFORM_API_URL: emulator.url,
      DOCS_PLATFORM_TOKEN: organization.admin.token,
      DOCS_PLATFORM_ORGANIZATION_ID: organization.id,
    });
    projects.push({
      name,
      dir,
      env,
      wall: [] as number[],
      cpu: [] as number[],
      wallRatio: [] as number[],
      cpuRatio: [] as number[],
    });
  }

  for (let round = 0; round < warmup + runs; round++) {
    const times = [];
    for (const project of projects) {
      const cpuBefore = childrenCpu();
      const started = performance.now();
      const plan = await run(tofu, ["plan", "-input=false", "-no-color"], { cwd: project.dir, env: project.env });
      const time = { wall: (performance.now() - started) / 1000, cpu: childrenCpu() - cpuBefore };
      if (plan.code !== 0 || !plan.stdout.includes("Plan: 1 to add"))
        throw new Error(`${project.name}: tofu plan failed\n${plan.stdout}${plan.stderr}`);
      times.push(time);
    }
    if (round < warmup) continue;
    for (const [index, project] of projects.entries()) {
      project.wall.push(times[index].wall);
      project.cpu.push(times[index].cpu);
      project.wallRatio.push(times[index].wall / times[0].wall);
      project.cpuRatio.push(times[index].cpu / times[0].cpu);
    }
  }

  const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
  const median = (numbers: number[]) => {
    const ordered = sorted(numbers);
    const middle = Math.floor(ordered.length / 2);
    return ordered.length % 2 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
  };
  const spread = (numbers: number[]) =>
    `${median(numbers).toFixed(3)} s (${sorted(numbers)[0].toFixed(3)} s – ${sorted(numbers).at(-1)!.toFixed(3)} s)`;
  const lines = [
    `tofu plan of one docsplatform_team, ${runs} runs each after ${warmup} warm-up rounds, taking turns; median (min – max); CPU is tofu's and its provider's`,
    "",
    "| provider | wall | CPU | wall / trivial | CPU / trivial |",
    "| --- | --- | --- | --- | --- |",
    ...projects.map(
      (project) =>
        `| ${project.name} | ${spread(project.wall)} | ${spread(project.cpu)} | ${median(project.wallRatio).toFixed(2)} | ${median(project.cpuRatio).toFixed(2)} |`,
    ),
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await emulator.close();
  fs.rmSync(work, { recursive: true, force: true });
}
