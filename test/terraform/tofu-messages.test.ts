/**
 * What a user of the real OpenTofu reads (full tier, issue 48 item 4): the door's messages in
 * OpenTofu's words, rendered by `tofu` itself against the emulator.
 * - A wrong token, with three resources in the state: `tofu plan` says it once, on the provider
 *   block (ConfigureProvider), not once per resource's refresh, and says what to set, not a Pulumi
 *   command.
 * - A bad input (`default_level`), a Team with `members` beside a `docsplatform_team_member` of
 *   the same team: the attribute in snake_case, the resource types, no Pulumi word.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { scratch } from "./support/tofu.ts";
import { PROVIDER_HEADER, shown, tofuProject } from "./support/tofu-project.ts";

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let tofu: string;

/** Pulumi's commands and nouns, which no message of this door may say. */
const PULUMI_WORDS = /\bpulumi\b|\bstacks?\b|\bup\b|\bpreview\b|\bprograms?\b|--run-program|\badopt\b/i;

/** The diagnostics of a run (what follows each `Error:` or `Warning:` up to the next), without the dev_overrides warning every test run prints. */
function diagnosticsOf(output: string): string {
  return output
    .split(/\n(?=(?:Error|Warning): )/)
    .filter((block) => /^(?:Error|Warning): /.test(block) && !block.startsWith("Warning: Provider development overrides"))
    .join("\n");
}

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-messages");
  emulator = await startEmulator({ db: ":memory:" });
}, 30 * 60_000);

afterAll(async () => {
  await emulator?.close();
  await work?.remove();
});

describe("OpenTofu's words in what tofu prints", () => {
  it("says a wrong token once, on the provider block, whatever the number of resources, and what to set", async () => {
    const project = await tofuProject(tofu, work.dir, "token", emulator);
    const teams = ["one", "two", "three"].map((name) => [`resource "docsplatform_team" "${name}" {`, `  title = "Token ${name}"`, "}"].join("\n"));
    await project.write("main.tf", [PROVIDER_HEADER, ...teams, ""].join("\n"));
    const applied = await project.tofu("apply", "-auto-approve");
    expect(applied.code, shown(applied)).toBe(0);

    const wrong = await tofuProject(tofu, work.dir, "token", emulator, { env: { DOCS_PLATFORM_TOKEN: "not-a-token" } });
    const plan = await wrong.tofu("plan");
    expect(plan.code, shown(plan)).toBe(1);
    const said = diagnosticsOf(plan.stderr + plan.stdout);
    expect(said.match(/refused the token/g), said).toHaveLength(1);
    expect(said).toContain("Set a valid one in the provider's `token` (or DOCS_PLATFORM_TOKEN).");
    expect(said).toContain('with provider["registry.opentofu.org/docs-platform/docsplatform"]');
    expect(said).not.toMatch(PULUMI_WORDS);
    console.log(`tofu-messages: a wrong token with 3 resources in the state:\n${said}`);
  }, 600_000);

  it("names a bad input in snake_case and a team's members managed two ways by resource types, in OpenTofu's words", async () => {
    const project = await tofuProject(tofu, work.dir, "inputs", emulator);
    await project.write(
      "main.tf",
      [PROVIDER_HEADER, 'resource "docsplatform_collection" "levels" {', '  title         = "Levels"', '  default_level = "admin-ish"', "}", ""].join("\n"),
    );
    const invalid = await project.tofu("plan");
    expect(invalid.code, shown(invalid)).toBe(1);
    const level = diagnosticsOf(invalid.stderr + invalid.stdout);
    expect(level).toContain("Error: default_level: Invalid option");
    expect(level).not.toMatch(/defaultLevel|pulumi/i);

    await project.write(
      "main.tf",
      [
        PROVIDER_HEADER,
        'resource "docsplatform_team" "writers" {',
        '  title   = "Two ways"',
        '  members = ["usr-acme-editor"]',
        "}",
        'resource "docsplatform_team_member" "reader" {',
        "  team_id = docsplatform_team.writers.id",
        '  user_id = "usr-acme-reader"',
        '  role    = "member"',
        "}",
        "",
      ].join("\n"),
    );
    const applied = await project.tofu("apply", "-auto-approve");
    expect(applied.code, shown(applied)).toBe(1);
    const conflict = diagnosticsOf(applied.stderr + applied.stdout);
    expect(conflict).toMatch(/docsplatform_team_member "[^"]+" and docsplatform_team "[^"]+" both manage the members of team \w+/);
    expect(conflict).toContain("so every apply would undo the other");
    expect(conflict).not.toMatch(PULUMI_WORDS);
    expect(conflict).not.toMatch(/\bteamId\b|\bTeamMember\b|Team\.members/);
    console.log(`tofu-messages: a bad input, then a team's members two ways:\n${level}\n${conflict}`);
  }, 600_000);
});
