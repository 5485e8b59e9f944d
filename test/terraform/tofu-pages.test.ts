/**
 * Every HCL block of every OpenTofu page, and the HCL of their inline code, through the real
 * OpenTofu (full tier): the blocks of docs/terraform/ (the index, each resource and data source
 * page, the guides) and the OpenTofu section of docs/release.md, read as Markdown (mdast), must be
 * as `tofu fmt -check` writes them, and each page's configuration must pass `tofu validate`
 * against this provider's schema (a resource page's example with its `import` block, beside the
 * index's `required_providers`). Each inline code span that holds an HCL expression (an example,
 * `{ enabled = true }`, `docsplatform_site.site.id`, `file("okta.pem")`) must parse as one and be
 * written as `tofu fmt` writes it. docs-words.test.ts checks the words (no camelCase, no
 * TypeScript, no Pulumi); tofu-docs-examples.test.ts applies the examples.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Code, InlineCode, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { sectionSteps } from "../e2e/support/markdown-steps.ts";
import { repositoryRoot, run, scratch, writeCliConfig, writeLauncher } from "./support/tofu.ts";

const DOCS = path.join(repositoryRoot, "docs", "terraform");
const HCL = new Set(["terraform", "hcl"]);

function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function nodes(tree: Root | RootContent): (Root | RootContent)[] {
  return [tree, ...("children" in tree ? (tree.children as RootContent[]).flatMap(nodes) : [])];
}

/** A page's configuration: its HCL blocks as files (a block's `file=` name, else `block<N>.tf`). */
interface Configuration {
  page: string;
  files: { name: string; text: string }[];
  /** Whether it is a configuration OpenTofu can validate (a CLI configuration block is not). */
  validate: boolean;
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.relative(DOCS, path.join(entry.parentPath, entry.name)))
    .sort();
}

