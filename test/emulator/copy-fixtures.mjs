// Copies the fixtures into dist/ for the package, leaving a file that is already the same alone:
// a build while an emulator is starting from dist/ (another test's \`npm pack\`) must not rewrite
// what it reads.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

mkdirSync("dist/fixtures", { recursive: true });
for (const name of readdirSync("fixtures")) {
  const content = readFileSync(`fixtures/${name}`);
  let current;
  try {
    current = readFileSync(`dist/fixtures/${name}`);
  } catch {
    current = undefined;
  }
  if (!current || !current.equals(content)) writeFileSync(`dist/fixtures/${name}`, content);
}
