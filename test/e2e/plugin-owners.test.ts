/**
 * Both doors enforce the same rules (issue 27.5): a Pulumi YAML program with two
 * `OrganizationSettings` for one organization fails at preview with the dynamic package's message,
 * naming both, before any write; the emulator counts no write request. So does a `Team` with
 * `members` and a `TeamMember` on the same team, when the team's id is known at preview (an
 * existing team); when it is not (the team is made by the same `up`), `up` fails before the
 * TeamMember's write.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const pluginDir = fileURLToPath(new URL("../../provider/docs-platform", import.meta.url));
const minutes = (n: number) => n * 60_000;

let emulator: Emulator;
let stack: TestStack | undefined;
const stacks: TestStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
});

afterAll(async () => {
  await stack?.remove().catch(() => undefined);
  for (const other of stacks) await other.remove().catch(() => undefined);
  await emulator?.close();
});

async function writeCounts(): Promise<Record<string, number>> {
  const response = await fetch(`${emulator.controlUrl}/requests`);
  const { counts } = (await response.json()) as { counts: Record<string, number> };
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

async function writes(): Promise<number> {
  return Object.values(await writeCounts()).reduce((sum, count) => sum + count, 0);
}

/** The line of the CLI's output holding `text`, from "error: " on (as printed under the resource's row). */
function errorLine(printed: string, text: string): string | undefined {
  return printed
    .split("\n")
    .map((line) => line.slice(line.indexOf("error: ")))
    .find((line) => line.includes(text));
}

/** A YAML program of the plugin, with `resources` as YAML text. */
function yamlProgram(name: string, resources: string): string {
  return `name: ${name}
runtime: yaml
plugins:
  providers:
    - name: docs-platform
      path: ${pluginDir}
resources:
${resources}`;
}

async function acmeStack(programDir: string, stackName: string): Promise<TestStack> {
  const token = emulator.fixture.organizations.find((org) => org.id === "org-acme")!.admin.token;
  const created = await createStack({
    programDir,
    stackName,
    config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true }, "docs-platform:organizationId": "org-acme" },
  });
  stacks.push(created);
  return created;
}

const MESSAGE_TAIL =
  ": Team.members is authoritative and removes members it does not list, TeamMember adds one, so every up would undo the other. " +
  'Manage this team\'s membership one way: list the member in Team "writers"\'s members, or leave members out of Team "writers" and use TeamMember resources only.';

const WRITERS = `  writers:
    type: docs-platform:index:Team
    properties:
      title: Writers
      members: ["rae@acme.test"]
`;
const ELI_IN_WRITERS = `  eliInWriters:
    type: docs-platform:index:TeamMember
    properties:
      teamId: \${writers.id}
      email: eli@acme.test
`;

describe("one owner per object, and one way to manage a team's membership, through the plugin", () => {
  it("two OrganizationSettings of one organization in a YAML program fail the preview, naming both, with no write", { timeout: minutes(3) }, async () => {
    const programDir = await writeProgram("plugin-owners", {
      "Pulumi.yaml": `name: plugin-owners
runtime: yaml
plugins:
  providers:
    - name: docs-platform
      path: ${pluginDir}
resources:
  settings:
    type: docs-platform:index:OrganizationSettings
    properties:
      inviteLinks: true
  moreSettings:
    type: docs-platform:index:OrganizationSettings
    properties:
      inviteLinks: false
`,
    });
    const token = emulator.fixture.organizations.find((org) => org.id === "org-acme")!.admin.token;
    stack = await createStack({
      programDir,
      stackName: "owners",
      config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true }, "docs-platform:organizationId": "org-acme" },
    });
    const before = await writes();
    const preview = await stack.run(["preview", "--non-interactive"]);
    const printed = preview.stdout + preview.stderr;
    expect(preview.exitCode).not.toBe(0);
    // The diagnostic as the CLI prints it under the resource's row: from "error:" on.
    const line = printed
      .split("\n")
      .map((text) => text.slice(text.indexOf("error: ")))
      .find((text) => text.includes("both manage"));
    // One of the two is checked first; the other's check names both.
    expect(line).toMatch(
      /^error: docs-platform:index:OrganizationSettings resource '(settings|moreSettings)' has a problem: OrganizationSettings "(settings|moreSettings)" and OrganizationSettings "(settings|moreSettings)" both manage the settings of organization org-acme: an organization has one set of settings, so every up would undo the other's changes\. Declare one OrganizationSettings per organization\.$/,
    );
    console.log(`as printed:\n${line}`);
    expect(await writes()).toBe(before);
  });

  it("a TeamMember on an existing Team with members fails the preview, naming both, with no write", { timeout: minutes(4) }, async () => {
    const programDir = await writeProgram("plugin-membership", { "Pulumi.yaml": yamlProgram("plugin-membership", WRITERS) });
    const membership = await acmeStack(programDir, "membership");
    await membership.up();
    const teamId = String((await membership.exportState()).deployment.resources?.find((resource) => String(resource.urn).endsWith("::writers"))?.id);
    await fs.writeFile(path.join(programDir, "Pulumi.yaml"), yamlProgram("plugin-membership", WRITERS + ELI_IN_WRITERS));
    const before = await writes();
    const preview = await membership.run(["preview", "--non-interactive"]);
    expect(preview.exitCode).not.toBe(0);
    const line = errorLine(preview.stdout + preview.stderr, "both manage the members");
    expect(line).toBe(
      `error: docs-platform:index:TeamMember resource 'eliInWriters' has a problem: TeamMember "eliInWriters" and Team "writers" both manage the members of team ${teamId}${MESSAGE_TAIL}`,
    );
    console.log(`as printed:\n${line}`);
    expect(await writes()).toBe(before);
  });

  it("a Team with members and a TeamMember on it, both new: the preview cannot know the id; up fails before the TeamMember's write", { timeout: minutes(4) }, async () => {
    const programDir = await writeProgram("plugin-membership-new", { "Pulumi.yaml": yamlProgram("plugin-membership-new", WRITERS + ELI_IN_WRITERS) });
    const membership = await acmeStack(programDir, "membership-new");
    // The team's id is unknown until the team is made: nothing to compare yet.
    expect((await membership.run(["preview", "--non-interactive"])).exitCode).toBe(0);
    const before = await writeCounts();
    const up = await membership.run(["up", "--yes", "--non-interactive"]);
    expect(up.exitCode).not.toBe(0);
    const line = errorLine(up.stdout + up.stderr, "both manage the members");
    expect(line).toMatch(
      /^error: docs-platform:index:TeamMember resource 'eliInWriters' has a problem: TeamMember "eliInWriters" and Team "writers" both manage the members of team \S+: /,
    );
    expect(line!.endsWith(MESSAGE_TAIL)).toBe(true);
    console.log(`as printed:\n${line}`);
    // The team was made (its create and its members); no membership was added one by one.
    const after = await writeCounts();
    const written = Object.keys(after).filter((route) => after[route] !== before[route]);
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((route) => /teams\/\{teamId\}\/members\/\{/.test(route))).toEqual([]);
    expect((await membership.exportState()).deployment.resources?.some((resource) => String(resource.urn).endsWith("::eliInWriters"))).toBe(false);
  });
});
