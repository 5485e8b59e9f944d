/**
 * The committed example programs the generators read: each kind's and each lookup's
 * (docs/resources/examples/<folder>/), a Pulumi YAML program written by hand and its conversions
 * to the other languages (generate-examples.mts). A missing one is named with what makes it,
 * instead of a bare ENOENT.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
export const examplesDir = path.join(repositoryRoot, "docs", "resources", "examples");

/** What makes a missing example file. */
function remedy(file: string): string {
  return file === "Pulumi.yaml"
    ? "write the example program (Pulumi YAML: the program every door's page shows), then run `npm run examples`"
    : "run `npm run examples` (it converts the example's Pulumi.yaml to each language)";
}

/** `file` of the example in `folder` (`team`, `functions/getTeam`); throws naming it and what makes it when it is missing. */
export function readExampleFile(generator: string, folder: string, file: string): string {
  const target = path.join(examplesDir, folder, file);
  if (!fs.existsSync(target))
    throw new Error(`${generator}: ${path.relative(repositoryRoot, target)} is missing: ${remedy(file)}`);
  return fs.readFileSync(target, "utf8");
}
