/**
 * The guides' code samples (issue 40, item 1): one Pulumi YAML program per sample
 * (docs/guides/examples/<guide>-<sample>/Pulumi.yaml) and its conversions to TypeScript, Python,
 * Go and Java by Pulumi's own program generators (provider/scripts/generate-examples.mts), shown in
 * the guide pages (generate-docs.mts; test/unit/guide-examples.test.ts checks the pages).
 *
 * - The committed conversions are what a fresh conversion makes.
 * - Every YAML sample runs with the real CLI against the emulator, through the plugin, all in one
 *   stack (each sample's resources, variables and outputs under its name as a prefix), with the
 *   config the samples read: another organization (the fixture's second, which the stack token's
 *   user administers, as stack-organization.test.ts sets up), that organization's own token for
 *   the explicit provider, a secret certificate, and the id of a team made beforehand to adopt
 *   (support/guide-samples.ts). Up, each sample's objects read back through the API, the secrets
 *   in no state export, a no-change preview, destroy.
 * - TypeScript as the guides show it, the dynamic package's import: every sample that has a
 *   dynamic form (all but the explicit provider's) in one stack of its own, the same checks and a
 *   no-change preview.
 * - The same samples' Python, Go, Java and TypeScript (SDK) conversions run the same way, one stack
 *   per language holding them all, in the release rehearsals (test/release/rehearsal-languages.test.ts,
 *   with support/guide-samples.ts's checks); the TypeScript ones type-check in
 *   resource-examples.test.ts too.
 * - The lookups' examples (docs/resources/examples/functions/<getThing>/), all in one YAML stack on
 *   an emulator of their own, seeded with one object of each looked-up title
 *   (support/lookup-examples.ts): each output is the seeded object's, then a no-change preview.
 */
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import yaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { exampleFunctions, exampleGuides, examplesDir, generateExamples, guideExamplesDir } from "../../provider/scripts/generate-examples.mts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type TestStack, changeCounts, createStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { forDynamicPackage } from "../../provider/scripts/generate-docs.mts";
import { exampleLabel, renameConversion, renamedInExamples, yamlExampleNames } from "../release/examples-program.ts";
import { EXPLICIT_PROVIDER_SAMPLE, expectGuideSamplesMade, prepareGuideSamples } from "./support/guide-samples.ts";
import { expectLookupsFound, prepareLookupExamples } from "./support/lookup-examples.ts";
import { pluginDir } from "./support/sdks.ts";

const minutes = (n: number) => n * 60_000;
const samples = exampleGuides();

interface YamlProgram {
  config?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  resources?: Record<string, { type: string; properties?: unknown; options?: unknown }>;
  outputs?: Record<string, unknown>;
}

/** `${name...}` references to the names in `own` renamed; config keys (shared by the samples) stay. */
function renameReferences(value: unknown, own: ReadonlySet<string>, rename: (name: string) => string): unknown {
  if (typeof value === "string") return value.replace(/\$\{(\w+)/g, (all, name: string) => (own.has(name) ? `\${${rename(name)}` : all));
  if (Array.isArray(value)) return value.map((item) => renameReferences(item, own, rename));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameReferences(item, own, rename)]));
  return value;
}

/**
 * Every example of `folders` in one program: resources, variables and outputs named
 * `<example>-<name>` (the folder's last part, as examples-program.ts names them), config merged
 * (the same key, the same declaration).
 */
async function mergedExamples(project: string, folders: string[]): Promise<{ program: Record<string, unknown>; resourceCount: number }> {
  const merged: Required<YamlProgram> = { config: {}, variables: {}, resources: {}, outputs: {} };
  for (const folder of folders) {
    const example = exampleLabel(folder);
    const program = yaml.load(await fs.readFile(path.join(folder, "Pulumi.yaml"), "utf8")) as YamlProgram;
    const own = new Set([...Object.keys(program.resources ?? {}), ...Object.keys(program.variables ?? {})]);
    const rename = (name: string) => `${example}-${name}`;
    for (const [key, spec] of Object.entries(program.config ?? {})) {
      if (key in merged.config && JSON.stringify(merged.config[key]) !== JSON.stringify(spec)) throw new Error(`${example} declares config ${key} unlike another example`);
      merged.config[key] = spec;
    }
    for (const [name, value] of Object.entries(program.variables ?? {})) merged.variables[rename(name)] = renameReferences(value, own, rename);
    for (const [name, value] of Object.entries(program.resources ?? {}))
      merged.resources[rename(name)] = renameReferences(value, own, rename) as NonNullable<YamlProgram["resources"]>[string];
    for (const [name, value] of Object.entries(program.outputs ?? {})) merged.outputs[rename(name)] = renameReferences(value, own, rename);
  }
  return {
    program: { name: project, runtime: "yaml", plugins: { providers: [{ name: "docs-platform", path: pluginDir }] }, ...merged },
    // The explicit provider is a resource of the stack too.
    resourceCount: Object.keys(merged.resources).length,
  };
}

/** Every guide sample in one program. */
const allSamples = () =>
  mergedExamples(
    "guide-examples",
    samples.map((sample) => path.join(guideExamplesDir, sample)),
  );

describe("the guides' samples", () => {
  it("are one YAML program per sample, and the committed conversions are a fresh conversion of it", { timeout: minutes(5) }, async () => {
    expect(samples).toEqual([
      "adopt-and-export-adopt",
      "configuration-explicit-provider",
      "configuration-secrets",
      "configuration-stack-organization",
      "environments-site-order",
      "readme",
    ]);
    expect(await generateExamples({ check: true, only: (name) => name.startsWith("guides/") })).toEqual([]);
  });
});

