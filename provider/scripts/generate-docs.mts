// Generates docs/resources/<kind>.md, one reference page per resource kind, from the kinds'
// declarations: the registry (resources/kinds.ts) for the facts (replace keys, secrets, natural
// key, import-id form), the plugin's schema as generate-schema.mts makes it from the same
// declarations (never the committed schema.json, so a stale one cannot hide a stale page) for
// each input's and output's type and documentation, and one example program per kind: its
// Pulumi YAML (docs/resources/examples/<kind>/Pulumi.yaml, written by hand) and the conversions of
// it to TypeScript, Python, Go and Java that generate-examples.mts commits beside it. The concept
// page (docs/resources/README.md) stays written by hand but for its table of every kind, generated
// from the registry between two marker lines.
//
// Run after `npm run build`: `npm run docs`. `--check` compares instead of writing
// (test/unit/resource-pages.test.ts): a committed page that differs from the declarations fails.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { readExampleFile } from "./example-files.mts";
import { freshSchemaText } from "./generate-schema.mts";
import { GO_REPAIR_NOTES, TYPESCRIPT_REPAIR_NOTE, goRepairsIn, typescriptRepaired } from "./go-repairs.mts";
import { GUIDE_JAVA_REPAIR_NOTES, INVOKE_JAVA_REPAIR, JAVA_REPAIRS, RESULT_LIST_JAVA_REPAIR, guideJavaRepairsIn } from "./java-repairs.mts";

const providerRoot = fileURLToPath(new URL("..", import.meta.url));
const repositoryRoot = path.join(providerRoot, "..");
const pagesDir = path.join(repositoryRoot, "docs", "resources");
const requireBuilt = createRequire(path.join(providerRoot, "dist", "index.js"));

interface ImportIdForm {
  shape: string;
}
interface Definition {
  kind: string;
  replaceKeys: readonly string[];
  secretInputKeys?: readonly string[];
  naturalKey?: string;
  importId?: ImportIdForm;
  findByNaturalKey?: unknown;
}
interface PropertySpec {
  type?: string;
  items?: PropertySpec;
  $ref?: string;
  oneOf?: PropertySpec[];
  additionalProperties?: PropertySpec;
  description?: string;
  secret?: boolean;
  default?: unknown;
}
interface ResourceSpec {
  description?: string;
  properties: Record<string, PropertySpec>;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
}

const DYNAMIC_TYPE = (kind: string) => `pulumi-nodejs:dynamic/docs-platform:${kind}`;
const PLUGIN_TYPE = (kind: string) => `docs-platform:index:${kind}`;

/** A type as a reader says it: `string`, `list of string`, `AdoptById`, `boolean or AdoptById`. */
function typeOf(spec: PropertySpec | undefined): string {
  if (!spec) return "any";
  if (spec.oneOf) return spec.oneOf.map(typeOf).join(" or ");
  if (spec.$ref) return spec.$ref.split(":").pop() ?? spec.$ref;
  if (spec.type === "array") return `list of ${typeOf(spec.items)}`;
  if (spec.type === "object" && spec.additionalProperties) return `map of ${typeOf(spec.additionalProperties)}`;
  return spec.type ?? "any";
}

/** A description in one table cell: one line, no `|` to split the cell. */
function cell(text: string | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();
}

/** The SDK's npm package, which the converted TypeScript imports. */
const SDK_PACKAGE = "@docs-platform/pulumi";
/** The dynamic package's npm name. */
const DYNAMIC_PACKAGE = "pulumi-docs-platform";

/** One example in every language, in the order a page shows them. */
interface Example {
  yaml: string;
  /** The converted TypeScript, importing the plugin's SDK. */
  typescriptSdk: string;
  python: string;
  go: string;
  java: string;
}

/**
 * The same TypeScript program for the dynamic package: the classes, functions and inputs are the
 * same, so only the import differs (test/e2e/resource-examples.test.ts type-checks both).
 */
export function forDynamicPackage(typescriptSdk: string): string {
  const sdkImport = `from "${SDK_PACKAGE}";`;
  if (!typescriptSdk.includes(sdkImport)) throw new Error(`generate-docs: a converted example does not import ${SDK_PACKAGE}`);
  return typescriptSdk.replace(sdkImport, `from "${DYNAMIC_PACKAGE}";`);
}

function readExample(file: string): Example {
  const read = (name: string) => readExampleFile("generate-docs", file, name);
  return { yaml: read("Pulumi.yaml"), typescriptSdk: read("index.ts"), python: read("__main__.py"), go: read("main.go"), java: read("App.java") };
}

