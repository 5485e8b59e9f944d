/**
 * Each resource page's example (issue 28, item 6): one Pulumi YAML program per kind
 * (docs/resources/examples/<kind>/Pulumi.yaml) and its conversions to TypeScript, Python, Go and
 * Java by Pulumi's own program generators (provider/scripts/generate-examples.mts).
 *
 * - The committed conversions are what a fresh conversion makes.
 * - Every YAML example runs with the real CLI against the emulator, through the plugin: all
 *   eighteen in one stack (each example's resources and outputs under its kind's prefix), up, the
 *   objects in the API, a no-change preview, destroy.
 * - Each conversion is checked against the release's SDK packages (release/sdk/, what `npm run
 *   release` makes and sdk-packages.test.ts inspects; built once for the run when absent), as a
 *   user's program meets them:
 * - TypeScript: every conversion type-checks (tsc, strict) against the npm package as installed,
 *   and the same program with the dynamic package's import (what the pages show) against the package.
 * - Python: every conversion runs against the wheel under Pulumi's own mocks
 *   (pulumi.runtime.set_mocks: each resource registered with its inputs, no engine, no emulator),
 *   all eighteen in one Python process, each with fresh mocks.
 * - Go: every conversion type-checks and vets against the release's module (`go vet`); one is built.
 * - Java: every conversion compiles with Maven against the release's jar, installed into the local
 *   Maven repository; the three that pulumi-java 1.12.0 writes wrong after their repair
 *   (provider/scripts/java-repairs.mts).
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forDynamicPackage } from "../../provider/scripts/generate-docs.mts";
import { JAVA_REPAIRS } from "../../provider/scripts/java-repairs.mts";
import { examplesDir, exampleKinds, generateExamples } from "../../provider/scripts/generate-examples.mts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { repositoryRoot, requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, changeCounts, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";
import { javaPom, pluginDir } from "./support/sdks.ts";
import { VERSION } from "../../provider/scripts/release/release-info.mts";
import { ensureReleasedSdks, installReleasedJar, onlyFile } from "../release/released-plugin.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;
const scratch = path.join(workRoot, "resource-examples", `${process.pid}-${Date.now()}`);
const kinds = exampleKinds();
const readExample = (kind: string, file: string) => fs.readFile(path.join(examplesDir, kind, file), "utf8");

interface YamlProgram {
  resources: Record<string, { type: string; properties?: unknown; options?: unknown }>;
  outputs?: Record<string, unknown>;
}

/** `${name...}` references to the program's own resources, renamed under a prefix. */
function renameReferences(value: unknown, rename: (name: string) => string): unknown {
  if (typeof value === "string") return value.replace(/\$\{(\w+)/g, (_, name: string) => `\${${rename(name)}`);
  if (Array.isArray(value)) return value.map((item) => renameReferences(item, rename));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameReferences(item, rename)]));
  return value;
}

/** Every kind's YAML example in one program: resources and outputs named `<kind>-<name>`. */
async function allYamlExamples(): Promise<{ program: Record<string, unknown>; resourceCount: number }> {
  const resources: YamlProgram["resources"] = {};
  const outputs: Record<string, unknown> = {};
  for (const kind of kinds) {
    const program = yaml.load(await readExample(kind, "Pulumi.yaml")) as YamlProgram;
    const rename = (name: string) => `${kind}-${name}`;
    for (const [name, resource] of Object.entries(program.resources)) resources[rename(name)] = renameReferences(resource, rename) as YamlProgram["resources"][string];
    for (const [name, value] of Object.entries(program.outputs ?? {})) outputs[rename(name)] = renameReferences(value, rename);
  }
  return {
    program: { name: "resource-examples", runtime: "yaml", plugins: { providers: [{ name: "docs-platform", path: pluginDir }] }, resources, outputs },
    resourceCount: Object.keys(resources).length,
  };
}

