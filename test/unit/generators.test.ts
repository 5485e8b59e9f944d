/**
 * The generators (provider/scripts/generate-*.mts) as a contributor meets them: `npm run generate`
 * runs every one, each has its npm script and its `--check`, and a missing example is named with
 * what makes it instead of a bare ENOENT (issue 49, item 4). Each generator's output is compared
 * with the committed files by its own test (kinds-generated, plugin/schema, resource-pages,
 * terraform/docs, e2e/resource-examples).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readExampleFile } from "../../provider/scripts/example-files.mts";
import { GENERATORS } from "../../provider/scripts/generate.mts";
import { exampleHcl } from "../../provider/scripts/generate-terraform-docs.mts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scripts = (JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { scripts: Record<string, string> })
  .scripts;

describe("npm run generate", () => {
  it("runs every generator of provider/scripts/, each with its own npm script and a --check", () => {
    const generators = readdirSync(`${root}provider/scripts`).filter((file) => /^generate-.+\.mts$/.test(file));
    expect(GENERATORS.map((generator) => generator.script).sort()).toEqual(generators.sort());
    expect(scripts.generate).toBe("npm run build && node provider/scripts/generate.mts");
    for (const { name, script } of GENERATORS) {
      expect(scripts[name], name).toMatch(
        new RegExp(`^npm run build && node provider/scripts/${script.replace(".", "\\.")}$`),
      );
      expect(readFileSync(`${root}provider/scripts/${script}`, "utf8"), script).toContain(
        'process.argv.includes("--check")',
      );
    }
  });

  it("rebuilds the package after kinds, whose files the later generators read compiled", () => {
    expect(GENERATORS.filter((generator) => generator.rebuildAfter).map((generator) => generator.name)).toEqual([
      "kinds",
    ]);
    expect(GENERATORS.map((generator) => generator.name)).toEqual([
      "kinds",
      "examples",
      "schema",
      "docs",
      "terraform-docs",
    ]);
  });
});

describe("a missing example is named, with what makes it", () => {
  it("its Pulumi YAML, by every generator that reads it", () => {
    expect(() => readExampleFile("generate-docs", "no-such-kind", "Pulumi.yaml")).toThrow(
      "generate-docs: docs/resources/examples/no-such-kind/Pulumi.yaml is missing: write the example program (Pulumi YAML: the program every door's page shows), then run `npm run examples`",
    );
    expect(() => exampleHcl("no-such-kind")).toThrow(
      /^generate-terraform-docs: docs\/resources\/examples\/no-such-kind\/Pulumi\.yaml is missing: write the example program/,
    );
    expect(() => exampleHcl("no-such-kind")).not.toThrow(/ENOENT/);
  });

  it("a conversion: run npm run examples", () => {
    expect(() => readExampleFile("generate-schema", "team", "Main.kt")).toThrow(
      "generate-schema: docs/resources/examples/team/Main.kt is missing: run `npm run examples` (it converts the example's Pulumi.yaml to each language)",
    );
    expect(readExampleFile("generate-schema", "team", "Pulumi.yaml")).toContain("docs-platform:index:Team");
  });
});
