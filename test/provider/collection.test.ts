import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "../../provider/client/index.ts";
import { definition } from "../../provider/resources/collection.ts";
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

async function createCollection(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

async function getCollection(id: string) {
  return harness.api("GET", `/collections/${id}`);
}

async function makeCollection(title: string, parent?: string): Promise<string> {
  const response = await harness.api("POST", `/orgs/${org}/collections`, { title, ...(parent ? { parent } : {}) });
  expect(response.status).toBeLessThan(300);
  return response.body.id;
}

describe("Collection check", () => {
  const valid = () => ({ organizationId: "org", title: "Guides", description: "All guides", defaultLevel: "read", parent: "col" });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["title is required", { title: undefined }, ["title"]],
    ["title must not be empty", { title: "" }, ["title"]],
    ["description must be a string", { description: 42 }, ["description"]],
    ["description is at most 1000 characters", { description: "d".repeat(1001) }, ["description"]],
    ["title is at most 100 characters", { title: "t".repeat(101) }, ["title"]],
    ["parent is a path segment", { parent: ".." }, ["parent"]],
    ["defaultLevel is a role", { defaultLevel: "owner" }, ["defaultLevel"]],
    ["defaultLevel is not nullable", { defaultLevel: null }, ["defaultLevel"]],
    ["parent must not be empty", { parent: "" }, ["parent"]],
    ["title is at most 50 characters", { title: "t".repeat(51) }, ["title"]],
    ["description is at most 100 characters", { description: "d".repeat(101) }, ["description"]],
    ["adopt.id must not be empty", { adopt: { id: "" } }, ["adopt.id"]],
    ["unknown properties are rejected", { spaces: [] }, ["spaces"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("accepts every role as defaultLevel and the minimal inputs", async () => {
    for (const role of ["admin", "create", "review", "edit", "comment", "read"]) {
      expect(await failedProperties(provider, { ...valid(), defaultLevel: role }), role).toEqual([]);
    }
    expect(await failedProperties(provider, { organizationId: "org", title: "G" })).toEqual([]);
    // Limits at their edges, counted in characters: an emoji is one.
    expect(await failedProperties(provider, { ...valid(), title: "📚".repeat(50), description: "📚".repeat(100) })).toEqual([]);
    expect(await failedProperties(provider, { ...valid(), description: "" })).toEqual([]);
  });

  it("accepts the title and description limits of DESIGN.md 8 at their edges", async () => {
    for (const title of ["t", "t".repeat(50)]) expect(await failedProperties(provider, { ...valid(), title }), title).toEqual([]);
    for (const description of ["", "d".repeat(100)]) expect(await failedProperties(provider, { ...valid(), description }), description).toEqual([]);
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, title: "" });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("Collection lifecycle", () => {
  it("creates (POST, then PATCH for description and level); read equals create", async () => {
    const parent = await makeCollection("Products");
    const created = await createCollection({ title: "Guides", description: "How-tos", defaultLevel: "comment", parent });
    expect(harness.requester.writes()).toEqual([
      { method: "POST", path: `/orgs/${org}/collections`, body: { title: "Guides", parent } },
      { method: "PATCH", path: `/collections/${created.id}`, body: { description: "How-tos", defaultLevel: "comment" } },
    ]);
    const outs = created.outs;
    expect(outs).toMatchObject({ organizationId: org, title: "Guides", description: "How-tos", defaultLevel: "comment", parent });
    expect(outs.urls).toEqual({ location: expect.any(String), app: expect.any(String) });
    const read = await provider.read(created.id, { ...outs, __provider: PROVIDER });
    expect(read).toEqual({
      id: created.id,
      props: outs,
      inputs: { organizationId: org, title: "Guides", description: "How-tos", defaultLevel: "comment", parent },
    });
  });

  it("creates at the top level in one request when only the title is given", async () => {
    const created = await createCollection({ title: "Top" });
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/orgs/${org}/collections`, body: { title: "Top" } }]);
    expect(created.outs).not.toHaveProperty("parent");
    expect((await getCollection(created.id)).body.parent ?? null).toBeNull();
  });

  it("diff: nothing replaces; organizationId (a transfer), title, description, defaultLevel and parent update in place", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, title: "T", description: "D", defaultLevel: "read", parent: "p1", urls: {} };
    const news = { __provider: "new", organizationId: org, title: "T", description: "D", defaultLevel: "read", parent: "p1" };
    expect(await provider.diff("c", olds, news)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("c", olds, { ...news, organizationId: "other" })).toMatchObject({ changes: true, replaces: [] });
    for (const [key, value] of Object.entries({ title: "T2", description: "D2", defaultLevel: "edit", parent: "p2" })) {
      expect(await provider.diff("c", olds, { ...news, [key]: value }), key).toMatchObject({ changes: true, replaces: [] });
    }
    expect(await provider.diff("c", olds, { ...news, parent: undefined })).toMatchObject({ changes: true, replaces: [] });
  });

  it("updates title, description and level with one PATCH", async () => {
    const created = await createCollection({ title: "Before", description: "old", defaultLevel: "read" });
    harness.requester.reset();
    const news = await checked(provider, { organizationId: org, title: "After", description: "new", defaultLevel: "edit" });
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, news);
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/collections/${created.id}`, body: { title: "After", description: "new", defaultLevel: "edit" } }]);
    expect(updated.outs).toMatchObject({ title: "After", description: "new", defaultLevel: "edit" });
    expect((await getCollection(created.id)).body).toMatchObject({ title: "After", description: "new", defaultLevel: "edit" });
  });

  it("a parent change is a move that keeps the id; removing parent moves it to the top level", async () => {
    const first = await makeCollection("First parent");
    const second = await makeCollection("Second parent");
    const created = await createCollection({ title: "Moving", parent: first });
    harness.requester.reset();
    const moved = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Moving", parent: second }));
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/collections/${created.id}/move`, body: { parent: second } }]);
    expect(moved.outs).toMatchObject({ parent: second });
    expect((await getCollection(created.id)).body).toMatchObject({ id: created.id, parent: second });

    harness.requester.reset();
    const top = await provider.update(created.id, { ...moved.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Moving" }));
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/collections/${created.id}/move`, body: { parent: null } }]);
    expect(top.outs).not.toHaveProperty("parent");
    const server = (await getCollection(created.id)).body;
    expect(server.id).toBe(created.id);
    expect(server.parent ?? null).toBeNull();
  });

  it("removing description or defaultLevel stops managing them: nothing is sent and the values stay", async () => {
    const created = await createCollection({ title: "Keep", description: "kept", defaultLevel: "review" });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Keep" }));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).not.toHaveProperty("description");
    expect((await getCollection(created.id)).body).toMatchObject({ description: "kept", defaultLevel: "review" });
  });

  it("read sees drift made through the API, a move included", async () => {
    const elsewhere = await makeCollection("Elsewhere");
    const created = await createCollection({ title: "Drift", description: "d", parent: await makeCollection("Home") });
    expect((await harness.api("PATCH", `/collections/${created.id}`, { title: "Drifted", description: "changed" })).status).toBe(200);
    expect((await harness.api("POST", `/collections/${created.id}/move`, { parent: elsewhere })).status).toBe(200);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toMatchObject({ title: "Drifted", description: "changed", parent: elsewhere });
    expect(read.inputs).toMatchObject({ title: "Drifted", description: "changed", parent: elsewhere });
  });

  it("a failed second create step is recorded as a partial create, and the next update finishes it", async () => {
    harness.requester.failWhen = (call) => (call.method === "PATCH" ? new Error("injected: PATCH failed") : undefined);
    const inputs = await checked(provider, { organizationId: org, title: "Half made", description: "finish me", defaultLevel: "edit" });
    const failure = await rejectionOf(provider.create(inputs));
    harness.requester.reset();
    const id = failure.id as string;
    const properties = failure.properties as Record<string, unknown>;
    expect(typeof id).toBe("string");
    expect(failure.message).toMatch(/injected: PATCH failed.*pulumi up/);
    expect(failure.reasons).toEqual(["injected: PATCH failed"]);
    // The state describes the collection as it really is: created, without the second step.
    expect(properties).toMatchObject({ organizationId: org, title: "Half made", __provider: PROVIDER });
    expect(properties).not.toHaveProperty("description");
    expect((await getCollection(id)).status).toBe(200);

    // Next `up`: the engine diffs the recorded state against the inputs and updates.
    expect(await provider.diff(id, properties, inputs)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(id, properties, inputs);
    expect(finished.outs).toMatchObject({ title: "Half made", description: "finish me", defaultLevel: "edit" });
    expect((await getCollection(id)).body).toMatchObject({ description: "finish me", defaultLevel: "edit" });
    const all = (await harness.api("GET", `/orgs/${org}/collections`)).body.items as { title: string }[];
    expect(all.filter((collection) => collection.title === "Half made")).toHaveLength(1);
  });

  it("a second step the API rejects names the field and does not promise that another up finishes", async () => {
    // Called without check, as if check had let the input through (what the audit found).
    const failure = await rejectionOf(provider.create({ __provider: PROVIDER, organizationId: org, title: "Long description", description: "d".repeat(1001) }));
    harness.requester.reset();
    expect(failure.message).toMatch(/failed with 400 Bad Request: description: .*The API rejected the input `description`: fix it in the program/);
    expect(failure.message).not.toMatch(/Run `pulumi up` again/);
    // check rejects it first, so this partial create does not happen through the engine.
    expect(await failedProperties(provider, { organizationId: org, title: "Long description", description: "d".repeat(1001) })).toEqual(["description"]);
  });

  it("adopts an existing collection by id and reconciles it, moving it if needed", async () => {
    const parent = await makeCollection("Adoptive parent");
    const existing = await makeCollection("Orphan");
    const adopted = await createCollection({ title: "Orphan", description: "adopted", parent, adopt: { id: existing } });
    expect(adopted.id).toBe(existing);
    expect(harness.requester.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`PATCH /collections/${existing}`, `POST /collections/${existing}/move`]);
    expect((await getCollection(existing)).body).toMatchObject({ description: "adopted", parent });
  });

  it("adopts by title within the same parent only; creates when none matches; refuses when several match", async () => {
    const parent = await makeCollection("Natural parent");
    const topLevel = await makeCollection("Shared title");
    const nested = await makeCollection("Shared title", parent);
    const adoptedNested = await createCollection({ title: "Shared title", parent, adopt: true });
    expect(adoptedNested.id).toBe(nested);
    const adoptedTop = await createCollection({ title: "Shared title", adopt: true });
    expect(adoptedTop.id).toBe(topLevel);

    const elsewhere = await makeCollection("Empty parent");
    const fresh = await createCollection({ title: "Shared title", parent: elsewhere, adopt: true });
    expect([topLevel, nested]).not.toContain(fresh.id);
    expect((await getCollection(fresh.id)).body).toMatchObject({ title: "Shared title", parent: elsewhere });

    await makeCollection("Twin", parent);
    await makeCollection("Twin", parent);
    expect((await rejectionOf(createCollection({ title: "Twin", parent, adopt: true }))).message).toMatch(/2 Collection objects match by title within its parent/);
  });

  it("deletes; deleting again and reading afterwards are harmless", async () => {
    const created = await createCollection({ title: "Short-lived" });
    await provider.delete(created.id, { ...created.outs, __provider: PROVIDER });
    expect((await getCollection(created.id)).status).toBe(404);
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
    expect(await provider.read(created.id, created.outs)).toEqual({ id: "", props: {} });
  });
});

