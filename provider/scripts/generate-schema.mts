// Generates provider/docs-platform/schema.json, the Pulumi package schema of the provider plugin, from
// the one source both front doors share, the declarations (never the TypeScript source text):
// each kind's zod schema and definition (types, limits, defaults, which inputs replace, which are
// secret, each field's description at any depth: adapter/fields.ts; the outputs the definition
// declares; the resource's description), and each lookup's definition (its description, its
// arguments' and its result's zod schemas: lookups/lookup.ts).
//
// Each resource's and function's description also carries what the Pulumi Registry's page shows
// beside it (Pulumi's docs generator, pkg/codegen/docs, reads them from the description): a
// `{{% examples %}}` block with the example in every language, from the committed conversions of
// its Pulumi YAML (docs/resources/examples/<kind>/ and functions/<getThing>/:
// generate-examples.mts), and for a resource an `## Import` section with the kind's import id
// form (its declaration's `importId`, adapter/import-ids.ts) and the `pulumi import` command.
//
// Run after `npm run build` (it reads the compiled definitions): `npm run schema`. A test
// (test/plugin/schema.test.ts) fails when the committed schema.json and a fresh one differ.
//
// Not part of the package: the plugin serves the committed schema.json.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { readExampleFile as readExample } from "./example-files.mts";
import { descriptionOf } from "./kind-descriptions.mts";

const providerRoot = fileURLToPath(new URL("..", import.meta.url));
const requireBuilt = createRequire(path.join(providerRoot, "dist", "index.js"));
const { factsOf } = requireBuilt("./adapter/fields") as typeof import("../adapter/fields.ts");
// The walk over the zod schemas this generator shares with the Terraform door's (terraform/schema.ts).
const { forDoor } = requireBuilt("./adapter/doors") as typeof import("../adapter/doors.ts");
const { fieldDescription, jsonSchemaOf, unionMembers } = requireBuilt("./adapter/json-schema") as typeof import("../adapter/json-schema.ts");
// What a List of each kind takes (`pulumi do docs-platform <type> list`), as the plugin's List reads it.
const { listInputsOf } = requireBuilt("./door-layer/discovery") as typeof import("../door-layer/discovery.ts");

export const PACKAGE = "docs-platform";
const TOKEN_PREFIX = `${PACKAGE}:index:`;

type Json = Record<string, unknown>;
type TypeSpec = Json;

interface Built {
  definition: {
    kind: string;
    description: string;
    schema: unknown;
    replaceKeys: readonly string[];
    secretInputKeys?: readonly string[];
    uncomparedInputKeys?: readonly string[];
    outputs?: { shape: Record<string, unknown> };
    importId?: { shape: string };
  };
}

interface LookupBuilt {
  name: string;
  description: string;
  schema: unknown;
  result: unknown;
}

/** The kinds of the registry (resources/kinds.ts), each by the file that declares it, sorted. */
function kindFiles(): string[] {
  const { KINDS, fileOf } = requireBuilt("./resources/kinds") as { KINDS: { kind: string }[]; fileOf: (kind: string) => string };
  return KINDS.map((definition) => fileOf(definition.kind)).sort();
}

// ---- JSON Schema (zod) to Pulumi types ----------------------------------------------------

interface Emitter {
  types: Record<string, Json>;
  /** Whether descriptions carry the Registry's examples, read from their committed conversions (not when converting them: generate-examples.mts). */
  readonly examples: boolean;
}

function pascal(text: string): string {
  return text.replace(/(^|[-_ ])(\w)/g, (_all, _sep, letter: string) => letter.toUpperCase());
}

