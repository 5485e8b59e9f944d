/**
 * The dynamic package's `<Kind>Args`, the resource classes' typed outputs `<Kind>Outputs` and the
 * resource classes (each kind's provider/dynamic/resources/<kind>.ts, the kind file holding none
 * of them) are generated from the kinds' declarations (provider/scripts/generate-kinds.mts): a committed part that differs from a
 * fresh generation fails here, so an input field added, documented or retyped on its kind reaches
 * the package's types with `npm run kinds` and never by hand. (test/unit/args-compatibility.ts
 * proves, with the type checker, that the generated types take what the hand-written ones took.)
 * The lookups' `Get...Args` and `Get...Result` (the generated end of each provider/lookups/<file>.ts)
 * the same way, from each lookup's argument and result schemas. And the lists of every kind the
 * package writes out (provider/index.ts's named exports, the exporters' imports), from the
 * registry: a kind added to resources/kinds.ts reaches them with `npm run kinds`.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { factsOf } from "../../provider/adapter/fields.ts";
import * as docs from "../../provider/index.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { KINDS, KIND_NAMES, fileOf } from "../../provider/resources/kinds.ts";
import { LIST_START, REGION_END, REGION_START } from "../../provider/scripts/generate-kinds.mts";
import { descriptionOf } from "../../provider/scripts/kind-descriptions.mts";
import * as collections from "../../provider/lookups/collections.ts";
import * as members from "../../provider/lookups/members.ts";
import * as organizations from "../../provider/lookups/organizations.ts";
import * as sites from "../../provider/lookups/sites.ts";
import * as spaces from "../../provider/lookups/spaces.ts";
import * as teams from "../../provider/lookups/teams.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

interface LookupDeclaration {
  name: string;
  description: string;
  schema: { shape: Record<string, unknown> };
}

/** Every lookup file, with the lookups it exports (`...Lookup`). */
const LOOKUP_FILES: Record<string, Record<string, unknown>> = {
  "collections.ts": collections,
  "members.ts": members,
  "organizations.ts": organizations,
  "sites.ts": sites,
  "spaces.ts": spaces,
  "teams.ts": teams,
};

function lookupsOf(file: string): Record<string, LookupDeclaration> {
  const module = LOOKUP_FILES[file] ?? {};
  return Object.fromEntries(
    Object.entries(module)
      .filter(([exported, value]) => exported.endsWith("Lookup") && typeof value === "object" && value !== null)
      .map(([, value]) => [(value as LookupDeclaration).name, value as LookupDeclaration]),
  );
}

