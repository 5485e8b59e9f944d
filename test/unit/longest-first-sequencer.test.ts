import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LONGEST_FIRST } from "../longest-first-sequencer.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

describe("the full tier's schedule of its longest files", () => {
  it("names test files that exist, each once (a renamed file would silently lose its early start)", () => {
    for (const file of LONGEST_FIRST) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
  });
});