function exampleSection(example: Example, file: string): string[] {
  const block = (language: string, text: string) => ["```" + language, text.trimEnd(), "```", ""];
  return [
    "## Example",
    "",
    `One program, written in Pulumi YAML ([examples/${file}/Pulumi.yaml](examples/${file}/Pulumi.yaml)) and converted to each language by Pulumi's own program generators (\`npm run examples\`; the converted files are beside it). The organization is the stack's (\`docs-platform:organizationId\`).`,
    "",
    "### YAML",
    "",
    "Through the plugin, with no SDK: Pulumi finds the plugin as [the installation page](../installation-configuration.md#installation) says.",
    "",
    ...block("yaml", example.yaml),
    "### TypeScript: the dynamic package",
    "",
    `The same program as the SDK's below; only the import differs (\`${DYNAMIC_PACKAGE}\` instead of \`${SDK_PACKAGE}\`), and the project needs no plugin.`,
    "",
    ...block("ts", forDynamicPackage(example.typescriptSdk)),
    "### TypeScript: the plugin's SDK",
    "",
    ...block("ts", example.typescriptSdk),
    "### Python",
    "",
    ...block("python", example.python),
    "### Go",
    "",
    ...block("go", example.go),
    "### Java",
    "",
    ...(JAVA_REPAIRS[file] ? [`Repaired after the conversion: pulumi-java 1.12.0's program generator ${JAVA_REPAIRS[file].note}`, ""] : []),
    ...block("java", example.java),
  ];
}

function page(definition: Definition, resource: ResourceSpec, example: Example, file: string): string {
  const { kind } = definition;
  const replaces = new Set(definition.replaceKeys);
  const secrets = new Set(definition.secretInputKeys ?? []);
  const required = new Set([...(resource.requiredInputs ?? []), "organizationId"]);
  const inputKeys = Object.keys(resource.inputProperties);
  const inputRows = inputKeys.map((key) => {
    const spec = resource.inputProperties[key];
    const facts = [
      required.has(key) ? "required" : "optional",
      ...(replaces.has(key) ? ["a change replaces"] : []),
      ...(secrets.has(key) ? ["secret (stored encrypted)"] : []),
      ...(spec.default !== undefined ? [`default \`${JSON.stringify(spec.default)}\``] : []),
    ];
    return `| \`${key}\` | ${typeOf(spec)} | ${facts.join("; ")} | ${cell(spec.description)} |`;
  });
  const outputKeys = Object.keys(resource.properties).filter((key) => !inputKeys.includes(key));
  const outputRows = outputKeys.map((key) => `| \`${key}\` | ${typeOf(resource.properties[key])} | ${cell(resource.properties[key].description)} |`);
  const shape = definition.importId?.shape ?? "<id>";
  const adopts = inputKeys.includes("adopt");
  const naturalKey = definition.naturalKey && definition.findByNaturalKey ? definition.naturalKey : undefined;
  const lines = [
    `# ${kind}`,
    "",
    "Back to [the resources](README.md) and the [README](../../README.md). This page is generated from the kind's declaration (`npm run docs`).",
    "",
    // The schema's description ends with what the Registry's page shows (examples, Import): this page has its own.
    (resource.description ?? "").split("\n\n{{% examples %}}")[0].trim(),
    "",
    "| door | type token |",
    "|---|---|",
    `| the dynamic package (TypeScript, JavaScript) | \`${DYNAMIC_TYPE(kind)}\` |`,
    `| the provider plugin (YAML; Python, Go, Java, TypeScript through an SDK) | \`${PLUGIN_TYPE(kind)}\` |`,
    "",
    "Both doors take the same inputs, check them with the same rules and messages, and make the same API calls.",
    "",
    "## Inputs",
    "",
    "| input | type | facts | what |",
    "|---|---|---|---|",
    ...inputRows,
    "",
    "`organizationId` may be left out: it is then the provider's `docs-platform:organizationId` ([Stack-wide organization](../configuration.md#stack-wide-organization)).",
    "",
    "## Outputs",
    "",
    ...(outputRows.length > 0 ? ["| output | type | what |", "|---|---|---|", ...outputRows] : ["Only the inputs, as the API holds them."]),
    "",
    "## Adopt",
    "",
    adopts
      ? naturalKey
        ? `\`adopt: { id }\` takes over an existing object; \`adopt: true\` takes the one whose ${naturalKey} matches (natural key), or creates it.`
        : "`adopt: { id }` takes over an existing object; this kind has no natural key, so `adopt: true` is refused."
      : "This kind has no `adopt`: it manages an object that always exists, whose id it knows from its inputs.",
    "",
    "`adopt` works through both doors.",
    "",
    ...exampleSection(example, file),
    "## Import",
    "",
    `Import id: \`${shape}\`. With the provider plugin, \`pulumi import\` reads the object (GET requests only) and records every input it has:`,
    "",
    "```sh",
    `pulumi import ${PLUGIN_TYPE(kind)} <name> '${shape}'`,
    "```",
    "",
    "It then prints the resource's code, to paste into the program, in the project's language: YAML, TypeScript, Python, Go or Java (`--out <file>` writes it to a file instead).",
    "",
    "An import id that matches no object fails, naming the kind and the id. `pulumi import` cannot work for dynamic resources (pulumi/pulumi#16175): with the dynamic package, use `adopt`, or `npx pulumi-docs-platform export --import-file` for a whole organization ([Bring an existing organization under management](../adopt-and-export.md)).",
    "",
  ];
  return lines.join("\n");
}

