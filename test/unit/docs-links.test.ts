/**
 * The documentation's links hold (issue 18): every relative link and image in README.md,
 * docs/**\/*.md and examples/**\/README.md points at a file of the repository, and every `#anchor`
 * at a heading of its page, slugged as GitHub does. Markdown is parsed with a CommonMark/GFM
 * parser, not matched with regular expressions. The README stays a newcomer's page: under 20 KB.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import GithubSlugger from "github-slugger";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { fileOf, KINDS } from "../../provider/resources/kinds.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

function markdownFiles(): string[] {
  const files = ["README.md", "provider/README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir))) {
      const relative = path.join(dir, entry);
      if (entry === "node_modules") continue;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (relative.endsWith(".md") && (dir.startsWith("docs") || entry === "README.md")) files.push(relative);
    }
  };
  walk("docs");
  walk("examples");
  return [...new Set(files)].sort();
}

const parse = (file: string): Root => fromMarkdown(readFileSync(path.join(root, file), "utf8"), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

function textOf(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node.children as Nodes[]).map(textOf).join("");
  return "";
}

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ("children" in node) for (const child of node.children as Nodes[]) visit(child, each);
}

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsCache.get(file);
  if (!anchors) {
    const slugger = new GithubSlugger();
    anchors = new Set();
    visit(parse(file), (node) => {
      if (node.type === "heading") anchors!.add(slugger.slug(textOf(node)));
    });
    anchorsCache.set(file, anchors);
  }
  return anchors;
}

describe("the documentation", () => {
  const files = markdownFiles();

  it("has a page per resource kind and the pages the README links to", () => {
    expect(files).toContain("docs/resources/team.md");
    const pages = files.filter((file) => file.startsWith("docs/resources/") && !file.startsWith("docs/resources/examples/") && file !== "docs/resources/README.md");
    expect(pages).toEqual(KINDS.map((definition) => `docs/resources/${fileOf(definition.kind)}.md`).sort());
  });

  it.each(files)("%s: every relative link and image points at a file, and every anchor at a heading", (file) => {
    const broken: string[] = [];
    visit(parse(file), (node) => {
      if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
      const url = (node as { url: string }).url;
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return; // http(s), mailto: another site's business
      const [target = "", anchor] = url.split("#");
      const resolved = target === "" ? file : path.normalize(path.join(path.dirname(file), decodeURIComponent(target)));
      if (!existsSync(path.join(root, resolved))) {
        broken.push(`${url}: no file ${resolved}`);
        return;
      }
      if (anchor !== undefined && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) broken.push(`${url}: no heading #${anchor} in ${resolved}`);
    });
    expect(broken).toEqual([]);
  });

  it("keeps the README a newcomer's page: under 20 KB, install and quickstart first", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(Buffer.byteLength(readme)).toBeLessThan(20_000);
    const headings: string[] = [];
    visit(parse("README.md"), (node) => {
      if (node.type === "heading" && node.depth === 2) headings.push(textOf(node));
    });
    expect(headings.slice(0, 3)).toEqual(["Quickstart", "Use it in your own project", "Configure"]);
    expect(headings).toContain("Documentation");
  });
});
