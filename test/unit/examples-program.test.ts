// The resource pages' examples, and the guides' samples, as one program per language each
// (test/release/examples-program.ts, which rehearsal-languages.test.ts runs with the real engine):
// names renamed, counts checked, and a conversion the renaming does not recognise fails, naming
// its kind and language.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileOf, KINDS } from "../../provider/resources/kinds.ts";
import { examplesDir, exampleFunctions, exampleGuides, exampleKinds } from "../../provider/scripts/generate-examples.mts";
import { type ExampleLanguage, examplesProgram, goFunction, rehearsedExamples, renameConversion, yamlExampleNames } from "../release/examples-program.ts";

const LANGUAGES: ExampleLanguage[] = ["python", "typescript", "go", "java"];
/** The kinds' examples (the guides' samples make a program of their own). */
const kinds = rehearsedExamples();
/** Every example's resources: one program holds them all. */
const resourceCount = kinds.reduce((count, kind) => count + yamlExampleNames(kind).resources.length, 0);
const allRenamedOutputs = kinds.flatMap((kind) => yamlExampleNames(kind).outputs.map((name) => `${kind}-${name}`));
const read = (kind: string, file: string) => fs.readFileSync(path.join(examplesDir, kind, file), "utf8");

describe("every example in one program", () => {
  it("has every example's resources and every output, renamed `<kind>-<name>`, in each language", () => {
    // One example per kind of the registry.
    expect(exampleKinds()).toEqual(KINDS.map((definition) => fileOf(definition.kind)).sort());
    expect(kinds).toEqual(exampleKinds());
    expect(allRenamedOutputs).toEqual(expect.arrayContaining(["site-siteId", "team-teamId", "organization-settings-title", "open-api-spec-processingState"]));
    for (const language of LANGUAGES) {
      const program = examplesProgram(language);
      expect(program.resources, language).toHaveLength(resourceCount);
      expect(program.resources, language).toContain("site-structure-order");
      expect(program.outputs, language).toEqual(allRenamedOutputs);
      // One file per example; TypeScript's examples/index.ts collects their outputs.
      expect(Object.keys(program.files), language).toHaveLength(language === "typescript" ? kinds.length + 1 : kinds.length);
    }
  });

  it("Python: each example a module with its resources and outputs renamed, run in turn with runpy", () => {
    const program = examplesProgram("python");
    const site = program.files["examples/site.py"];
    expect(site).toContain('portal = docs_platform.Site("site-portal",');
    expect(site).toContain('pulumi.export("site-siteId", portal.id)');
    const structure = program.files["examples/site_structure.py"];
    for (const name of ["guidesSpace", "referenceSpace", "portal", "guides", "apiGroup", "reference", "order"]) expect(structure).toContain(`("site-structure-${name}"`);
    // Only the logical names: a property's value that happens to equal one stays.
    expect(program.files["examples/site_section.py"]).toContain('path="guides"');
    expect(program.run).toContain('"site_structure"');
    expect(program.run).toMatch(/runpy\.run_path\(/);
  });

  it("TypeScript: each example a module with its resources renamed; examples/index.ts collects the outputs under the new names", () => {
    const program = examplesProgram("typescript");
    expect(program.files["examples/site.ts"]).toContain('new docs_platform.Site("site-portal", {');
    // The module keeps its export's name; the collected object renames it.
    expect(program.files["examples/site.ts"]).toContain("export const siteId = portal.id;");
    const index = program.files["examples/index.ts"];
    expect(index).toContain('import * as site from "./site";');
    // No output read from it: imported for its effect, which TypeScript keeps (a namespace import nothing reads is dropped).
    expect(index).toContain('import "./site_structure";');
    expect(index.match(/^import /gm)).toHaveLength(kinds.length);
    expect(index).toContain('    "site-siteId": site.siteId,');
    expect(index).toContain('    "organization-settings-title": organization_settings.title,');
    for (const output of allRenamedOutputs) expect(index).toContain(`"${output}":`);
    expect(program.run).toBe('require("./examples").outputs');
  });

  it("Go: each example a function of package main in its own file, called in turn", () => {
    const program = examplesProgram("go");
    const site = program.files["site_example.go"];
    expect(site).toMatch(/^package main$/m);
    expect(site).not.toContain("func main()");
    expect(site).not.toContain("pulumi.Run(");
    expect(site).toContain('func exampleSite(ctx *pulumi.Context) error {\n\tportal, err := docsplatform.NewSite(ctx, "site-portal", &docsplatform.SiteArgs{');
    expect(site).toContain('\tctx.Export("site-siteId", portal.ID())\n\treturn nil\n}\n');
    expect(program.files["site_space_customization_example.go"]).toContain("func exampleSiteSpaceCustomization(ctx *pulumi.Context) error {");
    expect(program.run).toContain("\t\tif err := exampleOpenApiSpec(ctx); err != nil {\n\t\t\treturn err\n\t\t}");
    expect(program.run.match(/if err := example\w+\(ctx\)/g)).toHaveLength(kinds.length);
  });

  it("Java: each example's App in its own package, its stack(ctx) called in turn", () => {
    const program = examplesProgram("java");
    const site = program.files["src/main/java/examples/site/App.java"];
    expect(site).toMatch(/^package examples\.site;$/m);
    expect(site).toContain('var portal = new Site("site-portal", SiteArgs.builder()');
    expect(site).toContain('ctx.export("site-siteId", portal.id());');
    expect(program.files["src/main/java/examples/site_adaptive_schema/App.java"]).toMatch(/^package examples\.site_adaptive_schema;$/m);
    expect(program.run).toContain("            examples.team_member.App.stack(ctx);");
    expect(program.run.split("\n")).toHaveLength(kinds.length);
  });
});

describe("every guide sample in one program", () => {
  const samples = rehearsedExamples("guides");
  const renamed = (kind: string, names: string[]) => names.map((name) => `${kind}-${name}`);

  it("holds every sample, the README's among them, its resources and outputs renamed `<sample>-<name>`, in each language", () => {
    expect(samples).toEqual(exampleGuides());
    expect(samples).toContain("readme");
    const resources = samples.flatMap((sample) => renamed(sample, yamlExampleNames(sample).resources));
    const outputs = samples.flatMap((sample) => renamed(sample, yamlExampleNames(sample).outputs));
    // The explicit provider is one of the stack's resources; the README's lookup is an output.
    expect(resources).toEqual(expect.arrayContaining(["configuration-explicit-provider-globex", "readme-handbookSite", "environments-site-order-order"]));
    expect(outputs).toEqual(expect.arrayContaining(["readme-organizationTitle", "adopt-and-export-adopt-editorsTeam", "configuration-secrets-samlProviderId"]));
    for (const language of LANGUAGES) {
      const program = examplesProgram(language, "guides");
      expect(program.resources, language).toEqual(resources);
      expect(program.outputs, language).toEqual(outputs);
      expect(Object.keys(program.files), language).toHaveLength(language === "typescript" ? samples.length + 1 : samples.length);
    }
  });

  it("renames the guides' conversions as the kinds': Python's README, Go's explicit provider, Java's adopt, TypeScript's outputs collected", () => {
    const python = examplesProgram("python", "guides");
    expect(python.files["examples/readme.py"]).toContain('handbook_site = docs_platform.Site("readme-handbookSite",');
    expect(python.files["examples/readme.py"]).toContain('pulumi.export("readme-organizationTitle", organization_var.title)');
    expect(python.run).toContain("guides' samples");
    const go = examplesProgram("go", "guides");
    expect(go.files["configuration_explicit_provider_example.go"]).toContain(
      'globex, err := docsplatform.NewProvider(ctx, "configuration-explicit-provider-globex", &docsplatform.ProviderArgs{',
    );
    expect(go.run).toContain("if err := exampleReadme(ctx); err != nil {");
    const java = examplesProgram("java", "guides");
    expect(java.files["src/main/java/examples/adopt_and_export_adopt/App.java"]).toMatch(/^package examples\.adopt_and_export_adopt;$/m);
    expect(java.files["src/main/java/examples/adopt_and_export_adopt/App.java"]).toContain('var editors = new Team("adopt-and-export-adopt-editors", TeamArgs.builder()');
    const typescript = examplesProgram("typescript", "guides");
    expect(typescript.files["examples/index.ts"]).toContain('    "readme-organizationTitle": readme.organizationTitle,');
  });
});

describe("every lookup's example in one program", () => {
  it("holds every function's example, no resource, its outputs renamed `<getThing>-<name>`, in each language", () => {
    const functions = rehearsedExamples("functions");
    expect(functions).toEqual(exampleFunctions());
    expect(functions).toContain("functions/getTeam");
    for (const language of LANGUAGES) {
      const program = examplesProgram(language, "functions");
      expect(program.resources, language).toEqual([]);
      expect(program.outputs, language).toEqual(expect.arrayContaining(["getTeam-teamId", "getMember-adaRole", "getOrganization-organizationTitle"]));
      expect(program.outputs, language).toHaveLength(functions.reduce((count, name) => count + yamlExampleNames(name).outputs.length, 0));
    }
    expect(examplesProgram("python", "functions").files["examples/getTeam.py"]).toContain('pulumi.export("getTeam-teamId", writers.id)');
    expect(examplesProgram("go", "functions").run).toContain("if err := exampleGetTeam(ctx); err != nil {");
    expect(examplesProgram("java", "functions").files["src/main/java/examples/getTeam/App.java"]).toMatch(/^package examples\.getTeam;$/m);
    expect(examplesProgram("typescript", "functions").files["examples/index.ts"]).toContain('    "getTeam-teamId": getTeam.teamId,');
    // Every language runs every lookup's example, Java's list lookups exporting their items' ids.
    expect(examplesProgram("java", "functions").files["src/main/java/examples/getSpaces/App.java"]).toContain("result.spaces().stream().map(item -> item.id()).toList()");
  });
});

describe("a conversion the renaming does not recognise", () => {
  const site = yamlExampleNames("site");

  it("throws, naming the kind and the language, when a resource is written another way", () => {
    const python = read("site", "__main__.py").replace('docs_platform.Site("portal",', 'docs_platform.Site(resource_name="portal",');
    expect(() => renameConversion("python", "site", python, site)).toThrow(
      /the python conversion of the site example .*renamed resources \[\] \(0\) are not its YAML's \[portal\] \(1\)/,
    );
  });

  it("throws when it renames more resources than its YAML has", () => {
    const go = read("team", "main.go").replace("ctx.Export(", 'docsplatform.NewTeam(ctx, "writers", nil)\n\t\tctx.Export(');
    expect(() => renameConversion("go", "team", go, yamlExampleNames("team"))).toThrow(/the go conversion of the team example .*\[writers, writers\] \(2\)/);
  });

  it("throws when an output is missing or not the YAML's", () => {
    const java = read("site", "App.java").replace('ctx.export("siteId"', 'ctx.export("id"');
    expect(() => renameConversion("java", "site", java, site)).toThrow(
      /the java conversion of the site example .*renamed outputs \[id\] \(1\) are not its YAML's \[siteId\] \(1\)/,
    );
    const typescript = read("site", "index.ts").replace("export const siteId", "const siteId");
    expect(() => renameConversion("typescript", "site", typescript, site)).toThrow(/the typescript conversion of the site example .*renamed outputs \[\] \(0\)/);
  });

  it("Go: throws when the program is not `func main() { pulumi.Run(func(ctx) error { ... }) }`", () => {
    const program = read("team", "main.go");
    expect(goFunction("team", program)).toMatch(/^func exampleTeam\(ctx \*pulumi\.Context\) error \{$/m);
    expect(() => goFunction("team", program.replace("pulumi.Run(func(ctx *pulumi.Context) error {", "pulumi.Run(func(c *pulumi.Context) error {"))).toThrow(
      /the go conversion of the team example \(main\.go\) has not exactly one func main\(\) \{ pulumi\.Run/,
    );
    expect(() => goFunction("team", `${program}\n// trailing\n`)).toThrow(/the go conversion of the team example \(main\.go\) has not exactly one closing/);
  });

  it("renames exactly the YAML's names when they match", () => {
    const renamed = renameConversion("java", "site", read("site", "App.java"), site);
    expect(renamed).toContain('new Site("site-portal"');
    expect(renamed).toContain('ctx.export("site-siteId"');
    expect(renamed.replace("site-portal", "portal").replace("site-siteId", "siteId")).toBe(read("site", "App.java"));
  });
});