/** The generated table of every kind in docs/resources/README.md lies between these two lines. */
export const TABLE_START = "<!-- Generated by `npm run docs` (provider/scripts/generate-docs.mts) from the registry, provider/resources/kinds.ts: do not edit. -->";
export const TABLE_END = "<!-- End of the generated part. -->";

/** docs/resources/README.md with its table of every kind (in the registry's order, each linking to its page) written anew. */
function conceptPage(kinds: readonly Definition[], fileOf: (kind: string) => string): string {
  const file = path.join(pagesDir, "README.md");
  const source = fs.readFileSync(file, "utf8");
  const start = source.indexOf(TABLE_START);
  const end = source.indexOf(TABLE_END, start);
  if (start === -1 || end === -1) throw new Error(`generate-docs: ${path.relative(repositoryRoot, file)} has no generated table: mark it with TABLE_START and TABLE_END`);
  const rows = kinds.map(({ kind }) => `| \`${kind}\` | [${kind}](${fileOf(kind)}.md) |`);
  const table = [TABLE_START, "", "| kind | page |", "|---|---|", ...rows, "", ""].join("\n");
  return source.slice(0, start) + table + source.slice(end);
}

/** The guides' code samples (docs/guides/examples/<sample>/), each rendered where its page marks it. */
const guideExamplesDir = path.join(repositoryRoot, "docs", "guides", "examples");
/** The pages that show a guide sample, by path under the repository. */
export const GUIDE_PAGES = ["README.md", "docs/configuration.md", "docs/environments.md", "docs/adopt-and-export.md"] as const;
/** The line before a rendered sample names its folder; the sample ends at GUIDE_EXAMPLE_END. */
export const GUIDE_EXAMPLE_START = /^<!-- Generated by `npm run docs` from docs\/guides\/examples\/([\w-]+)\/: do not edit\. -->$/gm;
export const guideExampleStart = (sample: string) => `<!-- Generated by \`npm run docs\` from docs/guides/examples/${sample}/: do not edit. -->`;
export const GUIDE_EXAMPLE_END = "<!-- End of the generated example. -->";
/** The pages kept under a size budget (test/unit/docs-links.test.ts: the README under 20 KB): they show one language and link the others. */
export const COMPACT_PAGES: ReadonlySet<string> = new Set(["README.md"]);

/** One language's program in a collapsed block, with what differs in it first. */
function collapsed(summary: string, language: string, text: string, notes: readonly string[] = []): string[] {
  return ["<details>", `<summary>${summary}</summary>`, "", ...notes.flatMap((note) => [note, ""]), "```" + language, text.trimEnd(), "```", "", "</details>"];
}

const unique = (items: Iterable<string>) => [...new Set(items)];
const codes = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(", ");

/** A repair's note, which says "the program above" on a resource page, before the program it names. */
const repairNote = (generator: string, note: string) => `Repaired after the conversion: ${generator} ${note.replace("the program above", "the program shown")}`;

