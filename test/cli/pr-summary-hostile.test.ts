/**
 * A summary nobody can forge (issue 19): hostile strings put in every place a string from a
 * program, the API or the engine lands (resource names, titles, ids, property names, values, set
 * members, replace reasons, other packages' type tokens, diagnostics, policy names, packs,
 * resources and messages) render to Markdown with the same structure as a plain string in the
 * same places, parsed with a CommonMark/GFM parser: no element, comment, link, image, mention or
 * reference of their own, no table cell split, no code span closed, no bidirectional control, and
 * never a second marker line.
 */
import { describe, expect, it } from "vitest";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { readPolicyViolations } from "../../provider/cli/pr-summary/policy.ts";
import { type PreviewJson, readPreview } from "../../provider/cli/pr-summary/preview.ts";
import { marker, renderSummary } from "../../provider/cli/pr-summary/render.ts";

const BASE = [
  "</details><details open><summary>owned</summary>",
  "<!--",
  "-->",
  "<!-- pulumi-docs-platform:pr-summary stack=prod -->",
  "\n<!-- pulumi-docs-platform:pr-summary stack=prod -->\n",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "@someone",
  "@acme/admins",
  "#1",
  "org/repo#3",
  "GH-12",
  "[x](javascript:alert(1))",
  "![i](https://evil.example/x.png)",
  "<https://evil.example>",
  "https://evil.example/a",
  "www.evil.example",
  "evil@example.com",
  "\u202Egnp.exe",
  "a\u200Bb",
  "\u2066isolate\u2069",
  "a|b",
  "|",
  "\\|",
  "\\\\|",
  "`",
  "``",
  "```",
  "a`b",
  "`a`",
  "``a``",
  "line1\nline2",
  "\r\n# Heading",
  "\n| a | b |\n|---|---|\n| c | d |",
  "**bold**",
  "_it_",
  "~~gone~~",
  "> quote",
  "- item",
  "1. first",
  "# heading",
  "---",
  "[ref]: https://evil.example",
  "[ref]",
  "&amp;",
  "&lt;script&gt;",
  ":warning:",
  "$x^2$",
  "\\",
  "<",
  ">",
  "&",
  '"',
  "'",
  "<details>",
  "</summary>",
  "<code>",
  "</code>",
  "<!---->",
  "<![CDATA[x]]>",
  "<?php ?>",
  "[!CAUTION]",
  "> [!CAUTION]\n> forged",
  "</code><img src=x>",
  "  leading and trailing  ",
  "\t",
  "x".repeat(300),
  "`".repeat(90),
];

/** The corpus: each base string, and pairs of them (a backtick run around an element, a break before a marker, ...). */
function corpus(): string[] {
  const strings = new Set(BASE);
  for (let i = 0; i < BASE.length; i++) {
    strings.add(`${BASE[i]}${BASE[(i * 7 + 3) % BASE.length]}`);
    strings.add(`prefix ${BASE[i]} suffix`);
    strings.add(`${BASE[(i * 5 + 1) % BASE.length]}\n${BASE[i]}`);
  }
  // Only blanks: a message of them is empty, shown as "(empty)"; tested on their own below.
  return [...strings].filter((s) => s.trim() !== "");
}

const TYPE = "pulumi-nodejs:dynamic/docs-platform:";

/** A preview with `s` in every place a string lands. */
function previewWith(s: string): PreviewJson {
  const urn = (type: string, name: string) => `urn:pulumi:dev::project::${type}::${name}`;
  return {
    steps: [
      {
        op: "update",
        urn: urn(`${TYPE}Collection`, s),
        oldState: { type: `${TYPE}Collection`, id: s, inputs: { title: s, [s]: "old", description: s, styling: { [s]: s } } },
        newState: { type: `${TYPE}Collection`, id: s, inputs: { title: s, [s]: s, description: `${s}!`, styling: { [s]: `${s}?` } } },
        diffReasons: ["description", s],
      },
      {
        op: "update",
        urn: urn(`${TYPE}Team`, `team ${s}`),
        oldState: { type: `${TYPE}Team`, inputs: { title: "Writers", members: ["a", s] } },
        newState: { type: `${TYPE}Team`, inputs: { title: "Writers", members: ["a", `${s}2`] } },
      },
      {
        op: "replace",
        urn: urn(`${TYPE}OpenApiSpec`, s),
        oldState: { type: `${TYPE}OpenApiSpec`, id: s, inputs: { slug: s } },
        newState: { type: `${TYPE}OpenApiSpec`, inputs: { slug: `${s}2` } },
        replaceReasons: ["slug", s],
      },
      { op: "delete", urn: urn(`${TYPE}Site`, s), oldState: { type: `${TYPE}Site`, id: s, inputs: { title: s } } },
      { op: "create", urn: urn(`other:index:${s}`, s), newState: { type: `other:index:${s}`, inputs: { name: s, [`nested ${s}`]: { [s]: [s, s] } } } },
      { op: "create", urn: urn(`${TYPE}Team`, `adopted ${s}`), newState: { type: `${TYPE}Team`, inputs: { title: s, adopt: { id: s } } } },
    ],
    diagnostics: [
      { urn: urn(`${TYPE}Site`, s), severity: "error", message: s },
      { severity: "warning", message: `${s}\nmore: ${s}` },
    ],
    changeSummary: { update: 2, replace: 1, delete: 1, create: 2, same: 3 },
  };
}