describe("the generated <Kind>Args and <Kind>Outputs", () => {
  it("are the ones the generator makes now (run `npm run kinds` after changing a kind's inputs)", () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, [`${root}provider/scripts/generate-kinds.mts`, "--check"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
        return "same";
      } catch (error) {
        return String((error as { stderr?: string }).stderr ?? error);
      }
    })();
    expect(result).toBe("same");
  }, 60_000);

  it("hold every input of every kind, documented with its field's description, optional where the schema lets it be left out", () => {
    const generatedPart = (kind: string) => readFileSync(`${root}provider/dynamic/resources/${fileOf(kind)}.ts`, "utf8");
    for (const definition of KINDS) {
      const generated = generatedPart(definition.kind);
      const body = new RegExp(`export interface ${definition.kind}Args \\{\\n([^]*?)\\n\\}`).exec(generated)?.[1];
      expect(body, definition.kind).toBeDefined();
      const keys = [...body!.matchAll(/^ {2}(\w+)\??: /gm)].map((match) => match[1]);
      expect(keys, definition.kind).toEqual(Object.keys(definition.schema.shape));
      for (const [key, field] of Object.entries(definition.schema.shape)) {
        const firstLine = factsOf(field).description!.split("\n")[0];
        expect(body, `${definition.kind}.${key}`).toContain(firstLine);
      }
    }
    // The typed outputs: every input but adopt, then the definition's outputs that are not inputs.
    for (const definition of KINDS) {
      const generated = generatedPart(definition.kind);
      const body = new RegExp(`export interface ${definition.kind}Outputs \\{\\n([^]*?)\\n\\}`).exec(generated)?.[1];
      const keys = [...body!.matchAll(/^ {2}readonly (\w+): /gm)].map((match) => match[1]);
      const inputs = Object.keys(definition.schema.shape).filter((key) => key !== "adopt");
      const outputs = Object.keys(definition.outputs?.shape ?? {}).filter((key) => !inputs.includes(key));
      expect(keys, definition.kind).toEqual([...inputs, ...outputs]);
    }
    // Required where the schema requires it; organizationId falls back to the stack's default.
    // Each resource class (in its own file, dynamic/resources/<file>.ts) has a doc comment that opens
    // with its definition's description; the kind file holds no class (it loads no Pulumi SDK).
    for (const definition of KINDS) {
      const source = readFileSync(`${root}provider/dynamic/resources/${fileOf(definition.kind)}.ts`, "utf8");
      const beforeClass = source.slice(0, source.indexOf(`\nexport class ${definition.kind} `));
      const comment = beforeClass.slice(beforeClass.lastIndexOf("/**"));
      const text = comment
        .replace(/^\/\*\*\s?|\s?\*\/$/g, "")
        .split("\n")
        .map((line) => line.replace(/^ \* ?/, ""))
        .join("\n")
        .trim();
      expect(text.startsWith(descriptionOf(definition.kind)), definition.kind).toBe(true);
      const kindFile = readFileSync(`${root}provider/resources/${fileOf(definition.kind)}.ts`, "utf8");
      expect(kindFile, definition.kind).not.toContain(`export class ${definition.kind} `);
      expect(kindFile, definition.kind).not.toMatch(/^import (?!type )[^;]*"@pulumi\/pulumi"/m);
      // Nor anything of the dynamic package: dynamic/ imports the kinds, never the reverse.
      expect(kindFile, definition.kind).not.toMatch(/^import [^;]*"\.\.\/dynamic\//m);
    }
    // Each lookup file's generated part: one Get...Args per lookup with every argument, documented.
    const lookupFiles = readdirSync(`${root}provider/lookups`).filter(
      (name) => Object.keys(lookupsOf(name)).length > 0 || readFileSync(`${root}provider/lookups/${name}`, "utf8").includes("LookupDefinition<"),
    );
    expect(lookupFiles.filter((name) => !(name in LOOKUP_FILES) && name !== "lookup.ts")).toEqual([]);
    for (const file of Object.keys(LOOKUP_FILES)) {
      const source = readFileSync(`${root}provider/lookups/${file}`, "utf8");
      const generated = source.includes(REGION_START) ? source.slice(source.indexOf(REGION_START)) : "";
      for (const [name, lookup] of Object.entries(lookupsOf(file))) {
        const body = new RegExp(`export interface ${name.charAt(0).toUpperCase()}${name.slice(1)}Args \\{\\n([^]*?)\\n\\}`).exec(generated)?.[1];
        expect(body, name).toBeDefined();
        expect(
          [...body!.matchAll(/^ {2}(\w+)\??: /gm)].map((match) => match[1]),
          name,
        ).toEqual(Object.keys(lookup.schema.shape));
        for (const field of Object.values(lookup.schema.shape)) expect(body, name).toContain(factsOf(field).description!.split("\n")[0]);
        // The function's doc comment opens with the lookup's description.
        expect(source, name).toContain(` * ${lookup.description.split("\n")[0]}`);
      }
    }
    const siteSpace = generatedPart("SiteSpace");
    expect(siteSpace).toMatch(/\n {2}siteId: ArgOf<typeof siteSpaceInputs, "siteId">;/);
    expect(siteSpace).toMatch(/\n {2}organizationId\?: ArgOf<typeof siteSpaceInputs, "organizationId">;/);
    expect(siteSpace).toMatch(/\n {2}sectionId\?: ArgOf<typeof siteSpaceInputs, "sectionId">;/);
  });
});

describe("the lists of every kind, generated from the registry (resources/kinds.ts)", () => {
  const generatedList = (file: string) => {
    const source = readFileSync(`${root}${file}`, "utf8");
    const start = source.indexOf(LIST_START);
    expect(start, file).toBeGreaterThan(-1);
    return source.slice(start, source.indexOf(REGION_END, start));
  };

  it("the package exports every kind's class by name, with its <Kind>Args type", () => {
    const exported: Record<string, unknown> = { ...docs };
    expect(KIND_NAMES.filter((kind) => typeof exported[kind] !== "function")).toEqual([]);
    const list = generatedList("provider/index.ts");
    for (const kind of KIND_NAMES) expect(list, kind).toContain(`export { ${kind}, type ${kind}Args } from "./dynamic/resources/${fileOf(kind)}";`);
  });

  it("every kind has its exporter, kinds/<file>.ts, in the registry's order", () => {
    expect(EXPORTERS.map((exporter) => exporter.kind)).toEqual(KIND_NAMES);
    for (const exporter of EXPORTERS) expect(exporter.definition, exporter.kind).toBe(KINDS.find((definition) => definition.kind === exporter.kind));
    const list = generatedList("provider/walker/kinds/index.ts");
    for (const kind of KIND_NAMES) expect(list, kind).toContain(`from "./${fileOf(kind)}";`);
  });
});