function typeSpec(schema: Json, name: string, emitter: Emitter): TypeSpec {
  const members = unionMembers(schema);
  if (members) {
    if (members.length === 1) return typeSpec(members[0], name, emitter);
    return { oneOf: members.map((variant, index) => typeSpec(variant, variant.type === "object" ? name : `${name}${index}`, emitter)) };
  }
  switch (schema.type) {
    case "string":
      return { type: "string" };
    case "integer":
      return { type: "integer" };
    case "number":
      return { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "array":
      return { type: "array", items: schema.items ? typeSpec(schema.items as Json, `${name}Item`, emitter) : { $ref: "pulumi.json#/Any" } };
    case "object": {
      const properties = schema.properties as Record<string, Json> | undefined;
      if (!properties || Object.keys(properties).length === 0) {
        const additional = schema.additionalProperties;
        return {
          type: "object",
          additionalProperties: additional && typeof additional === "object" ? typeSpec(additional as Json, `${name}Value`, emitter) : { $ref: "pulumi.json#/Any" },
        };
      }
      const token = `${TOKEN_PREFIX}${typeof schema.typeName === "string" ? schema.typeName : name}`;
      if (!emitter.types[token]) {
        emitter.types[token] = {}; // reserve the name (recursion)
        const keys = Object.keys(properties);
        emitter.types[token] = {
          type: "object",
          properties: Object.fromEntries(
            keys.map((key) => [key, propertySpec(properties[key], `${name}${pascal(key)}`, properties[key].description as string | undefined, emitter)]),
          ),
          ...(Array.isArray(schema.required) && schema.required.length > 0 ? { required: [...(schema.required as string[])].sort() } : {}),
        };
      }
      return { $ref: `#/types/${token}` };
    }
    default:
      return { $ref: "pulumi.json#/Any" };
  }
}

function propertySpec(schema: Json, name: string, doc: string | undefined, emitter: Emitter): Json {
  const spec: Json = { ...typeSpec(schema, name, emitter) };
  const description = fieldDescription(schema, doc);
  if (description !== "") spec.description = description;
  if (schema.default !== undefined) spec.default = schema.default;
  return spec;
}

// ---- A lookup's result to Pulumi types ---------------------------------------------------------

/**
 * A lookup result's type: what the result holds, without the limits and defaults an input's
 * description states (a result is read, never checked). An object is named by its `typeName`
 * (GetSpaceResult is one type for getSpace and getSpaces), else by where it is.
 */
function resultTypeSpec(schema: Json, name: string, emitter: Emitter): TypeSpec {
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) {
    const present = variants.filter((variant) => variant.type !== "null");
    if (present.length === 1) return resultTypeSpec(present[0], name, emitter);
    if (present.every((variant) => variant.type === "string")) return { type: "string" };
    if (present.every((variant) => variant.type === "boolean")) return { type: "boolean" };
    return { $ref: "pulumi.json#/Any" };
  }
  switch (schema.type) {
    case "string":
    case "boolean":
      return { type: schema.type };
    case "number":
    case "integer":
      return { type: "number" };
    case "array":
      return { type: "array", items: schema.items ? resultTypeSpec(schema.items as Json, `${name}Item`, emitter) : { $ref: "pulumi.json#/Any" } };
    case "object": {
      const properties = schema.properties as Record<string, Json> | undefined;
      if (!properties || Object.keys(properties).length === 0) return { $ref: "pulumi.json#/Any" };
      const token = `${TOKEN_PREFIX}${typeof schema.typeName === "string" ? schema.typeName : name}`;
      if (!emitter.types[token]) {
        emitter.types[token] = {}; // reserve the name (recursion)
        const specs = Object.fromEntries(
          Object.entries(properties).map(([key, property]) => {
            const spec: Json = resultTypeSpec(property, `${name}${pascal(key)}`, emitter);
            if (typeof property.description === "string") spec.description = property.description;
            return [key, spec];
          }),
        );
        const required = [...((schema.required as string[] | undefined) ?? [])].sort();
        emitter.types[token] = { type: "object", properties: specs, ...(required.length > 0 ? { required } : {}) };
      }
      return { $ref: `#/types/${token}` };
    }
    default:
      return { $ref: "pulumi.json#/Any" };
  }
}

// ---- The Registry's examples and Import section ------------------------------------------------

/**
 * Each example's files, in the order the Registry's language chooser shows them, by the fence's
 * language (the one Pulumi's docs generator reads): the conversions generate-examples.mts commits
 * beside the Pulumi YAML. C# has no program generator here (pkg/v3 no longer holds it): the
 * Registry shows its placeholder.
 */
export const EXAMPLE_LANGUAGES = [
  { fence: "typescript", file: "index.ts" },
  { fence: "python", file: "__main__.py" },
  { fence: "go", file: "main.go" },
  { fence: "java", file: "App.java" },
  { fence: "yaml", file: "Pulumi.yaml" },
] as const;

interface ExampleProgram {
  description?: string;
  resources?: Record<string, { type?: string }>;
}

const readExampleFile = (folder: string, file: string) => readExample("generate-schema", folder, file);

/** A code fence that holds `code` whatever backticks it contains. */
function fenced(language: string, code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code.trimEnd()}\n${fence}`;
}

/** The `{{% examples %}}` block of one example folder (docs/resources/examples/<folder>), every language. */
export function examplesBlock(folder: string): string {
  const program = yaml.load(readExampleFile(folder, "Pulumi.yaml")) as ExampleProgram;
  const title = (program.description ?? folder).trim().replace(/\.$/, "");
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${title}`,
    "",
    ...EXAMPLE_LANGUAGES.map(({ fence, file }) => fenced(fence, readExampleFile(folder, file))),
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}

