/**
 * The per-kind reference pages (docs/resources/<kind>.md) are generated from the kinds'
 * declarations (provider/scripts/generate-docs.mts): a committed page that differs from the
 * generated one fails here, so a page never drifts from the code again.
 */
import { execFileSync } from "node:child_process";
import fs, { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { generatePages } from "../../provider/scripts/generate-docs.mts";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The compiled package and its zod, as the generator reads them (one module cache, one registry).
const requireBuilt = createRequire(`${root}provider/dist/index.js`);
const { definitionOf } = requireBuilt("./resources/kinds") as typeof import("../../provider/resources/kinds.ts");
const { globalRegistry } = requireBuilt("zod") as typeof z;

afterEach(() => vi.restoreAllMocks());

describe("the resource reference pages", () => {
  it("are the ones the generator makes now (run `npm run docs` after changing a kind)", () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, [`${root}provider/scripts/generate-docs.mts`, "--check"], {
          cwd: root,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
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

  it("follow the declarations, not the committed schema.json: a field described anew with schema.json left stale changes its page (issue 49)", () => {
    const title = definitionOf("Team")!.schema.shape.title as z.ZodType;
    const declared = globalRegistry.get(title);
    const read = vi.spyOn(fs, "readFileSync");
    globalRegistry.add(title, { ...declared, description: "A description schema.json has never seen." });
    try {
      const page = generatePages().get("docs/resources/team.md")!;
      // The description, then what the page adds from the field's facts as data (its limits, its example).
      expect(page).toMatch(
        /^\| `title` \| string \| required \| A description schema\.json has never seen\.[^|]* \|$/m,
      );
      expect(page).not.toBe(readFileSync(`${root}docs/resources/team.md`, "utf8"));
    } finally {
      globalRegistry.add(title, declared!);
    }
    expect(read.mock.calls.map(([file]) => String(file))).not.toContainEqual(expect.stringMatching(/schema\.json$/));
    expect(generatePages().get("docs/resources/team.md")).toBe(readFileSync(`${root}docs/resources/team.md`, "utf8"));
  });
});
