/**
 * The package's tools on OpenTofu plans, through the real CLI (full tier, issue 48 item 5), with
 * two organizations of the emulator's fixture, prod (`org-globex`) and staging (`org-acme`):
 *
 * 1. pr-summary: a root applied to prod, a change planned (`plan -out`, `show -json`): the
 *    comment has the caution blocks (a replace, two deletes), attribute names, and never a
 *    certificate, though the plan's JSON holds both (before, after, variables); stderr says so.
 * 2. export --hcl of prod: the root applied to staging creates every object (then plans no
 *    change); applied to prod with the exported tfvars, it imports every object with 0 write
 *    requests (the emulator's request counts), its plan's comment saying "to import" and nothing
 *    else, and plans no change after.
 * 3. drift: staging changed through the API (a team renamed, a member removed, a spec deleted),
 *    then `plan -refresh-only -out`, `show -json`: the report names each change and deletion.
 *
 * Thirteen tofu runs (four a `show` or `fmt`); 1 and 2 side by side (1 plans, 2's writes go to staging until prod's import is
 * counted, which 1's plan never writes to).
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import {
  CERTIFICATE,
  ROTATED_CERTIFICATE,
  SOURCE_ROOT,
  STAGING_TFVARS,
  copyFiles,
  must,
  planChange,
  prodOrganization,
  prodProject,
  showJson,
} from "./support/plan-scenario.ts";
import { repositoryRoot, scratch, stepTimings } from "./support/tofu.ts";
import { type TofuProject, apiGet, listAll, shown, tofuProject } from "./support/tofu-project.ts";

const bin = path.join(repositoryRoot, "provider", "bin", "pulumi-docs-platform.js");
const GITHUB_COMMENT_LIMIT = 65_536;
const TRICKY_TITLE = 'Say "hi" ${var.x} %{if} \\ 📘';
const TRICKY_DESCRIPTION = "line one\nline two\t$${not} %%{nor} \\n end";

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The package's command line, with exactly `env` on top of an environment without the caller's DOCS_PLATFORM_* variables. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith("DOCS_PLATFORM_") && !key.startsWith("VITEST")) clean[key] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repositoryRoot, env: { ...clean, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const shownCli = (result: CliResult) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

/** The emulator's request counts of everything but reads. */
async function writeRequests(emulator: Emulator): Promise<Record<string, number>> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as {
    counts: Record<string, number>;
  };
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let tofu: string;
let source: TofuProject;
let staging: TofuProject;
const { timings, timed } = stepTimings();

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-plans");
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  source = await prodProject(tofu, work.dir, "source", emulator);
  await source.write("main.tf", SOURCE_ROOT);
  await timed("apply prod", () => must(source, "apply", "-auto-approve"));
}, 30 * 60_000);

afterAll(async () => {
  process.stdout.write(`tofu-plans: ${timings.join(", ")}\n`);
  await emulator?.close();
  await work?.remove();
});

