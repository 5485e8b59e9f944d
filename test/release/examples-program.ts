/**
 * The resource pages' examples (docs/resources/examples/<kind>/: a Pulumi YAML program and its
 * conversions by Pulumi's program generators) as part of one program per language, so that the
 * release rehearsals (rehearsal-languages.test.ts) run every conversion with the real engine
 * against the emulator, inside the programs they already run (no stack and no command more).
 *
 * Every example's resources and outputs are renamed `<kind>-<name>`, exactly as the YAML stack of
 * resource-examples.test.ts does, so that names cannot collide between examples. Only the
 * resources' logical names (the YAML's resource keys) and the outputs are renamed, and a
 * conversion whose renamed names are not exactly its YAML's resource keys and outputs throws,
 * naming the kind and the language: a change of the generators must break the test, not silently
 * leave an example out.
 *
 * - Python: each example a module (examples/<kind>.py) run in turn with runpy.
 * - TypeScript: each example a module (examples/<kind>.ts), imported by examples/index.ts (which
 *   the program `require`s), which collects their outputs, under the new names, into one object
 *   (`outputs`): a TypeScript module's export cannot be named `site-siteId`, and the program
 *   exports that object as one stack output. The modules keep their own exports' names; their
 *   resources are renamed.
 * - Go: each example a function `func example<Kind>(ctx *pulumi.Context) error` in package main,
 *   one file per example (<kind>_example.go), called in turn from the program's `pulumi.Run`.
 * - Java: each example's class App in its own package (`examples.<kind_with_underscores>`), its
 *   `stack(ctx)` called from the program's `Pulumi.run`.
 *
 * The guides' samples (docs/guides/examples/<guide>-<sample>/, the README's among them) are
 * assembled the same way, named `<sample>-<name>`, into a program of their own
 * (`examplesProgram(language, "guides")`), which the rehearsals run as a second stack on an
 * emulator of its own: the README's lookup reads the stack's organization, which the kinds'
 * organization-settings example retitles, so in the kinds' stack its answer would depend on which
 * request came first.
 *
 * The lookups' examples (docs/resources/examples/functions/<getThing>/, no resources, only
 * invokes and outputs) are a third set (`examplesProgram(language, "functions")`), named by the
 * folder's last part: `getTeam-teamId`, the Go function `exampleGetTeam`, the Java package
 * `examples.getTeam`.
 */
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { examplesDir, exampleFunctions, exampleGuides, exampleKinds, guideExamplesDir } from "../../provider/scripts/generate-examples.mts";

/** Which examples a program holds: the resource pages' (one per kind), the guides' samples or the lookups' (one per function). */
export type ExampleSet = "kinds" | "guides" | "functions";

/** The examples of a set, by folder name: `site-structure`, `configuration-secrets`, `functions/getTeam`. */
export const rehearsedExamples = (set: ExampleSet = "kinds"): string[] => (set === "guides" ? exampleGuides() : set === "functions" ? exampleFunctions() : exampleKinds());

/** An example's name in the one program: its folder's last part (`functions/getTeam` is `getTeam`; a kind or a sample is its own). */
export const exampleLabel = (kind: string) => path.posix.basename(kind);

/** The folder of an example: a kind's (docs/resources/examples/<kind>) or a guide sample's (docs/guides/examples/<sample>). */
function exampleFolder(kind: string): string {
  return exampleGuides().includes(kind) ? path.join(guideExamplesDir, kind) : path.join(examplesDir, kind);
}

export type ExampleLanguage = "python" | "typescript" | "go" | "java";

/** What a conversion must rename: its YAML's resource keys and outputs. */
export interface ExampleNames {
  resources: string[];
  outputs: string[];
}

/** An example's resource or output name in the one program: `<kind>-<name>`, as in the YAML stack. */
export const renamedInExamples = (kind: string, name: string) => `${exampleLabel(kind)}-${name}`;

export function yamlExampleNames(kind: string): ExampleNames {
  const program = yaml.load(fs.readFileSync(path.join(exampleFolder(kind), "Pulumi.yaml"), "utf8")) as {
    resources?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  };
  // A lookup's example has no resources: its invokes are variables.
  return { resources: Object.keys(program.resources ?? {}), outputs: Object.keys(program.outputs ?? {}) };
}

