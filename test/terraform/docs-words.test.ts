/**
 * The OpenTofu pages (docs/terraform/) in HCL's words only, read as Markdown (CommonMark and GFM,
 * mdast-util-from-markdown) rather than as raw text: every text and code node of every page.
 *
 * - No Pulumi word (`pulumi`, `stack`, `program`, `adopt`, `input`), on the reference pages and the
 *   guides but the one that moves a stack from the Pulumi doors;
 * - no camelCase name and no TypeScript expression in code (`{ key: value }`, `site.id`,
 *   `fs.readFileSync(...)`, `config.require(...)`): a name is an attribute's, in snake_case, and an
 *   expression is HCL (a reference starts with a resource type, `data.`, `var.` or `local.`);
 * - no argument that does not exist: a code span that is a bare name is an attribute of the page's
 *   resource or data source (at any depth) or of the provider, when it is a name some declaration
 *   has (`adopt` among them), unless it is named with its resource type (`docsplatform_team`'s
 *   `members`) or is a value the schema enumerates;
 * - one set of limits: a kind's long description states no length or range (the attributes do),
 *   and an attribute's stated length limits are its schema's.
 *
 * The HCL itself (every block of every page, and the expressions of the inline code) is checked by
 * the real OpenTofu in tofu-pages.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { Code, InlineCode, Root, RootContent, Text } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { jsonSchemaOf, type JsonSchema } from "../../provider/adapter/json-schema.ts";
import { LOOKUPS } from "../../provider/lookups/registry.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import { snakeCase, type TfAttribute, type TfBlock, terraformSchema } from "../../provider/terraform/schema.ts";
import { repositoryRoot } from "./support/tofu.ts";

const DOCS = path.join(repositoryRoot, "docs", "terraform");

interface Page {
  /** `resources/team.md` */
  file: string;
  tree: Root;
  /** The block the page documents (none for a guide). */
  block?: TfBlock;
  kind?: string;
}

function pages(): Page[] {
  const schema = terraformSchema();
  const read = (file: string) =>
    fromMarkdown(fs.readFileSync(path.join(DOCS, file), "utf8"), {
      extensions: [gfm()],
      mdastExtensions: [gfmFromMarkdown()],
    });
  const found: Page[] = [{ file: "index.md", tree: read("index.md"), block: schema.provider }];
  for (const resource of schema.resources) {
    const file = `resources/${resource.typeName.replace("docsplatform_", "")}.md`;
    found.push({ file, tree: read(file), block: resource.block, kind: resource.kind });
  }
  for (const dataSource of schema.dataSources) {
    const file = `data-sources/${dataSource.typeName.replace("docsplatform_", "")}.md`;
    found.push({ file, tree: read(file), block: dataSource.block });
  }
  for (const file of fs.readdirSync(path.join(DOCS, "guides")).sort())
    found.push({ file: `guides/${file}`, tree: read(`guides/${file}`) });
  return found;
}

/** Every node of a tree, depth first. */
function nodes(tree: Root | RootContent): (Root | RootContent)[] {
  const children = "children" in tree ? (tree.children as RootContent[]) : [];
  return [tree, ...children.flatMap(nodes)];
}

/** The text nodes, but those of a link's own words (a page's title, as the index lists the guides). */
const textsOf = (page: Page) =>
  nodes(page.tree)
    .filter((node) => node.type !== "link")
    .flatMap((node) => ("children" in node ? (node.children as RootContent[]) : []))
    .filter((node): node is Text => node.type === "text");
const inlineCodeOf = (page: Page) => nodes(page.tree).filter((node): node is InlineCode => node.type === "inlineCode");
const codeBlocksOf = (page: Page) => nodes(page.tree).filter((node): node is Code => node.type === "code");

/** An attribute's names at every depth. */
function attributeNames(attributes: readonly TfAttribute[]): string[] {
  return attributes.flatMap((attribute) => [
    attribute.name,
    ...(attribute.nestedType ? attributeNames(attribute.nestedType.attributes) : []),
  ]);
}

