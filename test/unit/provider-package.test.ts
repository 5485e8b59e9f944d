/**
 * The package as npm would publish it (issue 18): `npm pack --dry-run` of provider/ holds README,
 * LICENSE, CHANGELOG, package.json, the command-line entry and the compiled code with its types,
 * and nothing else: no tests, no TypeScript sources, no source maps (they would point at sources
 * the package does not ship).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** What the package holds of dist/terraform/: the schema the command-line tools read plans by, not the door. */
const TERRAFORM_SCHEMA_FILES = ["protocol", "schema", "values"].flatMap((name) => [`dist/terraform/${name}.d.ts`, `dist/terraform/${name}.js`]);

interface Packed {
  name: string;
  version: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

function packDryRun(): Packed {
  const json = execFileSync("npm", ["pack", "--workspace", "provider", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return (JSON.parse(json) as Packed[])[0];
}

describe("the published package", () => {
  const packed = packDryRun();
  const files = packed.files.map((file) => file.path).sort();

  it("holds README, LICENSE, CHANGELOG, the command-line entry and the compiled code with its types, nothing else", () => {
    const outside = files.filter((file) => !file.startsWith("dist/"));
    expect(outside).toEqual([
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "bin/pulumi-docs-platform.js",
      "docs-platform/pulumi-resource-docs-platform",
      "docs-platform/schema.json",
      "package.json",
    ]);
    const compiled = files.filter((file) => file.startsWith("dist/"));
    expect(compiled.filter((file) => !file.endsWith(".js") && !file.endsWith(".d.ts"))).toEqual([]);
    // Every module has its types, and the entry points are there.
    const modules = compiled.filter((file) => file.endsWith(".js"));
    expect(modules.filter((file) => !compiled.includes(file.replace(/\.js$/, ".d.ts")))).toEqual([]);
    for (const entry of ["dist/index.js", "dist/index.d.ts", "dist/runtime/host.js", "dist/cli/main.js", "dist/runtime/node-version.js", "dist/plugin/main.js"])
      expect(files).toContain(entry);
    // No source map, and no compiled file that names one.
    for (const module of modules) expect(readFileSync(`${root}provider/${module}`, "utf8"), module).not.toContain("sourceMappingURL");
    // The Terraform door runs from its release executables, which bundle its dependencies
    // (scripts/release/bundle.mts): the package carries neither its code nor its dependencies,
    // only the provider schema and its values, which `pr-summary` and `drift` read a plan by (and
    // `export --hcl` writes by), and the protocol's names the schema uses.
    expect(compiled.filter((file) => file.startsWith("dist/terraform/"))).toEqual(TERRAFORM_SCHEMA_FILES);
    // Size, for the record: about 379 KB packed at stop 46 (407 KB with dist/terraform/); 422 KB at
    // stop 48, with export --hcl and the plan reader of pr-summary and drift; 432 KB at stop 54,
    // with the provider schema they read by.
    expect(packed.size).toBeLessThan(450_000);
  });

  it("ships the repository's Apache-2.0 LICENSE", () => {
    const license = readFileSync(`${root}LICENSE`, "utf8");
    expect(license).toContain("Apache License\n                           Version 2.0, January 2004");
    expect(readFileSync(`${root}provider/LICENSE`, "utf8")).toBe(license);
  });

  it("declares what a registry page shows, the Node.js floor and @pulumi/pulumi as a peer", () => {
    const manifest = JSON.parse(readFileSync(`${root}provider/package.json`, "utf8")) as Record<string, any>;
    expect(manifest.license).toBe("Apache-2.0");
    expect(manifest.keywords).toContain("pulumi");
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\//);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs?.url).toMatch(/^https:\/\//);
    expect(manifest.peerDependencies).toEqual({ "@pulumi/pulumi": ">=3.216.0 <4" });
    expect(manifest.dependencies["@pulumi/pulumi"]).toBeUndefined();
    // What the dynamic package, the plugin run from the package's folder and the CLI need; gRPC comes from the peer.
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["undici", "zod"]);
    expect(manifest.engines).toEqual({ node: ">=22.19.0" });
  });

  it("records this version in its CHANGELOG", () => {
    const changelog = readFileSync(`${root}provider/CHANGELOG.md`, "utf8");
    expect(changelog).toContain(`## ${packed.version}`);
  });
});