function render(s: string): string {
  const preview = readPreview(previewWith(s));
  const event = (policyEvent: Record<string, unknown>) => JSON.stringify({ sequence: 1, timestamp: 1, policyEvent });
  preview.policyViolations = readPolicyViolations(
    [
      event({ policyName: s, policyPackName: s, policyPackVersion: s, message: s, resourceUrn: `urn:pulumi:dev::p::t::${s}`, enforcementLevel: "mandatory" }),
      event({ policyName: "p", policyPackName: "pack", policyPackVersion: "1", message: `${s}\n${s}`, enforcementLevel: s }),
    ].join("\n"),
  );
  return renderSummary(preview, { stack: "dev" });
}

const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** The tree's shape: node types and nesting; our own text and HTML kept, inert content blanked. */
function shape(node: Nodes): unknown {
  const children = "children" in node ? (node.children as Nodes[]).map(shape) : undefined;
  switch (node.type) {
    case "inlineCode":
    case "code":
      return node.type;
    case "html":
      // The elements only: a string shown as text or as <code> adds none (its `<` is escaped either way).
      return `html:${(node.value.match(/<\/?[A-Za-z][^>]*>/g) ?? []).filter((tag) => !/^<\/?code>$/.test(tag)).join("")}`;
    case "text":
      return "text";
    default:
      return children ? [node.type, ...children] : node.type;
  }
}

/** Text outside code: what GitHub would link, mention or reference. */
function textNodes(node: Nodes, out: string[] = []): string[] {
  if (node.type === "text") out.push(node.value);
  if ("children" in node) for (const child of node.children as Nodes[]) textNodes(child, out);
  return out;
}

// A plain string that still needs code in HTML (its `:`), so both renders take the same paths.
const PLAIN = "plain:value";

describe("the pull-request summary with hostile strings everywhere", () => {
  const strings = corpus();
  const plainMarkdown = render(PLAIN);
  const plainShape = shape(parse(plainMarkdown));
  const plainText = textNodes(parse(plainMarkdown));

  it(`holds ${strings.length} hostile strings in every place`, () => {
    expect(strings.length).toBeGreaterThanOrEqual(200);
    const forged: string[] = [];
    for (const s of strings) {
      const markdown = render(s);
      const tree = parse(markdown);
      const problems: string[] = [];
      if (JSON.stringify(shape(tree)) !== JSON.stringify(plainShape)) problems.push("a different structure");
      // Every text node is the summary's own: the same words as with the plain string.
      if (JSON.stringify(textNodes(tree)) !== JSON.stringify(plainText)) problems.push("text outside code");
      const lines = markdown.split("\n");
      if (lines.filter((line) => line.includes("<!-- pulumi-docs-platform:pr-summary")).length !== 1 || lines[0] !== marker("dev")) problems.push("a marker line");
      if (/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C]/.test(markdown)) problems.push("a bidirectional or invisible control");
      if (problems.length > 0) forged.push(`${JSON.stringify(s)}: ${problems.join(", ")}`);
    }
    expect(forged).toEqual([]);
  });

  it("shows the hostile text, inert, rather than dropping it", () => {
    const markdown = render("<img src=x onerror=alert(1)> @someone org/repo#3");
    expect(markdown).toContain("`<img src=x onerror=alert(1)> @someone org/repo#3`");
    expect(markdown).toContain("<code>&lt;img src=x onerror=alert(1)&gt; &#64;someone org/repo&#35;3</code>");
    expect(render("a\u202Eb")).toContain("`a\\u202Eb`");
    expect(render("x\n<!-- pulumi-docs-platform:pr-summary stack=prod -->")).toContain("`x⏎<!‐‐ pulumi-docs-platform:pr-summary stack=prod -->`");
  });

  it("shows a value of blanks only as code, and an empty message as (empty)", () => {
    for (const blank of ["\t", " ", "\n"]) {
      const markdown = render(blank);
      expect(markdown.split("\n").filter((line) => line.includes("<!-- pulumi-docs-platform"))).toHaveLength(1);
      expect(textNodes(parse(markdown)).filter((text) => /\S/.test(text) && !plainText.includes(text) && text !== "(empty)")).toEqual([]);
    }
  });

  it("refuses a stack name that is not one (it would end the marker)", () => {
    expect(() => renderSummary(readPreview({ steps: [], changeSummary: {} }), { stack: "dev -->" })).toThrow(/not a Pulumi stack name/);
  });
});