/** Every field name the declarations have (any kind, any lookup, any depth, `adopt` too), in snake_case: what a page could take for an argument. */
function declaredFieldNames(): Set<string> {
  const names = new Set<string>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== "object") return;
    if (Array.isArray(schema)) return schema.forEach(walk);
    const node = schema as JsonSchema;
    for (const name of Object.keys(node.properties ?? {})) names.add(snakeCase(name));
    for (const [key, value] of Object.entries(node)) if (key !== "example") walk(value);
  };
  for (const definition of KINDS)
    walk([jsonSchemaOf(definition.schema), definition.outputs ? jsonSchemaOf(definition.outputs) : undefined]);
  for (const lookup of LOOKUPS) walk([jsonSchemaOf(lookup.schema), jsonSchemaOf(lookup.result, "output")]);
  return names;
}

/** Every value a declaration enumerates (`enum`, `const`), at any depth. */
function enumeratedValues(): Set<string> {
  const values = new Set<string>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== "object") return;
    if (Array.isArray(schema)) return schema.forEach(walk);
    const node = schema as JsonSchema;
    if (Array.isArray(node.enum)) for (const value of node.enum) values.add(String(value));
    if (typeof node.const === "string") values.add(node.const);
    for (const [key, value] of Object.entries(node)) if (key !== "example") walk(value);
  };
  for (const definition of KINDS)
    walk([jsonSchemaOf(definition.schema), definition.outputs ? jsonSchemaOf(definition.outputs) : undefined]);
  for (const lookup of LOOKUPS) walk([jsonSchemaOf(lookup.schema), jsonSchemaOf(lookup.result, "output")]);
  return values;
}

/** `code` without its string literals ("...", with escapes) and `<placeholders>`. */
function outsideStrings(code: string): string {
  return code.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/<[^>]*>/g, "<>");
}

const PULUMI_WORDS = /\b(pulumi|stacks?|programs?|adopt\w*|inputs?|dynamic providers?)\b/i;
/** The guides' one mention of this project's command-line package, linking to its page. */
const PACKAGE_COMMAND = "npx pulumi-docs-platform export --hcl";
const CAMEL_CASE = /\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/;
/** What a page may say in code beside attribute names: commands, flags and files the pages name. */
const isCommandOrPath = (code: string) =>
  /^(tofu|terraform|jq|sha256sum|mkdir|cp|cd|npx|npm)\b|^-|\.(tf|tfvars|md|zip|json|rc|jq)$|^~?\/|^(GET|POST|PUT|PATCH|DELETE)\b|^\^/.test(
    code,
  );

