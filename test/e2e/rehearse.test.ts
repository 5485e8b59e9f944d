/**
 * The rehearsal workflow of examples/rehearse, with the real CLI: an emulator stands in for
 * production, the quickstart is applied to it (stack `prod`) and more objects are made through the
 * API (an OpenAPI spec whose slug a change will want, a space deleted since). Its snapshot
 * (`export --snapshot`) and the stack's state are what the workflow hands `rehearse.sh`, which runs
 * a pull request's program against a twin started from the snapshot:
 *
 * - a change that production would take applies cleanly in the rehearsal, with a no-change preview
 *   after, and a comment that shows what was applied; production receives no request at all;
 * - a change that would fail in production (a taken slug; a section pointing at a deleted space)
 *   fails in the rehearsal with the same error production gives;
 * - started from production's config file and state under a throwaway passphrase of its own (as
 *   the workflow runs it), production's passphrase is never needed.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { runGroup, stopGroup } from "../pulumi-cli/process-groups.ts";
import { startTwinByHand } from "./support/twin.ts";
import { type TestStack, assertSucceeded, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";

const minutes = (n: number) => n * 60_000;
const script = path.join(repositoryRoot, "examples", "rehearse", "rehearse.sh");
const cli = path.join(repositoryRoot, "provider", "bin", "pulumi-docs-platform.js");

const PROJECT = [
  "name: docs-platform-quickstart",
  "runtime:",
  "  name: nodejs",
  "  options:",
  "    typescript: false",
  "main: index.ts",
  "config:",
  "  docs-platform:organizationId: org-acme",
  "  people:",
  "    value:",
  "      admin: ada@acme.test",
  "      editor: eli@acme.test",
  "      reader: rae@acme.test",
  "",
].join("\n");

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return runGroup(command, args, options).then(({ code, output }) => ({ code, output }));
}

/** The error lines of a pulumi run, as rehearse.sh quotes them. */
function errorLines(output: string): string[] {
  return [
    ...new Set(
      output
        .split("\n")
        .filter((line) => /^\s*error:/.test(line))
        .map((line) => line.trim()),
    ),
  ];
}

