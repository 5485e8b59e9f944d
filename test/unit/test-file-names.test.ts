/**
 * Every test file's basename is unique across test/ (issue 38): a failure, a timing table or a
 * sequencer entry names a file by its basename, and two files of one name (one in test/e2e, one in
 * test/provider) made them ambiguous. The folder says what a file tests; the name says which part.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const testRoot = fileURLToPath(new URL("..", import.meta.url));

/** The test files under `folder`, relative to test/; node_modules and scratch folders skipped. */
function testFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.split(path.sep).some((part) => part === "node_modules" || part.startsWith(".")))
    .map((file) => file.split(path.sep).join("/"));
}

/** Each basename held by more than one file, with the files that hold it. */
function duplicateBasenames(files: readonly string[]): Record<string, string[]> {
  const byBasename = new Map<string, string[]>();
  for (const file of files) byBasename.set(path.posix.basename(file), [...(byBasename.get(path.posix.basename(file)) ?? []), file]);
  return Object.fromEntries([...byBasename].filter(([, holders]) => holders.length > 1).map(([name, holders]) => [name, holders.toSorted()]));
}

describe("test file names", () => {
  it("finds a basename two folders share", () => {
    expect(duplicateBasenames(["e2e/faults.test.ts", "emulator/conformance/faults.test.ts", "unit/other.test.ts"])).toEqual({
      "faults.test.ts": ["e2e/faults.test.ts", "emulator/conformance/faults.test.ts"],
    });
  });

  it("gives every test file under test/ a basename of its own (rename the newer one after what it tests)", () => {
    const files = testFiles(testRoot);
    expect(files.length).toBeGreaterThan(100);
    expect(duplicateBasenames(files)).toEqual({});
  });
});
