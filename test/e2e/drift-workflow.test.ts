/**
 * The scheduled drift check of examples/drift, run locally: its script (`drift.sh`, which the
 * GitHub Actions workflow calls) against the emulator with the real CLI, with issues kept in a
 * directory (ISSUE_STORE) instead of GitHub. Proves: a stack in sync opens no issue; drift made
 * through the API (a title changed, an object deleted) opens one issue naming both; a second run
 * while the drift stays updates that issue; after `pulumi up` repairs it, the next run closes it;
 * a refresh that fails (the token refused) fails the job; a fully-qualified stack name
 * (`organization/<project>/<stack>`) works too.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, apiClient } from "./support/api.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { runGroup } from "../pulumi-cli/process-groups.ts";
import { type TestStack, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const script = fileURLToPath(new URL("../../examples/drift/drift.sh", import.meta.url));
const minutes = (n: number) => n * 60_000;

const PROGRAM = `import * as docs from "pulumi-docs-platform";
export const writers = new docs.Team("writers", { title: "Writers" }).id;
export const handbook = new docs.Collection("handbook", { title: "Handbook", description: "How we work" }).id;
new docs.Site("portal", { title: "Portal", visibility: "unlisted" });
`;

let emulator: Emulator;
let api: Api;
let stack: TestStack;
let programDir: string;
let issues: string;

function drift(extraEnv: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return runGroup("bash", [script], { cwd: programDir, env: { ...stack.env, STACKS: "dev", ISSUE_STORE: issues, ...extraEnv } }).then(({ code, output }) => ({ code, output }));
}

async function storedIssues(): Promise<string[]> {
  const files = (await fs.readdir(issues).catch(() => [] as string[])).sort();
  return Promise.all(files.map((file) => fs.readFile(path.join(issues, file), "utf8")));
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  api = apiClient(emulator.url, organization.admin.token);
  programDir = await writeProgram("drift", {
    "Pulumi.yaml": "name: docs-drift\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
    "index.mjs": PROGRAM,
  });
  issues = path.join(workRoot, `issues-${process.pid}-${Date.now()}`);
  stack = await createStack({
    programDir,
    stackName: "dev",
    config: { "docs-platform:organizationId": organization.id },
    env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token },
  });
  // The stack's config beside the program, as in the repository the workflow runs in.
  await fs.copyFile(stack.configFile, path.join(programDir, "Pulumi.dev.yaml"));
  await stack.up();
}, 180_000);

afterAll(async () => {
  await stack?.destroy().catch(() => undefined);
  await emulator?.close();
});

describe("examples/drift/drift.sh against the emulator", () => {
  it("opens no issue for a stack in sync", { timeout: minutes(3) }, async () => {
    const run = await drift();
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("stack dev: in sync");
    expect(await storedIssues()).toEqual([]);
  });

  it("opens one issue on drift, updates it while the drift stays, and closes it once up repaired it", { timeout: minutes(5) }, async () => {
    const outputs = await stack.outputs();
    await api.patch(`/orgs/org-acme/teams/${String(outputs.writers)}`, { title: "Writers (renamed by hand)" });
    await api.delete(`/collections/${String(outputs.handbook)}`);

    const first = await drift();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("stack dev: drift, issue opened");
    let stored = await storedIssues();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain("state: open\ntitle: Drift in stack dev\n<!-- pulumi-docs-platform:drift stack=dev -->");
    expect(stored[0]).toContain("**1 changed outside Pulumi · 1 deleted outside Pulumi** · 1 in sync");
    expect(stored[0]).toContain("- `Team` `Writers (renamed by hand)` (`writers`): `up` puts it back\n  - `title`: now `Writers (renamed by hand)`, declared `Writers`");
    expect(stored[0]).toContain("- `Collection` `Handbook` (`handbook`): `up` creates it again (a new id)");

    const second = await drift();
    expect(second.output).toContain("stack dev: drift, issue updated");
    stored = await storedIssues();
    expect(stored).toHaveLength(1);

    await stack.up(["--refresh"]);
    const third = await drift();
    expect(third.code, third.output).toBe(0);
    expect(third.output).toContain("stack dev: in sync again, issue closed");
    stored = await storedIssues();
    expect(stored).toHaveLength(1);
    expect(stored[0].startsWith("state: closed\n")).toBe(true);
  });

  it("checks a stack named fully qualified (organization/<project>/dev)", { timeout: minutes(3) }, async () => {
    const run = await drift({ STACKS: "organization/docs-drift/dev" });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("stack organization/docs-drift/dev: in sync");
  });

  it("fails the job when the refresh fails (the token refused)", { timeout: minutes(3) }, async () => {
    const run = await drift({ DOCS_PLATFORM_TOKEN: "tok-refused" });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain("stack dev: the refresh failed");
  });
});