describe("every guide sample in YAML, with the real CLI against the emulator", () => {
  let emulator: Emulator;
  let stack: TestStack | undefined;

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("go up in one stack, make their objects, keep the secret encrypted, preview with no change and are destroyed", { timeout: minutes(10) }, async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const prepared = await prepareGuideSamples(emulator);
    const { program, resourceCount } = await allSamples();
    const programDir = await writeProgram("guide-examples-yaml", { "Pulumi.yaml": yaml.dump(program, { lineWidth: -1 }) });
    stack = await createStack({ programDir, stackName: "guides", config: prepared.config });
    await stack.up();
    const outputs = await stack.outputs();
    await expectGuideSamplesMade(prepared, outputs, JSON.stringify(await stack.exportState()));

    const summary = await stack.preview();
    expect(changeCounts(summary)).toEqual({});
    // Every sample's resource (the explicit provider among them), and the stack.
    expect(summary.changeSummary.same).toBe(resourceCount + 1);
    await stack.destroy();
    expect(await prepared.acmeApi.status(`/orgs/${prepared.acmeId}/sites/${String(outputs["readme-siteId"])}`)).toBe(404);
  });
});

/**
 * The samples as the guides show them in TypeScript, the dynamic package's import (generate-docs.mts:
 * forDynamicPackage), in one program: each a module (`<sample>.ts`, its resources renamed
 * `<sample>-<name>` as in the other languages' runs), index.ts collecting their outputs under the
 * same names into one stack output, `examples`. Node.js runs them directly (`typescript: false`:
 * type stripping, ES modules, hence the imports' `.ts`). The explicit-provider sample has no
 * dynamic form: the package has no provider resource (the page says so).
 */
function dynamicPackageProgram(): { files: Record<string, string>; resources: string[] } {
  const files: Record<string, string> = {};
  const resources: string[] = [];
  const imports: string[] = [];
  const outputs: string[] = [];
  for (const sample of samples.filter((name) => name !== EXPLICIT_PROVIDER_SAMPLE)) {
    const names = yamlExampleNames(sample);
    const module = sample.replaceAll("-", "_");
    const sdk = renameConversion("typescript", sample, readFileSync(path.join(guideExamplesDir, sample, "index.ts"), "utf8"), names);
    files[`${module}.ts`] = forDynamicPackage(sdk);
    resources.push(...names.resources.map((name) => renamedInExamples(sample, name)));
    imports.push(`import * as ${module} from "./${module}.ts";`);
    outputs.push(...names.outputs.map((name) => `  ${JSON.stringify(renamedInExamples(sample, name))}: ${module}.${name},`));
  }
  files["index.ts"] = [...imports, "", "export const examples = {", ...outputs, "};", ""].join("\n");
  files["Pulumi.yaml"] = ["name: guide-examples-dynamic", "runtime:", "  name: nodejs", "  options:", "    typescript: false", "main: index.ts", ""].join("\n");
  return { files, resources };
}

describe("every guide sample in TypeScript through the dynamic package, with the real CLI against the emulator", () => {
  let emulator: Emulator;
  let stack: TestStack | undefined;

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("go up in one stack, make their objects, keep the secret encrypted and preview with no change", { timeout: minutes(10) }, async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const prepared = await prepareGuideSamples(emulator);
    const { files, resources } = dynamicPackageProgram();
    // Under test/.work, inside the repository: `pulumi-docs-platform` resolves to the workspace's package.
    const programDir = await writeProgram("guide-examples-dynamic", files);
    stack = await createStack({ programDir, stackName: "guides", config: prepared.config });
    await stack.up();
    const outputs = (await stack.outputs()).examples as Record<string, unknown>;
    await expectGuideSamplesMade(prepared, outputs, JSON.stringify(await stack.exportState()), { explicitProvider: false });
    const summary = await stack.preview();
    expect(changeCounts(summary)).toEqual({});
    // Every sample's resource, and the stack.
    expect(summary.changeSummary.same).toBe(resources.length + 1);
  });
});

/**
 * The lookups' examples (docs/resources/examples/functions/<getThing>/Pulumi.yaml, one per function,
 * as the function pages and docs/lookups.md show them), all in one YAML stack on an emulator of its
 * own, seeded with exactly one object of each looked-up title (support/lookup-examples.ts): each
 * lookup's output is the seeded object's, and a preview changes nothing. The same examples'
 * conversions run in the release rehearsals (rehearsal-languages.test.ts).
 */
describe("every lookup's example in YAML, with the real CLI against the emulator", () => {
  let emulator: Emulator;
  let stack: TestStack | undefined;

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("find the seeded objects in one stack and preview with no change", { timeout: minutes(10) }, async () => {
    const functions = exampleFunctions();
    expect(functions.map(exampleLabel)).toEqual(["getCollection", "getMember", "getMembers", "getOrganization", "getSite", "getSpace", "getSpaces", "getTeam"]);
    emulator = await startEmulator({ db: ":memory:" });
    const prepared = await prepareLookupExamples(emulator);
    const { program, resourceCount } = await mergedExamples(
      "lookup-examples",
      functions.map((name) => path.join(examplesDir, name)),
    );
    expect(resourceCount).toBe(0);
    const programDir = await writeProgram("lookup-examples-yaml", { "Pulumi.yaml": yaml.dump(program, { lineWidth: -1 }) });
    stack = await createStack({ programDir, stackName: "lookups", config: prepared.config });
    await stack.up();
    expectLookupsFound(prepared, await stack.outputs());
    const summary = await stack.preview();
    expect(changeCounts(summary)).toEqual({});
    // The stack alone: lookups make no resource.
    expect(summary.changeSummary.same).toBe(1);
  });
});
