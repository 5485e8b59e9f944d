// The SDK packages, as each registry takes them, generated from the schema by the CLI's own code
// generators (test/pulumi-cli/sdkgen, built by ensure-pulumi.ts beside the CLI):
// - npm: a tarball of `@docs-platform/pulumi`, compiled (bin/), `npm pack`;
// - PyPI: a wheel and an sdist of `pulumi_docs_platform` (`python -m build`, in a venv of the cache);
// - Go: the module's folder, its own go.mod (module .../sdk/go), at sdk/go: the path its tag
//   `sdk/go/v<version>` will have in the repository;
// - Maven: a jar of `com.docsplatform:docs-platform` and its pom (`mvn package`).
// Each carries the plugin's name, version and `server` (the schema's pluginDownloadURL): the
// generators write them (pulumi-plugin.json, package.json's `pulumi`, Go's defaults); for Java the
// plugin.json that pulumi-java's Gradle build would add is written here.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { ensurePulumi } from "../../../test/pulumi-cli/ensure-pulumi.ts";
import { PLUGIN_NAME, VERSION, cacheDir, providerRoot, repositoryRoot } from "./release-info.mts";

const run = promisify(execFile);
const schemaPath = path.join(providerRoot, "docs-platform", "schema.json");
const generatedDir = path.join(cacheDir, "sdks");

export type Language = "nodejs" | "python" | "go" | "java";

interface Schema {
  pluginDownloadURL: string;
  language: { java: { basePackage: string } };
}

function schema(): Schema {
  return JSON.parse(fs.readFileSync(schemaPath, "utf8")) as Schema;
}

/** The `pulumi-plugin.json` every SDK carries, in one form. */
export function pluginJson(): { resource: true; name: string; version: string; server: string } {
  return { resource: true, name: PLUGIN_NAME, version: VERSION, server: schema().pluginDownloadURL };
}

async function generate(language: Language): Promise<string> {
  const { toolsDir } = await ensurePulumi();
  const outDir = path.join(generatedDir, language);
  fs.rmSync(outDir, { recursive: true, force: true });
  const tool = language === "java" ? "docs-platform-sdkgen-java" : "docs-platform-sdkgen";
  await run(path.join(toolsDir, tool), [schemaPath, language, outDir], { maxBuffer: 1 << 26 });
  return outDir;
}

/** npm: compiled with this repository's TypeScript, packed with its package.json in bin/ (where the SDK reads its version). */
async function nodejsPackage(outDir: string): Promise<string[]> {
  const source = await generate("nodejs");
  fs.symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(source, "node_modules"));
  await run(process.execPath, [path.join(repositoryRoot, "node_modules", "typescript", "bin", "tsc"), "-p", source], { maxBuffer: 1 << 26 });
  fs.rmSync(path.join(source, "node_modules"));
  const manifest = JSON.parse(fs.readFileSync(path.join(source, "package.json"), "utf8")) as Record<string, unknown> & {
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  // Published compiled: no compile at install (the generator's postinstall), no TypeScript to install.
  delete manifest.scripts;
  delete manifest.dependencies?.typescript;
  // Its runtime dependencies are what bin/ requires: @pulumi/pulumi alone. The generator lists
  // @types/node too, which no file of bin/ (nor any .d.ts) uses: a devDependency, for compiling.
  const nodeTypes = manifest.dependencies?.["@types/node"];
  if (nodeTypes) {
    delete manifest.dependencies!["@types/node"];
    manifest.devDependencies = { ...(manifest.devDependencies as Record<string, string> | undefined), "@types/node": nodeTypes };
  }
  manifest.types = "bin/index.d.ts";
  manifest.files = ["bin/**/*.js", "bin/**/*.d.ts", "bin/package.json", "README.md"];
  const text = `${JSON.stringify(manifest, null, 4)}\n`;
  fs.writeFileSync(path.join(source, "package.json"), text);
  fs.writeFileSync(path.join(source, "bin", "package.json"), text);
  fs.mkdirSync(outDir, { recursive: true });
  const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", outDir], { cwd: source });
  return [path.join(outDir, stdout.trim().split("\n").pop()!)];
}

