/**
 * The contributor's map (issue 49, item 5): docs/CONTRIBUTING.md and docs/ARCHITECTURE.md, each
 * about a page and linked from the README. Every command they give names a script of package.json,
 * every file or folder they name exists, every function they name stands in the file named beside
 * it, and the commands of a block marked `sh run` run (cheap ones: the heavy ones, `npm install`
 * and the tiers, are the install and CI tests' to run).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KINDS, fileOf } from "../../provider/resources/kinds.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const PAGES = ["docs/CONTRIBUTING.md", "docs/ARCHITECTURE.md"] as const;
const read = (page: string) => readFileSync(`${root}${page}`, "utf8");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/** The fenced blocks of a page: their info string and text. */
function blocks(markdown: string): { info: string; text: string }[] {
  return [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    info: match[1].trim(),
    text: match[2],
  }));
}

/** Every `code` span of a page, fenced blocks left out. */
function spans(markdown: string): string[] {
  return [...markdown.replace(/^```[\s\S]*?^```$/gm, "").matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
}

/** A path a page names, with `<kind>` as an existing kind's file: under the repository, or under provider/ (ARCHITECTURE.md's floors). */
function exists(path: string): boolean {
  const concrete = path.replace(/<kind>/g, fileOf(KINDS[0].kind));
  return existsSync(`${root}${concrete}`) || existsSync(`${root}provider/${concrete}`);
}

describe.each(PAGES)("%s", (page) => {
  const markdown = read(page);

  it("is about a page, linked from the README", () => {
    expect(markdown.split("\n").length).toBeLessThanOrEqual(120);
    expect(markdown.split("\n").filter((line) => line.length > 100)).toEqual([]);
    expect(read("README.md")).toContain(`](${page})`);
  });

  it("gives only npm scripts package.json has", () => {
    const named = [...markdown.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !(name in scripts))).toEqual([]);
  });

  it("names only files and folders that exist", () => {
    const paths = spans(markdown).filter(
      (span) => /^[\w.-]+(\/[\w.<>-]*)+$|^[\w-]+\.(ts|mts|md|json)$/.test(span) && !span.startsWith("~"),
    );
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it("names each function where it stands: `name` (`file`)", () => {
    const named = [...markdown.matchAll(/`(\w+)`\s+\(`([\w/.-]+\.ts)`\)/g)].map((match) => ({
      name: match[1],
      file: match[2],
    }));
    if (page === "docs/ARCHITECTURE.md") expect(named.length).toBeGreaterThanOrEqual(5);
    const missing = named.filter(({ name, file }) => {
      const source = [`${root}${file}`, `${root}provider/${file}`].find((candidate) => existsSync(candidate));
      return !source || !new RegExp(`\\b${name}\\b`).test(readFileSync(source, "utf8"));
    });
    expect(missing).toEqual([]);
  });

  it("runs the commands of its blocks marked to run", () => {
    for (const block of blocks(markdown).filter(({ info }) => info === "sh run")) {
      for (const line of block.text.split("\n").filter((text) => text.trim() !== "")) {
        const [command, ...args] = line.split(" ");
        expect(command, line).toBe("node");
        expect(
          () => execFileSync(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] }),
          line,
        ).not.toThrow();
      }
    }
  }, 60_000);
});

describe("docs/CONTRIBUTING.md", () => {
  it("lists, for a new kind, the files of every kind's that a test fails without", () => {
    const markdown = read("docs/CONTRIBUTING.md");
    const section = markdown.slice(markdown.indexOf("## Adding a kind"), markdown.indexOf("## The doors"));
    for (const file of [
      "provider/resources/kinds.ts",
      "provider/walker/kinds/<kind>.ts",
      "provider/cli/export/snapshot/write.ts",
      "docs/resources/examples/<kind>/Pulumi.yaml",
      "test/contract/examples.ts",
      "test/e2e/scenarios/<kind>.ts",
      "test/provider/api-shapes.test.ts",
      "test/terraform/tofu-kinds.test.ts",
      "test/cli/export-golden.test.ts",
    ]) {
      expect(section).toContain(`\`${file}\``);
    }
  });

  it("says what npm run generate runs, in its order", () => {
    const markdown = read("docs/CONTRIBUTING.md");
    const section = markdown.slice(markdown.indexOf("## What `npm run generate` runs"));
    const order = [...section.matchAll(/^\d\. `npm run ([\w-]+)`/gm)].map((match) => match[1]);
    expect(order).toEqual(["kinds", "examples", "schema", "docs", "terraform-docs"]);
  });
});