describe("OpenTofu plans through pr-summary and export --hcl", () => {
  it.concurrent(
    "pr-summary renders a plan's change with its caution blocks, by attribute name, and never a certificate",
    async () => {
      const json = await timed("plan + show the change", () => planChange(source));
      // The premise: the plan's JSON holds both certificates in clear.
      expect(json).toContain(CERTIFICATE);
      expect(json).toContain(ROTATED_CERTIFICATE);
      const file = path.join(source.dir, "plan.json");
      await fs.writeFile(file, json);

      const summary = await cli(["pr-summary", file, "--workspace", "prod"]);
      expect(summary.code, shownCli(summary)).toBe(0);
      const comment = summary.stdout;
      expect(comment).not.toContain("MIIC");
      expect(comment.split("\n").slice(0, 2)).toEqual([
        "<!-- pulumi-docs-platform:pr-summary workspace=prod -->",
        "### OpenTofu plan of `prod`",
      ]);
      expect(comment).toContain("**3 to update · 1 to replace · 2 to delete** · 4 unchanged");
      expect(comment).toContain("> [!CAUTION]\n> 3 resources will be deleted or replaced:");
      expect(comment).toMatch(
        /> - \*\*Replace\*\* Site `Globex Docs` \(`docsplatform_site\.docs`\): its `type` changed, which the API cannot change in place: the old site is deleted first/,
      );
      expect(comment).toMatch(
        /> - \*\*Delete\*\* Space `Runbooks` \(`docsplatform_space\.runbooks`\) \(id `\w+`\): the space is deleted from the organization: it is no longer in the configuration\./,
      );
      expect(comment).toContain("| ~ update | Team | `docsplatform_team.writers` | `members`, `title` |");
      expect(comment).toContain("- `members`: added `gus@globex.test`; removed `gil@globex.test`");
      expect(comment).toContain("- `certificate`: secret value changed (not shown)");
      expect(comment).toContain(
        "- `source.url`: `https://specs.example.com/petstore.yaml` → `https://specs.example.com/petstore-v2.yaml`",
      );
      expect(comment.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
      // The plan file is where the secrets are: said on stderr, by place, never by value.
      expect(summary.stderr).toContain(
        "the plan's JSON holds 2 sensitive values in clear (docsplatform_saml_provider.okta.certificate, var.okta_certificate)",
      );
      expect(summary.stderr).not.toContain("MIIC");
    },
    600_000,
  );

  it.concurrent(
    "export --hcl of prod: staging creates every object, prod imports every one with 0 writes, each then plans no change",
    async () => {
      const prod = prodOrganization(emulator);
      // Text HCL would read otherwise (an interpolation, a directive, quotes, a backslash, a line
      // break): the export must write it so that staging's copy is the same text.
      const tricky = await fetch(`${emulator.url}/orgs/${prod.id}/collections`, {
        method: "POST",
        headers: { authorization: `Bearer ${prod.token}`, "content-type": "application/json" },
        body: JSON.stringify({ title: TRICKY_TITLE, description: TRICKY_DESCRIPTION }),
      });
      expect(tricky.status).toBe(201);
      const exported = path.join(work.dir, "exported");
      const exporting = await timed("export --hcl", () =>
        cli(["export", "--org", prod.id, "--hcl", "--out", exported, "--environment", "prod"], {
          DOCS_PLATFORM_API_URL: emulator.url,
          DOCS_PLATFORM_TOKEN: prod.token,
        }),
      );
      expect(exporting.code, shownCli(exporting)).toBe(0);
      expect((await fs.readdir(exported)).sort()).toEqual([
        "imports.tf",
        "main.tf",
        "prod.secrets.tfvars",
        "prod.tfvars",
        "variables.tf",
      ]);
      const main = await fs.readFile(path.join(exported, "main.tf"), "utf8");
      // One root for every environment: no id, email or secret of prod in it.
      for (const file of ["main.tf", "imports.tf", "variables.tf"]) {
        const text = await fs.readFile(path.join(exported, file), "utf8");
        expect(text, file).not.toMatch(/usr-globex|org-globex|@globex\.test|MIIC|spc-globex/);
      }
      expect(main).toContain("members = [data.docsplatform_member.gia.id, data.docsplatform_member.gil.id]");
      expect(await fs.readFile(path.join(exported, "prod.secrets.tfvars"), "utf8")).toContain(
        `okta_certificate = "${CERTIFICATE}"`,
      );
      expect((await fs.stat(path.join(exported, "prod.secrets.tfvars"))).mode & 0o777).toBe(0o600);
      const resources = [...main.matchAll(/^resource "/gm)].length;
      expect(resources).toBe(18);

      // Staging: its own organization, its people by email for the same keys, no ids: it creates everything.
      const acme = emulator.fixture.organizations.find((organization) => organization.id === "org-acme")!;
      staging = await tofuProject(tofu, work.dir, "staging", emulator, {
        env: { DOCS_PLATFORM_TOKEN: acme.admin.token, DOCS_PLATFORM_ORGANIZATION_ID: acme.id },
      });
      await copyFiles(exported, staging.dir);
      await fs.rm(path.join(staging.dir, "prod.tfvars"));
      await fs.rm(path.join(staging.dir, "prod.secrets.tfvars"));
      await staging.write("staging.tfvars", STAGING_TFVARS);
      await staging.write("staging.secrets.tfvars", 'okta_certificate = "MIIC-staging-certificate"\n');
      const stagingVars = ["-var-file=staging.tfvars", "-var-file=staging.secrets.tfvars"];
      const created = await timed("apply staging", () => must(staging, "apply", "-auto-approve", ...stagingVars));
      expect(created).toContain(`Apply complete! Resources: ${resources} added, 0 changed, 0 destroyed.`);
      const teams = await listAll(emulator, `/orgs/${acme.id}/teams`);
      expect(teams.map((team) => team.title).sort()).toEqual(["Reviewers", "Writers"]);
      const writers = teams.find((team) => team.title === "Writers");
      const writersMembers = await listAll(emulator, `/orgs/${acme.id}/teams/${writers.id}/members`);
      expect(writersMembers.map((item) => item.organization.id).sort()).toEqual(["usr-acme-editor", "usr-acme-reader"]);
      expect((await apiGet(emulator, `/orgs/${acme.id}/members/usr-acme-reader`)).role).toBe("comment");
      const collections = await listAll(emulator, `/orgs/${acme.id}/collections`);
      expect(collections.find((collection) => collection.title === TRICKY_TITLE)?.description).toBe(TRICKY_DESCRIPTION);
      // Written as `tofu fmt` writes it.
      const formatted = await staging.tofu("fmt", "-check", "-diff");
      expect(formatted.code, shown(formatted)).toBe(0);

      // Prod: the exported tfvars, its ids in import_ids. Planned and applied with the request counts reset.
      const prodRoot = await prodProject(tofu, work.dir, "prod", emulator);
      await copyFiles(exported, prodRoot.dir);
      const prodVars = ["-var-file=prod.tfvars", "-var-file=prod.secrets.tfvars"];
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      const [, stagingAgain] = await Promise.all([
        timed("plan prod (imports)", () => must(prodRoot, "plan", "-out=prod.plan", ...prodVars)),
        timed("plan staging", () => staging.tofu("plan", "-detailed-exitcode", ...stagingVars)),
      ]);
      expect(stagingAgain.code, shown(stagingAgain)).toBe(0);
      const importPlan = await showJson(prodRoot, "prod.plan");
      await fs.writeFile(path.join(prodRoot.dir, "prod.json"), importPlan);
      const importSummary = await cli(["pr-summary", path.join(prodRoot.dir, "prod.json"), "--workspace", "prod"]);
      expect(importSummary.code, shownCli(importSummary)).toBe(0);
      expect(importSummary.stdout).toContain(`**${resources} to import**`);
      expect(importSummary.stdout).not.toMatch(/to create|to update|to replace|to delete|CAUTION/);
      expect(importSummary.stdout).not.toContain("MIIC");
      const applied = await timed("apply prod (imports)", () => must(prodRoot, "apply", "prod.plan"));
      expect(applied).toContain(`Apply complete! Resources: ${resources} imported, 0 added, 0 changed, 0 destroyed.`);
      expect(await writeRequests(emulator)).toEqual({});
      const again = await timed("plan prod", () => prodRoot.tofu("plan", "-detailed-exitcode", ...prodVars));
      expect(again.code, shown(again)).toBe(0);
    },
    900_000,
  );
});

describe("drift from a refresh-only plan", () => {
  it("names what changed in staging outside OpenTofu, and what was deleted", async () => {
    const acme = emulator.fixture.organizations.find((organization) => organization.id === "org-acme")!;
    const headers = { authorization: `Bearer ${acme.admin.token}`, "content-type": "application/json" };
    const writers = (await listAll(emulator, `/orgs/${acme.id}/teams`)).find((team) => team.title === "Writers");
    const renamed = await fetch(`${emulator.url}/orgs/${acme.id}/teams/${writers.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ title: "Writers (renamed)" }),
    });
    expect(renamed.status).toBe(200);
    const removed = await fetch(`${emulator.url}/orgs/${acme.id}/teams/${writers.id}/members/usr-acme-reader`, {
      method: "DELETE",
      headers,
    });
    expect([204, 205]).toContain(removed.status);
    const deleted = await fetch(`${emulator.url}/orgs/${acme.id}/openapi/petstore`, { method: "DELETE", headers });
    expect([204, 205]).toContain(deleted.status);

    const stagingVars = ["-var-file=staging.tfvars", "-var-file=staging.secrets.tfvars"];
    await timed("plan -refresh-only staging", () =>
      must(staging, "plan", "-refresh-only", "-out=drift.plan", ...stagingVars),
    );
    const file = path.join(staging.dir, "drift.json");
    await fs.writeFile(file, await showJson(staging, "drift.plan"));
    const report = await cli(["drift", file, "--workspace", "staging"]);
    expect(report.code, shownCli(report)).toBe(2);
    expect(report.stdout).toContain(
      [
        "<!-- pulumi-docs-platform:drift workspace=staging -->",
        "### Drift of `staging`",
        "",
        "**1 changed outside OpenTofu · 1 deleted outside OpenTofu** · 16 in sync",
        "",
        "#### Changed outside OpenTofu",
        "",
        "- `Team` `Writers (renamed)` (`docsplatform_team.writers`): `tofu apply` puts it back",
        "  - `members`: removed outside OpenTofu `usr-acme-reader`",
        "  - `title`: now `Writers (renamed)`, last applied `Writers`",
        "",
        "#### Deleted outside OpenTofu",
        "",
        "- `OpenApiSpec` `petstore` (`docsplatform_open_api_spec.petstore`): `tofu apply` creates it again (a new id)",
        "",
        "Run `tofu apply` to repair it, or change the configuration to accept it (then `tofu apply -refresh-only`).",
        "",
      ].join("\n"),
    );
    expect(report.stdout).not.toContain("MIIC");
  }, 600_000);
});