/** PyPI: a wheel and an sdist, by `python -m build` from a venv of the cache (the build backend from PyPI). */
async function pythonPackages(outDir: string): Promise<string[]> {
  const source = await generate("python");
  const venv = path.join(cacheDir, "python-build-venv");
  const python = path.join(venv, "bin", "python");
  if (!fs.existsSync(python)) {
    await run("python3", ["-m", "venv", venv]);
    await run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "build"], { maxBuffer: 1 << 26 });
  }
  fs.mkdirSync(outDir, { recursive: true });
  const before = new Set(fs.readdirSync(outDir));
  await run(python, ["-m", "build", "--sdist", "--wheel", "--outdir", outDir, source], { maxBuffer: 1 << 26 });
  return fs
    .readdirSync(outDir)
    .filter((file) => !before.has(file))
    .map((file) => path.join(outDir, file));
}

/**
 * Go: the module itself, its requirements complete and go.sum written (`go mod tidy`, through the
 * Go module proxy); the proxy takes it from the repository's tag `sdk/go/v<version>`.
 */
async function goModule(outDir: string): Promise<string[]> {
  const source = await generate("go");
  await run("go", ["mod", "tidy"], { cwd: source, env: { ...process.env, GOFLAGS: "-mod=mod" }, maxBuffer: 1 << 26 });
  fs.cpSync(source, outDir, { recursive: true });
  return [outDir];
}

const PULUMI_JAVA_VERSION = "1.12.0";

function javaPom(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.docsplatform</groupId>
  <artifactId>${PLUGIN_NAME}</artifactId>
  <version>${VERSION}</version>
  <packaging>jar</packaging>
  <name>${PLUGIN_NAME}</name>
  <description>Pulumi SDK of the documentation platform's provider plugin (${PLUGIN_NAME}).</description>
  <url>https://github.com/docs-platform/pulumi-docs-platform</url>
  <licenses><license><name>Apache-2.0</name><url>https://www.apache.org/licenses/LICENSE-2.0</url></license></licenses>
  <scm><url>https://github.com/docs-platform/pulumi-docs-platform</url></scm>
  <properties>
    <maven.compiler.source>11</maven.compiler.source>
    <maven.compiler.target>11</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency><groupId>com.pulumi</groupId><artifactId>pulumi</artifactId><version>${PULUMI_JAVA_VERSION}</version></dependency>
    <dependency><groupId>com.google.code.findbugs</groupId><artifactId>jsr305</artifactId><version>3.0.2</version></dependency>
  </dependencies>
</project>
`;
}

/** Maven: the jar (classes, version.txt, plugin.json) and its pom. */
async function javaPackages(outDir: string): Promise<string[]> {
  const source = await generate("java");
  const resources = path.join(source, "src", "main", "resources", ...schema().language.java.basePackage.split("."), PLUGIN_NAME);
  fs.mkdirSync(resources, { recursive: true });
  // What pulumi-java's language host reads to know the plugin a program needs, and from where.
  fs.writeFileSync(path.join(resources, "plugin.json"), `${JSON.stringify(pluginJson(), null, 2)}\n`);
  fs.writeFileSync(path.join(source, "pom.xml"), javaPom());
  await run("mvn", ["-q", "-B", "package", "-DskipTests"], { cwd: source, maxBuffer: 1 << 26 });
  fs.mkdirSync(outDir, { recursive: true });
  const jar = path.join(outDir, `${PLUGIN_NAME}-${VERSION}.jar`);
  const pom = path.join(outDir, `${PLUGIN_NAME}-${VERSION}.pom`);
  fs.copyFileSync(path.join(source, "target", `${PLUGIN_NAME}-${VERSION}.jar`), jar);
  fs.copyFileSync(path.join(source, "pom.xml"), pom);
  return [jar, pom];
}

/** Builds every SDK package into `<releaseDir>/sdk/<language>/`; returns what was written. */
export async function buildSdks(releaseDir: string, languages: readonly Language[] = ["nodejs", "python", "go", "java"]): Promise<string[]> {
  const builders = { nodejs: nodejsPackage, python: pythonPackages, go: goModule, java: javaPackages };
  const written: string[] = [];
  for (const language of languages) {
    const outDir = path.join(releaseDir, "sdk", language);
    // Built beside its place and moved there whole: whoever finds sdk/<language> finds it complete.
    const partial = `${outDir}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    const artifacts = await builders[language](partial);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(partial, outDir);
    written.push(...artifacts.map((artifact) => path.join(outDir, path.relative(partial, artifact))));
  }
  return written;
}
