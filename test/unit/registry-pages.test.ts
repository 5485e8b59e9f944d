/**
 * The Pulumi Registry's two pages (issue 28, item 5), docs/_index.md and
 * docs/installation-configuration.md, and the README's first screen: the front matter the Registry
 * reads (js-yaml), no relative link (the Registry serves the pages elsewhere), an install command
 * per language, and every package, plugin, module, archive and file name they give is the one the
 * project makes: provider/package.json, the schema's language section and the release's names
 * (provider/scripts/release/release-info.mts). Markdown is parsed with a CommonMark/GFM parser.
 */
import { readFileSync } from "node:fs";
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
  return { frontMatter: yaml.load(match[1]!), body: text.slice(match[0].length) };
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
  command.slice(prefix.length).trim().split(/\s+/).filter((word) => word !== "" && !word.startsWith("-")).map((word) => word.replace(/^"|"$/g, ""));

/** What is wrong with one install command: a name the project does not make. */
function wrongNames(command: string): string[] {
  const wrong: string[] = [];
  const expectOne = (what: string, value: string | undefined, allowed: (value: string) => boolean) => {
    if (value === undefined || !allowed(value)) wrong.push(`${command}: ${what} ${value ?? "(missing)"}`);
  };
  if (command === "npm install") return wrong;
  if (command.startsWith("npm install ")) {
    const packed = [`/sdk/nodejs/${names.nodejsTarball}`, `/${names.dynamicPackageTarball}`];
    for (const word of operands(command, "npm install")) expectOne("npm package", word, (value) => [names.dynamicPackage, names.nodejsSdk, "@pulumi/pulumi"].includes(value) || packed.some((end) => value.endsWith(end)));
  } else if (command.startsWith("pip install ")) {
    for (const word of operands(command, "pip install")) expectOne("Python package", word, (value) => value === names.pythonSdk || value.endsWith(`/sdk/python/${names.pythonWheel}`));
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
    for (const command of [`npm install ${names.dynamicPackage}`, `npm install ${names.nodejsSdk}`, `pip install ${names.pythonSdk}`, `go get ${names.goModule}`, names.mavenCoordinate, "pulumi plugin install resource"]) {
      expect(firstScreen, command).toContain(command);
    }
  });
});