describe("the resource pages' examples", () => {
  it("are one YAML program per kind, and the committed conversions are a fresh conversion of it", { timeout: minutes(5) }, async () => {
    expect(kinds).toHaveLength(18);
    expect(await generateExamples({ check: true })).toEqual([]);
  });

  // A fresh conversion fails when pulumi-java no longer writes a repaired defect (java-repairs.mts);
  // the committed programs, and so the pages, carry the repair.
  it("carry the repair of each known defect of pulumi-java's conversion, and the page says so", async () => {
    expect(Object.keys(JAVA_REPAIRS).sort()).toEqual(["agent-instructions", "site-adaptive-schema", "site-structure"]);
    for (const [kind, { hasDefect }] of Object.entries(JAVA_REPAIRS)) {
      expect(hasDefect(await readExample(kind, "App.java")), kind).toBe(false);
      expect(await fs.readFile(path.join(repositoryRoot, "docs", "resources", `${kind}.md`), "utf8"), kind).toContain("Repaired after the conversion: pulumi-java 1.12.0's program generator");
    }
  });
});

describe("every YAML example, with the real CLI against the emulator", () => {
  let emulator: Emulator;
  let api: Api;
  let stack: TestStack | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    api = apiClient(emulator.url, emulator.fixture.organizations[0]!.admin.token);
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("goes up in one stack, makes the objects, previews with no change and is destroyed", { timeout: minutes(10) }, async () => {
    const { program, resourceCount } = await allYamlExamples();
    const programDir = await writeProgram("resource-examples-yaml", { "Pulumi.yaml": yaml.dump(program, { lineWidth: -1 }) });
    const acme = emulator.fixture.organizations[0]!;
    stack = await createStack({
      programDir,
      stackName: "examples",
      config: { "docs-platform:organizationId": acme.id, "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: acme.admin.token, secret: true } },
    });
    await stack.up();
    const outputs = (await stack.outputs()) as Record<string, string>;
    expect((await api.get(`/orgs/${acme.id}/teams/${outputs["team-teamId"]}`)).title).toBe("Writers");
    expect((await api.get(`/spaces/${outputs["space-spaceId"]}`)).title).toBe("Getting started");
    expect((await api.get(`/orgs/${acme.id}/sites/${outputs["site-siteId"]}`)).title).toBe("Developer portal");
    expect(outputs["organization-settings-title"]).toBe("Acme Documentation");
    expect(outputs["open-api-spec-processingState"]).toBeTruthy();
    const summary = await stack.preview();
    expect(changeCounts(summary)).toEqual({});
    // Every example's resource, and the stack.
    expect(summary.changeSummary.same).toBe(resourceCount + 1);
    await stack.destroy();
    expect(await api.status(`/orgs/${acme.id}/teams/${outputs["team-teamId"]}`)).toBe(404);
  });
});

describe("every conversion against the release's SDK packages", () => {
  let sdkDir: string;
  beforeAll(async () => {
    await fs.mkdir(scratch, { recursive: true });
    // The packages `npm run release` makes (release/sdk/), built once for the whole run, as sdk-packages.test.ts asks for them.
    sdkDir = await ensureReleasedSdks();
  }, minutes(15));
  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it("TypeScript: each type-checks against the installed npm package, and with the dynamic package's import against the package", { timeout: minutes(5) }, async () => {
    const programDir = path.join(scratch, "typescript");
    // The tarball unpacked as npm installs it; its @pulumi/pulumi resolves from the repository's node_modules, above the program.
    const installed = path.join(programDir, "node_modules", "@docs-platform", "pulumi");
    await fs.mkdir(installed, { recursive: true });
    await run("tar", ["-xzf", onlyFile(path.join(sdkDir, "nodejs"), ".tgz"), "-C", installed, "--strip-components=1"]);
    const files: string[] = [];
    for (const kind of kinds) {
      const typescript = await readExample(kind, "index.ts");
      await fs.writeFile(path.join(programDir, `${kind}.sdk.ts`), typescript);
      await fs.writeFile(path.join(programDir, `${kind}.dynamic.ts`), forDynamicPackage(typescript));
      files.push(`${kind}.sdk.ts`, `${kind}.dynamic.ts`);
    }
    await fs.writeFile(
      path.join(programDir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "ES2023", skipLibCheck: true, types: [] }, files }),
    );
    const tsc = path.join(repositoryRoot, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", programDir], { maxBuffer: 1 << 26 }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
    expect(files).toHaveLength(36);
  });

  it("Python: each runs against the wheel under Pulumi's mocks, all in one process, registering its YAML's resources", { timeout: minutes(8) }, async () => {
    const venv = path.join(scratch, "venv");
    await run("python3", ["-m", "venv", venv]);
    const python = path.join(venv, "bin", "python");
    const wheel = onlyFile(path.join(sdkDir, "python"), ".whl");
    await run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `pulumi==${requiredPulumiVersion()}`, wheel], { maxBuffer: 1 << 26 });
    const runner = path.join(scratch, "run_with_mocks.py");
    await fs.writeFile(runner, PYTHON_MOCK_RUNNER);
    const programs = kinds.flatMap((kind) => [kind, path.join(examplesDir, kind, "__main__.py")]);
    const { stdout } = await run(python, [runner, ...programs], { maxBuffer: 1 << 26 });
    const outcomes = JSON.parse(stdout) as Record<string, { registered: string[] } | { error: string }>;
    expect(Object.keys(outcomes)).toEqual(kinds);
    for (const kind of kinds) {
      const declared = Object.values((yaml.load(await readExample(kind, "Pulumi.yaml")) as YamlProgram).resources).map((resource) => resource.type).sort();
      const outcome = outcomes[kind]!;
      // A failed example's traceback is the message, under its kind.
      expect("error" in outcome ? outcome.error : "", kind).toBe("");
      expect(("registered" in outcome ? outcome.registered : []).sort(), kind).toEqual(declared);
    }

    // The runner itself: a program failing in an apply, after its registration began, is reported
    // under its kind, and what it left pending is not counted for the next program.
    const failing = path.join(scratch, "failing.py");
    await fs.writeFile(failing, 'import pulumi\nimport pulumi_docs_platform as docs\ndocs.Team("x", title=pulumi.Output.from_input("a").apply(lambda v: 1 / 0))\n');
    const check = await run(python, [runner, "failing", failing, "team", path.join(examplesDir, "team", "__main__.py")], { maxBuffer: 1 << 26 });
    const checked = JSON.parse(check.stdout) as Record<string, { registered?: string[]; error?: string }>;
    expect(checked.failing?.error).toMatch(/ZeroDivisionError: division by zero/);
    expect(checked.team).toEqual({ registered: ["docs-platform:index:Team"] });
  });

  it("Go: each type-checks and vets against the release's module, and one builds", { timeout: minutes(15) }, async () => {
    const version = requiredPulumiVersion();
    const goEnv = { ...process.env, GOFLAGS: "-mod=mod" };
    const programs = path.join(scratch, "go-programs");
    for (const kind of kinds) {
      await fs.mkdir(path.join(programs, kind), { recursive: true });
      await fs.copyFile(path.join(examplesDir, kind, "main.go"), path.join(programs, kind, "main.go"));
    }
    await fs.writeFile(
      path.join(programs, "go.mod"),
      [
        "module examples",
        "",
        "go 1.25.11",
        "",
        `require (\n\tgithub.com/docs-platform/pulumi-docs-platform/sdk/go v${VERSION}\n\tgithub.com/pulumi/pulumi/sdk/v3 v${version}\n)`,
        "",
        `replace github.com/docs-platform/pulumi-docs-platform/sdk/go => ${path.join(sdkDir, "go")}`,
        "",
      ].join("\n"),
    );
    await run("go", ["mod", "tidy"], { cwd: programs, env: goEnv, maxBuffer: 1 << 26 });
    // `go vet` type-checks every program as the compiler's front end does (an undefined function or
    // a wrong argument type fails it) and vets it; one program is also built and linked, which
    // proves the SDK links. Building all 18 links 18 binaries, which cost 40 s of CPU and proves
    // nothing more.
    await run("go", ["vet", "./..."], { cwd: programs, maxBuffer: 1 << 26 });
    await run("go", ["build", "-o", path.join(scratch, "go-bin", "site-structure"), "./site-structure"], { cwd: programs, maxBuffer: 1 << 26 });
  });

  it("Java: each compiles with Maven against the release's jar in the local Maven repository", { timeout: minutes(10) }, async () => {
    // What a user does with an artifact not in a remote repository: `mvn install:install-file` (once for the run).
    await installReleasedJar();
    const project = path.join(scratch, "java-programs");
    await fs.mkdir(project, { recursive: true });
    await fs.writeFile(path.join(project, "pom.xml"), JAVA_POM);
    const compiling = kinds;
    expect(compiling.length).toBe(18);
    for (const kind of compiling) {
      // Every conversion is class App of package generated_program: each gets its own package here, to compile side by side.
      const javaPackage = `examples.${kind.replaceAll("-", "_")}`;
      const source = (await readExample(kind, "App.java")).replace(/^package generated_program;/m, `package ${javaPackage};`);
      const target = path.join(project, "src", "main", "java", ...javaPackage.split("."), "App.java");
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, source);
    }
    const result = await run("mvn", ["-q", "-B", "compile"], { cwd: project, maxBuffer: 1 << 26 }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
    for (const kind of compiling) await fs.access(path.join(project, "target", "classes", "examples", kind.replaceAll("-", "_"), "App.class"));
    // Against the jar alone: no SDK source was compiled here.
    await expect(fs.access(path.join(project, "target", "classes", "com", "docsplatform"))).rejects.toThrow();
  });
});

