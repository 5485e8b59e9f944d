/**
 * Each resource page's example (issue 28, item 6): one Pulumi YAML program per kind
 * (docs/resources/examples/<kind>/Pulumi.yaml) and its conversions to TypeScript, Python, Go and
 * Java by Pulumi's own program generators (provider/scripts/generate-examples.mts).
 *
 * - The committed conversions are what a fresh conversion makes.
 * - Every YAML example runs with the real CLI against the emulator, through the plugin: all
 *   of them in one stack (each example's resources and outputs under its kind's prefix), up, the
 *   objects in the API, a no-change preview, destroy.
 * - Every conversion runs with the real engine too, not here: the release rehearsals
 *   (test/release/rehearsal-languages.test.ts) run them all, renamed the same way
 *   (test/release/examples-program.ts), inside their Python, Go, TypeScript and Java programs on
 *   the release's SDK artifacts: up, no-change preview, destroy.
 * - TypeScript, here: every conversion (the guides' samples' too, docs/guides/examples/) type-checks (tsc, strict) against the release's npm package
 *   as installed (release/sdk/, built once for the run when absent), and so does the same program
 *   with the dynamic package's import, what the pages show, against the package: no engine run
 *   covers that variant.
 * - Java: the three programs that pulumi-java 1.12.0 writes wrong carry their repair
 *   (provider/scripts/java-repairs.mts).
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileOf, KINDS } from "../../provider/resources/kinds.ts";
import { forDynamicPackage } from "../../provider/scripts/generate-docs.mts";
import { JAVA_REPAIRS } from "../../provider/scripts/java-repairs.mts";
import { examplesDir, exampleGuides, exampleKinds, generateExamples, guideExamplesDir } from "../../provider/scripts/generate-examples.mts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, changeCounts, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";
import { pluginDir } from "./support/sdks.ts";
import { renamedInExamples } from "../release/examples-program.ts";
import { ensureReleasedSdks, onlyFile } from "../release/released-plugin.ts";

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
    const rename = (name: string) => renamedInExamples(kind, name);
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
    expect(kinds).toEqual(KINDS.map((definition) => fileOf(definition.kind)).sort());
    expect(await generateExamples({ check: true })).toEqual([]);
  });

  // A fresh conversion fails when pulumi-java no longer writes a repaired defect (java-repairs.mts);
  // the committed programs, and so the pages, carry the repair.
  it("carry the repair of each known defect of pulumi-java's conversion, and the page says so", async () => {
    expect(Object.keys(JAVA_REPAIRS).sort()).toEqual(["agent-instructions", "site-adaptive-schema", "site-structure"]);
    for (const [kind, { hasDefect }] of Object.entries(JAVA_REPAIRS)) {
      expect(hasDefect(await readExample(kind, "App.java")), kind).toBe(false);
      expect(await fs.readFile(path.join(repositoryRoot, "docs", "resources", `${kind}.md`), "utf8"), kind).toContain(
        "Repaired after the conversion: pulumi-java 1.12.0's program generator",
      );
    }
  });
});

describe("every YAML example, with the real CLI against the emulator", () => {
  let emulator: Emulator;
  let api: Api;
  let stack: TestStack | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    api = apiClient(emulator.url, emulator.fixture.organizations[0].admin.token);
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("goes up in one stack, makes the objects, previews with no change and is destroyed", { timeout: minutes(10) }, async () => {
    const { program, resourceCount } = await allYamlExamples();
    const programDir = await writeProgram("resource-examples-yaml", { "Pulumi.yaml": yaml.dump(program, { lineWidth: -1 }) });
    const acme = emulator.fixture.organizations[0];
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

describe("every TypeScript conversion against the release's npm package", () => {
  let sdkDir: string;
  beforeAll(async () => {
    await fs.mkdir(scratch, { recursive: true });
    // The packages `npm run release` makes (release/sdk/), built once for the whole run, as sdk-packages.test.ts asks for them.
    sdkDir = await ensureReleasedSdks();
  }, minutes(15));
  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it(
    "TypeScript: each, and each guide sample's, type-checks against the installed npm package, and with the dynamic package's import against the package",
    { timeout: minutes(5) },
    async () => {
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
      // The guides' samples (docs/guides/examples/), the same way; an explicit provider's has no dynamic form (the package has no provider resource).
      for (const sample of exampleGuides()) {
        const typescript = await fs.readFile(path.join(guideExamplesDir, sample, "index.ts"), "utf8");
        await fs.writeFile(path.join(programDir, `guide-${sample}.sdk.ts`), typescript);
        files.push(`guide-${sample}.sdk.ts`);
        if (typescript.includes("new docs_platform.Provider(")) continue;
        await fs.writeFile(path.join(programDir, `guide-${sample}.dynamic.ts`), forDynamicPackage(typescript));
        files.push(`guide-${sample}.dynamic.ts`);
      }
      await fs.writeFile(
        path.join(programDir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "ES2023", skipLibCheck: true, types: [] },
          files,
        }),
      );
      const tsc = path.join(repositoryRoot, "node_modules", "typescript", "bin", "tsc");
      const result = await run(process.execPath, [tsc, "-p", programDir], { maxBuffer: 1 << 26 }).then(
        () => "",
        (error: Error & { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(result).toBe("");
      // Two programs a kind, and 6 guide samples of which one has no dynamic form.
      expect(files).toHaveLength(2 * KINDS.length + 11);
    },
  );
});
