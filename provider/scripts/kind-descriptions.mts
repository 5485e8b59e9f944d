/**
 * Each kind's long description, in Markdown beside its file (provider/resources/<kebab-kind>.md):
 * what the resource is and how it behaves. Only the generators read it (schema.json's description
 * and so every SDK's, the reference page's opening, the resource class's doc comment), so the
 * provider's runtime and the release bundle need no file beside them.
 * What holds for one door only is marked as adapter/doors.ts says.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const resourcesDir = fileURLToPath(new URL("../resources/", import.meta.url));
// The compiled provider's, as the other generators read it (they run after `npm run build`).
const { forDoor } = createRequire(fileURLToPath(new URL("../dist/index.js", import.meta.url)))("./adapter/doors") as typeof import("../adapter/doors.ts");
type Door = import("../adapter/doors.ts").Door;

/** `OpenApiSpec` -> `open-api-spec` (as provider/resources/kinds.ts's fileOf). */
function kebab(kind: string): string {
  return kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();
}

/** The Markdown file describing `kind`. */
export function descriptionFile(kind: string): string {
  return path.join(resourcesDir, `${kebab(kind)}.md`);
}

/**
 * The long description of `kind` as `door` reads it (the Pulumi doors unless told), without its
 * final newline; throws naming the file when it is missing or empty.
 */
export function descriptionOf(kind: string, door: Door = "pulumi"): string {
  const file = descriptionFile(kind);
  if (!fs.existsSync(file)) throw new Error(`${kind}: no description: write ${path.relative(process.cwd(), file)} (what the resource is and how it behaves, in Markdown)`);
  const text = forDoor(fs.readFileSync(file, "utf8"), door, path.relative(process.cwd(), file)).trimEnd();
  if (text === "") throw new Error(`${kind}: ${path.relative(process.cwd(), file)} is empty`);
  return text;
}
