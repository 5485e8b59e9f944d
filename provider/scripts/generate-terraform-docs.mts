// Generates the Terraform door's reference pages in the layout of Terraform's registry (as
// tfplugindocs writes them), from the declarations through the provider schema
// (terraform/schema.ts), never the TypeScript source text:
// - docs/terraform/index.md: the provider, its source address and its configuration block;
// - docs/terraform/resources/<snake_kind>.md: each kind's page;
// - docs/terraform/data-sources/<name>.md: each lookup's page;
// and leaves docs/terraform/guides/ (written by hand) as it is, listing its guides on the index.
// Each page holds an Example Usage in HCL, written from the kind's or lookup's committed example
// (docs/resources/examples/<kind>/Pulumi.yaml, the one the Pulumi pages show: the same program in
// every door), the Argument Reference and Attribute Reference from the schema, and for a resource
// an Import section with the kind's import id form (adapter/import-ids.ts): the `tofu import`
// command and an `import` block.
//
// Run after `npm run build` (it reads the compiled provider): `npm run terraform-docs`. A test
// (test/terraform/docs.test.ts) fails when the committed pages and a fresh generation differ.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { slug } from "github-slugger";
import yaml from "js-yaml";
import { examplesDir, readExampleFile } from "./example-files.mts";
import { importIdMeaning, words } from "./generate-schema.mts";
import { descriptionOf } from "./kind-descriptions.mts";

const providerRoot = fileURLToPath(new URL("..", import.meta.url));
const repositoryRoot = path.join(providerRoot, "..");
const requireBuilt = createRequire(path.join(providerRoot, "dist", "index.js"));
type SchemaModule = typeof import("../terraform/schema.ts");
const {
  PROVIDER_SOURCE,
  PROVIDER_TYPE_NAME,
  dataSourceTypeName,
  describedInTerraformTerms,
  hclString,
  importIdInTerraformTerms,
  replacesOnChange,
  resourceTypeName,
  snakeCase,
  terraformSchema,
} = requireBuilt("./terraform/schema") as SchemaModule;
const { attributePath } = requireBuilt("./terraform/values") as typeof import("../terraform/values.ts");
const { definitionOf, fileOf } = requireBuilt("./resources/kinds") as typeof import("../resources/kinds.ts");

type TfAttribute = import("../terraform/schema.ts").TfAttribute;
type TfBlock = import("../terraform/schema.ts").TfBlock;

export const DOCS_DIR = path.join(repositoryRoot, "docs", "terraform");
/** The folder of the hand-written guides under DOCS_DIR: the generator reads their titles and leaves them as they are. */
const GUIDES = "guides";

// ---- HCL ------------------------------------------------------------------------------------------

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** What a Pulumi YAML name (`guidesSpace`) refers to in HCL: its address and the block its properties are read by. */
interface Target {
  address: string;
  block: TfBlock;
}

/** `${portal.id}` of Pulumi YAML as an HCL expression: `docsplatform_site.portal.id`. */
function reference(expression: string, targets: ReadonlyMap<string, Target>): string {
  const [name, ...steps] = expression.split(".");
  const target = targets.get(name);
  if (!target) throw new Error(`generate-terraform-docs: the example refers to ${JSON.stringify(name)}, which it does not declare`);
  return [target.address, ...attributePath(target.block, steps)].join(".");
}

/** A Pulumi YAML string as HCL: a reference alone is an expression; references inside text are a template. */
function hclText(text: string, targets: ReadonlyMap<string, Target>): string {
  const whole = /^\$\{([^}]+)\}$/.exec(text);
  if (whole) return reference(whole[1], targets);
  const parts = text.split(/(\$\{[^}]+\})/);
  if (parts.length === 1) return hclString(text);
  return `"${parts.map((part) => (/^\$\{[^}]+\}$/.test(part) ? `\${${reference(part.slice(2, -1), targets)}}` : hclString(part).slice(1, -1))).join("")}"`;
}

/**
 * The lines of `name = value` items, each `=` aligned with its neighbours' as `tofu fmt`
 * (hclwrite.Format) aligns them: runs of one-line items; an item whose value spans lines stands
 * alone.
 */
