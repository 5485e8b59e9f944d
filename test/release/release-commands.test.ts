/**
 * The commands of docs/release.md and docs/terraform/ as written (issue 48 item 7, full tier).
 *
 * Every command: each line of each `sh` block, read as Markdown (mdast), and each inline code span
 * of release.md that is a command, goes through npm when it runs this project's TypeScript
 * (`npm run`, `npx node`: npm puts the project's Node.js 24 first on the PATH; a machine's own
 * `node` may be older, as this one's 20 is), names an npm script that exists, and names files of
 * the repository that exist.
 *
 * Then the OpenTofu section of release.md, word for word from a fresh clone: `git clone` of this
 * repository, `npm install`, and the section's blocks in order (the linux_amd64 zip built, checked
 * against its SHA256SUMS, laid out as a filesystem mirror, a CLI configuration, `tofu init`,
 * `apply`, a plan with no change, `destroy`), with the machine's PATH, which holds no Node.js 24,
 * and `tofu` (ensure-tofu.ts) on it. Put in: `HOME` (a folder of the test's; npm's cache stays the
 * user's), the emulator's URL for `https://api.example.com/v1` and the home for `/home/me`, the
 * token in `DOCS_PLATFORM_TOKEN`, and `TF_CLI_ARGS_apply`/`_destroy=-auto-approve` for the
 * prompts. The emulator's organization is the page's, `org_acme`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Code, InlineCode, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, scriptOf, sectionSteps } from "../e2e/support/markdown-steps.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { repositoryRoot } from "../../provider/scripts/release/release-info.mts";

const minutes = (n: number) => n * 60_000;
const RELEASE_PAGE = path.join(repositoryRoot, "docs", "release.md");
const TERRAFORM_DOCS = path.join(repositoryRoot, "docs", "terraform");
const SECTION = "For OpenTofu and Terraform users";

function parse(file: string): Root {
  return fromMarkdown(fs.readFileSync(file, "utf8"), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function nodes(tree: Root | RootContent): (Root | RootContent)[] {
  return [tree, ...("children" in tree ? (tree.children as RootContent[]).flatMap(nodes) : [])];
}

/** The pages whose commands must run as written. */
function pages(): string[] {
  const terraform = fs
    .readdirSync(TERRAFORM_DOCS, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join(TERRAFORM_DOCS, file));
  return [RELEASE_PAGE, ...terraform.sort()];
}

