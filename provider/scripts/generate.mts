// `npm run generate`: every generator, in the order each reads what the one before writes.
// `npm run generate -- --check` writes nothing: it runs each generator's own `--check` and names
// every one whose committed output differs from what the declarations give now.
//
// - kinds: each kind's resource class with its Args and Outputs (provider/dynamic/resources/), the
//   lookups' generated types, the package's exports and the exporters' list; the package is then
//   built again, since the next generators read the compiled declarations;
// - examples: each example's Pulumi YAML converted to TypeScript, Python, Go and Java (needs the
//   Pulumi CLI's tools: test/pulumi-cli/ensure-pulumi.ts builds them once);
// - schema: provider/docs-platform/schema.json, with the examples in its descriptions;
// - docs: the resource pages (docs/resources/) and the guides' samples;
// - terraform-docs: the OpenTofu/Terraform pages (docs/terraform/).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const scriptsDir = fileURLToPath(new URL(".", import.meta.url));
const repositoryRoot = path.join(scriptsDir, "..", "..");

/** Each generator by its npm script's name, with its file in this folder, in the order they run. */
export const GENERATORS = [
  { name: "kinds", script: "generate-kinds.mts", rebuildAfter: true },
  { name: "examples", script: "generate-examples.mts", rebuildAfter: false },
  { name: "schema", script: "generate-schema.mts", rebuildAfter: false },
  { name: "docs", script: "generate-docs.mts", rebuildAfter: false },
  { name: "terraform-docs", script: "generate-terraform-docs.mts", rebuildAfter: false },
] as const;

function run(command: string, args: readonly string[]): boolean {
  return spawnSync(command, args, { cwd: repositoryRoot, stdio: "inherit" }).status === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const failed: string[] = [];
  for (const { name, script, rebuildAfter } of GENERATORS) {
    process.stdout.write(`generate: ${name}${check ? " --check" : ""}\n`);
    if (!run(process.execPath, [path.join(scriptsDir, script), ...(check ? ["--check"] : [])])) {
      failed.push(name);
      // A generator that failed to write leaves the next ones reading what it did not write.
      if (!check) break;
    }
    if (rebuildAfter && !check && !run("npm", ["run", "build", "--silent"])) {
      failed.push("build");
      break;
    }
  }
  if (failed.length > 0) {
    process.stderr.write(
      check
        ? `generate: out of date: ${failed.join(", ")}; run \`npm run generate\` and commit the result\n`
        : `generate: ${failed.join(", ")} failed (see above)\n`,
    );
    process.exit(1);
  }
}
