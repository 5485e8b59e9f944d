// Generates provider/dynamic/kinds.generated.ts, the dynamic package's `<Kind>Args` interfaces and
// `<Kind>Outputs` (the typed outputs each resource class merges in: inputs and `outputs`), from
// the kinds' declarations (provider/resources/): one property per field of the kind's input schema,
// its doc comment the field's declared description (adapter/fields.ts), its type what the schema
// accepts (`z.input`) as an Output or a value at any depth (dynamic/args.ts `ArgOf`). Nothing of a
// kind's inputs is written twice by hand.
//
// Run after `npm run build` (it reads the compiled definitions): `npm run kinds`. `--check`
// compares instead of writing (test/unit/kinds-generated.test.ts): a committed file that differs fails.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const providerRoot = fileURLToPath(new URL("..", import.meta.url));
const requireBuilt = createRequire(path.join(providerRoot, "dist", "index.js"));
const { z } = requireBuilt("zod") as typeof import("zod");
const { factsOf } = requireBuilt("./adapter/fields") as typeof import("../adapter/fields.ts");
const { KINDS, fileOf } = requireBuilt("./resources/kinds") as typeof import("../resources/kinds.ts");

export const GENERATED_FILE = path.join(providerRoot, "dynamic", "kinds.generated.ts");

/** `OpenApiSpec` -> `openApiSpecInputs`: the name the generated file imports a kind's input schema as. */
function inputsAlias(kind: string): string {
  return `${kind[0]!.toLowerCase()}${kind.slice(1)}Inputs`;
}

/** A doc comment of `text`, indented by `indent`. */
function docComment(text: string, indent: string): string {
  const lines = text.replaceAll("*/", "*\\/").split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

/** `SiteSpaceOutputs`: a resource class's typed outputs, merged into the class (`interface SiteSpace extends SiteSpaceOutputs {}`). */
function outputsInterface(definition: (typeof KINDS)[number], outputsExport: string | undefined): string {
  const { kind } = definition;
  const inputs = definition.schema.shape as Record<string, unknown>;
  const outputs = ((definition as { outputs?: { shape: Record<string, unknown> } }).outputs?.shape ?? {}) as Record<string, unknown>;
  let body = docComment(`The outputs of a \`${kind}\` resource: every input as the state holds it, and the server's own fields.`, "");
  body += `export interface ${kind}Outputs {
`;
  for (const [key, field] of Object.entries(inputs)) {
    // adopt is read at creation only: the state does not echo it.
    if (key === "adopt") continue;
    const description = (key in outputs ? factsOf(outputs[key]).description : undefined) ?? factsOf(field).description;
    if (description) body += docComment(description, "  ");
    body += `  readonly ${key}: OutputOf<typeof ${inputsAlias(kind)}, ${JSON.stringify(key)}>;\n`;
  }
  for (const [key, field] of Object.entries(outputs)) {
    if (key in inputs) continue;
    const { description } = factsOf(field);
    if (description) body += docComment(description, "  ");
    body += `  readonly ${key}: OutputOf<typeof ${outputsAlias(kind)}, ${JSON.stringify(key)}>;\n`;
  }
  if (Object.keys(outputs).length > 0 && !outputsExport) throw new Error(`generate-kinds: resources/${fileOf(kind)}.ts does not export the outputs schema of ${kind}`);
  return `${body}}\n`;
}

/** `SiteSpace` -> `siteSpaceOutputs`: the name the generated file imports a kind's outputs schema as. */
function outputsAlias(kind: string): string {
  return `${kind[0]!.toLowerCase()}${kind.slice(1)}Outputs`;
}

function argsInterface(definition: (typeof KINDS)[number], schemaExport: string): { imports: string; body: string } {
  const { kind } = definition;
  const alias = inputsAlias(kind);
  const shape = definition.schema.shape as Record<string, unknown>;
  const json = z.toJSONSchema(definition.schema as unknown as Parameters<typeof z.toJSONSchema>[0], { io: "input", unrepresentable: "any" }) as { required?: string[] };
  const required = new Set(json.required ?? []);
  let body = docComment(`The arguments of the \`${kind}\` resource kind.`, "");
  body += `export interface ${kind}Args {\n`;
  for (const [key, field] of Object.entries(shape)) {
    const { description } = factsOf(field);
    if (description === undefined) throw new Error(`generate-kinds: ${kind}.${key} has no description (declare it on the field: .meta({ description }))`);
    // organizationId falls back to the stack's docs-platform:organizationId (dynamic/args.ts withIdentity).
    const optional = key === "organizationId" || !required.has(key);
    body += docComment(description, "  ");
    body += `  ${key}${optional ? "?" : ""}: ArgOf<typeof ${alias}, ${JSON.stringify(key)}>;\n`;
  }
  body += "}\n";
  const imported = schemaExport === alias ? alias : `${schemaExport} as ${alias}`;
  return { imports: `import type { ${imported} } from "../resources/${fileOf(kind)}";\n`, body };
}

export function generateKinds(): string {
  const parts = [...KINDS]
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((definition) => {
      const module = requireBuilt(`./resources/${fileOf(definition.kind)}`) as Record<string, unknown>;
      const schemaExport = Object.entries(module).find(([name, value]) => name !== "definition" && value === definition.schema)?.[0];
      if (!schemaExport) throw new Error(`generate-kinds: resources/${fileOf(definition.kind)}.ts does not export the input schema of ${definition.kind}`);
      const outputsExport = Object.entries(module).find(([name, value]) => name !== "definition" && value === (definition as { outputs?: unknown }).outputs)?.[0];
      const args = argsInterface(definition, schemaExport);
      const outputsImport = outputsExport ? `import type { ${outputsExport} as ${outputsAlias(definition.kind)} } from "../resources/${fileOf(definition.kind)}";\n` : "";
      return { imports: args.imports + outputsImport, body: `${args.body}\n${outputsInterface(definition, outputsExport)}` };
    });
  return (
    "// Generated by provider/scripts/generate-kinds.mts from the kinds' declarations (provider/resources/):\n" +
    "// do not edit. After changing a kind's input fields, run `npm run kinds`.\n" +
    'import type { ArgOf, OutputOf } from "./args";\n' +
    parts.map((part) => part.imports).join("") +
    "\n" +
    parts.map((part) => part.body).join("\n")
  );
}

// `node provider/scripts/generate-kinds.mts [--check]`: writes (or checks) provider/dynamic/kinds.generated.ts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = generateKinds();
  if (process.argv.includes("--check")) {
    const committed = fs.existsSync(GENERATED_FILE) ? fs.readFileSync(GENERATED_FILE, "utf8") : "";
    if (committed !== text) {
      process.stderr.write("provider/dynamic/kinds.generated.ts is out of date: run `npm run kinds` and commit it.\n");
      process.exit(1);
    }
  } else {
    fs.writeFileSync(GENERATED_FILE, text);
    process.stdout.write(`wrote ${path.relative(process.cwd(), GENERATED_FILE)} (${text.length} bytes)\n`);
  }
}