/**
 * Runs each program (arguments: kind, path, kind, path, ...) under Pulumi's mocks in this one
 * process and prints, per kind, the types of the resources it registered or the traceback it
 * failed with. Each program gets fresh mocks (an empty registry), fresh settings and a fresh root
 * stack; what a failed one left pending is run to its end before the next, so it counts for none.
 */
const PYTHON_MOCK_RUNNER = `import json
import runpy
import sys
import traceback

import pulumi
from pulumi.runtime import settings
from pulumi.runtime.stack import wait_for_rpcs
from pulumi.runtime.sync_await import _sync_await


class Mocks(pulumi.runtime.Mocks):
    def __init__(self):
        self.registered = []

    def new_resource(self, args):
        self.registered.append(args.typ)
        return [args.name + "-id", args.inputs]

    def call(self, args):
        return {}


def settle():
    """Runs what a failed program left pending to its end, failures and all, under its own mocks."""
    for _ in range(100):
        rpc_manager = settings._get_rpc_manager()
        rpc_manager.unhandled_exception = None
        rpc_manager.exception_traceback = None
        try:
            _sync_await(wait_for_rpcs())
            return
        except Exception:
            pass


outcomes = {}
arguments = sys.argv[1:]
for kind, program in zip(arguments[0::2], arguments[1::2]):
    mocks = Mocks()
    # A new root stack for each program: set_mocks makes one only when there is none.
    settings.ROOT.set(None)
    pulumi.runtime.set_mocks(mocks, preview=False)
    try:
        runpy.run_path(program, run_name="__main__")
        # Registration is asynchronous: wait for every outstanding call before reading what was registered.
        _sync_await(wait_for_rpcs())
        outcomes[kind] = {"registered": mocks.registered}
    except Exception:
        outcomes[kind] = {"error": traceback.format_exc()}
        settle()
print(json.dumps(outcomes))
`;

const JAVA_POM = javaPom({ groupId: "com.docsplatform", artifactId: "resource-examples", dependencies: [`com.docsplatform:docs-platform:${VERSION}`] });
