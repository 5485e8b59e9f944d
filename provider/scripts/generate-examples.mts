// Converts each kind's example, one Pulumi YAML program (docs/resources/examples/<kind>/Pulumi.yaml,
// written by hand), and each lookup's (docs/resources/examples/functions/<getThing>/Pulumi.yaml, one
// `fn::invoke`), to TypeScript, Python, Go and Java with Pulumi's own program generators, as
// `pulumi convert --from yaml` does: pulumi-yaml's codegen reads the YAML into PCL, and
// pulumi/pulumi's generators (nodejs, python, go) and pulumi-java's write each language from it
// (`docs-platform-sdkgen program`, test/pulumi-cli/sdkgen/program.go, built beside the CLI;
// `pulumi convert` itself needs language plugins the Go module proxy does not serve).
//
// The converted programs are committed beside their source, so the reference pages
// (generate-docs.mts), the schema's descriptions (the Registry's examples: generate-schema.mts) and
// a reader on GitHub need no Go toolchain; `--check` converts again into a
// scratch folder and fails when a committed file differs (test/e2e/resource-examples.test.ts).
//
// The guides' code samples (docs/guides/examples/<guide>-<sample>/Pulumi.yaml, one program each) are
// converted the same way, and generate-docs.mts renders them into the guide pages.
//
// `npm run examples` (it converts against the schema the declarations give now, without the
// examples, written to a scratch folder); then `npm run schema` and `npm run docs`, which show them.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { ensurePulumi } from "../../test/pulumi-cli/ensure-pulumi.ts";
import { type GoSdkNames, goDeclarations, goInvokeResults, goLookups, goPointerOutputs, repairedGo, repairedTypescript } from "./go-repairs.mts";
import yaml from "js-yaml";
import { INVOKE_JAVA_REPAIR, repairedGuideJava, repairedInvokeJava, repairedJava } from "./java-repairs.mts";
import { freshSchemaText } from "./generate-schema.mts";

const run = promisify(execFile);
const providerRoot = fileURLToPath(new URL("..", import.meta.url));
const repositoryRoot = path.join(providerRoot, "..");
export const examplesDir = path.join(repositoryRoot, "docs", "resources", "examples");
/** The guides' code samples, one Pulumi YAML program per folder (docs/guides/examples/<guide>-<sample>/Pulumi.yaml). */
export const guideExamplesDir = path.join(repositoryRoot, "docs", "guides", "examples");

/** Each converted language: the generator's language name, the file it writes, and the name it is committed under. */
export const CONVERSIONS = [
  { language: "nodejs", generated: "index.ts", committed: "index.ts" },
  { language: "python", generated: "__main__.py", committed: "__main__.py" },
  { language: "go", generated: "main.go", committed: "main.go" },
  // pulumi-java writes class App into MyStack.java; a Java source file is named after its class.
  { language: "java", generated: "MyStack.java", committed: "App.java" },
] as const;

/** The kinds' example folders (each holds a Pulumi.yaml). */
export function exampleKinds(): string[] {
  return fs
    .readdirSync(examplesDir)
    .filter((entry) => fs.existsSync(path.join(examplesDir, entry, "Pulumi.yaml")))
    .sort();
}

/** The folder of the functions' examples, under examplesDir: functions/<getThing>/Pulumi.yaml, one per lookup. */
export const FUNCTIONS_FOLDER = "functions";

/** The lookups' example folders, each as its path under examplesDir (`functions/getTeam`). */
export function exampleFunctions(): string[] {
  const dir = path.join(examplesDir, FUNCTIONS_FOLDER);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((entry) => fs.existsSync(path.join(dir, entry, "Pulumi.yaml")))
    .sort()
    .map((entry) => `${FUNCTIONS_FOLDER}/${entry}`);
}

/** The guides' sample folders (each holds a Pulumi.yaml), by name: `configuration-secrets`. */
export function exampleGuides(): string[] {
  if (!fs.existsSync(guideExamplesDir)) return [];
  return fs
    .readdirSync(guideExamplesDir)
    .filter((entry) => fs.existsSync(path.join(guideExamplesDir, entry, "Pulumi.yaml")))
    .sort();
}

/** One example to convert: its name (a kind, `functions/<getThing>`, or `guides/<sample>`) and its folder. */
interface ExampleSource {
  name: string;
  dir: string;
}

/** Every example: the kinds', the lookups' and the guides'. */
function exampleSources(): ExampleSource[] {
  return [
    ...[...exampleKinds(), ...exampleFunctions()].map((name) => ({ name, dir: path.join(examplesDir, name) })),
    ...exampleGuides().map((sample) => ({ name: `guides/${sample}`, dir: path.join(guideExamplesDir, sample) })),
  ];
}

