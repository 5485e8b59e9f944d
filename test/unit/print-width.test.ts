/**
 * The print width new code keeps to (issue 49, item 5): Prettier's is 120; the files formatted at
 * the earlier 180 are listed in .prettier-wide until their own reformatting commit, and the list
 * names only files that are there, so it can only shrink.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const wide = readFileSync(`${root}.prettier-wide`, "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("the print width", () => {
  it("is 120 for a file of new code, anywhere in the tree", async () => {
    for (const file of ["provider/adapter/a-new-module.ts", "test/unit/a-new.test.ts", "provider/terraform/new.ts"]) {
      expect((await prettier.resolveConfig(`${root}${file}`))?.printWidth, file).toBe(120);
    }
  });

  it("is 180 only for the files listed in .prettier-wide, each of which exists", async () => {
    expect(wide.filter((file) => !existsSync(`${root}${file}`))).toEqual([]);
    expect(new Set(wide).size).toBe(wide.length);
    expect((await prettier.resolveConfig(`${root}${wide[0]}`))?.printWidth).toBe(180);
    expect(wide).not.toContain("provider/cli/export/snapshot/write.ts");
  });
});
