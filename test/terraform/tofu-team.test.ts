/**
 * The whole Terraform door with the real client (full tier): OpenTofu v1.12.6 (ensure-tofu.ts)
 * runs the built provider (provider/dist/terraform/main.js through the launcher) against the
 * emulator for one kind, Team: `tofu apply` creates it, `tofu plan -detailed-exitcode` then finds
 * nothing to do (exit 0), as it does after `tofu state rm` and `tofu import` by the id; `tofu
 * destroy` deletes it. And an `import` block never crosses organizations (issue 52): another
 * organization's space, imported into a configuration of the provider's organization, fails the
 * plan instead of transferring the space, with no write to either organization.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { providerHeader, scratch } from "./support/tofu.ts";
import { requestCounts, resetRequests } from "../contract/emulator-setup.ts";
import { type SharedProvider } from "./support/shared-provider.ts";
import { listAll, sharedProvider, shown, tofuProject } from "./support/tofu-project.ts";

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let tofu: string;
let organizationId: string;
/** The file's one provider process: every command reattaches to it (support/shared-provider.ts). */
let provider: SharedProvider;

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-team");
  emulator = await startEmulator({ db: ":memory:" });
  organizationId = emulator.fixture.organizations[0].id;
  provider = await sharedProvider(work.dir, emulator);
}, 30 * 60_000);
afterAll(async () => {
  await provider?.close();
  await emulator?.close();
  await work?.remove();
});

const teamTitles = async (): Promise<string[]> => (await listAll(emulator, `/orgs/${organizationId}/teams`)).map((team) => team.title as string);

describe("OpenTofu over the Terraform door: a Team against the emulator", () => {
  it("applies, plans no change (exit 0), imports with no change, and destroys", async () => {
    // The token from the environment (tofuProject), as a user keeps it out of the configuration;
    // where the API is and the organization in the provider's block, as the index page shows it.
    const project = await tofuProject(tofu, work.dir, "project", emulator, { provider });
    const title = "Tofu door team";
    await project.write(
      "main.tf",
      [
        providerHeader({ settings: { api_url: emulator.url, organization_id: organizationId } }),
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

    const applied = await project.tofu("apply", "-auto-approve");
    expect(applied.code, shown(applied)).toBe(0);
    expect(applied.stdout).toContain("1 added, 0 changed, 0 destroyed");
    expect(await teamTitles()).toContain(title);

    const planned = await project.tofu("plan", "-detailed-exitcode");
    expect(planned.code, shown(planned)).toBe(0);
    expect(planned.stdout).toContain("No changes");

    // Forgotten, then imported by its id: the imported state plans no change either.
    const teamId = (await project.tofu("output", "-raw", "team_id")).stdout.trim();
    expect(teamId).toMatch(/^\w+$/);
    const forgotten = await project.tofu("state rm", "docsplatform_team.core");
    expect(forgotten.code, shown(forgotten)).toBe(0);
    const imported = await project.tofu("import", "docsplatform_team.core", teamId);
    expect(imported.code, shown(imported)).toBe(0);
    const afterImport = await project.tofu("plan", "-detailed-exitcode");
    expect(afterImport.code, shown(afterImport)).toBe(0);

    const destroyed = await project.tofu("destroy", "-auto-approve");
    expect(destroyed.code, shown(destroyed)).toBe(0);
    expect(destroyed.stdout).toContain("1 destroyed");
    expect(await teamTitles()).not.toContain(title);
  }, 900_000);

  it("refuses to plan an imported space of another organization into the provider's: no write to either", async () => {
    const [own, other] = emulator.fixture.organizations;
    const otherAdmin = (method: string, route: string, body?: unknown) =>
      fetch(`${emulator.url}${route}`, { method, headers: { authorization: `Bearer ${other.admin.token}`, "content-type": "application/json" }, body: JSON.stringify(body ?? {}) });
    // One token in both organizations, as a platform team's often is.
    expect((await otherAdmin("POST", `/orgs/${other.id}/members/${own.admin.userId}/sso`)).status).toBe(200);
    expect((await otherAdmin("PATCH", `/orgs/${other.id}/members/${own.admin.userId}`, { role: "admin" })).status).toBe(200);
    const prodSpace = other.spaceIds[0];
    const project = await tofuProject(tofu, work.dir, "cross-organization", emulator, { provider });
    await project.write(
      "main.tf",
      [
        providerHeader({ settings: { api_url: emulator.url, organization_id: own.id } }),
        "import {",
        "  to = docsplatform_space.guides",
        `  id = ${JSON.stringify(prodSpace)}`,
        "}",
        "",
        'resource "docsplatform_space" "guides" {',
        '  title = "Guides"',
        "}",
        "",
      ].join("\n"),
    );
    await resetRequests(emulator);
    const planned = await project.tofu("apply", "-auto-approve");
    expect(planned.code, shown(planned)).toBe(1);
    expect(planned.stderr.replace(/\s*│\s*/g, " ")).toContain(
      `Space ${prodSpace} was imported from organization ${other.id}, but this resource's organization_id is ${own.id}: an import never crosses organizations`,
    );
    const { counts } = await requestCounts(emulator);
    expect(Object.keys(counts).filter((route) => !route.startsWith("GET "))).toEqual([]);
    expect((await listAll(emulator, `/orgs/${other.id}/spaces`)).map((space) => space.id)).toContain(prodSpace);
    // A resource that names the other organization itself may import its object.
    await project.write(
      "main.tf",
      (await fs.readFile(path.join(project.dir, "main.tf"), "utf8")).replace('  title = "Guides"', `  title           = "Guides"\n  organization_id = ${JSON.stringify(other.id)}`),
    );
    const named = await project.tofu("plan");
    expect(named.code, shown(named)).toBe(0);
    expect(named.stdout).toContain("1 to import");
  }, 300_000);
});