/** The committed conversion of each language, and how the generator writes a resource's logical name and an output there. */
const CONVERSIONS: Record<ExampleLanguage, { file: string; resource: RegExp; output: RegExp }> = {
  // portal = docs_platform.Site("portal", ...)  /  pulumi.export("siteId", portal.id)
  python: { file: "__main__.py", resource: /(\bdocs_platform\.[A-Z]\w*\()"([^"]+)"/g, output: /(\bpulumi\.export\()"([^"]+)"/g },
  // const portal = new docs_platform.Site("portal", {...});  /  export const siteId = portal.id;
  // (the outputs keep their names in the module: examples/index.ts collects them under the new ones)
  typescript: { file: "index.ts", resource: /(\bnew docs_platform\.[A-Z]\w*\()"([^"]+)"/g, output: /^export const (\w+)( =)/gm },
  // portal, err := docsplatform.NewSite(ctx, "portal", &...)  /  ctx.Export("siteId", portal.ID())
  go: { file: "main.go", resource: /(\bdocsplatform\.New[A-Z]\w*\(ctx, )"([^"]+)"/g, output: /(\bctx\.Export\()"([^"]+)"/g },
  // var portal = new Site("portal", SiteArgs...)  /  ctx.export("siteId", portal.id())
  java: { file: "App.java", resource: /(\bnew [A-Z]\w*\()"([^"]+)"/g, output: /(\bctx\.export\()"([^"]+)"/g },
};

const sorted = (names: string[]) => [...names].sort();
const sameNames = (left: string[], right: string[]) => JSON.stringify(sorted(left)) === JSON.stringify(sorted(right));

/**
 * One conversion with its resources' logical names, and (but in TypeScript) its outputs, renamed
 * `<kind>-<name>`. Throws when what it found to rename is not exactly the YAML's resource keys
 * and outputs, each once.
 */
export function renameConversion(language: ExampleLanguage, kind: string, source: string, names: ExampleNames): string {
  const { resource, output } = CONVERSIONS[language];
  const foundResources: string[] = [];
  const foundOutputs: string[] = [];
  let renamed = source.replace(resource, (_, before: string, name: string) => {
    foundResources.push(name);
    return `${before}"${renamedInExamples(kind, name)}"`;
  });
  renamed =
    language === "typescript"
      ? renamed.replace(output, (match: string, name: string) => (foundOutputs.push(name), match))
      : renamed.replace(output, (_, before: string, name: string) => (foundOutputs.push(name), `${before}"${renamedInExamples(kind, name)}"`));
  const where = `the ${language} conversion of the ${kind} example (${CONVERSIONS[language].file})`;
  if (!sameNames(foundResources, names.resources)) {
    throw new Error(
      `${where}: its renamed resources [${foundResources.join(", ")}] (${foundResources.length}) are not its YAML's [${names.resources.join(", ")}] (${names.resources.length}); has the generator changed how it writes a resource?`,
    );
  }
  if (!sameNames(foundOutputs, names.outputs)) {
    throw new Error(
      `${where}: its renamed outputs [${foundOutputs.join(", ")}] (${foundOutputs.length}) are not its YAML's [${names.outputs.join(", ")}] (${names.outputs.length}); has the generator changed how it writes an output?`,
    );
  }
  return renamed;
}

const underscored = (kind: string) => exampleLabel(kind).replaceAll("-", "_");
const pascalCase = (kind: string) => exampleLabel(kind).replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
/** The Go function an example becomes: `exampleSiteStructure`. */
export const goExampleFunction = (kind: string) => `example${pascalCase(kind)}`;
/** The Java package an example's class App goes to: `examples.site_structure`. */
export const javaExamplePackage = (kind: string) => `examples.${underscored(kind)}`;

/** Throws, naming the kind and the language, unless `pattern` is in the conversion exactly once: its shape is not the one expected. */
function expectOnce(source: string, pattern: RegExp, language: ExampleLanguage, kind: string, what: string): void {
  const global = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
  if ((source.match(global) ?? []).length !== 1) {
    throw new Error(`the ${language} conversion of the ${kind} example (${CONVERSIONS[language].file}) has not exactly one ${what}; has the generator changed?`);
  }
}

/** `pattern`, there exactly once, replaced. */
function replaceOnce(source: string, pattern: RegExp, replacement: string, language: ExampleLanguage, kind: string, what: string): string {
  expectOnce(source, pattern, language, kind, what);
  return source.replace(pattern, replacement);
}

/** A Go conversion's program as a function of package main: `func main() { pulumi.Run(func(ctx) error { BODY }) }` becomes `func exampleX(ctx) error { BODY }`. */
export function goFunction(kind: string, program: string): string {
  const header = /^func main\(\) \{\n\tpulumi\.Run\(func\(ctx \*pulumi\.Context\) error \{\n/m;
  const footer = /\t\}\)\n\}\n$/;
  const file = path.relative(path.join(examplesDir, "..", "..", ".."), path.join(exampleFolder(kind), "main.go"));
  let source = replaceOnce(
    program,
    header,
    `// The ${kind} example (${file}), its names under "${kind}-".\nfunc ${goExampleFunction(kind)}(ctx *pulumi.Context) error {\n`,
    "go",
    kind,
    "func main() { pulumi.Run(func(ctx *pulumi.Context) error {",
  );
  source = replaceOnce(source, footer, "}\n", "go", kind, "closing `})` and `}` of main at the end");
  // The body one level less indented, as gofmt would have it.
  const start = source.indexOf(`func ${goExampleFunction(kind)}`);
  return source.slice(0, start) + source.slice(start).replace(/^\t/gm, "");
}

export interface ExamplesProgram {
  /** The examples' files, by path relative to the program's folder. */
  files: Record<string, string>;
  /**
   * What runs them all, to place in the program: statements for Python (its imports included), Go
   * (in the function given to `pulumi.Run`) and Java (in the lambda given to `Pulumi.run`); for
   * TypeScript, an expression that loads them all when evaluated and is the object of their outputs.
   */
  run: string;
  /** Every example's outputs, renamed: the stack's outputs (TypeScript: the keys of the object `run` gives). */
  outputs: string[];
  /** Every example's resources' logical names, renamed. */
  resources: string[];
}

const setDescription = (set: ExampleSet) => (set === "guides" ? "guides' samples" : set === "functions" ? "lookups' examples" : "resource pages' examples");

/** Every committed conversion of one language, of the kinds' examples or of the guides' samples, as part of one program. */
export function examplesProgram(language: ExampleLanguage, set: ExampleSet = "kinds"): ExamplesProgram {
  const kinds = rehearsedExamples(set);
  const files: Record<string, string> = {};
  const outputs: string[] = [];
  const resources: string[] = [];
  const runs: string[] = [];
  const typescriptImports: string[] = [];
  const typescriptOutputs: string[] = [];
  for (const kind of kinds) {
    const names = yamlExampleNames(kind);
    resources.push(...names.resources.map((name) => renamedInExamples(kind, name)));
    outputs.push(...names.outputs.map((name) => renamedInExamples(kind, name)));
    const source = renameConversion(language, kind, fs.readFileSync(path.join(exampleFolder(kind), CONVERSIONS[language].file), "utf8"), names);
    const module = underscored(kind);
    if (language === "python") {
      files[`examples/${module}.py`] = source;
      runs.push(module);
    } else if (language === "typescript") {
      files[`examples/${module}.ts`] = source;
      // An example without outputs imported for its effect alone: TypeScript drops a namespace import nothing reads.
      typescriptImports.push(names.outputs.length > 0 ? `import * as ${module} from "./${module}";` : `import "./${module}";`);
      typescriptOutputs.push(...names.outputs.map((name) => `    ${JSON.stringify(renamedInExamples(kind, name))}: ${module}.${name},`));
    } else if (language === "go") {
      // `_example.go`: a file name ending in `_<GOOS>` or `_<GOARCH>` would build only there.
      files[`${module}_example.go`] = goFunction(kind, source);
      runs.push(`\t\tif err := ${goExampleFunction(kind)}(ctx); err != nil {\n\t\t\treturn err\n\t\t}`);
    } else {
      const javaPackage = javaExamplePackage(kind);
      expectOnce(source, /^ {4}public static void stack\(Context ctx\) \{$/m, "java", kind, "`public static void stack(Context ctx) {`");
      files[path.posix.join("src", "main", "java", ...javaPackage.split("."), "App.java")] = replaceOnce(
        source,
        /^package generated_program;$/m,
        `package ${javaPackage};`,
        "java",
        kind,
        "`package generated_program;`",
      );
      runs.push(`            ${javaPackage}.App.stack(ctx);`);
    }
  }
  if (language === "python") {
    return {
      files,
      run: [
        "import pathlib",
        "import runpy",
        "",
        `# The ${setDescription(set)}, each its own module (test/release/examples-program.ts).`,
        `for example in ${JSON.stringify(runs)}:`,
        '    runpy.run_path(str(pathlib.Path(__file__).parent / "examples" / f"{example}.py"))',
        "",
      ].join("\n"),
      outputs,
      resources,
    };
  }
  if (language === "typescript") {
    files["examples/index.ts"] = [
      `// The ${setDescription(set)} (test/release/examples-program.ts): each module's outputs under \`<example>-<name>\`.`,
      ...typescriptImports,
      "",
      "export const outputs = {",
      ...typescriptOutputs,
      "};",
      "",
    ].join("\n");
    // `require`, not `import()`: a program without a tsconfig.json is compiled as `nodenext`, where
    // `import()` stays an ES import, which wants a file extension and cannot load TypeScript; the
    // program itself is CommonJS (its package.json has no `"type": "module"`).
    return { files, run: `require("./examples").outputs`, outputs, resources };
  }
  return { files, run: runs.join("\n"), outputs, resources };
}
