/**
 * HashiCorp's acceptance harness over the released provider (issue 48 item 1, full tier): the Go
 * module test/terraform/acceptance (terraform-plugin-testing: one test per resource type, one per
 * data source) run with TF_ACC=1 through OpenTofu v1.12.6 (ensure-tofu.ts) and through Terraform
 * v1.16.0 (ensure-terraform.ts), each against an emulator of its own.
 *
 * Built once for both: linux-amd64's release zip (release/terraform/, built with
 * `--terraform-only` when absent), laid out as a filesystem mirror in `tofu providers mirror`'s
 * packed layout under both CLIs' default registry hosts, a CLI configuration naming only that
 * mirror (TF_CLI_CONFIG_FILE) and a plugin cache each CLI fills once before the tests (so the tests'
 * parallel `init`s link the unpacked provider instead of each inflating the 43 MB zip), and the
 * Go test binary (`go test -c`). The binary runs under `go tool test2json`; each Go test is one
 * vitest test per CLI, failing with the Go test's step and message. At the end a table of every
 * test's steps (kind × step × CLI) is printed.
 *
 * Its cost (issue 50): every step is about nine CLI runs and each starts the provider (Terraform's
 * plan starts it three times). Before the release executables started from a V8 snapshot (0.36 s
 * of CPU to the handshake), the two passes cost about 1,300 s of CPU; after it, on the merged main
 * of stop 48, 708 s of CPU and 493 s of wall time at a load average near 14.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terraformArchiveName, terraformReleaseDir, VERSION } from "../../provider/scripts/release/release-info.mts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTerraform } from "../pulumi-cli/ensure-terraform.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { ensureRelease, linuxAmd64 } from "../release/released-plugin.ts";
import { PROVIDER_SOURCE, providerHeader, repositoryRoot, run } from "./support/tofu.ts";

const minutes = (n: number) => n * 60_000;
const goModule = path.join(repositoryRoot, "test", "terraform", "acceptance");
const archivePath = path.join(terraformReleaseDir, terraformArchiveName(linuxAmd64));
/** Where a source without a host lives for each CLI: its folder in the mirror and in the plugin cache. */
const REGISTRY_HOSTS = ["registry.opentofu.org", "registry.terraform.io"];
/**
 * Go tests at once per CLI (`-test.parallel`), both CLIs at once: each test mostly waits on its
 * CLI and the provider it starts, and each works in objects of its own (acceptance_test.go).
 */
const PARALLEL = 6;

/** The Go tests, read from the module's sources: known when vitest collects this file, before anything is built. */
const GO_TESTS = fs
  .readdirSync(goModule)
  .filter((file) => file.endsWith("_test.go"))
  .flatMap((file) =>
    [...fs.readFileSync(path.join(goModule, file), "utf8").matchAll(/^func (Test\w+)\(t \*testing\.T\)/gm)].map(
      (match) => match[1],
    ),
  )
  .sort();

interface GoTestResult {
  action: "pass" | "fail" | "skip";
  seconds: number;
  /** The test's output, without the harness's `=== RUN` lines. */
  output: string;
  /** Its steps, as the test logged them ("create", "update", ...). */
  steps: string[];
  /** The step that was running when it failed. */
  failedStep?: number;
}

interface CliRun {
  name: "tofu" | "terraform";
  ensure: () => Promise<string>;
  results: Map<string, GoTestResult>;
  seconds?: number;
  /** The binary's exit and what it printed outside any test (a build or seeding failure). */
  exit?: { code: number | null; outside: string };
}

const CLIS: CliRun[] = [
  { name: "tofu", ensure: ensureTofu, results: new Map() },
  { name: "terraform", ensure: ensureTerraform, results: new Map() },
];

let work: string;
const emulators: Emulator[] = [];