/** A `sh` block's commands: lines joined where they end in `\`, comments and blank lines gone. */
function commandsOf(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.replace(/(^|\s)#.*$/, "").trim())
    .filter(Boolean);
}

const scripts = Object.keys(
  (
    JSON.parse(fs.readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);

describe("every command of docs/release.md and docs/terraform/", () => {
  const found = pages().flatMap((page) => {
    const tree = parse(page);
    const relative = path.relative(repositoryRoot, page);
    const blocks = nodes(tree).filter((node): node is Code => node.type === "code" && node.lang === "sh");
    const inline =
      page === RELEASE_PAGE
        ? nodes(tree).filter(
            (node): node is InlineCode => node.type === "inlineCode" && /^(node|npm|npx|tofu|pulumi) /.test(node.value),
          )
        : [];
    return [...blocks.flatMap((block) => commandsOf(block.value)), ...inline.map((node) => node.value)].map(
      (command) => ({ page: relative, command }),
    );
  });

  it("reads the commands of every page (release.md's, the guides')", () => {
    expect(found.filter((entry) => entry.page === "docs/release.md").length).toBeGreaterThan(40);
    expect(found.filter((entry) => entry.page.startsWith("docs/terraform/guides/")).length).toBeGreaterThan(15);
  });

  it("runs this project's scripts through npm (its Node.js 24), never the machine's `node`", () => {
    expect(
      found
        .filter((entry) => /(^|[;&|]\s*)node\s/.test(entry.command))
        .map((entry) => `${entry.page}: ${entry.command}`),
    ).toEqual([]);
  });

  it("names npm scripts that exist, and files of the repository that exist", () => {
    const missing: string[] = [];
    for (const { page, command } of found) {
      for (const match of command.matchAll(/\bnpm run(?:\s+-s)?\s+([\w:-]+)/g))
        if (!scripts.includes(match[1])) missing.push(`${page}: npm script ${match[1]} (${command})`);
      for (const match of command.matchAll(/(?:^|\s|")((?:provider|test|docs|examples)\/[\w./-]+)/g)) {
        if (!fs.existsSync(path.join(repositoryRoot, match[1]))) missing.push(`${page}: ${match[1]} (${command})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("docs/release.md's OpenTofu section, from a fresh clone, with the machine's own Node.js first", () => {
  let emulator: Emulator;
  let work: string;
  let env: NodeJS.ProcessEnv;
  const token = "tok-acme-release";

  beforeAll(async () => {
    const tofu = await ensureTofu();
    work = fs.mkdtempSync(path.join(os.tmpdir(), "release-commands-"));
    const fixture = path.join(work, "fixture.json");
    fs.writeFileSync(
      fixture,
      JSON.stringify({
        users: [{ id: "usr_ada", displayName: "Ada", email: "ada@acme.test", token }],
        organizations: [{ id: "org_acme", title: "Acme", members: [{ user: "usr_ada", role: "admin" }] }],
      }),
    );
    emulator = await startEmulator({ db: ":memory:", fixture });
    const home = path.join(work, "home");
    fs.mkdirSync(home);
    // The machine's PATH, without the project's node_modules/.bin (and so its Node.js 24), with tofu.
    const machinePath = (process.env.PATH ?? "")
      .split(path.delimiter)
      .filter((dir) => !dir.includes("node_modules"))
      .join(path.delimiter);
    env = {
      PATH: `${path.dirname(tofu)}${path.delimiter}${machinePath}`,
      HOME: home,
      npm_config_cache: path.join(os.homedir(), ".npm"),
      TMPDIR: os.tmpdir(),
      CHECKPOINT_DISABLE: "1",
      DOCS_PLATFORM_TOKEN: token,
      TF_CLI_ARGS_apply: "-auto-approve",
      TF_CLI_ARGS_destroy: "-auto-approve",
    };
  }, minutes(30));

  afterAll(async () => {
    await emulator?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    "clones, installs, builds the zip, installs it from a mirror, applies, plans no change, destroys",
    { timeout: minutes(25) },
    async () => {
      // Which `node` the commands find first: not the project's.
      const machineNode = await bash("command -v node || true", work, env);
      expect(machineNode.output.trim()).not.toBe(fs.realpathSync(process.execPath));

      const checkout = path.join(work, "checkout");
      execFileSync("git", ["clone", "--quiet", repositoryRoot, checkout]);
      const installed = await bash("npm install --no-audit --no-fund", checkout, env);
      expect(installed.code, installed.output.slice(-4000)).toBe(0);

      const markdown = fs.readFileSync(RELEASE_PAGE, "utf8");
      const script = scriptOf(sectionSteps(markdown, SECTION))
        .replaceAll("https://api.example.com/v1", emulator.url)
        .replaceAll("/home/me", String(env.HOME));
      expect(script).toContain("npm run release -- --platform linux-amd64 --terraform-only");
      const run = await bash(script, checkout, env);
      // eslint-disable-next-line no-control-regex
      const output = run.output.replace(/\u001b\[[0-9;]*m/g, "");
      expect(run.code, output.slice(-6000)).toBe(0);
      expect(output).toContain("terraform-provider-docsplatform_0.1.0_linux_amd64.zip: OK");
      expect(output).toContain("- Installing docs-platform/docsplatform v0.1.0...");
      expect(output).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
      expect(output).toContain("No changes.");
      expect(output).toContain("Destroy complete! Resources: 1 destroyed.");
      // The provider came from the mirror the page lays out, and the team is gone from the API.
      expect(fs.readFileSync(path.join(String(env.HOME), "docs-platform", ".terraform.lock.hcl"), "utf8")).toContain(
        'provider "registry.opentofu.org/docs-platform/docsplatform"',
      );
      const teams = (await (
        await fetch(`${emulator.url}/orgs/org_acme/teams`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { items: { title: string }[] };
      expect(teams.items.map((team) => team.title)).not.toContain("Core");
    },
  );
});
