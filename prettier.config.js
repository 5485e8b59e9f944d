// Prettier for the whole repository (`npm run format` writes, `npm run lint` checks).
//
// `npm run format` runs Prettier twice. Prettier 3 is not idempotent on a short member chain whose
// last call takes an object literal that does not fit on the line, which is every zod field with
// a long description (`adoptInput.optional().meta({ description: "..." + "..." })`): the first
// pass, reading the object on one line, prints the chain broken, one call a line, and the object
// expanded; the second pass keeps that object expanded (Prettier keeps an object expanded when its
// source has a newline after `{`), which now counts as a break inside the last call, and that lets
// the chain stay on one line: `adoptInput.optional().meta({`. The second form is stable (a third
// pass changes nothing). prettier/prettier#16132, open. `objectWrap: "collapse"` would remove the
// cause (no object's layout would depend on its source) but rewrites 113 files of the tree.
//
// Print width 120 (180 before: 1,493 provider lines were over 120 columns). The files not yet
// reformatted are listed in .prettier-wide and keep 180 until their own reformatting commit.
import { readFileSync } from "node:fs";

const wide = readFileSync(new URL(".prettier-wide", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"));

/** @type {import("prettier").Config} */
export default {
  printWidth: 120,
  embeddedLanguageFormatting: "off",
  overrides: wide.length > 0 ? [{ files: wide, options: { printWidth: 180 } }] : [],
};
