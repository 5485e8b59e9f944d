// TeamMember through the real Pulumi CLI beyond the standard scenario (that one is in
// scenarios/team-member.ts, run by lifecycle.test.ts): a program that manages one team both with
// Team.members and with a TeamMember, which must fail with a message naming both resources.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../emulator/index.ts";
import { createStack, type PulumiResult, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { apiClient, type Api } from "./support/api.ts";
import { scenarioTimeout } from "./support/resource-scenario.ts";

const EDITOR = "usr-acme-editor";
const ADMIN = "usr-acme-admin";

describe("Team.members and TeamMember on the same team", () => {
  let emulator: Emulator;
  let api: Api;
  let stack: TestStack;
  const organizationId = "org-acme";
  const teams = async () => api.list<{ id: string; title: string; members: number }>(`/orgs/${organizationId}/teams`);

  /** A command that must fail naming both resources; returns its output. */
  const failsNamingBoth = (result: PulumiResult, teamId?: string): string => {
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.exitCode, output).not.toBe(0);
    expect(output).toContain(`TeamMember "eli-in-writers" and Team "writers" both manage the members of ${teamId === undefined ? "the same team" : `team ${teamId}`}`);
    expect(output).toContain("Manage this team's membership one way");
    return output;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const token = emulator.fixture.organizations[0].tokens.admin!;
    api = apiClient(emulator.url, token);
    const programDir = await writeProgram("e2e-team-member-conflict", {
      "Pulumi.yaml": "name: e2e-team-member-conflict\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
      "index.mjs": `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
const mode = config.get("mode") ?? "team only";
const team = new docs.Team("writers", { title: "Writers", members: ["${ADMIN}"] });
// The usual mistake: the team's own id.
if (mode === "team id output") new docs.TeamMember("eli-in-writers", { teamId: team.id, userId: "${EDITOR}" });
// The same team named by its id from the config: found once the ids are known.
if (mode === "team id from config") new docs.TeamMember("eli-in-writers", { teamId: config.require("teamId"), userId: "${EDITOR}" });
export const teamId = team.id;
`,
    });
    stack = await createStack({
      programDir,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token, DOCS_PLATFORM_ORGANIZATION_ID: organizationId },
      timeoutMs: scenarioTimeout,
    });
  }, scenarioTimeout);

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  }, scenarioTimeout);

  it(
    "teamId: team.id of a Team with members fails the preview at once, before anything is created",
    async () => {
      await stack.setConfig("mode", "team id output");
      failsNamingBoth(await stack.run(["preview"]));
      expect(await teams()).toEqual([]);
    },
    scenarioTimeout,
  );

  it(
    "the same team's id given another way fails preview and up once the id is known; the team keeps its members",
    async () => {
      await stack.setConfig("mode", "team only");
      await stack.up();
      const [team] = await teams();
      expect(team).toMatchObject({ title: "Writers", members: 1 });
      await stack.setConfig("mode", "team id from config");
      await stack.setConfig("teamId", team.id);
      failsNamingBoth(await stack.run(["preview"]), team.id);
      failsNamingBoth(await stack.run(["up", "--yes"]), team.id);
      const members = await api.list<{ organization: { id: string } }>(`/orgs/${organizationId}/teams/${team.id}/members`);
      expect(members.map((member) => member.organization.id)).toEqual([ADMIN]);
      await stack.setConfig("mode", "team only");
      await stack.destroy();
      expect(await teams()).toEqual([]);
    },
    scenarioTimeout,
  );
});
