/**
 * The whole Terraform door with the real client (full tier): OpenTofu v1.12.6 (ensure-tofu.ts)
 * runs the built provider (provider/dist/terraform/main.js through the launcher) against the
 * emulator for one kind, Team: `tofu apply` creates it, `tofu plan -detailed-exitcode` then finds
 * nothing to do (exit 0), as it does after `tofu state rm` and `tofu import` by the id; `tofu
 * destroy` deletes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { providerHeader, scratch } from "./support/tofu.ts";
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
});