describe("Collection transfer (organizationId change)", () => {
  let other: string;
  /** Raw API access with the second organization's admin token. */
  let otherAdmin: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

  beforeAll(() => {
    other = harness.otherOrganizationId;
    const token = harness.emulator.fixture.organizations[1].admin.token;
    otherAdmin = async (method, path, body) => {
      const response = await fetch(`${harness.emulator.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
    };
  });

  const transferInputs = (title: string, extra: Record<string, unknown> = {}) => checked(provider, { organizationId: other, title, ...extra });

  it("needs create rights in the target organization: a 403 says so, and nothing changes", async () => {
    // The acme admin joins the other organization as a reader only.
    expect((await otherAdmin("POST", `/orgs/${other}/members/${harness.users.admin}/sso`)).status).toBe(200);
    expect((await otherAdmin("PATCH", `/orgs/${other}/members/${harness.users.admin}`, { role: "read" })).status).toBe(200);
    const created = await createCollection({ title: "Not allowed" });
    harness.requester.reset();
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Not allowed")));
    expect(failure.message).toMatch(
      new RegExp(
        `^Collection ${created.id}: transferring it from organization ${org} to ${other} was refused \\(403: .+\\)\\. Nothing was changed\\. .*\`create\` role in organization ${other}\\.$`,
      ),
    );
    expect((await getCollection(created.id)).body.organization).toBe(org);
    // From here on the acme admin may create in the other organization.
    expect((await otherAdmin("PATCH", `/orgs/${other}/members/${harness.users.admin}`, { role: "admin" })).status).toBe(200);
  });

  it("transfers in place: same id, its sub-collections and spaces along, at the top level of the new organization", async () => {
    const created = await createCollection({ title: "Portable", description: "moves" });
    const child = await makeCollection("Portable child", created.id);
    const space = await harness.api("POST", `/orgs/${org}/spaces`, { title: "Carried", parent: child });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Portable", { description: "moved" }));
    expect(harness.requester.writes()).toEqual([
      { method: "POST", path: `/collections/${created.id}/transfer`, body: { organization: other } },
      { method: "PATCH", path: `/collections/${created.id}`, body: { description: "moved" } },
    ]);
    expect(updated.outs).toMatchObject({ organizationId: other, title: "Portable", description: "moved" });
    expect(updated.outs).not.toHaveProperty("parent");
    expect((await getCollection(created.id)).body).toMatchObject({ id: created.id, organization: other, description: "moved" });
    expect((await otherAdmin("GET", `/collections/${child}`)).body).toMatchObject({ organization: other, parent: created.id });
    expect((await otherAdmin("GET", `/spaces/${space.body.id}`)).body).toMatchObject({ organization: other, parent: child });
    // Read agrees with update: a refresh shows nothing.
    const read = await provider.read(created.id, { ...updated.outs, __provider: PROVIDER });
    expect(read.props).toEqual(updated.outs);
  });

  it("with a parent of the new organization: transfers, then moves under it", async () => {
    const newParent = (await otherAdmin("POST", `/orgs/${other}/collections`, { title: "Landing" })).body.id as string;
    const created = await createCollection({ title: "Nested mover", parent: await makeCollection("Old home") });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Nested mover", { parent: newParent }));
    expect(harness.requester.writes()).toEqual([
      { method: "POST", path: `/collections/${created.id}/transfer`, body: { organization: other } },
      { method: "POST", path: `/collections/${created.id}/move`, body: { parent: newParent } },
    ]);
    expect(updated.outs).toMatchObject({ organizationId: other, parent: newParent });
    expect((await getCollection(created.id)).body).toMatchObject({ organization: other, parent: newParent });
  });

  it("a parent that is not in the new organization fails before anything is sent", async () => {
    const oldParent = await makeCollection("Stays home");
    const created = await createCollection({ title: "Stuck child", parent: oldParent });
    harness.requester.reset();
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Stuck child", { parent: oldParent })));
    expect(failure.message).toBe(
      `Collection ${created.id}: transferring it from organization ${org} to ${other} under parent ${oldParent} is not possible: ` +
        `that collection belongs to organization ${org}. Nothing was changed. Give a parent of organization ${other}, or none (the top level).`,
    );
    expect(harness.requester.writes()).toEqual([]);
    expect((await getCollection(created.id)).body).toMatchObject({ organization: org, parent: oldParent });
  });

  it('"cannot be moved" (a space published in a site of the old organization) is reported plainly, quoting the API', async () => {
    const created = await createCollection({ title: "Pinned" });
    const space = await harness.api("POST", `/orgs/${org}/spaces`, { title: "Published", parent: created.id });
    const site = await harness.api("POST", `/orgs/${org}/sites`, { title: "Pinning site", spaces: [space.body.id] });
    harness.requester.reset();
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Pinned")));
    expect(failure.message).toMatch(
      new RegExp(
        `^Collection ${created.id}: transferring it from organization ${org} to ${other} was refused: the API says the collection cannot be moved \\(".*cannot be moved.*"\\)\\. Nothing was changed\\. `,
      ),
    );
    expect(failure.message).toContain(`or keep organizationId ${org}.`);
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/collections/${created.id}/transfer`, body: { organization: other } }]);
    expect((await getCollection(created.id)).body.organization).toBe(org);
    // Once the site lets go of the space, the same update goes through.
    await harness.api("DELETE", `/orgs/${org}/sites/${site.body.id}`);
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Pinned"));
    expect(updated.outs).toMatchObject({ organizationId: other });
  });

  it("already in the target organization (moved outside Pulumi, or with its parent): no transfer is sent", async () => {
    const created = await createCollection({ title: "Gone ahead" });
    expect((await harness.api("POST", `/collections/${created.id}/transfer`, { organization: other })).status).toBe(200);
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Gone ahead"));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).toMatchObject({ organizationId: other });
  });

  it('"would not result in any update" while the collection reads as elsewhere is reported plainly', async () => {
    const created = await createCollection({ title: "Confused" });
    harness.requester.failWhen = (call) =>
      call.path.endsWith("/transfer")
        ? new ConflictError({
            status: 409,
            code: "conflict",
            message: `POST /v1${call.path} failed with 409 Conflict: the transfer would not result in any update`,
            method: "POST",
            path: `/v1${call.path}`,
            apiMessage: "the transfer would not result in any update",
          })
        : undefined;
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Confused")));
    expect(failure.message).toBe(
      `Collection ${created.id}: transferring it from organization ${org} to ${other} was refused: the API says it "would not result in any update", ` +
        `yet the collection reads as belonging to organization ${org}. Nothing was changed. Run \`pulumi refresh\` and \`pulumi up\` again.`,
    );
  });
});
