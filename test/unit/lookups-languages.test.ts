/**
 * docs/lookups.md's table of each lookup's name in each language (issue 40: in Go it is
 * `LookupMember`, and a page must say so) holds the names the committed conversions of the
 * lookups' examples call (docs/resources/examples/functions/<lookup>/), which Pulumi's own program
 * generators wrote and the Go and Java repairs checked against each SDK.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const functionsDir = path.join(root, "docs/resources/examples/functions");

type Node = { type: string; children?: Node[]; value?: string; depth?: number };
const text = (node: Node): string => (node.value ?? "") + (node.children ?? []).map(text).join("");

/** The rows of the table under `### In each language` of docs/lookups.md. */
function documented(): string[][] {
  const tree = fromMarkdown(fs.readFileSync(path.join(root, "docs/lookups.md"), "utf8"), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as Node;
  const nodes = tree.children ?? [];
  const start = nodes.findIndex((node) => node.type === "heading" && text(node) === "In each language");
  const table = nodes.slice(start).find((node) => node.type === "table");
  if (start < 0 || !table) throw new Error("docs/lookups.md has no table under ### In each language");
  return (table.children ?? []).slice(1).map((row) => (row.children ?? []).map(text));
}

/** What each conversion of a lookup's example calls. */
function called(lookup: string): string[] {
  const read = (file: string) => fs.readFileSync(path.join(functionsDir, lookup, file), "utf8");
  const first = (source: string, pattern: RegExp, where: string) => {
    const match = pattern.exec(source)?.[1];
    if (!match) throw new Error(`${lookup}/${where} calls no lookup`);
    return match;
  };
  return [
    first(read("Pulumi.yaml"), /function: (docs-platform:index:\w+)/, "Pulumi.yaml"),
    first(read("index.ts"), /docs_platform\.(\w+)\(/, "index.ts"),
    first(read("__main__.py"), /docs_platform\.(\w+)\(/, "__main__.py"),
    first(read("main.go"), /docsplatform\.(\w+)\(ctx/, "main.go"),
    `DocsplatformFunctions.${first(read("App.java"), /DocsplatformFunctions\.(\w+)\(/, "App.java")}`,
  ];
}

describe("docs/lookups.md in each language", () => {
  it("names each lookup as each language's conversion of its example calls it", () => {
    const lookups = fs.readdirSync(functionsDir).sort();
    expect(lookups).toHaveLength(8);
    expect(documented()).toEqual(lookups.map((lookup) => [lookup, ...called(lookup)]));
  });
});
