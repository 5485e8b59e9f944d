/**
 * The Pulumi Registry's two pages (issue 28, item 5), docs/_index.md and
 * docs/installation-configuration.md, and the README's first screen: the front matter the Registry
 * reads (js-yaml), no relative link (the Registry serves the pages elsewhere), an install command
 * per language, and every package, plugin, module, archive and file name they give is the one the
 * project makes: provider/package.json, the schema's language section and the release's names
 * (provider/scripts/release/release-info.mts). Markdown is parsed with a CommonMark/GFM parser.
 *
 * And each resource's and function's page, which the Registry builds from the schema's
 * descriptions (issue 40, item 2): the `{{% examples %}}` block with every language's conversion of
 * the example, and a resource's `## Import` section (id form and command).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { PLATFORMS, PLUGIN_NAME, VERSION, archiveName } from "../../provider/scripts/release/release-info.mts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Schema {
  pluginDownloadURL: string;
  resources: Record<string, unknown>;
  functions: Record<string, unknown>;
  language: { nodejs: { packageName: string }; python: { packageName: string }; go: { importBasePath: string }; java: { basePackage: string } };
}
const schema = JSON.parse(read("provider/docs-platform/schema.json")) as Schema;
const dynamicPackage = (JSON.parse(read("provider/package.json")) as { name: string }).name;

/** Every name a page may give, as the project makes it. */
const names = {
  dynamicPackage,
  // `npm pack --workspace provider`
  dynamicPackageTarball: `${dynamicPackage}-${VERSION}.tgz`,
  nodejsSdk: schema.language.nodejs.packageName,
  nodejsTarball: `${schema.language.nodejs.packageName.replace(/^@/, "").replace("/", "-")}-${VERSION}.tgz`,
  pythonSdk: schema.language.python.packageName,
  pythonWheel: `${schema.language.python.packageName}-${VERSION}-py3-none-any.whl`,
  // The Go module is the folder above the package (sdk/go holds go.mod, sdk/go/docsplatform the code).
  goModule: path.posix.dirname(schema.language.go.importBasePath),
  goPackage: schema.language.go.importBasePath,
  mavenCoordinate: `${schema.language.java.basePackage}:${PLUGIN_NAME}`,
  javaJar: `${PLUGIN_NAME}-${VERSION}.jar`,
  javaPom: `${PLUGIN_NAME}-${VERSION}.pom`,
  archives: PLATFORMS.map((platform) => archiveName(platform)),
  server: schema.pluginDownloadURL.replace("${VERSION}", VERSION),
};

function splitFrontMatter(text: string): { frontMatter: unknown; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return { frontMatter: undefined, body: text };
  return { frontMatter: yaml.load(match[1]), body: text.slice(match[0].length) };
}

const parse = (text: string): Root => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node);
  if ("children" in node) for (const child of node.children as Nodes[]) visit(child, each);
}