let tofu: string;
let work: Awaited<ReturnType<typeof scratch>>;
let env: NodeJS.ProcessEnv;
const configurations: Configuration[] = [];
const expressions: { page: string; code: string }[] = [];

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-pages");
  const launcher = await writeLauncher(path.join(work.dir, "launcher"));
  env = {
    ...process.env,
    TF_CLI_CONFIG_FILE: await writeCliConfig(path.join(work.dir, "tofu.rc"), launcher),
    CHECKPOINT_DISABLE: "1",
  };

  const index = parse(await fs.readFile(path.join(DOCS, "index.md"), "utf8"));
  const requiredProviders = /^terraform \{\n[^]*?^\}$/m.exec(
    nodes(index).find((node): node is Code => node.type === "code" && node.lang === "terraform")!.value,
  )![0];
  for (const page of await markdownFiles(DOCS)) {
    const tree = parse(await fs.readFile(path.join(DOCS, page), "utf8"));
    const blocks = nodes(tree).filter((node): node is Code => node.type === "code" && HCL.has(node.lang ?? ""));
    const files = blocks.map((block, index) => ({
      name: /(?:^|\s)file=(\S+)/.exec(block.meta ?? "")?.[1] ?? `block${index}.tf`,
      text: `${block.value}\n`,
    }));
    if (files.length > 0 && !files.some((file) => /^terraform \{/m.test(file.text)))
      files.push({ name: "versions.tf", text: `${requiredProviders}\n` });
    configurations.push({ page, files, validate: true });
    for (const node of nodes(tree).filter((candidate): candidate is InlineCode => candidate.type === "inlineCode")) {
      if (
        /[={[(]|^docsplatform_\w+\.\w+\.|^(var|data)\./.test(node.value) &&
        !/^(tofu|terraform|jq|npx|pulumi)\b|^-|^[^=]*\/|^\^|^<|^[A-Z_]+=/.test(node.value)
      )
        expressions.push({ page, code: node.value });
    }
  }
  // docs/release.md's OpenTofu section: the CLI configuration (fmt only) and the configuration it installs the provider for.
  const release = await fs.readFile(path.join(repositoryRoot, "docs", "release.md"), "utf8");
  const section = parse(release).children;
  const start = section.findIndex(
    (node) =>
      node.type === "heading" &&
      node.depth === 3 &&
      nodes(node).some((child) => child.type === "text" && child.value === "Installing from a filesystem mirror"),
  );
  const releaseBlocks = section
    .slice(start + 1)
    .filter((node): node is Code => node.type === "code" && HCL.has(node.lang ?? ""));
  expect(releaseBlocks.length).toBeGreaterThanOrEqual(2);
  for (const [index, block] of releaseBlocks.entries()) {
    const cliConfiguration = /^provider_installation \{/m.test(block.value);
    configurations.push({
      page: `../release.md (block ${index})`,
      files: [{ name: "main.tf", text: `${block.value}\n` }],
      validate: !cliConfiguration,
    });
  }
  expect(sectionSteps(release, "For OpenTofu and Terraform users").length).toBeGreaterThan(0);
}, 30 * 60_000);

afterAll(async () => {
  await work?.remove();
});

describe("the OpenTofu pages' HCL, through OpenTofu", () => {
  it("finds the blocks of every page: a configuration per page, the guides' files by name", () => {
    const pages = configurations.map((configuration) => configuration.page);
    expect(pages).toEqual(
      expect.arrayContaining([
        "index.md",
        "resources/team.md",
        "data-sources/team.md",
        "guides/environments.md",
        "guides/move-from-pulumi.md",
      ]),
    );
    expect(
      configurations
        .find((configuration) => configuration.page === "guides/environments.md")!
        .files.map((file) => file.name),
    ).toEqual(["main.tf", "variables.tf", "dev.tfvars", "staging.tfvars", "prod.tfvars"]);
    expect(expressions.length).toBeGreaterThan(50);
  });

  it(
    "writes every block as `tofu fmt` does, and every page's configuration validates",
    { timeout: 20 * 60_000 },
    async () => {
      const failures: string[] = [];
      for (const [index, configuration] of configurations.entries()) {
        const dir = path.join(work.dir, "pages", String(index));
        await fs.mkdir(dir, { recursive: true });
        for (const file of configuration.files) await fs.writeFile(path.join(dir, file.name), file.text);
        const fmt = await run(tofu, ["fmt", "-check", "-diff", "-no-color", "."], { cwd: dir, env });
        if (fmt.code !== 0) failures.push(`${configuration.page}: tofu fmt -check: ${fmt.stdout}${fmt.stderr}`);
        if (!configuration.validate) continue;
        const validate = await run(tofu, ["validate", "-no-color"], { cwd: dir, env });
        if (validate.code !== 0)
          failures.push(`${configuration.page}: tofu validate: ${validate.stdout}${validate.stderr}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it("writes the expressions of the inline code as HCL", { timeout: 5 * 60_000 }, async () => {
    const dir = path.join(work.dir, "expressions");
    await fs.mkdir(dir, { recursive: true });
    // One file each: `tofu fmt` aligns the `=` of neighbouring lines.
    // An argument (`members = []`) as it is, an expression as an argument's value.
    for (const [index, expression] of expressions.entries())
      await fs.writeFile(
        path.join(dir, `e${index}.tf`),
        /^[a-z_][a-z0-9_]* = /.test(expression.code) ? `${expression.code}\n` : `value = ${expression.code}\n`,
      );
    const fmt = await run(tofu, ["fmt", "-check", "-diff", "-no-color", "."], { cwd: dir, env });
    const failed = [...`${fmt.stdout}\n${fmt.stderr}`.matchAll(/e(\d+)\.tf/g)].map(
      (match) => expressions[Number(match[1])],
    );
    expect(failed.map((expression) => `${expression.page}: ${expression.code}`)).toEqual([]);
    expect(fmt.code, fmt.stdout + fmt.stderr).toBe(0);
  });
});