function assignments(items: [string, string][], indent: string): string[] {
  const lines: string[] = [];
  let run: [string, string][] = [];
  const flush = () => {
    const width = Math.max(...run.map(([name]) => name.length));
    for (const [name, value] of run) lines.push(`${indent}${name.padEnd(width)} = ${value}`);
    run = [];
  };
  for (const item of items) {
    if (item[1].includes("\n")) {
      if (run.length > 0) flush();
      lines.push(`${indent}${item[0]} = ${item[1]}`);
    } else run.push(item);
  }
  if (run.length > 0) flush();
  return lines;
}

/** An HCL value of an attribute (`attributes`: its nested attributes, undefined for a value of no fixed shape). */
function hclValue(value: unknown, attributes: readonly TfAttribute[] | undefined, indent: string, targets: ReadonlyMap<string, Target>, nesting?: string): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return hclText(value, targets);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => hclValue(item, nesting === "list" || nesting === "set" ? attributes : undefined, inner, targets));
    if (items.length === 0) return "[]";
    const oneLine = `[${items.join(", ")}]`;
    if (!oneLine.includes("\n") && oneLine.length + indent.length <= 80) return oneLine;
    return `[\n${items.map((item) => `${inner}${item},`).join("\n")}\n${indent}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 0) return "{}";
  if (nesting === "map") {
    // A map of objects: its keys are the map's own, each value an object of the nested attributes.
    const entries = keys.map((key): [string, string] => [IDENTIFIER.test(key) ? key : hclString(key), hclValue(record[key], attributes, inner, targets)]);
    return `{\n${assignments(entries, inner).join("\n")}\n${indent}}`;
  }
  const byCoreName = new Map((attributes ?? []).map((attribute) => [attribute.coreName ?? attribute.name, attribute]));
  const items = keys.map((key): [string, string] => {
    const attribute = attributes ? byCoreName.get(key) : undefined;
    if (attributes && !attribute) throw new Error(`generate-terraform-docs: the example sets ${JSON.stringify(key)}, which the schema does not have`);
    // A key of a value of no fixed shape is the API's, quoted as a string: never taken for an attribute's name.
    const name = attribute ? attribute.name : hclString(key);
    const nested = attribute?.nestedType;
    return [name, hclValue(record[key], nested?.attributes, inner, targets, nested?.nesting)];
  });
  return `{\n${assignments(items, inner).join("\n")}\n${indent}}`;
}

/** A block's body (`resource "..." "..." { ... }`), its arguments by the block's attributes. */
function hclBlock(header: string, properties: Record<string, unknown>, block: TfBlock, targets: ReadonlyMap<string, Target>): string {
  const body = hclValue(properties, block.attributes, "", targets);
  return `${header} ${body}`;
}

interface ExampleProgram {
  description?: string;
  resources?: Record<string, { type: string; properties?: Record<string, unknown> }>;
  variables?: Record<string, { "fn::invoke"?: { function: string; arguments?: Record<string, unknown> } }>;
  outputs?: Record<string, unknown>;
}

const PULUMI_TOKEN = /^docs-platform:index:(\w+)$/;

/** A committed Pulumi YAML example as the same program in HCL. */
export function exampleHcl(folder: string): { title: string; hcl: string } {
  const file = path.join(examplesDir, folder, "Pulumi.yaml");
  const program = yaml.load(readExampleFile("generate-terraform-docs", folder, "Pulumi.yaml")) as ExampleProgram;
  const schema = terraformSchema();
  const targets = new Map<string, Target>();
  const blocks: string[] = [];
  for (const [name, variable] of Object.entries(program.variables ?? {})) {
    const invoke = variable["fn::invoke"];
    const lookup = invoke && PULUMI_TOKEN.exec(invoke.function)?.[1];
    const dataSource = lookup ? schema.dataSources.find((candidate) => candidate.lookup === lookup) : undefined;
    if (!dataSource) throw new Error(`generate-terraform-docs: ${path.relative(repositoryRoot, file)}: ${name} is no lookup call`);
    const address = `data.${dataSource.typeName}.${snakeCase(name)}`;
    targets.set(name, { address, block: dataSource.block });
    blocks.push(hclBlock(`data "${dataSource.typeName}" "${snakeCase(name)}"`, invoke!.arguments ?? {}, dataSource.block, targets));
  }
  // Every resource first known by name, so a reference to one declared further down resolves.
  for (const [name, resource] of Object.entries(program.resources ?? {})) {
    const kind = PULUMI_TOKEN.exec(resource.type)?.[1];
    const resourceType = kind ? schema.resources.find((candidate) => candidate.kind === kind) : undefined;
    if (!resourceType) throw new Error(`generate-terraform-docs: ${path.relative(repositoryRoot, file)}: ${name} is of no kind (${resource.type})`);
    targets.set(name, { address: `${resourceType.typeName}.${snakeCase(name)}`, block: resourceType.block });
  }
  for (const [name, resource] of Object.entries(program.resources ?? {})) {
    const kind = PULUMI_TOKEN.exec(resource.type)![1];
    blocks.push(hclBlock(`resource "${resourceTypeName(kind)}" "${snakeCase(name)}"`, resource.properties ?? {}, targets.get(name)!.block, targets));
  }
  for (const [name, value] of Object.entries(program.outputs ?? {})) {
    blocks.push(`output "${snakeCase(name)}" {\n  value = ${hclValue(value, undefined, "  ", targets)}\n}`);
  }
  return { title: (program.description ?? folder).trim(), hcl: `${blocks.join("\n\n")}\n` };
}

// ---- The pages ------------------------------------------------------------------------------------

function typeWords(attribute: TfAttribute): string {
  const nested = attribute.nestedType;
  if (nested) return nested.nesting === "single" ? "Attributes" : `${nested.nesting === "list" ? "List" : nested.nesting === "set" ? "Set" : "Map"} of Attributes`;
  const name = (type: unknown): string => {
    if (type === "string") return "String";
    if (type === "number") return "Number";
    if (type === "bool") return "Boolean";
    if (type === "dynamic") return "Dynamic";
    const [collection, element] = type as [string, unknown];
    if (collection === "object") return "Object";
    return `${collection.charAt(0).toUpperCase()}${collection.slice(1)} of ${name(element)}`;
  };
  return name(attribute.type);
}

/** A nested attribute's section heading, and its anchor as GitHub slugs it (the links checked by test/unit/docs-links.test.ts). */
function nestedHeading(path: readonly string[]): string {
  return `Nested Schema for \`${path.join(".")}\``;
}

