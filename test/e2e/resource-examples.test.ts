/**
 * Each resource page's example (issue 28, item 6): one Pulumi YAML program per kind
 * (docs/resources/examples/<kind>/Pulumi.yaml) and its conversions to TypeScript, Python, Go and
 * Java by Pulumi's own program generators (provider/scripts/generate-examples.mts).
 *
 * - The committed conversions are what a fresh conversion makes.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JAVA_CONVERSION_CAVEATS } from "../../provider/scripts/generate-docs.mts";
import { examplesDir, exampleKinds, generateExamples } from "../../provider/scripts/generate-examples.mts";

const minutes = (n: number) => n * 60_000;
const kinds = exampleKinds();
const readExample = (kind: string, file: string) => fs.readFile(path.join(examplesDir, kind, file), "utf8");

describe("the resource pages' examples", () => {
  it("are one YAML program per kind, and the committed conversions are a fresh conversion of it", { timeout: minutes(5) }, async () => {
    expect(kinds).toHaveLength(18);
    expect(await generateExamples({ check: true })).toEqual([]);
  });

  it("note a known defect of a conversion on the page only while the converted file has it", async () => {
    for (const [kind, { hasDefect }] of Object.entries(JAVA_CONVERSION_CAVEATS)) expect(hasDefect(await readExample(kind, "App.java")), kind).toBe(true);
  });
});