describe("the OpenTofu pages, in HCL's words", () => {
  const all = pages();
  const enumerated = enumeratedValues();
  const schema = terraformSchema();
  const providerAttributes = attributeNames(schema.provider.attributes);
  /** The attribute names of each type name (a resource and a data source may share one: `docsplatform_team`). */
  const attributesOfType = new Map<string, Set<string>>();
  for (const entry of [...schema.resources, ...schema.dataSources])
    attributesOfType.set(
      entry.typeName,
      new Set([...(attributesOfType.get(entry.typeName) ?? []), ...attributeNames(entry.block.attributes)]),
    );

  it("reads every page: the index, a page per resource and data source, four guides", () => {
    expect(all.filter((page) => page.file.startsWith("resources/"))).toHaveLength(KINDS.length);
    expect(all.filter((page) => page.file.startsWith("data-sources/"))).toHaveLength(LOOKUPS.length);
    expect(all.filter((page) => page.file.startsWith("guides/")).map((page) => page.file)).toEqual([
      "guides/debugging.md",
      "guides/environments.md",
      "guides/import-an-organization.md",
      "guides/move-from-pulumi.md",
    ]);
  });

  it("says no Pulumi word, but where a guide moves a stack from the Pulumi doors", () => {
    const found: string[] = [];
    for (const page of all.filter((candidate) => candidate.file !== "guides/move-from-pulumi.md")) {
      for (const node of [...textsOf(page), ...inlineCodeOf(page), ...codeBlocksOf(page)]) {
        if (node.type === "inlineCode" && node.value === PACKAGE_COMMAND) continue;
        const word = PULUMI_WORDS.exec(node.value)?.[0];
        if (word) found.push(`${page.file}: "${word}" in ${JSON.stringify(node.value.slice(0, 120))}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("writes no camelCase name and no TypeScript expression in code", () => {
    const found: string[] = [];
    for (const page of all) {
      const attributes = new Set(page.block ? attributeNames(page.block.attributes) : []);
      const codes = [
        ...inlineCodeOf(page).map((node) => node.value),
        ...codeBlocksOf(page)
          .filter((node) => ["terraform", "hcl"].includes(node.lang ?? ""))
          .map((node) => node.value),
      ];
      for (const code of codes) {
        // A path, a URL, a command; the one guide that moves a stack names Pulumi's own settings.
        if (
          isCommandOrPath(code) ||
          code.includes("/") ||
          (page.file === "guides/move-from-pulumi.md" && code.startsWith("docs-platform:"))
        )
          continue;
        const bare = outsideStrings(code);
        const reasons = [
          CAMEL_CASE.test(bare) && "a camelCase name",
          /[{,]\s*[A-Za-z_]\w*\s*:(?!:)/.test(bare) && "an object member written `key: value`",
          /=>|\bnew\s+[A-Z]|\bfs\.|\bconfig\.(require|get)|readFileSync|\bexport\s+const\b/.test(bare) && "TypeScript",
          // A reference is to a resource type, a data source, a variable or a local value; a dotted attribute path starts with an attribute.
          [...bare.matchAll(/(?<![\w."])([a-z_][a-z0-9_]*)\.[a-z_]/g)].some(
            (match) =>
              !/^(docsplatform_\w+|data|var|local|each|count|path|module)$/.test(match[1]) && !attributes.has(match[1]),
          ) && "a reference to no resource, data source or variable",
        ].filter(Boolean);
        if (reasons.length > 0)
          found.push(`${page.file}: ${reasons.join(", ")}: ${JSON.stringify(code.slice(0, 160))}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("names no argument or attribute that does not exist", () => {
    const declared = declaredFieldNames();
    expect(declared).toContain("adopt");
    const found: string[] = [];
    for (const page of all) {
      const known = new Set([...(page.block ? attributeNames(page.block.attributes) : []), ...providerAttributes]);
      // A guide may name the attributes of any resource or data source it uses.
      if (!page.block)
        for (const block of [...schema.resources, ...schema.dataSources].map((entry) => entry.block))
          for (const name of attributeNames(block.attributes)) known.add(name);
      for (const parent of nodes(page.tree)) {
        const children = "children" in parent ? (parent.children as RootContent[]) : [];
        children.forEach((node, index) => {
          // Only a name that some declaration has is one a reader would take for an argument here.
          if (
            node.type !== "inlineCode" ||
            !declared.has(node.value) ||
            known.has(node.value) ||
            enumerated.has(node.value)
          )
            return;
          // `docsplatform_team`'s `members`: another resource's attribute, named with its resource type.
          const owner = children[index - 2];
          const between = children[index - 1];
          const ownerAttributes =
            owner?.type === "inlineCode" && between?.type === "text" && between.value === "'s "
              ? attributesOfType.get(owner.value)
              : undefined;
          if (ownerAttributes?.has(node.value)) return;
          found.push(`${page.file}: \`${node.value}\``);
        });
      }
    }
    expect(found).toEqual([]);
  });

  it("states each limit once: in the attribute, as its schema has it, never in the kind's description", () => {
    const found: string[] = [];
    const LIMIT = /\b\d+\s*(?:\.\.|to)\s*\d+\b|\b(?:at most|up to)\s+\d+\b/i;
    let checked = 0;
    for (const page of all.filter((candidate) => candidate.kind)) {
      // The kind's long description: the page's text from its title to its example.
      const children = page.tree.children;
      const start = children.findIndex((node) => node.type === "heading" && node.depth === 1);
      const end = children.findIndex((node) => node.type === "heading" && node.depth === 2);
      for (const node of children.slice(start + 1, end).flatMap(nodes)) {
        if (node.type === "text" && LIMIT.test(node.value))
          found.push(`${page.file} (description): ${JSON.stringify(node.value.trim().slice(0, 120))}`);
      }
      // Each attribute's stated lengths, at every depth, against its schema's minLength and maxLength.
      const definition = KINDS.find((candidate) => candidate.kind === page.kind)!;
      const check = (attributes: readonly TfAttribute[], schema: JsonSchema, where: string) => {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        for (const attribute of attributes) {
          const property = properties[attribute.coreName ?? attribute.name];
          if (!property) continue;
          const variants = ((property.anyOf ?? property.oneOf) as JsonSchema[] | undefined)?.filter(
            (candidate) => candidate.type !== "null",
          );
          const variant = variants?.length === 1 ? variants[0] : property;
          const text = attribute.description;
          const range = /(\d+)\s*(?:to|\.\.)\s*(\d+) characters/.exec(text);
          const most = /(?:at most|up to) (\d+) characters/i.exec(text);
          const name = `${where}${attribute.name}`;
          if (range && (Number(range[1]) !== variant.minLength || Number(range[2]) !== variant.maxLength))
            found.push(
              `${page.file}: ${name} says ${range[0]}, its schema ${String(variant.minLength)}..${String(variant.maxLength)}`,
            );
          if (most && !range && Number(most[1]) !== variant.maxLength)
            found.push(`${page.file}: ${name} says ${most[0]}, its schema at most ${String(variant.maxLength)}`);
          const nested = attribute.nestedType;
          if (nested) {
            const inner =
              nested.nesting === "single"
                ? variant
                : nested.nesting === "map"
                  ? (variant.additionalProperties as JsonSchema)
                  : (variant.items as JsonSchema);
            if (inner && typeof inner === "object") check(nested.attributes, inner, `${name}.`);
            checked += 1;
          }
        }
      };
      check(page.block!.attributes, jsonSchemaOf(definition.schema), "");
    }
    expect(checked).toBeGreaterThan(30);
    expect(found).toEqual([]);
  });

  it("moves a stack with the import id forms the kinds declare: <site_id>/<id> for exactly the objects inside a site", () => {
    const guide = all.find((page) => page.file === "guides/move-from-pulumi.md")!;
    const program = codeBlocksOf(guide).find((node) => node.lang === "jq")!.value;
    const listed = /test\("\^\(([A-Za-z|]+)\)\$"\)\)\s*then "\\\(\.outputs\.siteId\)\/\\\(\.id\)"/
      .exec(program)?.[1]
      .split("|");
    const insideSite = KINDS.filter((definition) => definition.importId?.shape.startsWith("<siteId>/")).map(
      (definition) => definition.kind,
    );
    expect(listed?.sort()).toEqual(insideSite.sort());
    // Every other kind is imported by its state's id: the organization's or the site's for the one-per-object kinds, which are their state ids.
    expect(
      KINDS.filter((definition) => !insideSite.includes(definition.kind)).every(
        (definition) => !definition.importId?.shape.includes("/"),
      ),
    ).toBe(true);
  });

  it("documents every argument of a resource once, and nothing else", () => {
    for (const page of all.filter((candidate) => candidate.kind)) {
      const listed = nodes(page.tree)
        .filter((node) => node.type === "listItem")
        .map((item) => {
          const paragraph = (item as { children: RootContent[] }).children[0];
          const first = paragraph && "children" in paragraph ? (paragraph.children as RootContent[])[0] : undefined;
          return first?.type === "inlineCode" ? first.value : undefined;
        })
        .filter((name): name is string => name !== undefined);
      for (const attribute of page.block!.attributes)
        expect(listed, `${page.file}: ${attribute.name}`).toContain(attribute.name);
      expect(listed, page.file).not.toContain("adopt");
    }
  });
});