function anchorOf(path: readonly string[]): string {
  return slug(nestedHeading(path));
}

interface Section {
  path: string[];
  attributes: readonly TfAttribute[];
}

function attributeLine(attribute: TfAttribute, path: readonly string[], block: TfBlock, replaces: ReadonlySet<string>): { line: string; nested?: Section } {
  const flags = [typeWords(attribute), ...(attribute.sensitive ? ["Sensitive"] : [])].join(", ");
  let description = attribute.description.replace(/\s*\n\s*/g, " ").trim();
  if (path.length === 0 && replaces.has(attribute.name) && !/\breplace[sd]?\b/i.test(description)) description += " Changing it forces a new resource.";
  const nestedPath = [...path, attribute.name];
  const link = attribute.nestedType ? ` (see [below for nested schema](#${anchorOf(nestedPath)}))` : "";
  return {
    line: `- \`${attribute.name}\` (${flags})${description ? ` ${description}` : ""}${link}`,
    ...(attribute.nestedType ? { nested: { path: nestedPath, attributes: attribute.nestedType.attributes } } : {}),
  };
}

/** Required, optional and read-only attributes of a level, as lists under their headings. */
function attributeLists(
  attributes: readonly TfAttribute[],
  path: string[],
  block: TfBlock,
  replaces: ReadonlySet<string>,
  headings: { required: string; optional: string; readOnly: string },
): { text: string[]; nested: Section[] } {
  const nested: Section[] = [];
  const text: string[] = [];
  const groups: [string, TfAttribute[]][] = [
    [headings.required, attributes.filter((attribute) => attribute.required)],
    [headings.optional, attributes.filter((attribute) => attribute.optional)],
    [headings.readOnly, attributes.filter((attribute) => attribute.computed && !attribute.optional && !attribute.required)],
  ];
  for (const [heading, members] of groups) {
    if (members.length === 0) continue;
    text.push(heading, "");
    for (const attribute of members) {
      const { line, nested: section } = attributeLine(attribute, path, block, replaces);
      text.push(line);
      if (section) nested.push(section);
    }
    text.push("");
  }
  return { text, nested };
}

