/**
 * The Terraform pages (docs/terraform/, provider/scripts/generate-terraform-docs.mts) are what the
 * generator makes now from the declarations, one per kind and per lookup, each with an HCL example
 * and, for a resource, its import id form. The examples themselves run through the real OpenTofu
 * in test/terraform/tofu-docs-examples.test.ts (full tier).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KINDS } from "../../provider/resources/kinds.ts";
import { LOOKUPS } from "../../provider/lookups/registry.ts";
import { dataSourceTypeName, resourceTypeName } from "../../provider/terraform/schema.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const generator = `${root}provider/scripts/generate-terraform-docs.mts`;
const page = (relative: string) => readFileSync(`${root}docs/terraform/${relative}`, "utf8");

describe("the Terraform reference pages", () => {
  it("are the ones the generator makes now (run `npm run terraform-docs` after changing a kind or a lookup)", () => {
    try {
      execFileSync(process.execPath, [generator, "--check"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      throw new Error(String((error as { stderr?: string }).stderr ?? error), { cause: error });
    }
  });

  it("has a page per kind and per lookup, each with an HCL example", () => {
    for (const definition of KINDS) {
      const name = resourceTypeName(definition.kind);
      const text = page(`resources/${name.replace("docsplatform_", "")}.md`);
      expect(text, name).toContain(`# ${name} (Resource)`);
      expect(text, name).toMatch(new RegExp(`\`\`\`terraform\\n[^]*resource "${name}" "\\w+" \\{`));
      expect(text, name).toContain("## Argument Reference");
      expect(text, name).toContain(`tofu import ${name}.`);
      expect(text, name).toContain(`to = ${name}.`);
      expect(text, name).not.toMatch(/docs-platform:|```ts/);
    }
    for (const lookup of LOOKUPS) {
      const name = dataSourceTypeName(lookup.name);
      const text = page(`data-sources/${name.replace("docsplatform_", "")}.md`);
      expect(text, name).toContain(`# ${name} (Data Source)`);
      expect(text, name).toMatch(new RegExp(`data "${name}" "\\w+"`));
    }
  });

  it("writes the examples' references and names as Terraform does", () => {
    const customization = page("resources/site_customization.md");
    expect(customization).toContain("  site_id = docsplatform_site.portal.id\n");
    expect(customization).toContain("    primary_color = {\n");
    expect(customization).toContain("tofu import docsplatform_site_customization.look '<site_id>'");
    const siteSpace = page("resources/site_space.md");
    expect(siteSpace).toContain("'<site_id>/<site_space_id>'");
    const spaces = page("data-sources/spaces.md");
    expect(spaces).toContain("value = data.docsplatform_spaces.all.spaces");
  });
});
