/**
 * The SDK packages `npm run release` writes into release/sdk/ (provider/scripts/release/sdks.mts),
 * as the registries take them: each carries the SDK's name, the one version (provider/package.json's)
 * and the plugin it needs: `docs-platform`, that version, and `server`, the schema's
 * pluginDownloadURL, from which the CLI downloads the plugin. Built now when absent.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { VERSION, providerRoot } from "../../provider/scripts/release/release-info.mts";
import { ensureReleasedSdks, sdkDir } from "./released-plugin.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";

const run = promisify(execFile);
const schema = JSON.parse(fs.readFileSync(path.join(providerRoot, "docs-platform", "schema.json"), "utf8"));
const plugin = { resource: true, name: "docs-platform", version: VERSION, server: schema.pluginDownloadURL };
const minutes = (n: number) => n * 60_000;

const fromTar = (archive: string, member: string) => execFileSync("tar", ["-xzOf", archive, member], { encoding: "utf8" });
const fromZip = (archive: string, member: string) => execFileSync("unzip", ["-p", archive, member], { encoding: "utf8" });
const onlyFile = (dir: string, suffix: string) => {
  const files = fs.readdirSync(dir).filter((file) => file.endsWith(suffix));
  expect(files, `${dir}/*${suffix}`).toHaveLength(1);
  return path.join(dir, files[0]);
};

beforeAll(async () => {
  await ensureReleasedSdks();
}, minutes(15));

describe("the release's SDK packages", () => {
  it("points at this repository's release of the plugin", () => {
    expect(plugin.server).toBe("https://github.com/docs-platform/pulumi-docs-platform/releases/download/v${VERSION}/");
  });

  it("npm: @docs-platform/pulumi, compiled, its package.json's `pulumi` naming the plugin", () => {
    const tarball = onlyFile(path.join(sdkDir, "nodejs"), ".tgz");
    expect(path.basename(tarball)).toBe(`docs-platform-pulumi-${VERSION}.tgz`);
    const manifest = JSON.parse(fromTar(tarball, "package/package.json"));
    expect(manifest).toMatchObject({ name: "@docs-platform/pulumi", version: VERSION, main: "bin/index.js", pulumi: plugin });
    // Installs without compiling: no postinstall, no TypeScript among its dependencies.
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.dependencies).not.toHaveProperty("typescript");
    // The SDK reads its version from bin/package.json.
    expect(JSON.parse(fromTar(tarball, "package/bin/package.json")).version).toBe(VERSION);
    expect(fromTar(tarball, "package/bin/index.js")).toContain("Team");
    const types = fromTar(tarball, "package/bin/index.d.ts");
    for (const name of ["Team", "SiteStructure", "getSpaces", "Provider"]) expect(types, name).toContain(name);
    expect(fromTar(tarball, "package/bin/utilities.js")).toContain(plugin.server);
  });

  it("npm: its runtime dependencies are exactly the packages bin/ requires (@pulumi/pulumi), @types/node not among them", () => {
    const tarball = onlyFile(path.join(sdkDir, "nodejs"), ".tgz");
    const manifest = JSON.parse(fromTar(tarball, "package/package.json"));
    const members = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    const required = new Set<string>();
    for (const member of members.filter((name) => name.endsWith(".js"))) {
      for (const [, specifier] of fromTar(tarball, member).matchAll(/require\("([^"]+)"\)/g)) {
        if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
        required.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]);
      }
    }
    expect([...required].sort()).toEqual(["@pulumi/pulumi"]);
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...required].sort());
    expect(manifest.devDependencies).toHaveProperty("@types/node");
    // No declaration file needs Node.js's types either.
    for (const member of members.filter((name) => name.endsWith(".d.ts"))) expect(fromTar(tarball, member), member).not.toMatch(/reference types="node"|NodeJS\.|\bBuffer\b/);
  });

  it("npm: the package loads as installed, its classes there", { timeout: minutes(1) }, async () => {
    // Unpacked as npm installs it, under the repository, where @pulumi/pulumi resolves.
    const project = path.join(workRoot, "release-sdk", `${process.pid}-${Date.now()}`);
    const installed = path.join(project, "node_modules", "@docs-platform", "pulumi");
    fs.mkdirSync(installed, { recursive: true });
    await run("tar", ["-xzf", onlyFile(path.join(sdkDir, "nodejs"), ".tgz"), "-C", installed, "--strip-components=1"]);
    const sdk = createRequire(path.join(project, "index.js"))("@docs-platform/pulumi") as Record<string, unknown>;
    for (const name of ["Team", "Collection", "SiteStructure", "Provider", "getOrganization"]) expect(typeof sdk[name], name).toBe("function");
    fs.rmSync(project, { recursive: true, force: true });
  });

  it("PyPI: a wheel and an sdist of pulumi_docs_platform, with pulumi-plugin.json", () => {
    const wheel = onlyFile(path.join(sdkDir, "python"), ".whl");
    expect(path.basename(wheel)).toBe(`pulumi_docs_platform-${VERSION}-py3-none-any.whl`);
    const metadata = fromZip(wheel, `pulumi_docs_platform-${VERSION}.dist-info/METADATA`);
    expect(metadata).toMatch(/^Name: pulumi_docs_platform$/m);
    expect(metadata).toMatch(new RegExp(`^Version: ${VERSION.replace(/\./g, "\\.")}$`, "m"));
    expect(JSON.parse(fromZip(wheel, "pulumi_docs_platform/pulumi-plugin.json"))).toEqual(plugin);

    const sdist = onlyFile(path.join(sdkDir, "python"), ".tar.gz");
    expect(path.basename(sdist)).toBe(`pulumi_docs_platform-${VERSION}.tar.gz`);
    const root = `pulumi_docs_platform-${VERSION}`;
    expect(fromTar(sdist, `${root}/PKG-INFO`)).toMatch(new RegExp(`^Version: ${VERSION.replace(/\./g, "\\.")}$`, "m"));
    expect(JSON.parse(fromTar(sdist, `${root}/pulumi_docs_platform/pulumi-plugin.json`))).toEqual(plugin);
  });

  it("Go: the module at sdk/go (tag sdk/go/v<version>), its go.mod, the plugin's version and server in its defaults", () => {
    const moduleDir = path.join(sdkDir, "go");
    const goMod = fs.readFileSync(path.join(moduleDir, "go.mod"), "utf8");
    expect(goMod).toMatch(/^module github\.com\/docs-platform\/pulumi-docs-platform\/sdk\/go$/m);
    expect(goMod).toMatch(/^\s*github\.com\/pulumi\/pulumi\/sdk\/v3 v3\./m);
    // Tidy: its requirements' sums are there.
    expect(fs.readFileSync(path.join(moduleDir, "go.sum"), "utf8")).toContain("github.com/pulumi/pulumi/sdk/v3 ");
    expect(JSON.parse(fs.readFileSync(path.join(moduleDir, "docsplatform", "pulumi-plugin.json"), "utf8"))).toEqual(plugin);
    const utilities = fs.readFileSync(path.join(moduleDir, "docsplatform", "internal", "pulumiUtilities.go"), "utf8");
    expect(utilities).toContain(`semver.MustParse("${VERSION}")`);
    expect(utilities).toContain(`pulumi.PluginDownloadURL("${plugin.server}")`);
    // A resource made by the dynamic package is the same resource to this SDK (its alias).
    expect(fs.readFileSync(path.join(moduleDir, "docsplatform", "team.go"), "utf8")).toContain('Type: pulumi.String("pulumi-nodejs:dynamic/docs-platform:Team")');
  });

  it("Maven: com.docsplatform:docs-platform, a jar with its pom, version.txt and plugin.json", () => {
    const javaDir = path.join(sdkDir, "java");
    const jar = path.join(javaDir, `docs-platform-${VERSION}.jar`);
    const pom = fs.readFileSync(path.join(javaDir, `docs-platform-${VERSION}.pom`), "utf8");
    for (const element of ["<groupId>com.docsplatform</groupId>", "<artifactId>docs-platform</artifactId>", `<version>${VERSION}</version>`]) expect(pom).toContain(element);
    expect(fromZip(jar, "META-INF/maven/com.docsplatform/docs-platform/pom.xml")).toBe(pom);
    expect(fromZip(jar, "com/docsplatform/docs-platform/version.txt").trim()).toBe(VERSION);
    expect(JSON.parse(fromZip(jar, "com/docsplatform/docs-platform/plugin.json"))).toEqual(plugin);
    const classes = execFileSync("unzip", ["-Z1", jar], { encoding: "utf8" }).split("\n");
    for (const name of ["Team", "SiteStructure", "Provider", "DocsplatformFunctions"]) expect(classes).toContain(`com/docsplatform/docsplatform/${name}.class`);
  });
});