/** `SiteSection` as words: `site section`. */
export function words(kind: string): string {
  return kind
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
}

/**
 * What the import id form `shape` (adapter/import-ids.ts) is, in a sentence every door's reference
 * shares (the Terraform pages too, scripts/generate-terraform-docs.mts).
 */
export function importIdMeaning(kind: string, shape: string): string {
  const thing = words(kind);
  const inside = /^<siteId>\/<(.+) id>$/.exec(shape);
  const what =
    shape === "<id>"
      ? `the ${thing}'s id`
      : shape === "<organizationId>"
        ? `the organization's id (an organization has one ${thing})`
        : shape === "<siteId>"
          ? `the site's id (a site has one ${thing})`
          : shape === "<slug>"
            ? `the ${thing}'s slug, which is its id (the API addresses it by slug, not by the \`id\` field of its object)`
            : inside
              ? `the site's id and the ${inside[1]}'s id, joined by \`/\``
              : `\`${shape}\``;
  return `An existing ${thing} is imported by its import id, \`${shape}\`: ${what}.`;
}

/** What the import id form `shape` is, and what `pulumi import` does with it. */
function importIdSentence(kind: string, shape: string): string {
  return (
    `${importIdMeaning(kind, shape)} ` +
    "`pulumi import` reads the object (GET requests only) and records every input it has; the organization is the provider's `docs-platform:organizationId`."
  );
}

/** The `## Import` section of a kind: the id form and the `pulumi import` command, named as the kind's example names the resource. */
export function importSection(kind: string, shape: string, folder: string): string {
  const token = `${TOKEN_PREFIX}${kind}`;
  const program = yaml.load(readExampleFile(folder, "Pulumi.yaml")) as ExampleProgram;
  const name = Object.entries(program.resources ?? {}).find(([, resource]) => resource.type === token)?.[0] ?? kind.charAt(0).toLowerCase() + kind.slice(1);
  const id = shape.includes(" ") ? `'${shape}'` : shape;
  return ["## Import", "", importIdSentence(kind, shape), "", "```sh", `$ pulumi import ${token} ${name} ${id}`, "```"].join("\n");
}

/** A description with what the Registry's page shows beside it: the examples block, then (a resource's) Import section. */
function registryDescription(description: string, folder: string, emitter: Emitter, importSectionText?: string): string {
  if (!emitter.examples) return `${description.trimEnd()}\n`;
  return [description.trimEnd(), examplesBlock(folder), ...(importSectionText ? [importSectionText] : [])].join("\n\n") + "\n";
}

// ---- The package -----------------------------------------------------------------------------

export interface ConfigKey {
  key: string;
  type: "string" | "integer" | "number";
  secret?: boolean;
  env?: string;
  description: string;
}