/** The shell commands a page gives: each line of its sh blocks and each inline code that is one, without trailing comments. */
function commandsOf(tree: Root): string[] {
  const commands: string[] = [];
  visit(tree, (node) => {
    if (node.type === "code" && (node.lang === "sh" || node.lang === "bash")) commands.push(...node.value.split("\n"));
    else if (node.type === "inlineCode" && /^(npm|pip|go|mvn|pulumi) /.test(node.value)) commands.push(node.value);
  });
  // One command per `&&`, `;` or `|` step, out of its subshell's parentheses.
  return commands
    .flatMap((line) => line.replace(/\s+#.*$/, "").split(/&&|;|\|/))
    .map((command) => command.replace(/^[\s(]+|[\s)]+$/g, ""))
    .filter((command) => command !== "");
}

function inlineCodesOf(tree: Root): string[] {
  const codes: string[] = [];
  visit(tree, (node) => {
    if (node.type === "inlineCode") codes.push(node.value);
  });
  return codes;
}

const operands = (command: string, prefix: string) =>
  command
    .slice(prefix.length)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "" && !word.startsWith("-"))
    .map((word) => word.replace(/^"|"$/g, ""));

/** What is wrong with one install command: a name the project does not make. */
function wrongNames(command: string): string[] {
  const wrong: string[] = [];
  const expectOne = (what: string, value: string | undefined, allowed: (value: string) => boolean) => {
    if (value === undefined || !allowed(value)) wrong.push(`${command}: ${what} ${value ?? "(missing)"}`);
  };
  if (command === "npm install") return wrong;
  if (command.startsWith("npm install ")) {
    const packed = [`/sdk/nodejs/${names.nodejsTarball}`, `/${names.dynamicPackageTarball}`];
    for (const word of operands(command, "npm install"))
      expectOne("npm package", word, (value) => [names.dynamicPackage, names.nodejsSdk, "@pulumi/pulumi"].includes(value) || packed.some((end) => value.endsWith(end)));
  } else if (command.startsWith("pip install ")) {
    for (const word of operands(command, "pip install"))
      expectOne("Python package", word, (value) => value === names.pythonSdk || value.endsWith(`/sdk/python/${names.pythonWheel}`));
  } else if (command.startsWith("go get ")) {
    for (const word of operands(command, "go get")) expectOne("Go module", word.replace(/@.*$/, ""), (value) => value === names.goModule);
  } else if (command.startsWith("go mod edit -replace ")) {
    const [module, target] = command.slice("go mod edit -replace ".length).split("=");
    expectOne("Go module", module, (value) => value === names.goModule);
    expectOne("Go module folder", target, (value) => value.endsWith("/sdk/go"));
  } else if (command.startsWith("pulumi plugin install ")) {
    const words = command.split(/\s+/);
    expectOne("plugin kind", words[3], (value) => value === "resource");
    expectOne("plugin name", words[4], (value) => value === PLUGIN_NAME);
    expectOne("plugin version", words[5], (value) => value === VERSION);
    const option = (name: string) => (words.includes(name) ? words[words.indexOf(name) + 1] : undefined);
    if (words.includes("--file")) expectOne("archive", option("--file"), (value) => names.archives.includes(path.posix.basename(value)));
    if (words.includes("--server")) expectOne("download URL", option("--server"), (value) => value === names.server);
  } else if (command.startsWith("mvn install:install-file ")) {
    const property = (name: string) => [...command.matchAll(/-D(\w+)=(\S+)/g)].find((match) => match[1] === name)?.[2];
    expectOne("jar", property("file"), (value) => value.endsWith(`/sdk/java/${names.javaJar}`));
    expectOne("pom", property("pomFile"), (value) => value.endsWith(`/sdk/java/${names.javaPom}`));
  }
  return wrong;
}

const registryPages = ["docs/_index.md", "docs/installation-configuration.md"];

describe("the Pulumi Registry's pages", () => {
  it.each(registryPages)("%s: front matter with title, meta_desc and layout: package", (file) => {
    const { frontMatter } = splitFrontMatter(read(file));
    expect(frontMatter).toMatchObject({ title: expect.stringMatching(/^Documentation platform/), meta_desc: expect.any(String), layout: "package" });
    expect((frontMatter as { meta_desc: string }).meta_desc.length).toBeGreaterThan(40);
  });

  it.each(registryPages)("%s: every link is absolute (the Registry serves the page away from the repository)", (file) => {
    const relative: string[] = [];
    visit(parse(splitFrontMatter(read(file)).body), (node) => {
      if (node.type === "link" || node.type === "image" || node.type === "definition") {
        if (!/^https:\/\//.test(node.url)) relative.push(node.url);
      }
    });
    expect(relative).toEqual([]);
  });

  it.each(registryPages)("%s: every resource and function type it names is in the schema", (file) => {
    const types = [...read(file).matchAll(/docs-platform:index:(\w+)/g)].map((match) => match[0]);
    expect(types.filter((type) => !(type in schema.resources) && !(type in schema.functions))).toEqual([]);
  });
});

describe.each(["README.md", "docs/installation-configuration.md"])("%s: install per language", (file) => {
  const tree = parse(splitFrontMatter(read(file)).body);
  const commands = commandsOf(tree);

  it("gives the install of each door and language, and of the same files from a release folder", () => {
    const has = (pattern: RegExp) => commands.some((command) => pattern.test(command));
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    expect(has(new RegExp(`^npm install ${escape(names.dynamicPackage)} @pulumi/pulumi$`)), "dynamic package").toBe(true);
    expect(has(new RegExp(`^npm install ${escape(names.nodejsSdk)}$`)), "TypeScript SDK").toBe(true);
    expect(has(new RegExp(`^pip install ${escape(names.pythonSdk)}$`)), "Python SDK").toBe(true);
    expect(has(new RegExp(`^go get ${escape(names.goModule)}$`)), "Go SDK").toBe(true);
    expect(inlineCodesOf(tree), "Java SDK").toContain(names.mavenCoordinate);
    expect(has(/^pulumi plugin install resource .* --file /), "plugin from a release archive").toBe(true);
    expect(has(/^npm install \S+\.tgz$/), "TypeScript SDK from a release").toBe(true);
    expect(has(/^pip install \S+\.whl$/), "Python SDK from a release").toBe(true);
    expect(has(/^go mod edit -replace /), "Go SDK from a release").toBe(true);
    expect(has(/^mvn install:install-file /), "Java SDK from a release").toBe(true);
  });

  it("names only packages, modules, archives and files the project makes", () => {
    expect(commands.flatMap(wrongNames)).toEqual([]);
    const mavenLike = inlineCodesOf(tree).filter((code) => /^com\.[\w.]+:[\w-]+$/.test(code));
    expect(mavenLike.filter((code) => code !== names.mavenCoordinate)).toEqual([]);
    const goPaths = inlineCodesOf(tree).filter((code) => code.startsWith("github.com/"));
    expect(goPaths.filter((code) => code !== names.goModule && code !== names.goPackage)).toEqual([]);
  });

  it("says the plugin needs no Node.js", () => {
    expect(read(file)).toMatch(/no Node\.js is needed/);
  });
});

describe("the README's first screen", () => {
  it("says what each kind of user installs before the quickstart", () => {
    const readme = read("README.md");
    const firstScreen = readme.slice(0, readme.indexOf("## Quickstart"));
    for (const command of [
      `npm install ${names.dynamicPackage}`,
      `npm install ${names.nodejsSdk}`,
      `pip install ${names.pythonSdk}`,
      `go get ${names.goModule}`,
      names.mavenCoordinate,
      "pulumi plugin install resource",
    ]) {
      expect(firstScreen, command).toContain(command);
    }
  });
});

// ---- The Registry's resource and function pages, from the schema's descriptions (issue 40, item 2) ----

interface Described {
  description: string;
}
const resources = schema.resources as Record<string, Described>;
const functions = schema.functions as Record<string, Described>;
const requireBuilt = createRequire(path.join(root, "provider", "dist", "index.js"));
const { KINDS, fileOf } = requireBuilt("./resources/kinds") as { KINDS: { kind: string; importId?: { shape: string } }[]; fileOf: (kind: string) => string };
const examplesDir = path.join(root, "docs", "resources", "examples");
const FENCES = { typescript: "index.ts", python: "__main__.py", go: "main.go", java: "App.java", yaml: "Pulumi.yaml" } as const;

/** What Pulumi's docs generator (pkg/codegen/docs) reads of a description: the text, the examples block and the Import section. */
function registryParts(description: string) {
  // The generator splits the Import section off at the first "\n\n## Import".
  const [body = "", ...importParts] = description.split("\n\n## Import");
  const open = body.indexOf("{{% examples %}}");
  const close = body.indexOf("{{% /examples %}}");
  const examples = open === -1 || close === -1 ? "" : body.slice(open + "{{% examples %}}".length, close);
  const fences: { lang: string; code: string }[] = [];
  visit(parse(examples), (node) => {
    if (node.type === "code") fences.push({ lang: node.lang ?? "", code: node.value });
  });
  return { body, examples, fences, importSection: importParts.length > 0 ? `## Import${importParts.join("\n\n## Import")}` : undefined };
}

/** The Go SDK's name of each lookup (the generator's: `Lookup<Thing>` where `Get<Thing>...` is taken). */
const GO_FUNCTION_NAMES: Record<string, string> = {
  getCollection: "LookupCollection",
  getMember: "LookupMember",
  getMembers: "GetMembers",
  getOrganization: "GetOrganization",
  getSite: "LookupSite",
  getSpace: "LookupSpace",
  getSpaces: "GetSpaces",
  getTeam: "LookupTeam",
};

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe("the Registry's resource and function pages (the schema's descriptions)", () => {
  it("covers every kind and every lookup", () => {
    expect(Object.keys(resources).sort()).toEqual(KINDS.map((definition) => `docs-platform:index:${definition.kind}`).sort());
    expect(
      Object.keys(functions)
        .map((token) => token.split(":").pop())
        .sort(),
    ).toEqual(Object.keys(GO_FUNCTION_NAMES).sort());
  });

  it.each(KINDS.map((definition) => [definition.kind, definition] as const))("%s: examples in every language, then its Import section", (kind, definition) => {
    const token = `docs-platform:index:${kind}`;
    const { body, examples, fences, importSection } = registryParts(resources[token].description);
    // The shape Pulumi's docs generator reads: one example, titled, inside the examples shortcode.
    expect(body).toMatch(/\n\n\{\{% examples %\}\}\n## Example Usage\n\{\{% example %\}\}\n### \S.*\n\n```typescript\n[\s\S]*\{\{% \/example %\}\}\n\{\{% \/examples %\}\}$/);
    expect(examples.match(/\{\{% example %\}\}/g)).toHaveLength(1);
    // Each language's fence, in the chooser's order, holding the committed conversion of the kind's example.
    expect(fences.map((fence) => fence.lang)).toEqual(Object.keys(FENCES));
    const folder = fileOf(kind);
    for (const { lang, code } of fences) {
      expect(code, `${kind} ${lang}`).toBe(readFileSync(path.join(examplesDir, folder, FENCES[lang as keyof typeof FENCES]), "utf8").trimEnd());
    }
    const code = Object.fromEntries(fences.map((fence) => [fence.lang, fence.code]));
    expect(code.typescript).toContain(`new docs_platform.${kind}(`);
    expect(code.typescript).toContain('from "@docs-platform/pulumi"');
    expect(code.python).toContain(`docs_platform.${kind}(`);
    expect(code.go).toContain(`docsplatform.New${kind}(ctx, `);
    expect(code.java).toContain(`new ${kind}(`);
    expect(code.yaml).toContain(`type: ${token}`);

    // The Import section: the id form the kind declares, and the command naming the kind's type token.
    expect(importSection, kind).toBeDefined();
    const shape = definition.importId?.shape ?? "<id>";
    expect(importSection).toContain(`\`${shape}\``);
    const commands: string[] = [];
    visit(parse(importSection!), (node) => {
      if (node.type === "code") commands.push(`${node.lang} ${node.value}`);
    });
    expect(commands).toHaveLength(1);
    const id = shape.includes(" ") ? `'${shape}'` : shape;
    expect(commands[0]).toMatch(new RegExp(`^sh \\$ pulumi import ${token} \\w+ ${id.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`));
    // The resource's name is the one its example gives it, and the form is the reference page's.
    const name = commands[0].split(" ")[5];
    expect(code.yaml).toContain(`\n  ${name}:\n    type: ${token}\n`);
    expect(read(`docs/resources/${folder}.md`)).toContain(`pulumi import ${token} <name> '${shape}'`);
  });

  it.each(Object.entries(GO_FUNCTION_NAMES))("%s: examples in every language, each language's name for it, no Import section", (name, goName) => {
    const token = `docs-platform:index:${name}`;
    const { body, fences, importSection } = registryParts(functions[token].description);
    expect(body).toMatch(/\n\n\{\{% examples %\}\}\n## Example Usage\n\{\{% example %\}\}\n### \S.*\n\n```typescript\n[\s\S]*\{\{% \/example %\}\}\n\{\{% \/examples %\}\}\n$/);
    expect(importSection).toBeUndefined();
    expect(fences.map((fence) => fence.lang)).toEqual(Object.keys(FENCES));
    for (const { lang, code } of fences) {
      expect(code, `${name} ${lang}`).toBe(readFileSync(path.join(examplesDir, "functions", name, FENCES[lang as keyof typeof FENCES]), "utf8").trimEnd());
    }
    const code = Object.fromEntries(fences.map((fence) => [fence.lang, fence.code]));
    expect(code.yaml).toContain(`fn::invoke:\n      function: ${token}\n`);
    expect(code.typescript).toContain(`docs_platform.${name}(`);
    expect(code.python).toContain(`docs_platform.${snake(name)}(`);
    // Go: the SDK's name (LookupMember, GetSpaces), with its own Args type; never the resource getter.
    expect(code.go).toContain(`docsplatform.${goName}(ctx, &docsplatform.${goName}Args{`);
    expect(code.java).toContain(`DocsplatformFunctions.${name}(`);
    expect(code.java).toContain("import com.docsplatform.docsplatform.DocsplatformFunctions;");
    expect(code.java).not.toMatch(/import com\.pulumi\.docsplatform\./);
  });
});