/** Runs the test binary under test2json for one CLI and one emulator, collecting each test's result. */
async function runGoTests(
  cli: CliRun,
  binary: string,
  cliPath: string,
  env: NodeJS.ProcessEnv,
  emulator: Emulator,
): Promise<void> {
  const started = Date.now();
  const tmp = path.join(work, `${cli.name}-tmp`);
  fs.mkdirSync(tmp, { recursive: true });
  const child = spawn(
    "go",
    [
      "tool",
      "test2json",
      "-t",
      binary,
      "-test.v=test2json",
      "-test.count=1",
      `-test.parallel=${PARALLEL}`,
      "-test.timeout=75m",
    ],
    {
      cwd: goModule,
      env: {
        ...env,
        TMPDIR: tmp,
        TF_ACC_TERRAFORM_PATH: cliPath,
        DOCS_PLATFORM_API_URL: emulator.url,
        DOCS_PLATFORM_EMULATOR_CONTROL_URL: emulator.controlUrl,
        DOCS_PLATFORM_JOURNAL_DIR: path.join(work, `${cli.name}-journal`),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const outputs = new Map<string, string[]>();
  let outside = "";
  child.stderr.on("data", (chunk: Buffer) => (outside += chunk.toString()));
  for await (const line of createInterface({ input: child.stdout })) {
    let event: { Action: string; Test?: string; Output?: string; Elapsed?: number };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      outside += `${line}\n`;
      continue;
    }
    if (!event.Test) {
      if (event.Action === "output") outside += event.Output ?? "";
      continue;
    }
    const lines = outputs.get(event.Test) ?? [];
    outputs.set(event.Test, lines);
    if (event.Action === "output" && event.Output && !/^=== (RUN|PAUSE|CONT|NAME)/.test(event.Output))
      lines.push(event.Output);
    if (event.Action === "pass" || event.Action === "fail" || event.Action === "skip") {
      const output = lines.join("");
      const steps =
        /steps: (.*)/
          .exec(output)?.[1]
          .split("; ")
          .map((entry) => entry.replace(/^\d+ /, "")) ?? [];
      const reached = [...output.matchAll(/step (\d+)\/\d+: /g)].map((match) => Number(match[1]));
      cli.results.set(event.Test, {
        action: event.Action,
        seconds: event.Elapsed ?? 0,
        output,
        steps,
        ...(event.Action === "fail" ? { failedStep: reached.at(-1) ?? 0 } : {}),
      });
    }
  }
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on("close", resolve),
  );
  cli.exit = { code, outside };
  cli.seconds = (Date.now() - started) / 1000;
}

beforeAll(async () => {
  work = path.join(workRoot, "tofu-acceptance", `${process.pid}`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const [tofu, terraform] = await Promise.all([
    ensureTofu(),
    ensureTerraform(),
    ensureRelease(() => fs.existsSync(archivePath), ["--platform", "linux-amd64", "--terraform-only"]),
  ]);
  const cliPaths = { tofu, terraform };

  // The mirror in the packed layout (<host>/<namespace>/<type>/<zip>), under each CLI's default host.
  const mirror = path.join(work, "mirror");
  for (const host of REGISTRY_HOSTS) {
    const dir = path.join(mirror, host, PROVIDER_SOURCE);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(archivePath, path.join(dir, path.basename(archivePath)));
  }
  const pluginCache = path.join(work, "plugin-cache");
  fs.mkdirSync(pluginCache);
  const cliConfig = path.join(work, "cli.rc");
  // The mirror only: without a `direct {}`, nothing may come from a registry.
  fs.writeFileSync(
    cliConfig,
    [
      "provider_installation {",
      "  filesystem_mirror {",
      `    path    = ${JSON.stringify(mirror)}`,
      `    include = [${JSON.stringify(PROVIDER_SOURCE)}]`,
      "  }",
      "}",
      `plugin_cache_dir = ${JSON.stringify(pluginCache)}`,
      // Without it Terraform (since 1.4) takes a cached provider only when a lock file records its
      // checksum, and the harness's working directories have none: each init installed it into the
      // cache again, over the executable other tests were running ("text file busy").
      "plugin_cache_may_break_dependency_lock_file = true",
      "",
    ].join("\n"),
  );
  // What a user's shell would hold (HOME: Go's caches are under it), and the harness's variables:
  // nothing of vitest's Node.js (NODE_OPTIONS) reaches the CLIs or the provider they start.
  const env: NodeJS.ProcessEnv = {
    HOME: process.env.HOME,
    PATH: process.env.PATH,
    GOFLAGS: "-trimpath",
    TF_ACC: "1",
    TF_CLI_CONFIG_FILE: cliConfig,
    CHECKPOINT_DISABLE: "1",
    DOCS_PLATFORM_PROVIDER_VERSION: VERSION,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  // The plugin cache filled once per CLI, before the tests' inits run side by side.
  const warm = path.join(work, "warm");
  fs.mkdirSync(warm);
  fs.writeFileSync(path.join(warm, "main.tf"), providerHeader({ version: VERSION, provider: false }));
  const binary = path.join(work, "acceptance.test");
  const [built, ...inits] = await Promise.all([
    run("go", ["test", "-c", "-o", binary, "."], { cwd: goModule, env, timeoutMs: minutes(10) }),
    ...CLIS.map((cli) =>
      run(cliPaths[cli.name], ["init", "-input=false", "-no-color"], {
        cwd: warm,
        env: { ...env, TF_DATA_DIR: path.join(work, `warm-${cli.name}`) },
        timeoutMs: minutes(4),
      }),
    ),
  ]);
  expect(built.code, `go test -c:\n${built.stdout}${built.stderr}`).toBe(0);
  for (const init of inits) expect(init.code, `init:\n${init.stdout}${init.stderr}`).toBe(0);

  for (const _ of CLIS) emulators.push(await startEmulator({ db: ":memory:" }));
  await Promise.all(CLIS.map((cli, index) => runGoTests(cli, binary, cliPaths[cli.name], env, emulators[index])));
}, minutes(90));

afterAll(async () => {
  console.log(acceptanceTable());
  await Promise.all(emulators.map((emulator) => emulator.close()));
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** Each Go test's steps by CLI: ✓ passed, ✗ failed (with the first line of its message), · not run. */
function acceptanceTable(): string {
  const lines = [
    `acceptance: ${CLIS.map((cli) => `${cli.name} ${cli.seconds?.toFixed(0) ?? "?"}s`).join(", ")}`,
    "| Go test | step | tofu | terraform |",
    "|---|---|---|---|",
  ];
  for (const name of GO_TESTS) {
    const steps = CLIS.map((cli) => cli.results.get(name)?.steps).find((list) => list && list.length > 0) ?? [
      "(none logged)",
    ];
    steps.forEach((step, index) => {
      const cells = CLIS.map((cli) => {
        const result = cli.results.get(name);
        if (!result) return "not run";
        if (result.action === "pass") return "✓";
        if (result.failedStep === undefined || index + 1 < result.failedStep) return "✓";
        if (index + 1 > result.failedStep) return "·";
        return `✗ ${failureLine(result.output)}`;
      });
      lines.push(`| ${name} | ${step} | ${cells.join(" | ")} |`);
    });
  }
  return lines.join("\n");
}

/** The line that says why: the harness's error, without the paths and step prefix around it. */
function failureLine(output: string): string {
  if (output.includes("panic: test timed out")) return "the test binary timed out (-test.timeout) while this step ran";
  const lines = output.split("\n");
  // The CLI's own `Error: ...` says why; the harness's line around it only says which command failed.
  const line =
    lines.find((entry) => /^\s*Error: /.test(entry)) ??
    lines.find((entry) => /error|expected/.test(entry) && !/step \d+\/\d+: /.test(entry)) ??
    "";
  return line
    .trim()
    .replace(/^\S+_test\.go:\d+: /, "")
    .replace(/\|/g, "\\|")
    .slice(0, 160);
}

for (const cli of CLIS) {
  describe(`terraform-plugin-testing through ${cli.name}`, () => {
    it("runs the test binary to its end", () => {
      expect(cli.exit, "the Go tests did not run").toBeDefined();
      expect(cli.exit!.outside, "output outside any test").not.toMatch(/panic:|seeding the emulator/);
      expect([...cli.results.keys()].sort()).toEqual(GO_TESTS);
    });

    it.each(GO_TESTS)("%s", (name) => {
      const result = cli.results.get(name);
      expect(result, `${name} did not run through ${cli.name}: ${cli.exit?.outside ?? ""}`).toBeDefined();
      const step = result!.failedStep
        ? ` at step ${result!.failedStep} (${result!.steps[result!.failedStep - 1] ?? "?"})`
        : "";
      expect(result!.action, `${name} through ${cli.name}${step}:\n${result!.output.slice(-6000)}`).toBe("pass");
    });
  });
}
