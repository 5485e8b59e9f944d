import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
    const outs = created.outs!;
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

  it("diff: organizationId replaces; title, description, defaultLevel and parent update in place", async () => {
    const olds = { __provider: PROVIDER, organizationId: org, title: "T", description: "D", defaultLevel: "read", parent: "p1", urls: {} };
    const news = { __provider: "new", organizationId: org, title: "T", description: "D", defaultLevel: "read", parent: "p1" };
    expect(await provider.diff("c", olds, news)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("c", olds, { ...news, organizationId: "other" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
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
    expect(harness.requester.writes()).toEqual([
      { method: "PATCH", path: `/collections/${created.id}`, body: { title: "After", description: "new", defaultLevel: "edit" } },
    ]);
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