describe("rehearsing a pull request against the offline twin", () => {
  let production: Emulator;
  let api: Api;
  let prod: TestStack;
  let quickstart: string;
  let snapshotFile: string;
  let stateFile: string;
  let deletedSpace: string;
  const base = path.join(workRoot, "rehearse", `${process.pid}-${Date.now()}`);

  beforeAll(async () => {
    production = await startEmulator({ db: ":memory:", openapiProcessingMs: 50 });
    const acme = production.fixture.organizations[0];
    api = apiClient(production.url, acme.admin.token);
    quickstart = await fs.readFile(path.join(repositoryRoot, "examples", "quickstart", "index.ts"), "utf8");
    const programDir = await writeProgram("rehearse-prod", { "Pulumi.yaml": PROJECT, "index.ts": quickstart });
    prod = await createStack({
      programDir,
      stackName: "prod",
      config: { "docs-platform:token": { value: acme.admin.token, secret: true } },
      env: { DOCS_PLATFORM_API_URL: production.url },
    });
    await prod.up();
    // Made outside Pulumi: a spec whose slug a change wants, and a space deleted since.
    await api.post(`/orgs/${acme.id}/openapi`, { slug: "partner-api", source: { url: "https://specs.example.com/partner.json" } });
    deletedSpace = (await api.post(`/orgs/${acme.id}/spaces`, { title: "Archive" })).id;
    await api.delete(`/spaces/${deletedSpace}`);

    await fs.mkdir(base, { recursive: true });
    snapshotFile = path.join(base, "snapshot.json");
    const exported = await run(process.execPath, [cli, "export", "--org", acme.id, "--snapshot", snapshotFile], {
      cwd: base,
      env: { ...process.env, DOCS_PLATFORM_API_URL: production.url, DOCS_PLATFORM_TOKEN: acme.admin.token },
    });
    expect(exported.code, exported.output).toBe(0);
    console.log(`snapshot of the quickstart's organization: ${(await fs.stat(snapshotFile)).size} bytes (${exported.output.trim().split("\n").at(-2)})`);
    stateFile = path.join(base, "state.json");
    assertSucceeded(await prod.run(["stack", "export", "--show-secrets", "--file", stateFile]));
  }, minutes(5));

  afterAll(async () => {
    await prod?.remove().catch(() => undefined);
    await production?.close();
  });

  /** rehearse.sh in a pull request's program (the quickstart plus `change`); the comment and the exit code. */
  async function rehearse(
    name: string,
    change: string,
    extraEnv: NodeJS.ProcessEnv = {},
    files: Record<string, string> = {},
    args = [snapshotFile],
  ): Promise<{ code: number | null; output: string; comment: string }> {
    const dir = await writeProgram(`rehearse-${name}`, { "Pulumi.yaml": PROJECT, "index.ts": `${quickstart}\n${change}\n`, ...files });
    const comment = path.join(base, `${name}.md`);
    const env: NodeJS.ProcessEnv = {
      ...prod.env,
      STACK: "prod",
      STATE_FROM: stateFile,
      REHEARSAL_COMMENT: comment,
      // The workspace's own files, not node_modules/.bin: other tests run `npm install` in this
      // checkout meanwhile (the install docs, word for word), which relinks the bins.
      EMULATOR: `node ${path.join(repositoryRoot, "test", "emulator", "dist", "main.js")}`,
      DOCS_PLATFORM_CLI: `node ${cli}`,
      ...extraEnv,
    };
    // Production's URL and token are never the script's (a twin's pasted lines may set them).
    if (extraEnv.DOCS_PLATFORM_API_URL === undefined) delete env.DOCS_PLATFORM_API_URL;
    if (extraEnv.DOCS_PLATFORM_TOKEN === undefined) delete env.DOCS_PLATFORM_TOKEN;
    await fetch(`${production.controlUrl}/requests`, { method: "DELETE" });
    const result = await run("bash", [script, ...args], { cwd: dir, env });
    // Production is never asked anything.
    const { total } = (await (await fetch(`${production.controlUrl}/requests`)).json()) as { total: number };
    expect(total, "requests to production during the rehearsal").toBe(0);
    const written = await fs.readFile(comment, "utf8").catch(() => undefined);
    expect(written, `rehearse.sh wrote no comment:\n${result.output}`).toBeDefined();
    return { ...result, comment: written! };
  }

  /** The same change applied to production (`up` on the real stack): its error lines. */
  async function inProduction(change: string): Promise<string[]> {
    await fs.writeFile(path.join(prod.programDir, "index.ts"), `${quickstart}\n${change}\n`);
    const result = await prod.run(["up", "--yes", "--skip-preview"]);
    await fs.writeFile(path.join(prod.programDir, "index.ts"), quickstart);
    expect(result.exitCode).not.toBe(0);
    return errorLines(result.stdout + result.stderr);
  }

  it("applies a change production would take, with a clean second preview, and shows what it applied", { timeout: minutes(6) }, async () => {
    const { code, output, comment } = await rehearse("good", `new docs.Team("support", { title: "Support" });`);
    expect(code, output).toBe(0);
    expect(comment).toContain("## Rehearsal against the twin of `org-acme`");
    expect(comment).toContain("The change applied cleanly to a copy of the organization, and a second preview showed no change.");
    // The pull-request summary of what was applied: one team created, nothing else.
    expect(comment).toMatch(/1 to create/);
    expect(comment).toContain("support");
    expect(comment).not.toMatch(/to delete|to replace/);
    console.log(`rehearsal comment (good change):\n${comment}`);
  });

  it(
    "starts from production's config file (CONFIG_FROM) under a passphrase of its own: production's secrets and passphrase are never needed",
    { timeout: minutes(6) },
    async () => {
      const production = await fs.readFile(prod.configFile, "utf8");
      // What the workflow hands it: the stack's file, with its encrypted token and salt.
      expect(production).toMatch(/secure:/);
      expect(production).toMatch(/^encryptionsalt:/m);
      const { code, output, comment } = await rehearse("config-from", `new docs.Team("support", { title: "Support" });`, {
        CONFIG_FROM: prod.configFile,
        PULUMI_CONFIG_PASSPHRASE: "a-throwaway-passphrase-of-the-rehearsal",
      });
      expect(code, output).toBe(0);
      expect(comment).toContain("The change applied cleanly to a copy of the organization, and a second preview showed no change.");
    },
  );

  it("applies the stack's own config by default (Pulumi.<STACK>.yaml in the program's directory), without its API URL and token", { timeout: minutes(6) }, async () => {
    // The program reads a value of the stack's config; the rehearsal must run it with that value.
    const change = `new docs.Team("support", { title: new pulumi.Config().require("supportTitle") });`;
    const stackConfig = ["config:", "  docs-platform-quickstart:supportTitle: Support from the stack's config", `  docs-platform:apiUrl: ${production.url}`, ""].join("\n");
    const { code, output, comment } = await rehearse("own-config", change, {}, { "Pulumi.prod.yaml": stackConfig });
    expect(code, output).toBe(0);
    expect(output).toContain("rehearse: starting from the config of Pulumi.prod.yaml (without its API URL, token and secrets)");
    expect(comment).toContain("Support from the stack's config");
  });

  it("uses a twin started by hand, its printed lines pasted (no snapshot argument)", { timeout: minutes(6) }, async () => {
    const { twin, printed } = await startTwinByHand(path.join(repositoryRoot, "test", "emulator", "dist", "main.js"), snapshotFile, [
      "--token",
      "token-of-the-twin-by-hand",
      "--port",
      "0",
      "--db",
      ":memory:",
    ]);
    try {
      const { code, output, comment } = await rehearse("by-hand", `new docs.Team("support", { title: "Support" });`, printed, {}, []);
      expect(code, output).toBe(0);
      expect(output).toContain(`rehearse: using the twin already running at ${printed.DOCS_PLATFORM_REHEARSAL}`);
      expect(comment).toContain("The change applied cleanly to a copy of the organization, and a second preview showed no change.");
      // It was that twin the program went up on.
      const teams = (await (
        await fetch(`${printed.DOCS_PLATFORM_API_URL}/orgs/${printed.DOCS_PLATFORM_ORGANIZATION_ID}/teams`, { headers: { authorization: "Bearer token-of-the-twin-by-hand" } })
      ).json()) as { items: { title: string }[] };
      expect(teams.items.map((team) => team.title)).toContain("Support");
    } finally {
      await stopGroup(twin);
    }
  });

  it("fails a change that would fail in production, with production's error: a taken slug", { timeout: minutes(6) }, async () => {
    const change = `new docs.OpenApiSpec("partner", { slug: "partner-api", source: { url: "https://specs.example.com/partner-v2.json" } });`;
    const { code, comment } = await rehearse("taken-slug", change);
    expect(code).toBe(1);
    expect(comment).toContain("**The change failed in the rehearsal**");
    const expected = await inProduction(change);
    expect(expected.length).toBeGreaterThan(0);
    for (const line of expected) expect(comment).toContain(line);
    console.log(`rehearsal comment (taken slug):\n${comment}`);
  });

  it("fails a section pointing at a deleted space, with production's error", { timeout: minutes(6) }, async () => {
    const change = `new docs.SiteSection("archive", { siteId: portal.id, spaceId: ${JSON.stringify(deletedSpace)}, title: "Archive", path: "archive" });`;
    const { code, comment } = await rehearse("deleted-space", change);
    expect(code).toBe(1);
    const expected = await inProduction(change);
    expect(expected.length).toBeGreaterThan(0);
    for (const line of expected) expect(comment).toContain(line);
  });
});
