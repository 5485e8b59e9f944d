/**
 * Every package of the lock file that has an install script is named in the workspace's
 * `allowScripts`, allowed or denied, and in docs/testing.md's table of install scripts with the
 * same decision and why: npm 11 warns about a script `allowScripts` does not cover, and runs it.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => fs.readFileSync(`${root}/${file}`, "utf8");

/** The names of the lock file's packages that have an install script. */
function packagesWithInstallScripts(): string[] {
  const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const names = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
  return [...new Set(names)].sort();
}

type Node = { type: string; children?: Node[]; value?: string };
const text = (node: Node): string => (node.value ?? "") + (node.children ?? []).map(text).join("");

/** The rows of the table under `## Install scripts` of docs/testing.md, as [package, allowed, why]. */
function documentedRows(): string[][] {
  const tree = fromMarkdown(read("docs/testing.md"), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as Node;
  const nodes = tree.children ?? [];
  const start = nodes.findIndex((node) => node.type === "heading" && text(node) === "Install scripts");
  const table = nodes.slice(start).find((node) => node.type === "table");
  if (start < 0 || !table) throw new Error("docs/testing.md has no table under ## Install scripts");
  return (table.children ?? []).slice(1).map((row) => (row.children ?? []).map(text));
}

describe("install scripts", () => {
  it("every package whose install script npm would run is decided in allowScripts, and explained in docs/testing.md", () => {
    const allowScripts = (JSON.parse(read("package.json")) as { allowScripts: Record<string, boolean> }).allowScripts;
    const withScripts = packagesWithInstallScripts();
    expect(withScripts.length).toBeGreaterThan(0);
    expect(Object.keys(allowScripts).sort()).toEqual(withScripts);
    const rows = documentedRows();
    expect(rows.map(([name]) => name).sort()).toEqual(withScripts);
    for (const [name, allowed, why] of rows) {
      expect(allowed, name).toBe(allowScripts[name] ? "yes" : "no");
      expect(why.length, `the reason for ${name}`).toBeGreaterThan(40);
    }
  });
});
