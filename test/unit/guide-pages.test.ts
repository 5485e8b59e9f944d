/**
 * The guides' code samples in the pages (issue 40, item 1): each sample folder
 * (docs/guides/examples/<guide>-<sample>/) is shown in exactly one guide page, between the lines
 * generate-docs.mts writes, and each code block there is the committed file of its language (the
 * TypeScript one with the dynamic package's import, but for an explicit provider, which the
 * dynamic package has not). The page says where a language's names or types differ. A fresh
 * conversion of the samples is checked in test/e2e/guide-examples.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { COMPACT_PAGES, GUIDE_EXAMPLE_END, GUIDE_PAGES, forDynamicPackage, guideExample, guideExampleStart, guideSamples } from "../../provider/scripts/generate-docs.mts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (relative: string) => fs.readFileSync(path.join(root, relative), "utf8");
const sampleFile = (sample: string, file: string) => read(`docs/guides/examples/${sample}/${file}`);

/** Each sample's rendered part of its page, by sample. */
function renderedSamples(): Map<string, { page: string; text: string }> {
  const found = new Map<string, { page: string; text: string }>();
  for (const page of GUIDE_PAGES) {
    const source = read(page);
    for (const sample of guideSamples()) {
      const start = source.indexOf(guideExampleStart(sample));
      if (start === -1) continue;
      expect(found.has(sample), `${sample} is shown in ${page} and ${found.get(sample)?.page}`).toBe(false);
      expect(source.indexOf(guideExampleStart(sample), start + 1), `${sample} twice in ${page}`).toBe(-1);
      found.set(sample, { page, text: source.slice(start, source.indexOf(GUIDE_EXAMPLE_END, start) + GUIDE_EXAMPLE_END.length) });
    }
  }
  return found;
}

/** The fenced code blocks of a Markdown text, each with its language. */
const fencedBlocks = (markdown: string) => [...markdown.matchAll(/^```(\w+)(?: [^\n]*)?\n([\s\S]*?)^```$/gm)].map((match) => ({ language: match[1], code: match[2] }));

describe("the guides' code samples in the pages", () => {
  const rendered = renderedSamples();

  it("show every sample, each in one page, where the guide is about it", () => {
    expect(Object.fromEntries([...rendered].map(([sample, { page }]) => [sample, page]))).toEqual({
      readme: "README.md",
      "configuration-stack-organization": "docs/configuration.md",
      "configuration-explicit-provider": "docs/configuration.md",
      "configuration-secrets": "docs/configuration.md",
      "environments-site-order": "docs/environments.md",
      "adopt-and-export-adopt": "docs/adopt-and-export.md",
    });
  });

  it("are what the generator renders from the committed files (run `npm run docs` after `npm run examples`)", () => {
    for (const [sample, { page, text }] of rendered) expect(text, `${sample} in ${page}`).toBe(guideExample(sample, page).join("\n"));
  });

  it("hold each language's committed file as its code block, the TypeScript with the dynamic package's import where it has one", () => {
    for (const [sample, { page, text }] of rendered) {
      const blocks = fencedBlocks(text);
      if (COMPACT_PAGES.has(page)) {
        // The README shows the dynamic package's program and links every other language's file.
        expect(
          blocks.map((block) => block.language),
          sample,
        ).toEqual(["ts"]);
        expect(blocks[0].code, sample).toBe(forDynamicPackage(sampleFile(sample, "index.ts")));
        for (const file of ["Pulumi.yaml", "index.ts", "__main__.py", "main.go", "App.java"])
          expect(text, `${sample}: ${file}`).toContain(`(docs/guides/examples/${sample}/${file})`);
        continue;
      }
      const explicitProvider = sample === "configuration-explicit-provider";
      const typescript = sampleFile(sample, "index.ts");
      expect(
        blocks.map((block) => block.language),
        sample,
      ).toEqual(explicitProvider ? ["yaml", "ts", "python", "go", "java"] : ["ts", "yaml", "python", "go", "java"]);
      const code = (language: string) => blocks.find((block) => block.language === language)!.code;
      expect(code("ts"), sample).toBe(explicitProvider ? typescript : forDynamicPackage(typescript));
      expect(code("yaml"), sample).toBe(sampleFile(sample, "Pulumi.yaml"));
      expect(code("python"), sample).toBe(sampleFile(sample, "__main__.py"));
      expect(code("go"), sample).toBe(sampleFile(sample, "main.go"));
      expect(code("java"), sample).toBe(sampleFile(sample, "App.java"));
    }
  });

  it("say where a language's names or types differ, and what was repaired after the conversion", () => {
    const text = (sample: string) => rendered.get(sample)!.text;
    // Python's snake_case, Go's Input wrappers, Java's builders: on every sample.
    for (const sample of rendered.keys()) {
      expect(text(sample), sample).toMatch(/Python names inputs, functions and variables in snake_case: `\w+_\w+`/);
      expect(text(sample), sample).toContain("each plain value in its Input type (`pulumi.String(...)`)");
      expect(text(sample), sample).toContain("each resource's inputs through its builder (`TeamArgs.builder()");
    }
    expect(text("configuration-secrets")).toContain("`entity_id`, `sso_url`");
    // Go's StringPtrOutput and .Elem(): SiteSection.SiteSpaceId in a list.
    expect(text("environments-site-order")).toContain("`pulumi.StringPtrOutput`");
    expect(text("environments-site-order")).toContain("guides.SiteSpaceId.Elem(),");
    expect(text("adopt-and-export-adopt")).toContain("Adopt: &docsplatform.AdoptByIdArgs{");
    // Java: secret config stays secret; the lookup's result read with applyValue.
    expect(text("configuration-secrets")).toContain('config.requireSecret("oktaCertificate")');
    expect(text("readme")).toContain("reads each field with `applyValue`");
    expect(sampleFile("readme", "App.java")).toContain("organizationVar.applyValue(result -> result.title())");
    // The dynamic package and the SDK differ for an explicit provider only.
    expect(text("configuration-explicit-provider")).toContain("The dynamic package has no provider resource");
    expect(text("configuration-explicit-provider")).toContain("new docs_platform.Provider(");
  });
});
