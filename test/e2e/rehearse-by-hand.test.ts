/**
 * A rehearsal by hand never reaches production (issue 29) and rehearses the real change (issue 39,
 * item 6): docs/twin.md's "Rehearse by hand" lines, run word for word in a shell holding the lines
 * the twin printed, start the rehearsal stack from the production stack's state
 * (`pulumi-docs-platform rehearsal-stack`), so its preview against the twin is the production
 * stack's preview against production (the same operations on the same resources), and its `up`
 * applies only that change, with no request to production; and the mistake the issue found (the
 * lines pasted, then `pulumi preview` of the production stack, whose own config names production)
 * fails, saying it is a rehearsal, with no request to production either.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { stopGroup } from "../pulumi-cli/process-groups.ts";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { stateDirEnvironment, workRoot } from "../pulumi-cli/run-pulumi.ts";
import { bash, sectionSteps } from "./support/markdown-steps.ts";
import { startTwinByHand } from "./support/twin.ts";
import type { ChildProcess } from "node:child_process";
import { type PreviewJson, readPreview } from "../../provider/cli/pr-summary/preview.ts";
import { renderSummary } from "../../provider/cli/pr-summary/render.ts";

const SECRET = "rehearsal-probe-secret-4f1c";
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const minutes = (n: number) => n * 60_000;
// What production has (brought up on `prod` against production, then snapshotted into the twin),
// with a secret in the state (a stack output), and the pull request's change to it: one title of a
// team and one of a space changed, a team and a space removed.
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

new docs.Team("rehearsed", { title: "Rehearsed team" });
new docs.Team("reviewers", { title: "Reviewers" });
const handbook = new docs.Collection("handbook", { title: "Handbook" });
new docs.Space("guides", { title: "Guides", parent: handbook.id });
new docs.Space("archive", { title: "Archive", parent: handbook.id });
export const probe = pulumi.secret("${SECRET}");
`;
const CHANGED = `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

new docs.Team("rehearsed", { title: "Rehearsed team, renamed" });
const handbook = new docs.Collection("handbook", { title: "Handbook" });
new docs.Space("guides", { title: "Guides to everything", parent: handbook.id });
export const probe = pulumi.secret("${SECRET}");
`;

let production: Emulator;
let twin: ChildProcess | undefined;
let printed: Record<string, string>;
let dir: string;
let env: NodeJS.ProcessEnv;
/** The production stack's own preview of the change, against production. */
let realPreview: PreviewJson;

async function productionRequests(): Promise<number> {
  return ((await (await fetch(`${production.controlUrl}/requests`)).json()) as { total: number }).total;
}

/** The teams' titles an API holds. */
async function teamTitles(apiUrl: string, organization: string, token: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/orgs/${organization}/teams`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { items: { title: string }[] }).items.map((team) => team.title).sort();
}

/** A preview's plan: each step's operation, type and resource name (what changes in each, pr-summary says). */
function plan(json: PreviewJson): string[] {
  // The root Stack resource is named after its stack (`rehearse-by-hand-prod`): read as "stack".
  const name = (urn: string) => (urn.split("::")[2] === "pulumi:pulumi:Stack" ? "(stack)" : urn.split("::").at(-1));
  return (json.steps ?? []).map((step) => `${step.op} ${step.urn.split("::")[2]} ${name(step.urn)}`).sort();
}

beforeAll(async () => {
  production = await startEmulator({ db: ":memory:" });
  dir = path.join(workRoot, `rehearse-by-hand-${process.pid}-${Date.now()}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, "Pulumi.yaml"), "name: rehearse-by-hand\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n");
  await fs.writeFile(path.join(dir, "index.mjs"), PROGRAM);
  const installation = await ensurePulumi();
  env = await stateDirEnvironment(path.join(dir, "state"), { binDir: installation.binDir });
  // The production stack, as a team has it: its own config names production, and the program is
  // up there.
  const admin = production.fixture.organizations[0];
  const setUp = await bash(
    [
      "pulumi stack init prod",
      `pulumi config set --stack prod docs-platform:apiUrl ${production.url}`,
      `pulumi config set --stack prod --secret docs-platform:token ${admin.admin.token}`,
      `pulumi config set --stack prod docs-platform:organizationId ${admin.id}`,
      "pulumi up --stack prod --yes --non-interactive",
    ].join("\n"),
    dir,
    env,
  );
  expect(setUp.code, setUp.output).toBe(0);
  expect(await teamTitles(production.url, admin.id, admin.admin.token)).toEqual(expect.arrayContaining(["Rehearsed team", "Reviewers"]));
  // Started with the emulator's own command line, as a user would, from a snapshot of production
  // as the program left it.
  const snapshot = path.join(dir, "snapshot.json");
  await fs.writeFile(snapshot, JSON.stringify(production.snapshot()));
  ({ twin, printed } = await startTwinByHand("test/emulator/main.ts", snapshot, ["--token", "twin-token", "--port", "0", "--db", ":memory:"], repositoryRoot));
  // The pull request's change, and what the production stack's preview says it does to production.
  await fs.writeFile(path.join(dir, "index.mjs"), CHANGED);
  const preview = await bash("pulumi preview --stack prod --json --non-interactive", dir, env);
  expect(preview.code, preview.output).toBe(0);
  realPreview = JSON.parse(preview.output.slice(preview.output.indexOf("{"))) as PreviewJson;
}, minutes(4));

afterAll(async () => {
  if (twin) await stopGroup(twin);
  await production?.close();
});

