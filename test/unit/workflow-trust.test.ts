/**
 * What the example workflows trust, checked without GitHub, Pulumi or the emulator: their scripts
 * (examples/pull-request/ci.sh, examples/drift/drift.sh, examples/rehearse/rehearse.sh) run with
 * stand-ins for `gh`, `pulumi`, the package's command line and the twin on PATH, and the rehearsal
 * workflow's YAML is read as GitHub reads it.
 *
 * - A comment or issue that starts with the summary's marker is the workflow's own only when its
 *   identity wrote it; anyone else's is left alone, and a review is never silenced: an edit that
 *   fails becomes a new comment, and when nothing can be posted the job fails.
 * - Fully-qualified stack names (`org/project/stack`) work.
 * - The rehearsal comment's heading shows a hostile organization id as inert code.
 * - The rehearsal workflow hands no secret to the pull request's code, and takes its snapshot only
 *   from the snapshot workflow's own runs on the default branch.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Heading } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };

const PR_MARKER = (stack: string) => `<!-- pulumi-docs-platform:pr-summary stack=${stack} -->`;
const DRIFT_MARKER = (stack: string) => `<!-- pulumi-docs-platform:drift stack=${stack} -->`;

/**
 * Stand-ins, each logging what it was asked to $STUB_DIR/calls:
 * - gh: `api user` answers $STUB_GH_USER (refused without it, as for a GitHub Actions token);
 *   a GET lists $STUB_DIR/listing.json through the given --jq; PATCH and POST exit
 *   $STUB_GH_PATCH_EXIT / $STUB_GH_POST_EXIT (default 0); `run list` and `run download` likewise.
 * - pulumi: every command succeeds; `preview` prints `{}`; `config set` keeps the config file it
 *   was given as $STUB_DIR/config-at-set.yaml.
 * - npx (pulumi-docs-platform pr-summary | drift <file> --stack <s>): fails when <file> is absent,
 *   prints the marker and exits $STUB_SUMMARY_EXIT (default 0).
 * - twin: prints the emulator's lines with $STUB_ORGANIZATION_ID, then waits.
 */
const STUBS: Record<string, string> = {
  gh: `#!/usr/bin/env bash
echo "gh $*" >> "$STUB_DIR/calls"
if [ "$1" = run ]; then
  case "$2" in
    list) jq_filter=""; while [ $# -gt 0 ]; do [ "$1" = --jq ] && jq_filter=$2; shift; done; jq -r "$jq_filter" "$STUB_DIR/runs.json"; exit ;;
    download) echo '{"downloaded":"'"$3"'"}' > snapshot.json; exit 0 ;;
  esac
fi
shift
method=GET; target=""; jq_filter=""
while [ $# -gt 0 ]; do
  case "$1" in
    --method) method=$2; shift 2 ;;
    --jq) jq_filter=$2; shift 2 ;;
    --paginate) shift ;;
    -F|-f) shift 2 ;;
    *) target=$1; shift ;;
  esac
done
if [ "$target" = user ]; then
  [ -n "\${STUB_GH_USER:-}" ] || { echo "gh: Resource not accessible by integration (HTTP 403)" >&2; exit 1; }
  echo "$STUB_GH_USER"; exit 0
fi
case "$method" in
  GET) jq -r "$jq_filter" "$STUB_DIR/listing.json" ;;
  PATCH) exit "\${STUB_GH_PATCH_EXIT:-0}" ;;
  POST) exit "\${STUB_GH_POST_EXIT:-0}" ;;
esac
`,
  pulumi: `#!/usr/bin/env bash
echo "pulumi $*" >> "$STUB_DIR/calls"
if [ "$1 $2" = "config set" ]; then
  while [ $# -gt 0 ]; do [ "$1" = --config-file ] && cp "$2" "$STUB_DIR/config-at-set.yaml"; shift; done
fi
[ "$1" = preview ] && echo '{}'
exit 0
`,
  npx: `#!/usr/bin/env bash
echo "npx $*" >> "$STUB_DIR/calls"
command=$3 file=$4 stack=""
while [ $# -gt 0 ]; do [ "$1" = --stack ] && stack=$2; shift; done
[ -f "$file" ] || { echo "no preview JSON at $file" >&2; exit 1; }
if [ "$command" = drift ]; then echo "<!-- pulumi-docs-platform:drift stack=$stack -->"; else echo "<!-- pulumi-docs-platform:pr-summary stack=$stack -->"; fi
echo "summary of $stack"
exit "\${STUB_SUMMARY_EXIT:-0}"
`,
  // Quoted for sh as the emulator prints them (test/emulator/shell.ts): single quotes, ' as '\\''.
  twin: `#!/usr/bin/env bash
quoted=\${STUB_ORGANIZATION_ID//\\'/\\'\\\\\\'\\'}
echo "export DOCS_PLATFORM_API_URL='http://127.0.0.1:9/v1'"
echo "export DOCS_PLATFORM_ORGANIZATION_ID='$quoted'"
exec sleep 60
`,
};

