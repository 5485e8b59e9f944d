/**
 * The per-kind reference pages (docs/resources/<kind>.md) are generated from the kinds'
 * declarations (provider/scripts/generate-docs.mts): a committed page that differs from the
 * generated one fails here, so a page never drifts from the code again.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the resource reference pages", () => {
  it("are the ones the generator makes now (run `npm run docs` after changing a kind)", () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, [`${root}provider/scripts/generate-docs.mts`, "--check"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
        return "same";
      } catch (error) {
        return String((error as { stderr?: string }).stderr ?? error);
      }
    })();
    expect(result).toBe("same");
  }, 60_000);

  it("show both type tokens, the import id form and the pulumi import command on every page", () => {
    for (const [kind, file, shape] of [
      ["Team", "team", "<id>"],
      ["SiteSection", "site-section", "<siteId>/<section id>"],
      ["OrganizationSettings", "organization-settings", "<organizationId>"],
    ] as const) {
      const page = readFileSync(`${root}docs/resources/${file}.md`, "utf8");
      expect(page).toContain(`\`pulumi-nodejs:dynamic/docs-platform:${kind}\``);
      expect(page).toContain(`\`docs-platform:index:${kind}\``);
      expect(page).toContain(`pulumi import docs-platform:index:${kind} <name> '${shape}'`);
      expect(page).not.toMatch(/cannot work, so/);
      // The example in every language, then the import section.
      const headings = [...page.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1]);
      expect(headings.slice(headings.indexOf("Example"))).toEqual([
        "Example",
        "YAML",
        "TypeScript: the dynamic package",
        "TypeScript: the plugin's SDK",
        "Python",
        "Go",
        "Java",
        "Import",
      ]);
      expect(page).toContain(`(examples/${file}/Pulumi.yaml)`);
      expect(page).toContain('import * as docs_platform from "pulumi-docs-platform";');
      expect(page).toContain('import * as docs_platform from "@docs-platform/pulumi";');
    }
  });
});