function resourceSpec(file: string, emitter: Emitter): [string, Json] {
  const { definition } = requireBuilt(`./resources/${file}`) as Built;
  const kind = definition.kind;
  // Each input's documentation is its field's declared description (adapter/fields.ts).
  const shape = (definition.schema as { shape: Record<string, unknown> }).shape;
  const inputDocs = new Map(
    Object.entries(shape).flatMap(([key, field]) => {
      const description = factsOf(field).description;
      return description === undefined ? [] : [[key, description] as const];
    }),
  );

  const jsonSchema = jsonSchemaOf(definition.schema);
  const properties = jsonSchema.properties as Record<string, Json>;
  const secret = new Set(definition.secretInputKeys ?? []);
  const inputProperties: Record<string, Json> = {};
  for (const [key, schema] of Object.entries(properties)) {
    // `adopt` has one shape in every kind: one shared type.
    const spec = propertySpec(schema, key === "adopt" ? "AdoptById" : `${kind}${pascal(key)}`, inputDocs.get(key), emitter);
    if (secret.has(key)) spec.secret = true;
    inputProperties[key] = spec;
  }
  // organizationId falls back to the provider's `docs-platform:organizationId` (checked by the plugin).
  const requiredInputs = ((jsonSchema.required as string[] | undefined) ?? []).filter((key) => key !== "organizationId").sort();

  // Outputs: every input (the state echoes what the program set) and what the definition's
  // `outputs` declares: the server's own fields, and an input whose state value is described anew.
  const outputShape = definition.outputs?.shape ?? {};
  const outputDescription = (key: string) => (key in outputShape ? factsOf(outputShape[key]).description : undefined);
  const outputProperties: Record<string, Json> = {};
  for (const [key, spec] of Object.entries(inputProperties)) {
    if (key === "adopt") continue;
    const description = outputDescription(key);
    outputProperties[key] = { ...spec, ...(description ? { description } : {}) };
    delete outputProperties[key].default;
  }
  const outputJson = definition.outputs ? jsonSchemaOf(definition.outputs) : { properties: {} };
  for (const [key, schema] of Object.entries(outputJson.properties as Record<string, Json>)) {
    if (outputProperties[key]) continue;
    outputProperties[key] = propertySpec(schema, `${kind}${pascal(key)}`, outputDescription(key), emitter);
  }

  const replaces = definition.replaceKeys.filter((key) => key in inputProperties);

  return [
    `${TOKEN_PREFIX}${kind}`,
    {
      description: registryDescription(descriptionOf(kind), file, emitter, importSection(kind, definition.importId?.shape ?? "<id>", file)),
      properties: outputProperties,
      required: [...new Set([...requiredInputs, "organizationId"])].filter((key) => key in outputProperties).sort(),
      inputProperties,
      ...(requiredInputs.length > 0 ? { requiredInputs } : {}),
      ...(replaces.length > 0 ? { replaceOnChanges: [...replaces].sort() } : {}),
      listInputs: { type: "object", properties: Object.fromEntries(listInputsOf(kind).map((input) => [input.key, { type: "string", description: input.description }])) },
      aliases: [{ type: `pulumi-nodejs:dynamic/${PACKAGE}:${kind}` }],
    },
  ];
}

/** The lookups: `docs-platform:index:get<Thing>`, from their declarations (description, arguments' and result's zod schemas). */
function functionSpecs(emitter: Emitter): Record<string, Json> {
  const functions: Record<string, Json> = {};
  const lookupsDir = path.join(providerRoot, "lookups");
  for (const file of fs
    .readdirSync(lookupsDir)
    .filter((name) => name.endsWith(".ts"))
    .sort()) {
    const module = requireBuilt(`./lookups/${file.replace(/\.ts$/, "")}`) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith("Lookup") || !value || typeof value !== "object") continue;
      const lookup = value as LookupBuilt;
      const name = lookup.name; // getSpace
      const thing = pascal(name.slice(3)); // Space, Spaces
      const jsonSchema = jsonSchemaOf(lookup.schema);
      const shape = (lookup.schema as { shape: Record<string, unknown> }).shape;
      const inputs: Record<string, Json> = {};
      for (const [key, schema] of Object.entries((jsonSchema.properties as Record<string, Json>) ?? {})) {
        inputs[key] = propertySpec(schema, `Get${thing}Args${pascal(key)}`, factsOf(shape[key]).description, emitter);
      }
      functions[`${TOKEN_PREFIX}${name}`] = {
        description: registryDescription(forDoor(lookup.description, "pulumi"), `functions/${name}`, emitter),
        inputs: {
          properties: inputs,
          ...(Array.isArray(jsonSchema.required) && jsonSchema.required.length > 0 ? { required: [...(jsonSchema.required as string[])].sort() } : {}),
        },
        outputs: invokeResultSpec(name, jsonSchemaOf(lookup.result, "output"), emitter),
      };
    }
  }
  return functions;
}

/** An invoke returns an object: a list result is wrapped as `{ <plural>: [...] }` (door-layer/invoke.ts, whose rule this is). */
const { listResultKey } = requireBuilt("./door-layer/invoke") as { listResultKey: (name: string) => string };

function invokeResultSpec(name: string, result: Json, emitter: Emitter): Json {
  if (result.type === "array") {
    const key = listResultKey(name);
    const items = { type: "array", items: resultTypeSpec(result.items as Json, `${pascal(name)}Result`, emitter) };
    return { properties: { [key]: items }, required: [key] };
  }
  const ref = resultTypeSpec(result, `${pascal(name)}Result`, emitter) as { $ref: string };
  const token = ref.$ref.replace("#/types/", "");
  const object = emitter.types[token];
  delete emitter.types[token];
  return { properties: object.properties, ...(object.required ? { required: object.required } : {}) };
}

/** What provider/package.json says of the package: the one version, and where it lives. */
export interface Manifest {
  version: string;
  license: string;
  homepage: string;
  repository: { url: string };
}

/** https://github.com/<owner>/<repo> of the package.json's `git+https://...git`. */
export function repositoryUrl(manifest: Manifest): string {
  return manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
}