/** The config keys a program declares `secret: true`. */
function secretConfigKeys(dir: string): Set<string> {
  const program = yaml.load(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")) as { config?: Record<string, { secret?: boolean }> };
  return new Set(Object.entries(program.config ?? {}).flatMap(([key, spec]) => (spec?.secret ? [key] : [])));
}

/** The Java conversion repaired: a lookup's always carries the invoke defect; a guide's carries it when it invokes, and the guides' own (repairedGuideJava). */
function repairedJavaOf({ name, dir }: ExampleSource, java: string): string {
  if (name.startsWith(`${FUNCTIONS_FOLDER}/`)) return repairedInvokeJava(name, java);
  if (!name.startsWith("guides/")) return repairedJava(name, java);
  return repairedGuideJava(INVOKE_JAVA_REPAIR.hasDefect(java) ? repairedInvokeJava(name, java) : java, secretConfigKeys(dir));
}

/** The Go SDK of the schema, generated into scratch with the same generators, as the Go repair reads it. */
async function goSdk(toolsDir: string, scratch: string, schemaPath: string): Promise<GoSdkNames> {
  const dir = path.join(scratch, "go-sdk");
  await run(path.join(toolsDir, "docs-platform-sdkgen"), [schemaPath, "go", dir]);
  const sources = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".go"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
  return { lookups: goLookups(sources), declared: goDeclarations(sources), results: goInvokeResults(sources), pointerOutputs: goPointerOutputs(sources) };
}

/** Converts one example into outDir: every language's file under its committed name. */
async function convert(example: ExampleSource, outDir: string, toolsDir: string, scratch: string, schemaPath: string, sdk: GoSdkNames): Promise<void> {
  const { name: kind, dir: source } = example;
  const sdkgen = path.join(toolsDir, "docs-platform-sdkgen");
  const pclDir = path.join(scratch, kind, "pcl");
  await run(sdkgen, ["program", schemaPath, source, "pcl", pclDir]);
  for (const { language, generated, committed } of CONVERSIONS) {
    const languageDir = path.join(scratch, kind, language);
    // Java's generator is another build (pulumi-java's pkg/v3), which reads the PCL.
    if (language === "java") await run(path.join(toolsDir, "docs-platform-sdkgen-java"), ["program", schemaPath, pclDir, "java", languageDir]);
    else await run(sdkgen, ["program", schemaPath, source, language, languageDir]);
    const converted = fs.readFileSync(path.join(languageDir, generated), "utf8");
    // pulumi-java's known defects, repaired (java-repairs.mts); Go's invokes named as the Go SDK names them, and Go's and TypeScript's optional outputs in lists (go-repairs.mts).
    const repaired =
      language === "java"
        ? repairedJavaOf(example, converted)
        : language === "go"
          ? repairedGo(kind, converted, sdk)
          : language === "nodejs"
            ? repairedTypescript(converted, sdk)
            : converted;
    fs.writeFileSync(path.join(outDir, committed), repaired);
  }
}

/** Converts every example; with check, into a scratch folder, returning the committed files that differ. */
export async function generateExamples(options: { check: boolean; only?: (name: string) => boolean }): Promise<string[]> {
  const { toolsDir } = await ensurePulumi();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docs-platform-examples-"));
  const stale: string[] = [];
  try {
    // The schema as the declarations give it now, not the committed file (a stale schema.json cannot
    // pass for a fresh conversion), without the Registry's examples, which are these conversions.
    const schemaPath = path.join(scratch, "schema.json");
    fs.writeFileSync(schemaPath, freshSchemaText({ examples: false }));
    const sdk = await goSdk(toolsDir, scratch, schemaPath);
    for (const example of exampleSources()) {
      if (options.only && !options.only(example.name)) continue;
      const outDir = options.check ? path.join(scratch, example.name, "out") : example.dir;
      fs.mkdirSync(outDir, { recursive: true });
      await convert(example, outDir, toolsDir, scratch, schemaPath, sdk);
      if (!options.check) continue;
      for (const { committed } of CONVERSIONS) {
        const target = path.join(example.dir, committed);
        const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
        if (current !== fs.readFileSync(path.join(outDir, committed), "utf8")) stale.push(path.relative(repositoryRoot, target));
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  // `--guides`: the guides' samples alone.
  const only = process.argv.includes("--guides") ? (name: string) => name.startsWith("guides/") : undefined;
  const stale = await generateExamples({ check, only });
  if (stale.length > 0) {
    process.stderr.write(`generate-examples: ${stale.join(", ")} differ from a fresh conversion of their Pulumi.yaml; run \`npm run examples\` and commit the result\n`);
    process.exit(1);
  }
}
