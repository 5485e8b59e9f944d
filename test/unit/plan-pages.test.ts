/**
 * What the pages say of the tools on OpenTofu and Terraform plans and of `export --hcl` (issue
 * 48, item 5) is what they do: each rendered example is the golden file its test renders
 * (test/cli/pr-summary-plan.test.ts, test/cli/export-golden.test.ts), each HCL excerpt is cut from
 * the golden root, another environment's example tfvars gives what that root's variables need,
 * the sentence quoted from stderr is the command's, and every option the pages name for these
 * commands is one their usage text has. What the examples claim of a real run (staging creates,
 * prod imports with no write) is test/terraform/tofu-plans.test.ts's.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (relative: string) => fs.readFileSync(path.join(root, relative), "utf8");
const goldenRoot = "test/cli/fixtures/export/hcl";
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The section of a page under a heading, up to the next heading of the same level or higher (none inside a fenced block counts). */
function section(page: string, heading: string): string {
  const lines = read(page).split("\n");
  const start = lines.indexOf(heading);
  expect(start, `${page} has ${heading}`).toBeGreaterThanOrEqual(0);
  const level = heading.match(/^#+/)![0].length;
  let fence = false;
  let end = lines.length;
  for (let index = start + 1; index < lines.length; index++) {
    if (lines[index].startsWith("```")) fence = !fence;
    const match = /^(#+) /.exec(lines[index]);
    if (!fence && match && match[1].length <= level) {
      end = index;
      break;
    }
  }
  return lines.slice(start + 1, end).join("\n");
}

/** The fenced blocks of a text, each with its language. */
const fenced = (text: string) =>
  [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((match) => ({ language: match[1], code: match[2] }));

/** `name = ...` at the top of a tfvars text, and the keys of its `members` object. */
function tfvarsNames(text: string): { names: string[]; members: string[] } {
  const names = [...text.matchAll(/^([a-z_]+)\s*=/gm)].map((match) => match[1]);
  const members = /^members = \{\n([\s\S]*?)^\}/m.exec(text)?.[1] ?? "";
  return { names, members: [...members.matchAll(/^\s+(\w+)\s*=/gm)].map((match) => match[1]) };
}

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ["provider/bin/pulumi-docs-platform.js", ...args], { cwd: root, encoding: "utf8" });

describe("the pages on plans and on export --hcl", () => {
  it("show the comment and the drift report the goldens render from real plans", () => {
    const plans = section("docs/pull-requests.md", "### OpenTofu and Terraform plans");
    expect(fenced(plans).find((block) => block.language === "markdown")?.code).toBe(
      read("test/cli/fixtures/plan-change.tofu.md"),
    );
    const drift = section("docs/drift.md", "## OpenTofu and Terraform: a refresh-only plan");
    expect(fenced(drift).find((block) => block.language === "markdown")?.code).toBe(
      read("test/cli/fixtures/plan-drift.tofu.md"),
    );
  });

  it("quote the command's own note on stderr about the plan file's secrets", () => {
    const run = spawnSync(
      process.execPath,
      [
        "provider/bin/pulumi-docs-platform.js",
        "pr-summary",
        "test/cli/fixtures/plan-change.tofu.json",
        "--output",
        "/dev/null",
      ],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(0);
    const note = run.stderr.trim();
    expect(note).toMatch(/^pulumi-docs-platform pr-summary: note: the plan's JSON holds 2 sensitive values in clear/);
    expect(oneLine(section("docs/pull-requests.md", "### OpenTofu and Terraform plans"))).toContain(`\`${note}\``);
  });

  it("cut each HCL excerpt from the golden root, and give another environment what its variables need", () => {
    const page = section("docs/adopt-and-export.md", "## Into an OpenTofu or Terraform root: `export --hcl`");
    const blocks = fenced(page).filter((block) => block.language === "hcl");
    expect(blocks.length).toBe(4);
    const golden = ["main.tf", "imports.tf", "dev.tfvars"].map((file) => read(`${goldenRoot}/${file}`));
    // Blocks of a file are cut whole: each excerpt's blocks, one by one, are in a golden file.
    for (const block of blocks.slice(0, 3)) {
      for (const part of block.code.split(/\n(?=\S)(?=data|resource|import|\w+ *=)/)) {
        expect(
          golden.some((text) => text.includes(part.trimEnd())),
          part,
        ).toBe(true);
      }
    }
    // Another environment's tfvars: every variable the root declares without a default (but the
    // secrets, in their own file), the same people's keys, no import_ids.
    const variables = read(`${goldenRoot}/variables.tf`);
    const required = [...variables.matchAll(/^variable "(\w+)" \{\n([\s\S]*?)^\}/gm)]
      .filter(([, , body]) => !/^\s+default\s*=/m.test(body) && !/sensitive\s*=\s*true/.test(body))
      .map(([, name]) => name);
    const staging = tfvarsNames(blocks[3].code);
    expect(staging.names.sort()).toEqual(required.sort());
    expect(staging.members).toEqual(tfvarsNames(read(`${goldenRoot}/dev.tfvars`)).members);
    expect(blocks[3].code).not.toContain("import_ids");
  });

  it("name only options the commands' usage has", () => {
    const usage = {
      "pr-summary": cli("pr-summary", "--help"),
      drift: cli("drift", "--help"),
      export: cli("export", "--help"),
    };
    const named = (text: string) => new Set([...text.matchAll(/`(--[a-z-]+)/g)].map((match) => match[1]));
    for (const flag of named(section("docs/commands.md", "## `pr-summary`")))
      expect(usage["pr-summary"], flag).toContain(flag);
    for (const flag of named(section("docs/commands.md", "## `drift`"))) expect(usage.drift, flag).toContain(flag);
    for (const flag of named(section("docs/commands.md", "## `export`"))) expect(usage.export, flag).toContain(flag);
    for (const flag of ["--workspace", "--tool"])
      expect(named(section("docs/commands.md", "## `pr-summary`"))).toContain(flag);
    expect(named(section("docs/commands.md", "## `export`"))).toContain("--hcl");
  });
});