describe("rehearsing by hand, as docs/twin.md says", () => {
  it("the twin's printed lines include DOCS_PLATFORM_REHEARSAL, the twin's own API", () => {
    expect(printed.DOCS_PLATFORM_REHEARSAL).toBe(printed.DOCS_PLATFORM_API_URL);
    expect(printed.DOCS_PLATFORM_API_URL).not.toBe(production.url);
  });

  it("pasted lines, then a preview of the production stack: refused as a rehearsal, no request to production", { timeout: minutes(2) }, async () => {
    const before = await productionRequests();
    const preview = await bash("pulumi preview --stack prod --non-interactive", dir, { ...env, ...printed });
    expect(preview.code).not.toBe(0);
    expect(preview.output).toContain(
      `this is a rehearsal (DOCS_PLATFORM_REHEARSAL names the twin at ${printed.DOCS_PLATFORM_API_URL}), and no request of a rehearsal may reach ${new URL(production.url).origin}`,
    );
    // One sentence, as the resource's problem: no JavaScript stack (issue 42, item 7: it was 42 lines).
    // (The first resource the engine reaches says it; which one that is varies.)
    expect(preview.output).toMatch(/pulumi-nodejs:dynamic\/docs-platform:\w+ resource '\w+' has a problem: Refused configuration docs-platform:apiUrl: this is a rehearsal/);
    expect(preview.output).not.toMatch(/^\s+at /m);
    expect(preview.output).not.toContain("ConfigurationError");
    expect(await productionRequests()).toBe(before);
  });

  it(
    "the documented lines, word for word: the rehearsal's plan is the production stack's, applied to the twin with 0 requests to production",
    { timeout: minutes(4) },
    async () => {
      const steps = sectionSteps(await fs.readFile(path.join(repositoryRoot, "docs", "twin.md"), "utf8"), "Rehearse by hand", 3);
      expect(steps.map((step) => step.kind)).toEqual(["shell"]);
      const script = steps.map((step) => step.text).join("\n");
      expect(script).toContain("rehearsal-stack --from prod --to rehearsal");
      const before = await productionRequests();
      const rehearsal = await bash(script, dir, { ...env, ...printed });
      expect(rehearsal.code, rehearsal.output).toBe(0);
      expect(await productionRequests()).toBe(before);

      // The rehearsal's preview (the file the documented lines write) is the real stack's: the same
      // operations on the same resources, the same inputs changed; nothing created.
      const rehearsed = JSON.parse(await fs.readFile(path.join(dir, "rehearsal-preview.json"), "utf8")) as PreviewJson;
      console.log(
        `the production stack's plan, against production:\n  ${plan(realPreview).join("\n  ")}\nthe rehearsal's plan, against the twin:\n  ${plan(rehearsed).join("\n  ")}`,
      );
      expect(plan(rehearsed)).toEqual(plan(realPreview));
      expect(plan(realPreview)).toEqual([
        "delete pulumi-nodejs:dynamic/docs-platform:Space archive",
        "delete pulumi-nodejs:dynamic/docs-platform:Team reviewers",
        "same pulumi:pulumi:Stack (stack)",
        "update pulumi-nodejs:dynamic/docs-platform:Space guides",
        "update pulumi-nodejs:dynamic/docs-platform:Team rehearsed",
      ]);
      expect(rehearsed.changeSummary).toEqual(realPreview.changeSummary);
      // As a pull request's comment would say it, word for word.
      // The engine runs independent steps side by side, so two previews of one plan may list them in
      // another order (the two deletes did): the steps are put in one order first.
      const key = (urn: string) => urn.split("::").slice(2).join("::");
      const ordered = (json: PreviewJson): PreviewJson => ({ ...json, steps: [...(json.steps ?? [])].sort((a, b) => key(a.urn).localeCompare(key(b.urn))) });
      const summary = (json: PreviewJson) => renderSummary(readPreview(ordered(json)), { stack: "prod" });
      console.log(`the production stack's pr-summary:\n${summary(realPreview)}\nthe rehearsal's pr-summary:\n${summary(rehearsed)}`);
      expect(summary(rehearsed)).toBe(summary(realPreview));
      expect(summary(rehearsed)).toContain("| ~ update | Team | `rehearsed` | `title` |");

      // The up applied that change to the twin, and nothing to production; the secret in the state
      // crossed over encrypted (the rehearsal-stack line printed no value, and the up decrypted it).
      expect(rehearsal.output).toMatch(/~ 2 updated/);
      expect(rehearsal.output).toMatch(/- 2 deleted/);
      expect(rehearsal.output).not.toMatch(/^\s*\+ \d+ (to create|created)/m);
      expect(rehearsal.output).not.toContain(SECRET);
      expect(await teamTitles(printed.DOCS_PLATFORM_API_URL, printed.DOCS_PLATFORM_ORGANIZATION_ID, printed.DOCS_PLATFORM_TOKEN)).not.toContain("Reviewers");
      expect(await teamTitles(printed.DOCS_PLATFORM_API_URL, printed.DOCS_PLATFORM_ORGANIZATION_ID, printed.DOCS_PLATFORM_TOKEN)).toContain("Rehearsed team, renamed");
      const admin = production.fixture.organizations[0];
      expect(await teamTitles(production.url, admin.id, admin.admin.token)).toEqual(expect.arrayContaining(["Rehearsed team", "Reviewers"]));
      // The documented lines end with the rehearsal stack removed, its config file too.
      await expect(fs.access(path.join(dir, "Pulumi.rehearsal.yaml"))).rejects.toThrow();
    },
  );
});
