/**
 * A rehearsal by hand never reaches production (issue 29): docs/twin.md's "Rehearse by hand"
 * lines, run word for word in a shell holding the lines the twin printed, apply the program to the
 * twin and send no request to production; and the mistake the issue found (the lines pasted, then
 * `pulumi preview` of the production stack, whose own config names production) now fails, saying
 * it is a rehearsal, with no request to production either.
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

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const minutes = (n: number) => n * 60_000;
const PROGRAM = `import * as docs from "pulumi-docs-platform";

new docs.Team("rehearsed", { title: "Rehearsed team" });
`;

let production: Emulator;
let twin: ChildProcess | undefined;
let printed: Record<string, string>;
let dir: string;
let env: NodeJS.ProcessEnv;

async function productionRequests(): Promise<number> {
  return ((await (await fetch(`${production.controlUrl}/requests`)).json()) as { total: number }).total;
}

beforeAll(async () => {
  production = await startEmulator({ db: ":memory:" });
  dir = path.join(workRoot, `rehearse-by-hand-${process.pid}-${Date.now()}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, "Pulumi.yaml"), "name: rehearse-by-hand\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n");
  await fs.writeFile(path.join(dir, "index.mjs"), PROGRAM);
  const snapshot = path.join(dir, "snapshot.json");
  await fs.writeFile(snapshot, JSON.stringify(production.snapshot()));
  // Started with the emulator's own command line, as a user would, from a snapshot of production.
  ({ twin, printed } = await startTwinByHand("test/emulator/main.ts", snapshot, ["--token", "twin-token", "--port", "0", "--db", ":memory:"], repositoryRoot));
  const installation = await ensurePulumi();
  env = await stateDirEnvironment(path.join(dir, "state"), { binDir: installation.binDir });
  // The production stack, as a team has it: its own config names production.
  const admin = production.fixture.organizations[0]!;
  const setUp = await bash(
    [
      "pulumi stack init prod",
      `pulumi config set --stack prod docs-platform:apiUrl ${production.url}`,
      `pulumi config set --stack prod --secret docs-platform:token ${admin.admin.token}`,
      `pulumi config set --stack prod docs-platform:organizationId ${admin.id}`,
    ].join("\n"),
    dir,
    env,
  );
  expect(setUp.code, setUp.output).toBe(0);
}, minutes(3));

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
    expect(preview.output).toContain(`this is a rehearsal (DOCS_PLATFORM_REHEARSAL names the twin at ${printed.DOCS_PLATFORM_API_URL}), and no request of a rehearsal may reach ${new URL(production.url).origin}`);
    // One sentence, as the resource's problem: no JavaScript stack (issue 42, item 7: it was 42 lines).
    expect(preview.output).toContain("pulumi-nodejs:dynamic/docs-platform:Team resource 'rehearsed' has a problem: Refused configuration docs-platform:apiUrl: this is a rehearsal");
    expect(preview.output).not.toMatch(/^\s+at /m);
    expect(preview.output).not.toContain("ConfigurationError");
    expect(await productionRequests()).toBe(before);
  });

  it("the documented lines, word for word: the program goes up on the twin, 0 requests to production", { timeout: minutes(3) }, async () => {
    const steps = sectionSteps(await fs.readFile(path.join(repositoryRoot, "docs", "twin.md"), "utf8"), "Rehearse by hand", 3);
    expect(steps.map((step) => step.kind)).toEqual(["shell"]);
    const before = await productionRequests();
    const twinUrl = printed.DOCS_PLATFORM_API_URL!;
    const twinTeams = async () => ((await (await fetch(`${twinUrl}/orgs/${printed.DOCS_PLATFORM_ORGANIZATION_ID}/teams`, { headers: { authorization: `Bearer ${printed.DOCS_PLATFORM_TOKEN}` } })).json()) as { items: { title: string }[] }).items;
    const rehearsal = await bash(steps.map((step) => step.text).join("\n"), dir, { ...env, ...printed });
    expect(rehearsal.code, rehearsal.output).toBe(0);
    console.log(`rehearsal by hand, as printed:\n${rehearsal.output.split("\n").filter((line) => /Resources:|created|rehearsal|Removed/.test(line)).join("\n")}`);
    expect(rehearsal.output).toMatch(/\+ 2 created/);
    expect(await productionRequests()).toBe(before);
    expect((await twinTeams()).map((team) => team.title)).toContain("Rehearsed team");
  });
});