/** What a reader of the Python program needs told: the snake_case names of its inputs, functions and variables. */
function pythonNotes(python: string): string[] {
  const snakeCase = "[a-z]+(?:_[a-z0-9]+)+";
  const inputs = [...python.matchAll(new RegExp(`^\\s+(${snakeCase})=`, "gm"))].map((match) => match[1]);
  const variables = [...python.matchAll(new RegExp(`^(${snakeCase}) = `, "gm"))].map((match) => match[1]);
  const functions = [...python.matchAll(new RegExp(`\\.(${snakeCase})\\(`, "g"))].map((match) => match[1]);
  const snake = unique([...inputs, ...functions, ...variables]);
  return snake.length > 0 ? [`Python names inputs, functions and variables in snake_case: ${codes(snake)}.`] : [];
}

/** What a reader of the Go program needs told: the constructors, the Input wrappers, a renamed lookup, the repairs. */
function goNotes(go: string): string[] {
  const lookups = unique([...go.matchAll(/\bdocsplatform\.(Lookup\w+?)(?:Output)?\(ctx/g)].map((match) => match[1]));
  return [
    "Go: `docsplatform.New<Kind>(ctx, name, &docsplatform.<Kind>Args{...})`, each plain value in its Input type (`pulumi.String(...)`), each error returned.",
    ...(lookups.length > 0 ? [`Go names this lookup ${codes(lookups)}, not \`Get...\` ([Lookups](${"LOOKUPS_LINK"})).`] : []),
    ...goRepairsIn(go).map((repair) => repairNote("Pulumi's Go program generator", GO_REPAIR_NOTES[repair])),
  ];
}

/** What a reader of the Java program needs told: the builders, and the repairs. */
function javaNotes(java: string): string[] {
  return [
    'Java: each resource\'s inputs through its builder (`TeamArgs.builder().title("Writers").build()`), lookups in `DocsplatformFunctions`.',
    ...(java.includes(".applyValue(result -> result") ? [repairNote("pulumi-java 1.12.0's program generator", INVOKE_JAVA_REPAIR.note)] : []),
    ...(java.includes(".stream().map(item -> item.id()).toList()") ? [repairNote("pulumi-java 1.12.0's program generator", RESULT_LIST_JAVA_REPAIR.note)] : []),
    ...guideJavaRepairsIn(java).map((repair) => repairNote("pulumi-java 1.12.0's program generator", GUIDE_JAVA_REPAIR_NOTES[repair])),
  ];
}

/** One guide sample in every language, as the page at `pagePath` (under the repository) shows it. */
export function guideExample(sample: string, pagePath: string): string[] {
  const link = (target: string) => path.posix.relative(path.posix.dirname(pagePath), target);
  const read = (name: string) => fs.readFileSync(path.join(guideExamplesDir, sample, name), "utf8");
  const example: Example = { yaml: read("Pulumi.yaml"), typescriptSdk: read("index.ts"), python: read("__main__.py"), go: read("main.go"), java: read("App.java") };
  const source = `${link(`docs/guides/examples/${sample}`)}/`;
  const lookupsLink = `${link("docs/lookups.md")}#in-each-language`;
  const program = yaml.load(example.yaml) as { resources?: Record<string, { type: string }> };
  // An explicit provider is a resource of the plugin's SDK alone: the dynamic package has none.
  const explicitProvider = Object.values(program.resources ?? {}).some((resource) => resource.type.startsWith("pulumi:providers:"));
  const lines = [
    guideExampleStart(sample),
    "",
    `One program in each language: written in Pulumi YAML ([${sample}/Pulumi.yaml](${source}Pulumi.yaml)), converted by Pulumi's own program generators (\`npm run examples\`; the files are beside it).`,
    "",
  ];
  if (explicitProvider) {
    lines.push(
      "The dynamic package has no provider resource: its resources take the stack's API and token, and another organization is an `organizationId` of their own ([Stack-wide organization](" +
        `${link("docs/configuration.md")}#stack-wide-organization)). An explicit provider takes the provider plugin: YAML, or an SDK.`,
      "",
      "```yaml",
      example.yaml.trimEnd(),
      "```",
      "",
    );
  } else {
    // The same program through either door: only the import differs, so it is shown once.
    lines.push(
      `TypeScript, the dynamic package; through the plugin's SDK the program is the same but for its import, \`${SDK_PACKAGE}\` ([${sample}/index.ts](${source}index.ts)):`,
      "",
      ...(typescriptRepaired(example.typescriptSdk) ? [repairNote("Pulumi's TypeScript program generator", TYPESCRIPT_REPAIR_NOTE), ""] : []),
      // The README's install section is followed word for word by test/e2e/install.test.ts: its
      // fence names the file the program is (`file=index.ts`), as the section's other files do.
      COMPACT_PAGES.has(pagePath) ? "```ts file=index.ts" : "```ts",
      forDynamicPackage(example.typescriptSdk).trimEnd(),
      "```",
      "",
      ...(COMPACT_PAGES.has(pagePath) ? [] : [...collapsed("YAML", "yaml", example.yaml), ""]),
    );
  }
  const goNotesHere = goNotes(example.go).map((note) => note.replace("LOOKUPS_LINK", lookupsLink));
  if (COMPACT_PAGES.has(pagePath)) {
    // A page with a size budget (the README) links the other languages' files instead of showing them.
    const language = (name: string, file: string, notes: readonly string[]) =>
      `- [${name}](${source}${file})${notes.length > 0 ? `: ${notes.map((note) => note.replace(`${name}: `, "")).join(" ")}` : ""}`;
    lines.push(
      "The same program in the other languages, through the provider plugin:",
      "",
      language("YAML", "Pulumi.yaml", []),
      language("Python", "__main__.py", pythonNotes(example.python)),
      language("Go", "main.go", goNotesHere),
      language("Java", "App.java", javaNotes(example.java)),
      "",
      GUIDE_EXAMPLE_END,
    );
    return lines;
  }
  lines.push(
    ...(explicitProvider ? [...collapsed("TypeScript, the plugin's SDK", "ts", example.typescriptSdk), ""] : []),
    ...collapsed("Python", "python", example.python, pythonNotes(example.python)),
    "",
    ...collapsed("Go", "go", example.go, goNotesHere),
    "",
    ...collapsed("Java", "java", example.java, javaNotes(example.java)),
    "",
    GUIDE_EXAMPLE_END,
  );
  return lines;
}

/** The guide samples' folders. */
export function guideSamples(): string[] {
  if (!fs.existsSync(guideExamplesDir)) return [];
  return fs
    .readdirSync(guideExamplesDir)
    .filter((entry) => fs.existsSync(path.join(guideExamplesDir, entry, "Pulumi.yaml")))
    .sort();
}

/** A guide page with each sample it marks rendered anew; fails on a sample the page marks that has no folder. */
function guidePage(relative: string): string {
  const source = fs.readFileSync(path.join(repositoryRoot, relative), "utf8");
  let result = "";
  let at = 0;
  for (const match of source.matchAll(GUIDE_EXAMPLE_START)) {
    if (match.index < at) continue;
    const sample = match[1];
    if (!fs.existsSync(path.join(guideExamplesDir, sample, "Pulumi.yaml")))
      throw new Error(`generate-docs: ${relative} shows docs/guides/examples/${sample}/, which has no Pulumi.yaml`);
    const end = source.indexOf(GUIDE_EXAMPLE_END, match.index);
    if (end === -1) throw new Error(`generate-docs: ${relative}'s example ${sample} has no end line (${GUIDE_EXAMPLE_END})`);
    result += source.slice(at, match.index) + guideExample(sample, relative).join("\n");
    at = end + GUIDE_EXAMPLE_END.length;
  }
  return result + source.slice(at);
}

/** Every page, by its path under the repository. */
export function generatePages(): Map<string, string> {
  const { KINDS, fileOf } = requireBuilt("./resources/kinds") as { KINDS: Definition[]; fileOf: (kind: string) => string };
  const schema = JSON.parse(freshSchemaText()) as { resources: Record<string, ResourceSpec> };
  const pages = new Map<string, string>();
  for (const definition of KINDS) {
    const file = fileOf(definition.kind);
    const resource = schema.resources[PLUGIN_TYPE(definition.kind)];
    if (!resource) throw new Error(`generate-docs: the schema has no ${PLUGIN_TYPE(definition.kind)}`);
    pages.set(path.join("docs", "resources", `${file}.md`), page(definition, resource, readExample(file), file));
  }
  pages.set(path.join("docs", "resources", "README.md"), conceptPage(KINDS, fileOf));
  for (const relative of GUIDE_PAGES) pages.set(relative, guidePage(relative));
  return pages;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [relative, text] of generatePages()) {
    const target = path.join(repositoryRoot, relative);
    const committed = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
    if (committed === text) continue;
    if (check) stale.push(relative);
    else fs.writeFileSync(target, text);
  }
  if (stale.length > 0) {
    process.stderr.write(`generate-docs: ${stale.join(", ")} differ from the kinds' declarations; run \`npm run docs\` and commit the result\n`);
    process.exit(1);
  }
}