/** The reference of a block: the top level's lists, then every nested attribute's section. */
function referenceSections(block: TfBlock, replaces: ReadonlySet<string>): string[] {
  const top = attributeLists(block.attributes, [], block, replaces, {
    required: "## Argument Reference\n\n### Required",
    optional: "### Optional",
    readOnly: "## Attribute Reference\n\n### Read-Only",
  });
  // An Attribute Reference heading always precedes Read-Only; Optional under the Argument Reference even when nothing is required.
  const lines = top.text.map((line) => (line === "### Optional" && !block.attributes.some((attribute) => attribute.required) ? "## Argument Reference\n\n### Optional" : line));
  const queue = [...top.nested];
  while (queue.length > 0) {
    const section = queue.shift()!;
    lines.push(`### ${nestedHeading(section.path)}`, "");
    const inner = attributeLists(section.attributes, section.path, block, replaces, { required: "Required:", optional: "Optional:", readOnly: "Read-Only:" });
    lines.push(...inner.text);
    queue.push(...inner.nested);
  }
  return lines;
}

function frontMatter(title: string, description: string): string[] {
  const summary = description
    .split(/\n\s*\n/)[0]
    .replace(/\s*\n\s*/g, " ")
    .trim();
  return ["---", `page_title: ${JSON.stringify(title)}`, 'subcategory: ""', "description: |-", `  ${summary}`, "---", ""];
}

function exampleSection(folder: string): string[] {
  const { title, hcl } = exampleHcl(folder);
  return ["## Example Usage", "", title, "", "```terraform", hcl.trimEnd(), "```", ""];
}

function resourcePage(kind: string): string {
  const resource = terraformSchema().resources.find((candidate) => candidate.kind === kind)!;
  const definition = definitionOf(kind)!;
  // The kind's long description (its Markdown file), in Terraform's terms; the running provider serves a short one.
  const description = describedInTerraformTerms(resource.block, descriptionOf(kind, "terraform"));
  const folder = fileOf(kind);
  const shape = definition.importId?.shape ?? "<id>";
  const replaces = new Set(replacesOnChange(kind).map((corePath) => attributePath(resource.block, corePath)[0]));
  const { hcl } = exampleHcl(folder);
  const address = new RegExp(`^resource "${resource.typeName}" "(\\w+)"`, "m").exec(hcl)?.[1] ?? snakeCase(kind);
  const id = importIdInTerraformTerms(shape);
  return [
    ...frontMatter(`${resource.typeName} Resource - ${PROVIDER_TYPE_NAME}`, description),
    `# ${resource.typeName} (Resource)`,
    "",
    description,
    "",
    ...exampleSection(folder),
    ...referenceSections(resource.block, replaces),
    "## Import",
    "",
    `${describedInTerraformTerms(resource.block, importIdMeaning(kind, shape))} The organization is the provider's \`organization_id\`. Import reads the object (GET requests only) and records every argument it has; a plan right after shows no change.`,
    "",
    "With the command:",
    "",
    "```shell",
    `tofu import ${resource.typeName}.${address} '${id}'`,
    "```",
    "",
    `Or with an \`import\` block (\`tofu plan -generate-config-out=generated.tf\` writes the ${words(kind)}'s configuration):`,
    "",
    "```terraform",
    "import {",
    `  to = ${resource.typeName}.${address}`,
    `  id = "${id}"`,
    "}",
    "```",
    "",
  ].join("\n");
}

function dataSourcePage(lookup: string): string {
  const dataSource = terraformSchema().dataSources.find((candidate) => candidate.lookup === lookup)!;
  return [
    ...frontMatter(`${dataSource.typeName} Data Source - ${PROVIDER_TYPE_NAME}`, dataSource.block.description),
    `# ${dataSource.typeName} (Data Source)`,
    "",
    dataSource.block.description,
    "",
    ...exampleSection(path.join("functions", lookup)),
    ...referenceSections(dataSource.block, new Set()),
  ]
    .join("\n")
    .replace(/\n+$/, "\n");
}

