// Makes HashiCorp's Terraform available for the Terraform door's tests (DESIGN.md section 13), at
// exactly `terraformVersion`, as OpenTofu is (ensure-tofu.ts, go-module-cli.ts): a `terraform` on
// PATH of that version, else a build cached outside the repository
// (`<cache root>/terraform-v<version>`), else a build of `github.com/hashicorp/terraform`'s main
// package from the Go module proxy, cached for next time. It is never shipped: only the tests run it.
//
// The module's zip is not the whole repository: Go leaves out every folder with a go.mod of its
// own, and Terraform's go.mod requires ten such nested modules through replace directives to
// those folders (the remote-state backends azurerm, consul, cos, gcs, kubernetes, oci, oss, pg and
// s3, and internal/legacy), which the proxy does not serve either (403). The build's copy drops
// each absent one from go.mod and from the one file that imports them (the backend registry,
// internal/backend/init/init.go), so that Terraform builds without those state backends; the
// tests keep their state in the local backend.
//
// Run as a script (`node test/pulumi-cli/ensure-terraform.ts`) it prints the binary's path.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { cachedCliDir, ensureGoModuleCli, type GoModuleCli } from "./go-module-cli.ts";

const execFileAsync = promisify(execFile);

/** The Terraform release the door is tested with. */
export const terraformVersion = "1.16.0";

const terraform = (version: string): GoModuleCli => ({
  product: "Terraform",
  command: "terraform",
  version,
  module: "github.com/hashicorp/terraform",
  mainPackage: ".",
  // version.dev=no: a release's version ("1.16.0", not "1.16.0-dev"), as HashiCorp's release
  // build sets it; -s -w: no symbol tables (smaller, faster link).
  ldflags: "-s -w -X github.com/hashicorp/terraform/version.dev=no",
  versionLine: /^Terraform v(\S+)/m,
  prepareSource: withoutAbsentNestedModules,
});

/** Directory of the cached build: `<cache root>/terraform-v<version>`, its binary in bin/. */
export function cachedTerraformDir(version: string = terraformVersion): string {
  return cachedCliDir(terraform(version));
}

/** The absolute path of a `terraform` of `terraformVersion`, building it once if needed. */
export function ensureTerraform(log?: (line: string) => void): Promise<string> {
  return ensureGoModuleCli(terraform(terraformVersion), log);
}

interface GoModEdit {
  Module: { Path: string };
  Replace?: { Old: { Path: string }; New: { Path: string; Version?: string } }[];
}

/**
 * Drops from the module in `source` every nested module its go.mod replaces with a folder that is
 * not there: the requirement and the replacement, and in each non-test Go file importing it (by an
 * alias) the import and every line using the alias. Answers the modules dropped. Fails, naming the
 * file, on an import without an alias or an alias still used after the edit: a build would fail
 * there anyway, later and less clearly.
 */
export async function withoutAbsentNestedModules(
  source: string,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  const { stdout } = await execFileAsync("go", ["mod", "edit", "-json"], { cwd: source });
  const goMod = JSON.parse(stdout) as GoModEdit;
  const absent: string[] = [];
  for (const replace of goMod.Replace ?? []) {
    const target = replace.New.Path;
    if (replace.New.Version || !(target.startsWith("./") || target.startsWith("../"))) continue;
    const present = await fs.stat(path.join(source, target)).then(
      () => true,
      () => false,
    );
    if (!present) absent.push(replace.Old.Path);
  }
  if (absent.length === 0) return [];
  await execFileAsync(
    "go",
    ["mod", "edit", ...absent.flatMap((module) => [`-droprequire=${module}`, `-dropreplace=${module}`])],
    { cwd: source },
  );

  const goFiles = (await fs.readdir(source, { recursive: true })).filter(
    (file) => file.endsWith(".go") && !file.endsWith("_test.go"),
  );
  for (const file of goFiles) {
    const full = path.join(source, file);
    const text = await fs.readFile(full, "utf8");
    const imported = absent.filter((module) => text.includes(`"${module}"`));
    if (imported.length === 0) continue;
    let lines = text.split("\n");
    for (const module of imported) {
      const importLine = lines.find((line) => line.trim().endsWith(`"${module}"`));
      const alias = importLine && /^\s*(?:import\s+)?(?!import\b)([A-Za-z_]\w*)\s+"/.exec(importLine)?.[1];
      if (!importLine || !alias)
        throw new Error(
          `${file} imports ${module} without an alias: cannot build ${goMod.Module.Path} without that module`,
        );
      lines = lines.filter((line) => line !== importLine && !line.includes(`${alias}.`));
      if (lines.some((line) => new RegExp(`\\b${alias}\\b`).test(line)))
        throw new Error(`${file} still names ${alias} (${module}) after dropping its uses`);
    }
    await fs.writeFile(full, lines.join("\n"));
    log(`  ${file}: without ${imported.join(", ")} (not in the module's zip)`);
  }
  return absent;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${await ensureTerraform()}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
