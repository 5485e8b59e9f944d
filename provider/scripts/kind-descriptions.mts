/**
 * Each kind's long description, in Markdown beside its file (provider/resources/<kebab-kind>.md):
 * what the resource is and how it behaves. Only the generators read it (schema.json's description
 * and so every SDK's, the reference page's opening, the resource class's doc comment), so the
 * provider's runtime and the release bundle need no file beside them.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const resourcesDir = fileURLToPath(new URL("../resources/", import.meta.url));

/** `OpenApiSpec` -> `open-api-spec` (as provider/resources/kinds.ts's fileOf). */
function kebab(kind: string): string {
  return kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();
}

/** The Markdown file describing `kind`. */
export function descriptionFile(kind: string): string {
  return path.join(resourcesDir, `${kebab(kind)}.md`);
}

/** The long description of `kind`, without its final newline; throws naming the file when it is missing or empty. */
export function descriptionOf(kind: string): string {
  const file = descriptionFile(kind);
  if (!fs.existsSync(file)) throw new Error(`${kind}: no description: write ${path.relative(process.cwd(), file)} (what the resource is and how it behaves, in Markdown)`);
  const text = fs.readFileSync(file, "utf8").trimEnd();
  if (text === "") throw new Error(`${kind}: ${path.relative(process.cwd(), file)} is empty`);
  return text;
}