function indexPage(): string {
  const provider = terraformSchema().provider;
  const schema = terraformSchema();
  return [
    ...frontMatter(`Provider: ${PROVIDER_TYPE_NAME}`, provider.description),
    `# ${PROVIDER_TYPE_NAME} Provider`,
    "",
    `${provider.description} ${schema.resources.length} resources and ${schema.dataSources.length} data sources, for OpenTofu and Terraform. Until it is in a registry, the provider is installed from a filesystem mirror of its release: [Installing from a filesystem mirror](../release.md#installing-from-a-filesystem-mirror).`,
    "",
    "## Example Usage",
    "",
    "```terraform",
    "terraform {",
    "  required_providers {",
    `    ${PROVIDER_TYPE_NAME} = {`,
    `      source = "${PROVIDER_SOURCE}"`,
    "    }",
    "  }",
    "}",
    "",
    `provider "${PROVIDER_TYPE_NAME}" {`,
    '  organization_id = "org_acme"',
    "  # token: the environment variable DOCS_PLATFORM_TOKEN",
    "}",
    "```",
    "",
    ...referenceSections(provider, new Set()).map((line) => line.replace("## Argument Reference\n\n### Optional", "## Argument Reference")),
    "## Resources",
    "",
    ...schema.resources.map((resource) => `- [${resource.typeName}](resources/${resource.typeName.replace(`${PROVIDER_TYPE_NAME}_`, "")}.md)`),
    "",
    "## Data Sources",
    "",
    ...schema.dataSources.map((dataSource) => `- [${dataSource.typeName}](data-sources/${dataSource.typeName.replace(`${PROVIDER_TYPE_NAME}_`, "")}.md)`),
    "",
    "## Guides",
    "",
    ...guides().map((guide) => `- [${guide.title}](guides/${guide.file})`),
    "",
  ].join("\n");
}

/**
 * The guides (docs/terraform/guides/*.md, written by hand, as tfplugindocs keeps them beside the
 * generated pages): each file and its title, its first heading.
 */
export function guides(): { file: string; title: string }[] {
  const dir = path.join(DOCS_DIR, GUIDES);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((file) => {
      const title = /^# (.+)$/m.exec(fs.readFileSync(path.join(dir, file), "utf8"))?.[1];
      if (!title) throw new Error(`generate-terraform-docs: docs/terraform/${GUIDES}/${file} has no "# " heading`);
      return { file, title };
    });
}

/** Every page, by its path under docs/terraform/. */
export function terraformDocs(): Map<string, string> {
  const schema = terraformSchema();
  const pages = new Map<string, string>([["index.md", indexPage()]]);
  for (const resource of schema.resources) pages.set(`resources/${resource.typeName.replace(`${PROVIDER_TYPE_NAME}_`, "")}.md`, resourcePage(resource.kind));
  for (const dataSource of schema.dataSources)
    pages.set(`data-sources/${dataSourceTypeName(dataSource.lookup).replace(`${PROVIDER_TYPE_NAME}_`, "")}.md`, dataSourcePage(dataSource.lookup));
  return pages;
}

/** The committed pages under docs/terraform/, by path. */
function committedPages(): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const target = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path.relative(DOCS_DIR, target) !== GUIDES) walk(target);
      } else if (entry.name.endsWith(".md")) pages.set(path.relative(DOCS_DIR, target).split(path.sep).join("/"), fs.readFileSync(target, "utf8"));
    }
  };
  walk(DOCS_DIR);
  return pages;
}

/** The pages that differ between the committed ones and a fresh generation (missing, stale or left over). */
export function stalePages(): string[] {
  const fresh = terraformDocs();
  const committed = committedPages();
  return [...new Set([...fresh.keys(), ...committed.keys()])].filter((page) => fresh.get(page) !== committed.get(page)).sort();
}

// `node provider/scripts/generate-terraform-docs.mts [--check]`: writes (or checks) docs/terraform/.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const stale = stalePages();
    if (stale.length > 0) {
      process.stderr.write(`docs/terraform/ is out of date (${stale.join(", ")}): run \`npm run terraform-docs\` and commit it.\n`);
      process.exit(1);
    }
  } else {
    // Every generated page goes (a kind or lookup gone leaves no page behind); the guides stay.
    for (const entry of fs.existsSync(DOCS_DIR) ? fs.readdirSync(DOCS_DIR) : []) if (entry !== GUIDES) fs.rmSync(path.join(DOCS_DIR, entry), { recursive: true, force: true });
    const pages = terraformDocs();
    for (const [page, text] of pages) {
      const target = path.join(DOCS_DIR, page);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
    }
    process.stdout.write(`wrote ${pages.size} pages under ${path.relative(process.cwd(), DOCS_DIR)}\n`);
  }
}
