/**
 * The pull-request workflow of examples/pull-request, run locally: its script (`ci.sh`, which the
 * GitHub Actions workflow calls) against the emulator with the real CLI, with comments kept in a
 * directory (COMMENT_STORE) instead of a pull request. Proves: a preview posts one summary comment
 * per stack, a second run edits it instead of adding one, a failing preview fails the job with the
 * error in the comment, `up` applies, a preview after it says there is nothing left to change, and
 * with a policy pack a violated mandatory policy fails the job and is named in the comment; a
 * fully-qualified stack name (`organization/<project>/<stack>`) works too.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { runGroup } from "../pulumi-cli/process-groups.ts";
import { type TestStack, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const script = fileURLToPath(new URL("../../examples/pull-request/ci.sh", import.meta.url));
const sourceProgram = fileURLToPath(new URL("../cli/preview-program", import.meta.url));
const policyPack = fileURLToPath(new URL("../../examples/policy", import.meta.url));

let emulator: Emulator;
let stack: TestStack;
let programDir: string;
let comments: string;

function ci(command: "preview" | "up", extraEnv: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return runGroup("bash", [script, command], { cwd: programDir, env: { ...stack.env, STACKS: "dev", COMMENT_STORE: comments, ...extraEnv } }).then(({ code, output }) => ({
    code,
    output,
  }));
}

async function storedComments(): Promise<string[]> {
  const files = (await fs.readdir(comments).catch(() => [] as string[])).sort();
  return Promise.all(files.map((file) => fs.readFile(path.join(comments, file), "utf8")));
}

/** The stack's config lives beside the program, as in the repository the workflow runs in. */
async function setVariant(variant: string): Promise<void> {
  await stack.setConfig("variant", variant);
  await fs.copyFile(stack.configFile, path.join(programDir, "Pulumi.dev.yaml"));
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  programDir = await writeProgram("pull-request", {
    "Pulumi.yaml": await fs.readFile(path.join(sourceProgram, "Pulumi.yaml"), "utf8"),
    "index.ts": await fs.readFile(path.join(sourceProgram, "index.ts"), "utf8"),
  });
  comments = path.join(workRoot, `comments-${process.pid}-${Date.now()}`);
  stack = await createStack({
    programDir,
    stackName: "dev",
    config: { organizationId: organization.id, variant: "base", certificate: { value: "MIIC-cert", secret: true } },
    env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token },
  });
  await stack.up();
}, 180_000);

afterAll(async () => {
  await stack?.destroy().catch(() => undefined);
  await emulator?.close();
});

describe("examples/pull-request/ci.sh against the emulator", () => {
  it("preview posts one summary comment for the stack; a second run edits it", { timeout: 180_000 }, async () => {
    await setVariant("members");
    const first = await ci("preview");
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("added a comment for stack dev");
    const second = await ci("preview");
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain("edited the comment of stack dev");
    const stored = await storedComments();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain("`members`: added `usr-acme-reader`; removed `usr-acme-admin`");
    expect(first.output + second.output).not.toContain("tok-acme-admin");
  });

  it("a failing preview fails the job, with the error in the comment", { timeout: 180_000 }, async () => {
    await setVariant("error");
    const run = await ci("preview");
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain("stack dev: the preview failed");
    const stored = await storedComments();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/The preview failed[\s\S]*title: must not be empty/);
  });

  it("up applies the change, and the next preview says there is nothing left to change", { timeout: 180_000 }, async () => {
    await setVariant("members");
    const up = await ci("up");
    expect(up.code, up.output).toBe(0);
    const team = (await (
      await fetch(`${emulator.url}/orgs/org-acme/teams`, { headers: { authorization: `Bearer ${emulator.fixture.organizations.find((o) => o.id === "org-acme")!.admin.token}` } })
    ).json()) as { items: { title: string }[] };
    expect(team.items.map((item) => item.title)).toContain("Docs writers");
    const preview = await ci("preview");
    expect(preview.code, preview.output).toBe(0);
    const stored = await storedComments();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain("No changes.");
  });

  it("with POLICY_PACKS, a violated mandatory policy fails the job and is named in the comment", { timeout: 180_000 }, async () => {
    // The program's `petstore` spec leaves visibility out, which examples/policy refuses.
    await setVariant("update");
    const run = await ci("preview", { POLICY_PACKS: policyPack });
    expect(run.code, run.output).toBe(1);
    const stored = await storedComments();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain("#### Policy violations");
    expect(stored[0]).toContain("- **mandatory** `openapi-spec-private-unless-tagged` on `petstore`");
    expect(run.output).not.toContain("tok-acme-admin");
  });

  it("previews and comments a stack named fully qualified (organization/<project>/dev)", { timeout: 180_000 }, async () => {
    // A change from what `up` applied above, so there is a comment to post.
    await setVariant("update");
    const qualified = "organization/docs-platform-pr-summary/dev";
    const store = path.join(workRoot, `comments-qualified-${process.pid}-${Date.now()}`);
    const run = await ci("preview", { STACKS: qualified, COMMENT_STORE: store });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`added a comment for stack ${qualified}`);
    // The second run finds it by its marker, which names the stack as given.
    const again = await ci("preview", { STACKS: qualified, COMMENT_STORE: store });
    expect(again.output).toContain(`edited the comment of stack ${qualified}`);
    const files = await fs.readdir(store);
    expect(files).toHaveLength(1);
    expect(await fs.readFile(path.join(store, files[0]), "utf8")).toContain(`<!-- pulumi-docs-platform:pr-summary stack=${qualified} -->`);
  });
});