/**
 * Where the CLI downloads the plugin: the repository's release of the version (Pulumi puts the
 * version in `${VERSION}` and appends `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`), the
 * archives `npm run release` makes (provider/scripts/release/).
 */
export function pluginDownloadUrl(manifest: Manifest): string {
  return `${repositoryUrl(manifest)}/releases/download/v\${VERSION}/`;
}

/**
 * The package schema. `examples: false` leaves the Registry's examples out of the descriptions:
 * the schema the example programs are converted against (their conversions are what the examples
 * block shows, so they cannot be needed first).
 */
export function generateSchema(config: readonly ConfigKey[], manifest: Manifest, { examples = true }: { examples?: boolean } = {}): Json {
  const { version } = manifest;
  const repository = repositoryUrl(manifest);
  const emitter: Emitter = { types: {}, examples };
  const resources = Object.fromEntries(kindFiles().map((file) => resourceSpec(file, emitter)));
  const functions = functionSpecs(emitter);
  const configVariables = Object.fromEntries(
    config.map((key) => [
      key.key,
      {
        type: key.type,
        description: key.description,
        ...(key.secret ? { secret: true } : {}),
        ...(key.env ? { defaultInfo: { environment: [key.env] } } : {}),
      },
    ]),
  );
  const sortedTypes = Object.fromEntries(Object.entries(emitter.types).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name: PACKAGE,
    displayName: "Documentation platform",
    version,
    description:
      "Manage a documentation platform's organization as code: teams, members, spaces, collections, sites and their structure, customization, OpenAPI specs, SAML and translations.",
    keywords: ["pulumi", "docs-platform", "documentation", "category/utility", "kind/native"],
    homepage: repository,
    repository,
    license: manifest.license,
    publisher: "docs-platform",
    logoUrl: `${repository.replace("https://github.com/", "https://raw.githubusercontent.com/")}/main/docs/logo.svg`,
    pluginDownloadURL: pluginDownloadUrl(manifest),
    // supportPack: the generators write each SDK's own package files (package.json, pyproject.toml,
    // go.mod) with the schema's version, as the registries take them.
    meta: { moduleFormat: "(.*)", supportPack: true },
    config: { variables: configVariables },
    provider: {
      description: "The provider of the documentation platform: where the API is, the token, the default organization and the client's pace.",
      inputProperties: configVariables,
    },
    types: sortedTypes,
    resources,
    functions,
    language: {
      // Names this project owns in every registry: no `@pulumi/` scope.
      nodejs: { packageName: "@docs-platform/pulumi", dependencies: { "@pulumi/pulumi": "^3.216.0" }, respectSchemaVersion: true },
      python: { packageName: "pulumi_docs_platform", requires: { pulumi: ">=3.216.0,<4.0.0" }, respectSchemaVersion: true },
      go: { importBasePath: "github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform", generateResourceContainerTypes: true, respectSchemaVersion: true },
      csharp: { rootNamespace: "DocsPlatform", packageReferences: { Pulumi: "3.*" }, respectSchemaVersion: true },
      java: { basePackage: "com.docsplatform", buildFiles: "gradle", dependencies: { "com.pulumi:pulumi": "1.0.0" } },
    },
  };
}

/** The schema as the declarations give it now (never the committed file), as schema.json holds it; `examples` as generateSchema's. */
export function freshSchemaText(options: { examples?: boolean } = {}): string {
  const { CONFIG_KEYS } = requireBuilt("./config/provider-config") as { CONFIG_KEYS: ConfigKey[] };
  const manifest = JSON.parse(fs.readFileSync(path.join(providerRoot, "package.json"), "utf8")) as Manifest;
  return `${JSON.stringify(generateSchema(CONFIG_KEYS, manifest, options), null, 2)}\n`;
}

/** Where the plugin's committed schema lies. */
export const SCHEMA_FILE = path.join(providerRoot, "docs-platform", "schema.json");

// `node provider/scripts/generate-schema.mts [--check]`: writes (or checks) provider/docs-platform/schema.json.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = freshSchemaText();
  const target = SCHEMA_FILE;
  if (process.argv.includes("--check")) {
    const committed = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
    if (committed !== text) {
      process.stderr.write("provider/docs-platform/schema.json is out of date: run `npm run schema` and commit it.\n");
      process.exit(1);
    }
  } else {
    fs.writeFileSync(target, text);
    process.stdout.write(`wrote ${path.relative(process.cwd(), target)} (${text.length} bytes)\n`);
  }
}