/** Every folder this file makes under the system's temporary folder, removed at its end. */
const scratch: string[] = [];
function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

let bin: string;
beforeAll(() => {
  bin = scratchDir("workflow-trust-bin-");
  for (const [name, text] of Object.entries(STUBS)) {
    writeFileSync(path.join(bin, name), text);
    chmodSync(path.join(bin, name), 0o755);
  }
});

interface Outcome {
  code: number | null;
  output: string;
  /** What the stand-ins were asked, one line each. */
  calls: string[];
  dir: string;
}

/** `bash <script> ...args` in a fresh directory, stand-ins first on PATH. */
function runScript(script: string, args: string[], env: Record<string, string>, setup: (dir: string) => void = () => {}): Promise<Outcome> {
  const dir = scratchDir("workflow-trust-");
  setup(dir);
  return new Promise((resolve) => {
    const child = spawn("bash", [script, ...args], {
      cwd: dir,
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME, STUB_DIR: dir, GITHUB_REPOSITORY: "acme/docs", PR_NUMBER: "7", ...env },
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("close", (code) => {
      let calls: string[] = [];
      try {
        calls = readFileSync(path.join(dir, "calls"), "utf8").trim().split("\n");
      } catch {
        // No `calls` file: the script called none of the stand-ins.
      }
      resolve({ code, output, calls, dir });
    });
  });
}

const listing = (items: object[]) => (dir: string) => writeFileSync(path.join(dir, "listing.json"), JSON.stringify(items));
const writes = (outcome: Outcome) => outcome.calls.filter((call) => /--method (PATCH|POST)/.test(call)).map((call) => call.replace(/^gh api --method (\w+) (\S+).*$/, "$1 $2"));

describe("ci.sh preview: the pull request's summary comment", () => {
  const ci = path.join(root, "examples", "pull-request", "ci.sh");
  const mallory = { id: 11, user: { login: "mallory" }, body: `${PR_MARKER("dev")}\nNothing to see here.` };
  const ours = { id: 12, user: { login: "github-actions[bot]" }, body: `${PR_MARKER("dev")}\nsummary of dev` };

  it("a comment that starts with the marker but was written by someone else is not its own: a new comment is posted, theirs is not edited", async () => {
    // As GitHub answers for another user's comment: the edit is refused.
    const outcome = await runScript(ci, ["preview"], { STACKS: "dev", STUB_GH_PATCH_EXIT: "1" }, listing([mallory]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual(["POST repos/acme/docs/issues/7/comments"]);
    expect(outcome.output).toContain("added a comment for stack dev");
  });

  it("edits the comment of its own identity (github-actions[bot] for a GitHub Actions token), not the impostor's before it", async () => {
    const outcome = await runScript(ci, ["preview"], { STACKS: "dev" }, listing([mallory, ours]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual(["PATCH repos/acme/docs/issues/comments/12"]);
  });

  it("with a personal token, the comments of the token's user are its own (COMMENT_AUTHOR unset)", async () => {
    const outcome = await runScript(ci, ["preview"], { STACKS: "dev", STUB_GH_USER: "docs-bot" }, listing([ours, { ...mallory, id: 13, user: { login: "docs-bot" } }]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual(["PATCH repos/acme/docs/issues/comments/13"]);
  });

  it("when editing its own comment fails, posts a new one", async () => {
    const outcome = await runScript(ci, ["preview"], { STACKS: "dev", COMMENT_AUTHOR: "github-actions[bot]", STUB_GH_PATCH_EXIT: "1" }, listing([ours]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual(["PATCH repos/acme/docs/issues/comments/12", "POST repos/acme/docs/issues/7/comments"]);
  });

  it("when nothing can be posted, fails the job (never exit 0 having posted nothing)", async () => {
    const outcome = await runScript(ci, ["preview"], { STACKS: "dev", STUB_GH_PATCH_EXIT: "1", STUB_GH_POST_EXIT: "1" }, listing([ours]));
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toContain("stack dev: could not post the comment");
  });

  it("a stack without changes does not count someone else's marker comment as an earlier comment to edit", async () => {
    // pr-summary exits 2 for no change: a comment is only edited when the workflow posted one before.
    const outcome = await runScript(ci, ["preview"], { STACKS: "dev", STUB_SUMMARY_EXIT: "2" }, listing([mallory]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual([]);
    expect(outcome.output).toContain("stack dev: no changes");
  });

  it("works with a fully-qualified stack name (org/project/stack)", async () => {
    const outcome = await runScript(ci, ["preview"], { STACKS: "acme/docs/prod" }, listing([]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(outcome.calls.some((call) => call.startsWith("pulumi preview --stack acme/docs/prod "))).toBe(true);
    expect(outcome.calls.some((call) => /^npx --no-install pulumi-docs-platform pr-summary \S+ --stack acme\/docs\/prod/.test(call))).toBe(true);
    expect(outcome.output).toContain("added a comment for stack acme/docs/prod");
  });

  it("works with a fully-qualified stack name with COMMENT_STORE, one file per stack", async () => {
    const outcome = await runScript(ci, ["preview"], { STACKS: "acme/docs/prod acme/docs/dev", COMMENT_STORE: "comments" });
    expect(outcome.code, outcome.output).toBe(0);
    const again = await runScript(ci, ["preview"], { STACKS: "acme/docs/prod", COMMENT_STORE: path.join(outcome.dir, "comments") });
    expect(again.output).toContain("edited the comment of stack acme/docs/prod");
  });
});

describe("drift.sh: the stack's drift issue", () => {
  const drift = path.join(root, "examples", "drift", "drift.sh");
  const mallory = { number: 21, user: { login: "mallory" }, body: `${DRIFT_MARKER("prod")}\nAll good.` };
  const ours = { number: 22, user: { login: "github-actions[bot]" }, body: `${DRIFT_MARKER("prod")}\nsummary of prod` };

  it("an issue that starts with the marker but was opened by someone else is not its own: drift opens a new issue", async () => {
    const outcome = await runScript(drift, [], { STACKS: "prod", STUB_SUMMARY_EXIT: "2", STUB_GH_PATCH_EXIT: "1" }, listing([mallory]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual(["POST repos/acme/docs/issues"]);
  });

  it("a stack in sync does not close someone else's issue that carries the marker", async () => {
    const outcome = await runScript(drift, [], { STACKS: "prod", STUB_SUMMARY_EXIT: "0" }, listing([mallory]));
    expect(outcome.code, outcome.output).toBe(0);
    expect(writes(outcome)).toEqual([]);
    expect(outcome.output).toContain("stack prod: in sync");
  });

  it("updates its own issue; when the update fails opens a new one; when nothing can be filed fails the job", async () => {
    const updated = await runScript(drift, [], { STACKS: "prod", STUB_SUMMARY_EXIT: "2" }, listing([mallory, ours]));
    expect(writes(updated)).toEqual(["PATCH repos/acme/docs/issues/22"]);
    const reopened = await runScript(drift, [], { STACKS: "prod", STUB_SUMMARY_EXIT: "2", STUB_GH_PATCH_EXIT: "1" }, listing([ours]));
    expect(reopened.code, reopened.output).toBe(0);
    expect(writes(reopened)).toEqual(["PATCH repos/acme/docs/issues/22", "POST repos/acme/docs/issues"]);
    const failed = await runScript(drift, [], { STACKS: "prod", STUB_SUMMARY_EXIT: "2", STUB_GH_PATCH_EXIT: "1", STUB_GH_POST_EXIT: "1" }, listing([ours]));
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain("stack prod: could not open the drift issue");
  });

  it("works with a fully-qualified stack name (org/project/stack), on GitHub and with ISSUE_STORE", async () => {
    const github = await runScript(drift, [], { STACKS: "acme/docs/prod", STUB_SUMMARY_EXIT: "2" }, listing([]));
    expect(github.code, github.output).toBe(0);
    expect(github.calls.some((call) => call.startsWith("pulumi preview --refresh --stack acme/docs/prod "))).toBe(true);
    expect(github.output).toContain("stack acme/docs/prod: drift, issue opened");
    const store = await runScript(drift, [], { STACKS: "acme/docs/prod", STUB_SUMMARY_EXIT: "2", ISSUE_STORE: "issues" });
    expect(store.code, store.output).toBe(0);
    expect(store.output).toContain("stack acme/docs/prod: drift, issue opened");
  });
});

describe("rehearse.sh", () => {
  const rehearse = path.join(root, "examples", "rehearse", "rehearse.sh");
  // The package's command line: `echo` shows what pr-summary was asked.
  const cli = "echo";
  const setupProgram = (dir: string) => {
    writeFileSync(path.join(dir, "Pulumi.yaml"), "name: docs\nruntime: nodejs\n");
    writeFileSync(path.join(dir, "snapshot.json"), "{}");
  };

  it("shows a hostile organization id in the comment's heading as inert code (markdown, HTML, @mentions, backticks, escapes)", async () => {
    const hostile = "org``` `x` <img src=x onerror=alert(1)> @everyone **bold** [link](https://evil.test) #1 \u001b[31m\u202eend`";
    const outcome = await runScript(rehearse, ["snapshot.json"], { EMULATOR: path.join(bin, "twin"), DOCS_PLATFORM_CLI: cli, STUB_ORGANIZATION_ID: hostile }, setupProgram);
    expect(outcome.code, outcome.output).toBe(0);
    const comment = readFileSync(path.join(outcome.dir, "rehearsal.md"), "utf8");
    const tree = fromMarkdown(comment);
    const heading = tree.children[0] as Heading;
    expect(heading.type).toBe("heading");
    // Text, then one code span holding the id (control and reordering characters dropped): no
    // HTML, link, emphasis or second span.
    expect(heading.children.map((child) => child.type)).toEqual(["text", "inlineCode"]);
    // eslint-disable-next-line no-control-regex -- the C0 control characters the summary drops.
    expect(heading.children[1]).toMatchObject({ value: hostile.replace(/[\u0000-\u001f\u202e]/g, "") });
    // eslint-disable-next-line no-control-regex -- the C0 control characters the summary drops.
    expect(comment.split("\n")[0]).not.toMatch(/[\u0000-\u001f\u202e]/);
  });

  it("keeps an ordinary organization id as it was", async () => {
    const outcome = await runScript(rehearse, ["snapshot.json"], { EMULATOR: path.join(bin, "twin"), DOCS_PLATFORM_CLI: cli, STUB_ORGANIZATION_ID: "org-acme" }, setupProgram);
    expect(readFileSync(path.join(outcome.dir, "rehearsal.md"), "utf8").split("\n")[0]).toBe("## Rehearsal against the twin of `org-acme`");
  });

  it("starts from CONFIG_FROM without its secrets or their encryption settings (production's passphrase is never needed)", async () => {
    const production = [
      "encryptionsalt: v1:c2FsdA==:v1:abc:def",
      "config:",
      "  docs-platform:apiUrl: https://api.example.com/v1",
      "  docs:title: Acme",
      "  docs:certificate:",
      "    secure: v1:AAAAsecret",
      "  docs:people:",
      "    value:",
      "      admin: ada@acme.test",
      "",
    ].join("\n");
    const outcome = await runScript(
      rehearse,
      ["snapshot.json"],
      { EMULATOR: path.join(bin, "twin"), DOCS_PLATFORM_CLI: cli, STUB_ORGANIZATION_ID: "org-acme", CONFIG_FROM: "Pulumi.prod.yaml" },
      (dir) => {
        setupProgram(dir);
        writeFileSync(path.join(dir, "Pulumi.prod.yaml"), production);
      },
    );
    expect(outcome.code, outcome.output).toBe(0);
    const started = yaml.load(readFileSync(path.join(outcome.dir, "config-at-set.yaml"), "utf8")) as Record<string, unknown>;
    expect(started).toEqual({ config: { "docs-platform:apiUrl": "https://api.example.com/v1", "docs:title": "Acme", "docs:people": { value: { admin: "ada@acme.test" } } } });
  });
});

describe("the rehearsal workflow (docs-platform-rehearse.yml)", () => {
  interface Step {
    uses?: string;
    run?: string;
    with?: Record<string, unknown>;
    env?: Record<string, string>;
  }
  interface Job {
    permissions?: Record<string, string>;
    env?: Record<string, string>;
    steps: Step[];
  }
  const file = path.join(root, "examples", "rehearse", ".github", "workflows", "docs-platform-rehearse.yml");
  const workflow = yaml.load(readFileSync(file, "utf8")) as { on: Record<string, unknown>; env?: Record<string, string>; jobs: Record<string, Job> };
  /** A job runs the pull request's code when it checks it out (then npm ci, the program, rehearse.sh run). */
  const runsPullRequestCode = (job: Job) => job.steps.some((step) => step.uses?.startsWith("actions/checkout"));

  it("runs on pull requests, with no workflow-wide secret or environment", () => {
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(workflow.env).toBeUndefined();
  });

  it("gives the job that runs the pull request's code no secret (no production passphrase), no write permission and no kept token", () => {
    const prJobs = Object.entries(workflow.jobs).filter(([, job]) => runsPullRequestCode(job));
    expect(prJobs.map(([name]) => name)).toEqual(["rehearse"]);
    for (const [, job] of prJobs) {
      expect(JSON.stringify(job)).not.toMatch(/secrets\./);
      expect(JSON.stringify(job)).not.toMatch(/github\.token/);
      expect(Object.values(job.permissions ?? { default: "write" }).every((level) => level === "read" || level === "none")).toBe(true);
      const checkout = job.steps.find((step) => step.uses?.startsWith("actions/checkout"))!;
      expect(checkout.with?.["persist-credentials"]).toBe(false);
      // The rehearsal's stack gets a passphrase of its own, made in the job.
      const rehearsal = job.steps.find((step) => step.run?.includes("rehearse.sh"))!;
      expect(rehearsal.run).toMatch(/PULUMI_CONFIG_PASSPHRASE="\$\(openssl rand -hex 32\)" \.\/rehearse\.sh/);
      expect(rehearsal.env?.PULUMI_CONFIG_PASSPHRASE).toBeUndefined();
    }
    // No job at all hands a secret around: nothing the rehearsal needs is one.
    expect(readFileSync(file, "utf8")).not.toMatch(/\$\{\{\s*secrets\./);
  });

  it("posts the comment from a job that runs none of the pull request's code", () => {
    const writers = Object.entries(workflow.jobs).filter(([, job]) => Object.values(job.permissions ?? {}).includes("write"));
    expect(writers.map(([name]) => name)).toEqual(["comment"]);
    for (const [, job] of writers) {
      expect(runsPullRequestCode(job)).toBe(false);
      expect(job.steps.some((step) => /npm|rehearse\.sh|pulumi /.test(step.run ?? ""))).toBe(false);
    }
  });

  it("takes the snapshot only from a run of the snapshot workflow on the default branch, by schedule, workflow_dispatch or push", async () => {
    const [name, job] = Object.entries(workflow.jobs).find(([, candidate]) => candidate.steps.some((step) => step.run?.includes("gh run download")))!;
    expect(runsPullRequestCode(job)).toBe(false);
    const step = job.steps.find((candidate) => candidate.run?.includes("gh run download"))!;
    expect(step.run).toContain("--workflow docs-platform-snapshot.yml");
    expect(step.run).toMatch(/--branch "\$DEFAULT_BRANCH"/);
    expect(step.env?.DEFAULT_BRANCH).toBe("${{ github.event.repository.default_branch }}");
    // The step's script against runs the API could list (newest first): whatever --branch gave,
    // only a default-branch run of the workflow's own triggers is taken.
    const runs = [
      { databaseId: 9, event: "pull_request", headBranch: "evil" },
      { databaseId: 8, event: "workflow_dispatch", headBranch: "evil" },
      { databaseId: 7, event: "pull_request", headBranch: "main" },
      { databaseId: 6, event: "schedule", headBranch: "main" },
      { databaseId: 5, event: "schedule", headBranch: "main" },
    ];
    const script = path.join(scratchDir("workflow-trust-step-"), `${name}.sh`);
    writeFileSync(script, step.run!);
    const outcome = await runScript(script, [], { DEFAULT_BRANCH: "main", GH_TOKEN: "unused" }, (dir) => writeFileSync(path.join(dir, "runs.json"), JSON.stringify(runs)));
    expect(outcome.code, outcome.output).toBe(0);
    expect(outcome.calls.filter((call) => call.startsWith("gh run download"))).toEqual(["gh run download 6 --repo acme/docs --name docs-platform-snapshot"]);
    // None at all: the job fails, saying so.
    const none = await runScript(script, [], { DEFAULT_BRANCH: "main", GH_TOKEN: "unused" }, (dir) => writeFileSync(path.join(dir, "runs.json"), JSON.stringify(runs.slice(0, 3))));
    expect(none.code).not.toBe(0);
    expect(none.output).toContain("no successful snapshot run on main");
  });
});
