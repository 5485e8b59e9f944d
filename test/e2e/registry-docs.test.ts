/**
 * The Registry's pages as Pulumi's own docs generator renders them from the committed schema
 * (issue 40, item 2): github.com/pulumi/pulumi/pkg/v3/codegen/docs, built beside the CLI as
 * docs-platform-sdkgen-docs (test/pulumi-cli/sdkgen/docs/main.go, against pkg/v3 v3.143.0, the last
 * that holds it). The Team page shows its example in each language's chooser and its Import
 * section; a lookup's page shows the Go SDK's name for it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePulumi, repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { schemaPath } from "./support/sdks.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import { LOOKUPS } from "../../provider/lookups/registry.ts";

const run = promisify(execFile);
const examplesDir = path.join(repositoryRoot, "docs", "resources", "examples");
let outDir: string;
let files: number;

beforeAll(async () => {
  const { toolsDir } = await ensurePulumi();
  outDir = await fs.mkdtemp(path.join(os.tmpdir(), "registry-docs-"));
  const { stdout } = await run(path.join(toolsDir, "docs-platform-sdkgen-docs"), [schemaPath, "docs", outDir]);
  files = Number(/(\d+) files/.exec(stdout)?.[1] ?? 0);
}, 600_000);

afterAll(async () => {
  if (outDir) await fs.rm(outDir, { recursive: true, force: true });
});

/** The page's part that one language's chooser shows, from each `<pulumi-choosable ... values="<language>">` of the examples. */
function choosable(page: string, values: string): string {
  // The examples run from their heading to the next: `## Create <Kind> Resource`, or `## Using get<Thing>`.
  const from = page.indexOf("## Example Usage");
  expect(from).toBeGreaterThan(-1);
  const examples = page.slice(from, page.indexOf("\n## ", from + 1));
  const start = examples.indexOf(`<pulumi-choosable type="language" values="${values}">`);
  expect(start, values).toBeGreaterThan(-1);
  return examples.slice(start, examples.indexOf("</pulumi-choosable>", start));
}

describe("the Registry's pages, rendered by Pulumi's docs generator", () => {
  it("renders a page for the package, the provider, each resource and each function", () => {
    expect(files).toBe(2 + KINDS.length + LOOKUPS.length);
  });

  it("the Team page: the example in each language's chooser, and the Import section with its command", async () => {
    const page = await fs.readFile(path.join(outDir, "team", "_index.md"), "utf8");
    expect(page).toContain("### A team and its whole membership, members named by email");
    const committed = (file: string) => fs.readFile(path.join(examplesDir, "team", file), "utf8").then((text) => text.trimEnd());
    expect(choosable(page, "typescript")).toContain(await committed("index.ts"));
    expect(choosable(page, "python")).toContain(await committed("__main__.py"));
    expect(choosable(page, "go")).toContain(await committed("main.go"));
    expect(choosable(page, "java")).toContain(await committed("App.java"));
    expect(choosable(page, "yaml")).toContain(await committed("Pulumi.yaml"));
    // C# has no program generator here: the generator's own placeholder.
    expect(choosable(page, "csharp")).toContain("Coming soon!");
    const importSection = page.slice(page.indexOf("\n## Import\n"));
    expect(importSection).toContain("`<id>`");
    expect(importSection).toContain("$ pulumi import docs-platform:index:Team writers <id>");
  });

  it("the getMember page: the example with the Go SDK's LookupMember, and no Import section", async () => {
    const page = await fs.readFile(path.join(outDir, "getmember", "_index.md"), "utf8");
    expect(choosable(page, "go")).toContain("docsplatform.LookupMember(ctx, &docsplatform.LookupMemberArgs{");
    expect(choosable(page, "python")).toContain('docs_platform.get_member(email="ada@acme.test")');
    expect(page).not.toContain("## Import");
  });
});
