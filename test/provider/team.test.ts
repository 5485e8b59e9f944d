import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/team.ts";
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

async function members(teamId: string): Promise<string[]> {
  const response = await harness.api("GET", `/orgs/${org}/teams/${teamId}/members`);
  expect(response.status).toBe(200);
  return (response.body.items as { organization: { id: string } }[]).map((member) => member.organization.id).sort();
}

async function createTeam(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

describe("Team check", () => {
  const valid = () => ({ organizationId: "org", title: "Writers", members: ["u1"] });

  it("accepts valid inputs and normalizes members to a sorted set", async () => {
    const result = await provider.check({}, { organizationId: "org", title: "W", members: ["u2", "u1", "u2"] });
    expect(result.failures ?? []).toEqual([]);
    expect(result.inputs).toEqual({ organizationId: "org", title: "W", members: ["u1", "u2"] });
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["organizationId must not be empty", { organizationId: "" }, ["organizationId"]],
    ["title is required", { title: undefined }, ["title"]],
    ["title must not be empty", { title: "" }, ["title"]],
    ["title is at most 64 characters", { title: "t".repeat(65) }, ["title"]],
    ["title must be a string", { title: 5 }, ["title"]],
    ["title is at most 100 characters", { title: "t".repeat(101) }, ["title"]],
    ["organizationId is a path segment", { organizationId: ".." }, ["organizationId"]],
    ["members must be an array", { members: "u1" }, ["members"]],
    ["member ids must not be empty", { members: ["u1", ""] }, ["members.1"]],
    ["adopt must be a boolean or {id}", { adopt: "yes" }, ["adopt"]],
    ["adopt.id must not be empty", { adopt: { id: "" } }, ["adopt.id"]],
    ["unknown properties are rejected", { colour: "red" }, ["colour"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("accepts titles at both edges of 1..64", async () => {
    expect(await failedProperties(provider, { ...valid(), title: "t" })).toEqual([]);
    expect(await failedProperties(provider, { ...valid(), title: "t".repeat(64) })).toEqual([]);
  });

  it("accepts members named by user id or by email, kept as written in one sorted set", async () => {
    const result = await provider.check({}, { organizationId: "org", title: "W", members: ["u2", "Ada@Example.test", "u2", "bo@example.test"] });
    expect(result.failures ?? []).toEqual([]);
    expect(result.inputs).toEqual({ organizationId: "org", title: "W", members: ["Ada@Example.test", "bo@example.test", "u2"] });
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, title: "" });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("Team lifecycle", () => {
  it("creates a team with its members in one request; read returns the same outputs and the inputs", async () => {
    const { admin, editor } = harness.users;
    const created = await createTeam({ title: "Writers", members: [editor, admin, editor] });
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams`, body: { title: "Writers", members: [admin, editor].sort() } }]);
    expect(created.outs).toMatchObject({ organizationId: org, title: "Writers", members: [admin, editor].sort(), spaces: 0 });
    expect(typeof created.outs.createdAt).toBe("string");
    expect(Object.values(created.outs)).not.toContain(undefined);
    expect(await members(created.id)).toEqual([admin, editor].sort());

    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read).toEqual({ id: created.id, props: created.outs, inputs: { organizationId: org, title: "Writers", members: [admin, editor].sort() } });
  });

  it("diff: organizationId replaces; title and members update in place; nothing else counts", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, title: "Writers", members: ["a", "b"], spaces: 3, createdAt: "then" };
    const same = { __provider: "new", organizationId: org, title: "Writers", members: ["a", "b"] };
    expect(await provider.diff("t", olds, same)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("t", olds, { ...same, organizationId: "other" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
    expect(await provider.diff("t", olds, { ...same, title: "Editors" })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff("t", olds, { ...same, members: ["a"] })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff("t", olds, { organizationId: org, title: "Writers" })).toMatchObject({ changes: true, replaces: [] });
  });

  it("renames in place with PATCH, keeping the id", async () => {
    const created = await createTeam({ title: "Before", members: [] });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "After", members: [] }));
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}/teams/${created.id}`, body: { title: "After" } }]);
    expect(updated.outs).toMatchObject({ title: "After", members: [] });
    expect((await harness.api("GET", `/orgs/${org}/teams/${created.id}`)).body.title).toBe("After");
  });

  it("adds and removes members through the team-member operation, never recreating the team", async () => {
    const { admin, editor, reader } = harness.users;
    const created = await createTeam({ title: "Membership", members: [admin, editor] });
    harness.requester.reset();
    const updated = await provider.update(
      created.id,
      { ...created.outs, __provider: PROVIDER },
      await checked(provider, { organizationId: org, title: "Membership", members: [editor, reader] }),
    );
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams/${created.id}/members`, body: { add: [reader], remove: [admin] } }]);
    expect(updated.outs.members).toEqual([editor, reader].sort());
    expect(await members(created.id)).toEqual([editor, reader].sort());
    // Same team: its id still answers and there is exactly one team with this title.
    expect((await harness.api("GET", `/orgs/${org}/teams/${created.id}`)).status).toBe(200);
    const teams = (await harness.api("GET", `/orgs/${org}/teams`)).body.items as { id: string; title: string }[];
    expect(teams.filter((team) => team.title === "Membership").map((team) => team.id)).toEqual([created.id]);

    const emptied = await provider.update(
      created.id,
      { ...updated.outs, __provider: PROVIDER },
      await checked(provider, { organizationId: org, title: "Membership", members: [] }),
    );
    expect(emptied.outs.members).toEqual([]);
    expect(await members(created.id)).toEqual([]);
  });

  it("removing members from the inputs stops managing them: nothing is sent and membership stays", async () => {
    const { editor } = harness.users;
    const created = await createTeam({ title: "Unmanaged", members: [editor] });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Unmanaged" }));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).not.toHaveProperty("members");
    expect(await members(created.id)).toEqual([editor]);
  });

  it("read sees drift made through the API: title and membership", async () => {
    const { admin, reader } = harness.users;
    const created = await createTeam({ title: "Drift", members: [admin] });
    expect((await harness.api("PATCH", `/orgs/${org}/teams/${created.id}`, { title: "Drifted" })).status).toBe(200);
    expect((await harness.api("PUT", `/orgs/${org}/teams/${created.id}/members`, { add: [reader] })).status).toBeLessThan(300);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toMatchObject({ title: "Drifted", members: [admin, reader].sort() });
    expect(read.inputs).toMatchObject({ title: "Drifted", members: [admin, reader].sort() });

    // The next update repairs it, membership included (authoritative).
    const repaired = await provider.update(created.id, read.props, await checked(provider, { organizationId: org, title: "Drift", members: [admin] }));
    expect(repaired.outs).toMatchObject({ title: "Drift", members: [admin] });
    expect(await members(created.id)).toEqual([admin]);
  });

  it("adopts an existing team by id and reconciles it", async () => {
    const { admin, editor } = harness.users;
    const existing = (await harness.api("PUT", `/orgs/${org}/teams`, { title: "Made by hand", members: [admin] })).body;
    const adopted = await createTeam({ title: "Adopted by id", members: [editor], adopt: { id: existing.id } });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ title: "Adopted by id", members: [editor] });
    // Echoed so that a refresh keeps it among the inputs (see the runtime tests); never compared.
    expect(adopted.outs?.adopt).toEqual({ id: existing.id });
    expect(harness.requester.writes().map((call) => call.method)).not.toContain("DELETE");
    expect(await members(existing.id)).toEqual([editor]);
  });

  it("adopts an existing team by exact title; creates one when none matches; refuses when several match", async () => {
    const { admin } = harness.users;
    const existing = (await harness.api("PUT", `/orgs/${org}/teams`, { title: "Natural", members: [] })).body;
    // A title that merely contains the wanted one is not a match.
    await harness.api("PUT", `/orgs/${org}/teams`, { title: "Natural history", members: [] });
    const adopted = await createTeam({ title: "Natural", members: [admin], adopt: true });
    expect(adopted.id).toBe(existing.id);
    expect(await members(existing.id)).toEqual([admin]);

    const fresh = await createTeam({ title: "Nobody has this title", adopt: true });
    expect(fresh.id).not.toBe(existing.id);
    expect((await harness.api("GET", `/orgs/${org}/teams/${fresh.id}`)).body.title).toBe("Nobody has this title");

    await harness.api("PUT", `/orgs/${org}/teams`, { title: "Twice", members: [] });
    await harness.api("PUT", `/orgs/${org}/teams`, { title: "Twice", members: [] });
    const failure = await rejectionOf(createTeam({ title: "Twice", adopt: true }));
    expect(failure.message).toMatch(/2 Team objects match by title within the organization/);
  });

  it("adopt by id fails clearly when the team does not exist", async () => {
    const failure = await rejectionOf(createTeam({ title: "Ghost", adopt: { id: "no-such-team" } }));
    expect(failure.message).toMatch(/adopt: Team no-such-team does not exist/);
  });

  it("deletes the team; deleting it again and reading it afterwards are harmless", async () => {
    const created = await createTeam({ title: "Short-lived" });
    await provider.delete(created.id, { ...created.outs, __provider: PROVIDER });
    expect((await harness.api("GET", `/orgs/${org}/teams/${created.id}`)).status).toBe(404);
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
    expect(await provider.read(created.id, created.outs)).toEqual({ id: "", props: {} });
  });

  it("regression: read takes the user id from item.organization.id of the team-member list", async () => {
    const { admin, reader } = harness.users;
    const existing = (await harness.api("PUT", `/orgs/${org}/teams`, { title: "Production shape", members: [admin, reader] })).body;
    const read = await provider.read(existing.id, { __provider: PROVIDER, organizationId: org, title: "Production shape", members: [] });
    expect(read.props.members).toEqual([admin, reader].sort());
    // And an update never sends an undefined id.
    harness.requester.reset();
    await provider.update(existing.id, read.props, await checked(provider, { organizationId: org, title: "Production shape", members: [admin] }));
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams/${existing.id}/members`, body: { add: [], remove: [reader] } }]);
  });

  it("a member id that is not in the organization fails the create with the API's error", async () => {
    const failure = await rejectionOf(createTeam({ title: "Strangers", members: ["usr-nobody"] }));
    expect(failure.status).toBe(400);
    expect(failure.message).toMatch(/usr-nobody/);
  });
});

describe("Team members named by email", () => {
  const emailOf = (userId: string) => harness.emulator.fixture.users.find((user) => user.id === userId)!.email;

  it("creates with ids in PUT /teams and emails through the team-member operation; refresh shows no drift", async () => {
    const { admin, editor } = harness.users;
    // Written in another case than the API's: matched case-insensitively, kept as written.
    const editorEmail = emailOf(editor).toUpperCase();
    const inputs = await checked(provider, { organizationId: org, title: "By email", members: [editorEmail, admin] });
    const created = await provider.create(inputs);
    const [createTeamCall, addCall] = harness.requester.writes();
    expect(createTeamCall).toEqual({ method: "PUT", path: `/orgs/${org}/teams`, body: { title: "By email", members: [admin] } });
    expect(addCall).toEqual({ method: "PUT", path: `/orgs/${org}/teams/${created.id}/members`, body: { add: [editorEmail] } });
    expect(harness.requester.writes()).toHaveLength(2);
    expect(created.outs.members).toEqual([editorEmail, admin].sort());
    expect(await members(created.id)).toEqual([admin, editor].sort());

    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toEqual(created.outs);
    expect(read.inputs!.members).toEqual([editorEmail, admin].sort());
    expect(await provider.diff(created.id, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: false });
  });

  it("naming the same member by email instead of id is a change of the inputs only: no membership write", async () => {
    const { editor } = harness.users;
    const created = await createTeam({ title: "Id to email", members: [editor] });
    const inputs = await checked(provider, { organizationId: org, title: "Id to email", members: [emailOf(editor)] });
    expect(await provider.diff(created.id, { ...created.outs, __provider: PROVIDER }, inputs)).toMatchObject({ changes: true, replaces: [] });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, inputs);
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs.members).toEqual([emailOf(editor)]);
    expect(await members(created.id)).toEqual([editor]);
  });

  it("a member named both by id and by email is one member, and stable", async () => {
    const { reader } = harness.users;
    const inputs = await checked(provider, { organizationId: org, title: "Twice named", members: [reader, emailOf(reader)] });
    const created = await provider.create(inputs);
    expect(await members(created.id)).toEqual([reader]);
    expect(created.outs.members).toEqual([reader, emailOf(reader)].sort());
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(await provider.diff(created.id, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: false });
  });

  it("refresh shows drift of email members as real drift, and the next update repairs it", async () => {
    const { admin, editor, reader } = harness.users;
    const inputs = await checked(provider, { organizationId: org, title: "Email drift", members: [emailOf(editor), admin] });
    const created = await provider.create(inputs);
    // Outside Pulumi: the member given by email leaves, another one joins.
    expect((await harness.api("DELETE", `/orgs/${org}/teams/${created.id}/members/${editor}`)).status).toBe(205);
    expect((await harness.api("PUT", `/orgs/${org}/teams/${created.id}/members/${reader}`)).status).toBe(204);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props.members).toEqual([admin, reader].sort());
    expect(await provider.diff(created.id, { ...read.props, __provider: PROVIDER }, inputs)).toMatchObject({ changes: true, replaces: [] });

    harness.requester.reset();
    const repaired = await provider.update(created.id, { ...read.props, __provider: PROVIDER }, inputs);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: `/orgs/${org}/teams/${created.id}/members`, body: { add: [emailOf(editor)], remove: [reader] } }]);
    expect(repaired.outs.members).toEqual([emailOf(editor), admin].sort());
    expect(await members(created.id)).toEqual([admin, editor].sort());
  });

  it("a failed email step is recorded as a partial create, and the next update finishes it", async () => {
    const { admin, editor } = harness.users;
    harness.requester.failWhen = (call) => (call.path.endsWith("/members") ? new Error("injected: adding members failed") : undefined);
    const inputs = await checked(provider, { organizationId: org, title: "Half a team", members: [admin, emailOf(editor)] });
    const failure = await rejectionOf(provider.create(inputs));
    harness.requester.reset();
    const id = failure.id as string;
    const properties = failure.properties as Record<string, unknown>;
    expect(failure.reasons).toEqual(["injected: adding members failed"]);
    // The state is the team as it is: created with the members given by id only.
    expect(properties).toMatchObject({ organizationId: org, title: "Half a team", members: [admin], __provider: PROVIDER });
    expect(await members(id)).toEqual([admin]);

    expect(await provider.diff(id, properties, inputs)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(id, properties, inputs);
    expect(finished.outs.members).toEqual([admin, emailOf(editor)].sort());
    expect(await members(id)).toEqual([admin, editor].sort());
  });

  it("an email that is no organization member's fails with the API's error, the team kept as a partial create", async () => {
    const failure = await rejectionOf(createTeam({ title: "Unknown email", members: ["nobody@nowhere.test"] }));
    expect(failure.message).toMatch(/nobody@nowhere\.test/);
    expect(typeof failure.id).toBe("string");
    expect((await harness.api("GET", `/orgs/${org}/teams/${failure.id}`)).status).toBe(200);
  });
});
