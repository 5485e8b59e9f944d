import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/team-member.ts";
import { TeamMember } from "../../provider/dynamic/resources/team-member.ts";
import { Team } from "../../provider/dynamic/resources/team.ts";
import { DeploymentClaims } from "../../provider/recovery/deployment-claims.ts";
import { toProvider } from "../../provider/adapter/resource.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { checked, failedProperties, type Harness, PROVIDER, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let harness: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  harness = await startHarness();
  provider = providerOf(definition, harness.requester);
  org = harness.organizationId;
});
afterAll(async () => harness?.close());
beforeEach(() => harness.requester.reset());

const emailOf = (userId: string) => harness.emulator.fixture.users.find((user) => user.id === userId)!.email;

/** A team made through the API, with members given by user id. */
async function team(title: string, members: string[] = []): Promise<string> {
  const created = await harness.api("PUT", `/orgs/${org}/teams`, { title, members });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The team's members and their roles, through the API. */
async function roles(teamId: string): Promise<Record<string, string>> {
  const response = await harness.api("GET", `/orgs/${org}/teams/${teamId}/members`);
  expect(response.status).toBe(200);
  return Object.fromEntries((response.body.items as { organization: { id: string }; team: { role: string } }[]).map((item) => [item.organization.id, item.team.role]));
}

async function add(inputs: Record<string, unknown>) {
  const result = await provider.create(await checked(provider, { organizationId: org, ...inputs }));
  harness.requester.reset();
  return result;
}

describe("TeamMember check", () => {
  const valid = () => ({ organizationId: "org", teamId: "t1", userId: "u1" });

  it("accepts a member named by user id or by email; role defaults to member", async () => {
    expect((await provider.check({}, valid())).inputs).toEqual({ ...valid(), role: "member" });
    const byEmail = await provider.check({}, { organizationId: "org", teamId: "t1", email: "Ada@Example.test", role: "owner", adopt: true });
    expect(byEmail.failures ?? []).toEqual([]);
    expect(byEmail.inputs).toEqual({ organizationId: "org", teamId: "t1", email: "Ada@Example.test", role: "owner", adopt: true });
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["organizationId must not be empty", { organizationId: "" }, ["organizationId"]],
    ["teamId is required", { teamId: undefined }, ["teamId"]],
    ["teamId must not be empty", { teamId: "" }, ["teamId"]],
    ["teamId is a path segment", { teamId: ".." }, ["teamId"]],
    ["the member is named: neither userId nor email", { userId: undefined }, ["userId"]],
    ["the member is named once: not both userId and email", { email: "ada@example.test" }, ["email"]],
    ["userId must not be empty", { userId: "" }, ["userId"]],
    ["email must be an email address", { userId: undefined, email: "ada" }, ["email"]],
    ["email is at most 254 characters", { userId: undefined, email: `${"a".repeat(242)}@example.test` }, ["email"]],
    ["role is owner or member", { role: "admin" }, ["role"]],
    ["role is not null", { role: null }, ["role"]],
    ["adopt is a boolean or {id}", { adopt: "yes" }, ["adopt"]],
    ["adopt.id is <teamId>/<userId>", { adopt: { id: "t1" } }, ["adopt.id"]],
    ["adopt.id has two parts", { adopt: { id: "t1/u1/x" } }, ["adopt.id"]],
    ["adopt.id parts are not empty", { adopt: { id: "t1/" } }, ["adopt.id"]],
    ["adopt.id names the team of teamId", { adopt: { id: "t2/u1" } }, ["adopt.id"]],
    ["adopt.id names the user of userId", { adopt: { id: "t1/u2" } }, ["adopt.id"]],
    ["unknown properties are rejected", { colour: "red" }, ["colour"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("the reasons name the field and the rule", async () => {
    const reasons = async (inputs: Record<string, unknown>) => ((await provider.check({}, inputs)).failures ?? []).map((failure) => failure.reason);
    expect(await reasons({ ...valid(), adopt: { id: "t2/u1" } })).toEqual(["adopt.id: names team t2, but teamId is t1"]);
    expect(await reasons({ ...valid(), adopt: { id: "t1" } })).toEqual(['adopt.id: must be "<teamId>/<userId>", e.g. "team_123/usr_ada"']);
    expect(await reasons({ organizationId: "org", teamId: "t1" })).toEqual(["userId: name the member with exactly one of userId or email; neither is given"]);
  });

  it("reports every failure at once; an invalid teamId is not also compared with adopt.id", async () => {
    expect(await failedProperties(provider, { organizationId: "org", teamId: "", role: "admin", adopt: { id: "t1/u1" } })).toEqual(["role", "teamId", "userId"]);
  });

  it("values still unknown during a preview pass, and adopt.id is compared only with known values", async () => {
    expect(await failedProperties(provider, { ...valid(), teamId: UNKNOWN, adopt: { id: "t2/u1" } })).toEqual([]);
    expect(await failedProperties(provider, { ...valid(), userId: UNKNOWN, adopt: { id: "t1/u2" } })).toEqual([]);
    expect(await failedProperties(provider, { ...valid(), adopt: { id: UNKNOWN } })).toEqual([]);
    // An adopted membership named by email: the user part cannot be checked before the API is asked.
    expect(await failedProperties(provider, { organizationId: "org", teamId: "t1", email: "ada@example.test", adopt: { id: "t1/u9" } })).toEqual([]);
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, teamId: "t1", userId: "u1", role: "admin" });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("TeamMember lifecycle", () => {
  it("adds the user with PUT .../members/{userId} and leaves the other members; read returns the same outputs and the inputs", async () => {
    const { admin, editor } = harness.users;
    const teamId = await team("Adds one", [admin]);
    const created = await provider.create(await checked(provider, { organizationId: org, teamId, userId: editor }));
    expect(created.id).toBe(`${teamId}/${editor}`);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams/${teamId}/members/${editor}`, body: { role: "member" } }]);
    expect(created.outs).toEqual({ organizationId: org, teamId, userId: editor, role: "member" });
    expect(await roles(teamId)).toEqual({ [admin]: "member", [editor]: "member" });

    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read).toEqual({ id: created.id, props: created.outs, inputs: { organizationId: org, teamId, userId: editor, role: "member" } });
  });

  it("names the user by email (any case), resolved through the organization's members; kept as written, no drift on read", async () => {
    const { reader } = harness.users;
    const teamId = await team("By email");
    const written = emailOf(reader).toUpperCase();
    const inputs = await checked(provider, { organizationId: org, teamId, email: written, role: "owner" });
    const created = await provider.create(inputs);
    expect(created.id).toBe(`${teamId}/${reader}`);
    expect(created.outs).toEqual({ organizationId: org, teamId, email: written, role: "owner" });
    expect(await roles(teamId)).toEqual({ [reader]: "owner" });
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toEqual(created.outs);
    expect(await provider.diff(created.id, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: false });
  });

  it("fails clearly before any write: a user already in the team (without adopt), a missing team, a user who is no member", async () => {
    const { admin } = harness.users;
    const teamId = await team("Already there", [admin]);
    const already = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId, userId: admin })));
    expect(already.message).toMatch(
      new RegExp(`user ${admin} is already a member of team ${teamId} \\(role member\\); take the membership over with adopt: true or adopt: \\{ id: "${teamId}/${admin}" \\}`),
    );
    const noTeam = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId: "no-such-team", userId: admin })));
    expect(noTeam.message).toMatch(/team no-such-team does not exist in organization org-acme/);
    const noMember = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId, email: "nobody@acme.test" })));
    expect(noMember.message).toMatch(/no member of organization org-acme has the email "nobody@acme.test"/);
    const outsider = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId, userId: "usr-outsider" })));
    expect(outsider.message).toMatch(/user usr-outsider is not a member of organization org-acme/);
    expect(harness.requester.writes()).toEqual([]);
    expect(await roles(teamId)).toEqual({ [admin]: "member" });
  });

  it("diff: organizationId, teamId, userId and email replace; role updates in place", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, teamId: "t1", userId: "u1", role: "member" };
    const same = { __provider: "new", organizationId: org, teamId: "t1", userId: "u1", role: "member" };
    expect(await provider.diff("t1/u1", olds, same)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("t1/u1", olds, { ...same, organizationId: "o2" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
    expect(await provider.diff("t1/u1", olds, { ...same, teamId: "t2" })).toMatchObject({ changes: true, replaces: ["teamId"] });
    expect(await provider.diff("t1/u1", olds, { ...same, userId: "u2" })).toMatchObject({ changes: true, replaces: ["userId"] });
    expect(await provider.diff("t1/u1", olds, { ...same, userId: undefined, email: "u1@acme.test" })).toMatchObject({ changes: true, replaces: ["userId", "email"] });
    expect(await provider.diff("t1/u1", olds, { ...same, role: "owner" })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff("t1/u1", olds, { ...same, adopt: true })).toMatchObject({ changes: false });
  });

  it("changes the role in place with one PUT, keeping the id", async () => {
    const { editor } = harness.users;
    const teamId = await team("Role change");
    const created = await add({ teamId, userId: editor });
    const updated = await provider.update(
      created.id,
      { ...created.outs, __provider: PROVIDER },
      await checked(provider, { organizationId: org, teamId, userId: editor, role: "owner" }),
    );
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams/${teamId}/members/${editor}`, body: { role: "owner" } }]);
    expect(updated.outs).toEqual({ organizationId: org, teamId, userId: editor, role: "owner" });
    expect(await roles(teamId)).toEqual({ [editor]: "owner" });
  });

  it("read shows role drift only and the next update repairs it; a membership removed elsewhere leaves the state", async () => {
    const { admin, editor } = harness.users;
    const teamId = await team("Drift", [admin]);
    const inputs = await checked(provider, { organizationId: org, teamId, email: emailOf(editor), role: "owner" });
    const created = await provider.create(inputs);
    expect((await harness.api("PUT", `/orgs/${org}/teams/${teamId}/members/${editor}`, { role: "member" })).status).toBe(204);
    // Other members changing is not this resource's drift.
    expect((await harness.api("DELETE", `/orgs/${org}/teams/${teamId}/members/${admin}`)).status).toBe(205);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toEqual({ ...created.outs, role: "member" });
    expect(await provider.diff(created.id, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: true, replaces: [] });
    const repaired = await provider.update(created.id, { ...read.props, __provider: PROVIDER }, inputs);
    expect(repaired.outs.role).toBe("owner");
    expect(await roles(teamId)).toEqual({ [editor]: "owner" });

    expect((await harness.api("DELETE", `/orgs/${org}/teams/${teamId}/members/${editor}`)).status).toBe(205);
    expect(await provider.read(created.id, { ...created.outs, __provider: PROVIDER })).toEqual({ id: "", props: {} });
    // The team itself deleted: gone too.
    const again = await add({ teamId, userId: editor });
    expect((await harness.api("DELETE", `/orgs/${org}/teams/${teamId}`)).status).toBe(205);
    expect(await provider.read(again.id, { ...again.outs, __provider: PROVIDER })).toEqual({ id: "", props: {} });
  });

  it("adopts a membership by id and sets its role", async () => {
    const { editor } = harness.users;
    const teamId = await team("Adopt by id", [editor]);
    const adopted = await provider.create(await checked(provider, { organizationId: org, teamId, userId: editor, role: "owner", adopt: { id: `${teamId}/${editor}` } }));
    expect(adopted.id).toBe(`${teamId}/${editor}`);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams/${teamId}/members/${editor}`, body: { role: "owner" } }]);
    expect(adopted.outs).toMatchObject({ role: "owner", adopt: { id: `${teamId}/${editor}` } });
    expect(await roles(teamId)).toEqual({ [editor]: "owner" });
  });

  it("adopting by id a membership that already has the declared role sends no write (what an exported program does)", async () => {
    const { admin, editor } = harness.users;
    const teamId = await team("Adopt unchanged", [admin]);
    expect((await harness.api("PUT", `/orgs/${org}/teams/${teamId}/members/${editor}`, { role: "owner" })).status).toBe(204);
    harness.requester.reset();
    // The owner by email with its role, the member by email with the default role: as the export writes them.
    const owner = await provider.create(
      await checked(provider, { organizationId: org, teamId, email: emailOf(editor).toUpperCase(), role: "owner", adopt: { id: `${teamId}/${editor}` } }),
    );
    const member = await provider.create(await checked(provider, { organizationId: org, teamId, email: emailOf(admin), adopt: { id: `${teamId}/${admin}` } }));
    expect(harness.requester.writes()).toEqual([]);
    expect(owner).toMatchObject({ id: `${teamId}/${editor}`, outs: { teamId, email: emailOf(editor).toUpperCase(), role: "owner" } });
    expect(member).toMatchObject({ id: `${teamId}/${admin}`, outs: { teamId, email: emailOf(admin), role: "member" } });
    // Nothing to change afterwards either.
    expect(
      await provider.diff(
        owner.id,
        owner.outs,
        await checked(provider, { organizationId: org, teamId, email: emailOf(editor).toUpperCase(), role: "owner", adopt: { id: owner.id } }),
      ),
    ).toMatchObject({ changes: false });
    expect(await roles(teamId)).toEqual({ [admin]: "member", [editor]: "owner" });
  });

  it("adopt by id fails clearly when the membership does not exist, or is another user's than the email names", async () => {
    const { admin, editor } = harness.users;
    const teamId = await team("Adopt mismatch", [admin]);
    const missing = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId, userId: editor, adopt: { id: `${teamId}/${editor}` } })));
    expect(missing.message).toMatch(new RegExp(`adopt: TeamMember ${teamId}/${editor} does not exist`));
    const other = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId, email: emailOf(editor), adopt: { id: `${teamId}/${admin}` } })));
    expect(other.message).toMatch(/does not match the inputs \(email differ\)/);
    expect(harness.requester.writes()).toEqual([]);
  });

  it("adopt: true takes the user's membership of the team, or adds it when there is none", async () => {
    const { admin, editor } = harness.users;
    const teamId = await team("Adopt by key", [admin]);
    const adopted = await provider.create(await checked(provider, { organizationId: org, teamId, email: emailOf(admin), role: "owner", adopt: true }));
    expect(adopted.id).toBe(`${teamId}/${admin}`);
    expect(adopted.outs).toMatchObject({ email: emailOf(admin), role: "owner" });
    const added = await provider.create(await checked(provider, { organizationId: org, teamId, userId: editor, adopt: true }));
    expect(added.id).toBe(`${teamId}/${editor}`);
    expect(await roles(teamId)).toEqual({ [admin]: "owner", [editor]: "member" });
    const noTeam = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId: "gone", userId: editor, adopt: true })));
    expect(noTeam.message).toMatch(/team gone does not exist/);
  });

  it("delete removes only this membership; deleting again, or after the team is gone, is harmless", async () => {
    const { admin, editor } = harness.users;
    const teamId = await team("Leaving", [admin]);
    const created = await add({ teamId, userId: editor });
    await provider.delete(created.id, { ...created.outs, __provider: PROVIDER });
    expect(harness.requester.writes()).toEqual([{ method: "DELETE", path: `/orgs/${org}/teams/${teamId}/members/${editor}` }]);
    expect(await roles(teamId)).toEqual({ [admin]: "member" });
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
    await harness.api("DELETE", `/orgs/${org}/teams/${teamId}`);
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
  });

  it("a replacement naming the same user by email (adopted) keeps the membership; in another deployment the delete removes it", async () => {
    const { editor } = harness.users;
    const teamId = await team("Renamed reference");
    const old = (await add({ teamId, userId: editor })).outs;
    // One deployment: one provider host, one set of claims.
    const claims = new DeploymentClaims();
    const deployment = toProvider(definition, () => ({ api: harness.requester, claims }));
    const replacement = await deployment.create(await checked(provider, { organizationId: org, teamId, email: emailOf(editor), adopt: true }));
    expect(replacement.id).toBe(`${teamId}/${editor}`);
    harness.requester.reset();
    await deployment.delete(`${teamId}/${editor}`, { ...old, __provider: PROVIDER });
    expect(harness.requester.writes()).toEqual([]);
    expect(await roles(teamId)).toEqual({ [editor]: "member" });

    const laterClaims = new DeploymentClaims();
    const later = toProvider(definition, () => ({ api: harness.requester, claims: laterClaims }));
    await later.delete(`${teamId}/${editor}`, { ...old, __provider: PROVIDER });
    expect(await roles(teamId)).toEqual({});
  });

  it("partial creates do not apply: one PUT adds the member with its role", async () => {
    const { reader } = harness.users;
    const teamId = await team("One write");
    harness.requester.failWhen = (call) => (call.method === "PUT" ? new Error("injected: PUT failed") : undefined);
    const failure = await rejectionOf(provider.create(await checked(provider, { organizationId: org, teamId, userId: reader })));
    expect(failure.message).toBe("injected: PUT failed");
    expect(failure.id).toBeUndefined();
    expect(await roles(teamId)).toEqual({});
  });
});

describe("Team.members and TeamMember in one program", () => {
  beforeAll(async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
  });

  it("a TeamMember whose teamId is the id of a Team with members fails at once, naming both", () => {
    const writers = new Team("writers", { organizationId: "org", title: "Writers", members: ["u1"] });
    expect(() => new TeamMember("eli-in-writers", { organizationId: "org", teamId: writers.id, userId: "u2" })).toThrow(
      /TeamMember "eli-in-writers" and Team "writers" both manage the members of the same team/,
    );
  });

  it("a Team without members takes TeamMembers", () => {
    const readers = new Team("readers", { organizationId: "org", title: "Readers" });
    expect(new TeamMember("eli-in-readers", { organizationId: "org", teamId: readers.id, userId: "u2" })).toBeInstanceOf(TeamMember);
  });
});
