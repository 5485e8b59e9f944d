/**
 * A team's membership is managed one way, for the whole deployment, through both doors (issue 27
 * item 5): `Team.members` is authoritative and `TeamMember` adds one member, so a Team with
 * `members` and a TeamMember on the same team fail, with the dynamic package's message, before
 * any write. The rule is the kinds' declaration (`exclusiveWay`), enforced by the shared core: a
 * TeamMember's team is known at its check, a Team's id at its diff (an existing team, in a
 * preview) or its create (a team made in the same `up`, before the TeamMember's check at `up`).
 *
 * In-process, the doors' handlers called as the engine calls them, against an in-memory emulator;
 * each door holds a core of its own (one deployment each, as each door is a process of its own
 * in a real one), and each case uses its own team and names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../emulator/index.ts";
import { DOORS } from "./doors.ts";
import { requestCounts, resetRequests as resetCount, startContractSetup } from "./emulator-setup.ts";

const EDITOR = "usr-acme-editor";
const READER = "usr-acme-reader";

let emulator: Emulator;
let organizationId: string;
let adminToken: string;

/** The API's write requests (any method but GET) since the last reset, by route. */
async function writes(): Promise<Record<string, number>> {
  const { counts } = await requestCounts(emulator);
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

const resetRequests = () => resetCount(emulator);

/** A team made with the API itself (an existing team, whose id a program gives as a config value). */
async function existingTeam(title: string): Promise<string> {
  const response = await fetch(`${emulator.url}/orgs/${organizationId}/teams`, {
    method: "PUT",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ title, members: [] }),
  });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { id: string }).id;
}

/** The message both doors and the dynamic package's program guard give (domain/team-membership.ts). */
function conflict(member: string, team: string, teamId: string): string {
  return (
    `TeamMember "${member}" and Team "${team}" both manage the members of team ${teamId}: Team.members is authoritative and removes members ` +
    `it does not list, TeamMember adds one, so every up would undo the other. Manage this team's membership one way: ` +
    `list the member in Team "${team}"'s members, or leave members out of Team "${team}" and use TeamMember resources only.`
  );
}

beforeAll(async () => {
  const setup = await startContractSetup(DOORS);
  emulator = setup.emulator;
  ({ organizationId, token: adminToken } = setup.settings);
});

afterAll(async () => {
  await emulator?.close();
});

describe.each(DOORS)("one way to manage a team's membership, through the $name door", (door) => {
  it("a TeamMember on a Team with members (the team made in the same up): its check at up fails, before its write", async () => {
    const team = door.named(`writers-${door.name}`);
    const member = door.named(`eli-in-writers-${door.name}`);
    const teamInputs = (await team.check("Team", { organizationId, title: `Writers ${door.name}`, members: [READER] })).inputs;
    const { id: teamId } = await team.create("Team", teamInputs);
    await resetRequests();
    const checked = await member.check("TeamMember", { organizationId, teamId, userId: EDITOR });
    expect(checked.failures).toEqual([{ property: "", reason: conflict(`eli-in-writers-${door.name}`, `writers-${door.name}`, teamId) }]);
    // `up` without its preview's check answer (the engine stops at a failed check; nothing else may write past it).
    await expect(member.create("TeamMember", { organizationId, teamId, userId: EDITOR, role: "member" })).rejects.toThrow(
      conflict(`eli-in-writers-${door.name}`, `writers-${door.name}`, teamId),
    );
    expect(await writes()).toEqual({});
  });

  it("an existing Team given members, after a TeamMember named its team (a config value): the Team's diff fails the preview, nothing written", async () => {
    const teamId = await existingTeam(`Docs ${door.name}`);
    const member = door.named(`ada-in-docs-${door.name}`);
    const team = door.named(`docs-${door.name}`);
    await resetRequests();
    expect((await member.check("TeamMember", { organizationId, teamId, userId: EDITOR })).failures).toEqual([]);
    // Checked again (the preview of `up`, then its update): still the one way.
    expect((await member.check("TeamMember", { organizationId, teamId, userId: EDITOR })).failures).toEqual([]);
    const olds = { organizationId, title: `Docs ${door.name}` };
    const news = (await team.check("Team", { ...olds, members: [READER] }, olds)).inputs;
    await expect(team.diff("Team", teamId, olds, news)).rejects.toThrow(conflict(`ada-in-docs-${door.name}`, `docs-${door.name}`, teamId));
    await expect(team.update("Team", teamId, olds, news)).rejects.toThrow(conflict(`ada-in-docs-${door.name}`, `docs-${door.name}`, teamId));
    expect(await writes()).toEqual({});
  });

  it("a Team with members adopting (by id) a team a TeamMember names: its create fails before any write", async () => {
    const teamId = await existingTeam(`Adopted ${door.name}`);
    await resetRequests();
    expect((await door.named(`eli-in-adopted-${door.name}`).check("TeamMember", { organizationId, teamId, userId: EDITOR })).failures).toEqual([]);
    const team = door.named(`adopted-${door.name}`);
    const inputs = (await team.check("Team", { organizationId, title: `Adopted ${door.name}`, members: [READER], adopt: { id: teamId } })).inputs;
    await expect(team.create("Team", inputs)).rejects.toThrow(conflict(`eli-in-adopted-${door.name}`, `adopted-${door.name}`, teamId));
    expect(await writes()).toEqual({});
  });

  it("a Team without members takes TeamMembers, and a Team with members another team's", async () => {
    const plainId = await existingTeam(`Plain ${door.name}`);
    const otherId = await existingTeam(`Other ${door.name}`);
    const plain = door.named(`plain-${door.name}`);
    const other = door.named(`other-${door.name}`);
    const olds = { organizationId, title: `Plain ${door.name}` };
    expect(await plain.diff("Team", plainId, olds, olds)).toEqual({ changes: false, replaces: [] });
    const otherOlds = { organizationId, title: `Other ${door.name}`, members: [] };
    expect(await other.diff("Team", otherId, otherOlds, otherOlds)).toEqual({ changes: false, replaces: [] });
    expect((await door.named(`rae-in-plain-${door.name}`).check("TeamMember", { organizationId, teamId: plainId, userId: READER })).failures).toEqual([]);
  });
});

it("each door is a deployment of its own: a TeamMember through one door does not see a Team through the other", async () => {
  // In a deployment the doors are two processes (the dynamic-provider host, the plugin), each
  // with its core; in this process too, each door holds its own, so no state crosses between them.
  const [dynamic, plugin] = DOORS;
  const teamId = await existingTeam("Shared");
  const olds = { organizationId, title: "Shared", members: [READER] };
  expect(await dynamic.named("shared").diff("Team", teamId, olds, olds)).toEqual({ changes: false, replaces: [] });
  const checked = await plugin.named("eli-in-shared").check("TeamMember", { organizationId, teamId, userId: EDITOR });
  expect(checked.failures).toEqual([]);
});
