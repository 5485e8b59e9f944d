/**
 * The whole Terraform door with the real client (full tier): OpenTofu v1.12.6 (ensure-tofu.ts)
 * runs the built provider (provider/dist/terraform/main.js through the launcher) against the
 * emulator for one kind, Team: `tofu apply` creates it, `tofu plan -detailed-exitcode` then finds
 * nothing to do (exit 0), as it does after `tofu state rm` and `tofu import` by the id; `tofu
 * destroy` deletes it.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { run, type RunResult, scratch, tofuEnv, writeCliConfig, writeLauncher } from "./support/tofu.ts";

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let tofu: string;
let cliConfig: string;
let organizationId: string;
let adminToken: string;

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-team");
  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations[0];
  organizationId = organization.id;
  adminToken = organization.admin.token;
  cliConfig = await writeCliConfig(path.join(work.dir, "tofu.rc"), await writeLauncher(path.join(work.dir, "bin")));
}, 30 * 60_000);
afterAll(async () => {
  await emulator?.close();
  await work?.remove();
});

async function teamTitles(): Promise<string[]> {
  const response = await fetch(`${emulator.url}/orgs/${organizationId}/teams`, { headers: { authorization: `Bearer ${adminToken}` } });
  const body = (await response.json()) as { items: { title: string }[] };
  return body.items.map((team) => team.title);
}

describe("OpenTofu over the Terraform door: a Team against the emulator", () => {
  it("applies, plans no change (exit 0), imports with no change, and destroys", async () => {
    const project = path.join(work.dir, "project");
    await fs.mkdir(project);
    const title = "Tofu door team";
    await fs.writeFile(
      path.join(project, "main.tf"),
      [
        "terraform {",
        "  required_providers {",
        '    docsplatform = { source = "docs-platform/docsplatform" }',
        "  }",
        "}",
        "",
        'provider "docsplatform" {',
        `  api_url         = ${JSON.stringify(emulator.url)}`,
        `  organization_id = ${JSON.stringify(organizationId)}`,
        "}",
        "",
        'resource "docsplatform_team" "core" {',
        `  title = ${JSON.stringify(title)}`,
        "}",
        "",
        'output "team_id" {',
        "  value = docsplatform_team.core.id",
        "}",
        "",
      ].join("\n"),
    );
    // The token from the environment, as a user keeps it out of the configuration.
    const env = tofuEnv(cliConfig, {
      DOCS_PLATFORM_TOKEN: adminToken,
      DOCS_PLATFORM_JOURNAL_DIR: path.join(work.dir, "journal"),
      TF_LOG: "debug",
      TF_LOG_PATH: path.join(work.dir, "tofu.log"),
    });
    // The options right after the command: `tofu import` takes none after its address and id.
    const tofuRun = (command: string, ...args: string[]): Promise<RunResult> =>
      run(tofu, [command, "-input=false", "-no-color", ...args], { cwd: project, env, timeoutMs: 240_000 });
    const show = (result: RunResult) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

    const applied = await tofuRun("apply", "-auto-approve");
    expect(applied.code, show(applied)).toBe(0);
    expect(applied.stdout).toContain("1 added, 0 changed, 0 destroyed");
    expect(await teamTitles()).toContain(title);

    const planned = await tofuRun("plan", "-detailed-exitcode");
    expect(planned.code, show(planned)).toBe(0);
    expect(planned.stdout).toContain("No changes");

    // Forgotten, then imported by its id: the imported state plans no change either.
    const teamId = (await run(tofu, ["output", "-raw", "team_id"], { cwd: project, env })).stdout.trim();
    expect(teamId).toMatch(/^\w+$/);
    const forgotten = await run(tofu, ["state", "rm", "-no-color", "docsplatform_team.core"], { cwd: project, env });
    expect(forgotten.code, show(forgotten)).toBe(0);
    const imported = await tofuRun("import", "docsplatform_team.core", teamId);
    expect(imported.code, show(imported)).toBe(0);
    const afterImport = await tofuRun("plan", "-detailed-exitcode");
    expect(afterImport.code, show(afterImport)).toBe(0);

    const destroyed = await tofuRun("destroy", "-auto-approve");
    expect(destroyed.code, show(destroyed)).toBe(0);
    expect(destroyed.stdout).toContain("1 destroyed");
    expect(await teamTitles()).not.toContain(title);
  }, 900_000);
});
