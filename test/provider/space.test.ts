import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "../../provider/client/index.ts";
import { definition } from "../../provider/resources/space.ts";
import type { ApiRequester, HttpMethod, PathSegments, QueryParameters } from "../../provider/api/requester.ts";
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

const reviewers = (users: string[]) => ({ type: "rules", rules: [{ rule: "require_specific_reviewers", users }] });

async function createSpace(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

async function getSpace(id: string) {
  return harness.api("GET", `/spaces/${id}`);
}

async function makeCollection(title: string): Promise<string> {
  const response = await harness.api("POST", `/orgs/${org}/collections`, { title });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function makeSpace(body: Record<string, unknown>): Promise<string> {
  const response = await harness.api("POST", `/orgs/${org}/spaces`, body);
  expect(response.status).toBe(201);
  return response.body.id;
}

async function spacesTitled(title: string): Promise<{ id: string; parent?: string }[]> {
  const items = (await harness.api("GET", `/orgs/${org}/spaces?limit=1000`)).body.items as { id: string; title: string; parent?: string }[];
  return items.filter((space) => space.title === title);
}

describe("Space check", () => {
  const valid = () => ({
    organizationId: "org",
    title: "Guides",
    emoji: "📘",
    parent: "col",
    language: "en",
    editMode: "live",
    defaultLevel: "read",
    mergeRules: { type: "inherit" },
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["title is required", { title: undefined }, ["title"]],
    ["title is at most 50 characters", { title: "t".repeat(51) }, ["title"]],
    ["emoji is at most 50 characters", { emoji: "🦄".repeat(51) }, ["emoji"]],
    ["parent must not be empty", { parent: "" }, ["parent"]],
    ["parent is a path segment", { parent: ".." }, ["parent"]],
    ["language is at least 2 characters", { language: "e" }, ["language"]],
    ["language is at most 10 characters", { language: "l".repeat(11) }, ["language"]],
    ["editMode is live or locked", { editMode: "frozen" }, ["editMode"]],
    ["defaultLevel is a role", { defaultLevel: "owner" }, ["defaultLevel"]],
    ["mergeRules has a known type", { mergeRules: { type: "always" } }, ["mergeRules.type"]],
    ["mergeRules rules need a rule name", { mergeRules: { type: "rules", rules: [{ users: ["u"] }] } }, ["mergeRules.rules.0.rule"]],
    ["visibility is not an input (no operation changes it)", { visibility: "public" }, ["visibility"]],
    ["adopt.id must not be empty", { adopt: { id: "" } }, ["adopt.id"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("accepts the minimal inputs, the limits at their edges (counted in characters) and null to clear", async () => {
    expect(await failedProperties(provider, { organizationId: "org", title: "G" })).toEqual([]);
    // API.md gives a title maximum and no minimum.
    expect(await failedProperties(provider, { organizationId: "org", title: "" })).toEqual([]);
    expect(await failedProperties(provider, { ...valid(), title: "📚".repeat(50), emoji: "🦄".repeat(50), language: "l".repeat(10) })).toEqual([]);
    expect(await failedProperties(provider, { ...valid(), language: null, defaultLevel: null })).toEqual([]);
    for (const role of ["admin", "create", "review", "edit", "comment", "read"]) {
      expect(await failedProperties(provider, { ...valid(), defaultLevel: role }), role).toEqual([]);
    }
    expect(await failedProperties(provider, { ...valid(), editMode: "locked", mergeRules: reviewers(["u2", "u1"]) })).toEqual([]);
  });

  it("normalizes merge-rule reviewers as a set, as OrganizationSettings does (one shared schema)", async () => {
    const result = await provider.check({}, { __provider: PROVIDER, organizationId: "org", title: "T", mergeRules: reviewers(["u2", "u1", "u2"]) });
    expect(result.inputs?.mergeRules).toEqual(reviewers(["u1", "u2"]));
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, title: "t".repeat(51) });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("Space lifecycle", () => {
  it("creates with POST {title, emoji, parent, language, editMode}, then one PATCH of defaultLevel and mergeRules; read equals create", async () => {
    const parent = await makeCollection("Products");
    const created = await createSpace({
      title: "Handbook",
      emoji: "📗",
      parent,
      language: "fr",
      editMode: "locked",
      defaultLevel: "comment",
      mergeRules: reviewers([harness.users.admin]),
    });
    expect(harness.requester.writes()).toEqual([
      { method: "POST", path: `/orgs/${org}/spaces`, body: { title: "Handbook", emoji: "📗", parent, language: "fr", editMode: "locked" } },
      { method: "PATCH", path: `/spaces/${created.id}`, body: { defaultLevel: "comment", mergeRules: reviewers([harness.users.admin]) } },
    ]);
    const outs = created.outs;
    expect(outs).toMatchObject({
      organizationId: org,
      title: "Handbook",
      emoji: "📗",
      parent,
      language: "fr",
      editMode: "locked",
      defaultLevel: "comment",
      mergeRules: reviewers([harness.users.admin]),
      visibility: "in-collection",
      createdAt: expect.any(String),
    });
    expect(outs.urls).toMatchObject({ location: expect.any(String), app: expect.any(String), published: expect.any(String) });
    // Server fields that change without any configuration change are not outputs: refresh would show them.
    expect(outs).not.toHaveProperty("updatedAt");
    expect(outs).not.toHaveProperty("revision");
    const read = await provider.read(created.id, { ...outs, __provider: PROVIDER });
    expect(read).toEqual({
      id: created.id,
      props: outs,
      inputs: {
        organizationId: org,
        title: "Handbook",
        emoji: "📗",
        parent,
        language: "fr",
        editMode: "locked",
        defaultLevel: "comment",
        mergeRules: reviewers([harness.users.admin]),
      },
    });
  });

  it("creates at the top level in one request when the POST takes every input; untracked inputs stay out of the outputs", async () => {
    const created = await createSpace({ title: "Top", emoji: "🔝" });
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/orgs/${org}/spaces`, body: { title: "Top", emoji: "🔝" } }]);
    expect(created.outs).toMatchObject({ title: "Top", emoji: "🔝", visibility: "private" });
    for (const key of ["parent", "language", "editMode", "defaultLevel", "mergeRules"]) expect(created.outs, key).not.toHaveProperty(key);
    // Values equal to what the POST leaves are not PATCHed again.
    harness.requester.reset();
    await createSpace({ title: "Defaults", editMode: "live", defaultLevel: null, language: null, mergeRules: { type: "inherit" } });
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/orgs/${org}/spaces`, body: { title: "Defaults", editMode: "live" } }]);
  });

  it("diff: nothing replaces; organizationId (a transfer) and every other input, parent included, update in place; visibility is never compared", async () => {
    const olds = {
      __provider: PROVIDER,
      organizationId: org,
      title: "T",
      emoji: "📘",
      parent: "p1",
      language: "en",
      editMode: "live",
      defaultLevel: "read",
      mergeRules: { type: "inherit" },
      visibility: "private",
      urls: {},
    };
    const news = {
      __provider: "new",
      organizationId: org,
      title: "T",
      emoji: "📘",
      parent: "p1",
      language: "en",
      editMode: "live",
      defaultLevel: "read",
      mergeRules: { type: "inherit" },
    };
    expect(await provider.diff("s", olds, news)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("s", { ...olds, visibility: "public" }, news)).toMatchObject({ changes: false });
    expect(await provider.diff("s", olds, { ...news, organizationId: "other" })).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });
    const changes = { title: "T2", emoji: "📕", parent: "p2", language: "de", editMode: "locked", defaultLevel: null, mergeRules: reviewers(["u"]) };
    for (const [key, value] of Object.entries(changes)) {
      expect(await provider.diff("s", olds, { ...news, [key]: value }), key).toMatchObject({ changes: true, replaces: [] });
    }
    expect(await provider.diff("s", olds, { ...news, parent: undefined })).toMatchObject({ changes: true, replaces: [] });
  });

  it("updates title, emoji, language, editMode, defaultLevel and mergeRules with one PATCH; null clears", async () => {
    const created = await createSpace({ title: "Before", emoji: "📘", language: "en", editMode: "live", defaultLevel: "read" });
    harness.requester.reset();
    const news = await checked(provider, {
      organizationId: org,
      title: "After",
      emoji: "📕",
      language: null,
      editMode: "locked",
      defaultLevel: null,
      mergeRules: reviewers([harness.users.editor]),
    });
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, news);
    expect(harness.requester.writes()).toEqual([
      {
        method: "PATCH",
        path: `/spaces/${created.id}`,
        body: { title: "After", emoji: "📕", language: null, editMode: "locked", defaultLevel: null, mergeRules: reviewers([harness.users.editor]) },
      },
    ]);
    expect(updated.outs).toMatchObject({ title: "After", emoji: "📕", language: null, editMode: "locked", defaultLevel: null, mergeRules: reviewers([harness.users.editor]) });
    const server = (await getSpace(created.id)).body;
    expect(server).toMatchObject({ title: "After", emoji: "📕", editMode: "locked", defaultLevel: null });
    expect(server).not.toHaveProperty("language");
  });

  it("a parent change is a move that keeps the id; removing parent moves it to the top level", async () => {
    const first = await makeCollection("First home");
    const second = await makeCollection("Second home");
    const created = await createSpace({ title: "Moving", parent: first });
    harness.requester.reset();
    const moved = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Moving", parent: second }));
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/spaces/${created.id}/move`, body: { parent: second } }]);
    expect(moved.outs).toMatchObject({ parent: second, visibility: "in-collection" });
    expect((await getSpace(created.id)).body).toMatchObject({ id: created.id, parent: second });

    harness.requester.reset();
    const top = await provider.update(created.id, { ...moved.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Moving" }));
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/spaces/${created.id}/move`, body: { parent: null } }]);
    expect(top.outs).not.toHaveProperty("parent");
    // The API makes a space that leaves its collection private: an output, seen as it is.
    expect(top.outs.visibility).toBe("private");
    expect((await getSpace(created.id)).body.parent ?? null).toBeNull();
  });

  it("does not move a space that is already where the inputs say (a move would still change its position)", async () => {
    const home = await makeCollection("Already home");
    const created = await createSpace({ title: "Settled" });
    expect((await harness.api("POST", `/spaces/${created.id}/move`, { parent: home })).status).toBe(200);
    harness.requester.reset();
    // The state still says top level; the inputs now say `home`, where the space already is.
    await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Settled", parent: home }));
    expect(harness.requester.writes()).toEqual([]);
  });

  it("removing emoji, editMode or mergeRules stops managing them: nothing is sent and the values stay", async () => {
    const created = await createSpace({ title: "Keep", emoji: "🔒", editMode: "locked", mergeRules: reviewers([harness.users.admin]) });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, title: "Keep" }));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).not.toHaveProperty("emoji");
    expect((await getSpace(created.id)).body).toMatchObject({ emoji: "🔒", editMode: "locked", mergeRules: reviewers([harness.users.admin]) });
  });

  it("read sees drift made through the API (a move included) and nothing else; reviewers in another order are no drift", async () => {
    const elsewhere = await makeCollection("Drift target");
    const created = await createSpace({
      title: "Drift",
      emoji: "🌊",
      parent: await makeCollection("Drift home"),
      mergeRules: reviewers([harness.users.admin, harness.users.editor]),
    });
    const untouched = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(untouched.props).toEqual(created.outs);
    await harness.api("PATCH", `/spaces/${created.id}`, { mergeRules: reviewers([harness.users.editor, harness.users.admin]) });
    expect((await provider.read(created.id, { ...created.outs, __provider: PROVIDER })).props).toEqual(created.outs);

    expect((await harness.api("PATCH", `/spaces/${created.id}`, { title: "Drifted", emoji: "🔥" })).status).toBe(200);
    expect((await harness.api("POST", `/spaces/${created.id}/move`, { parent: elsewhere })).status).toBe(200);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toMatchObject({ title: "Drifted", emoji: "🔥", parent: elsewhere });
    expect(read.inputs).toMatchObject({ title: "Drifted", emoji: "🔥", parent: elsewhere });
  });

  it("a failed second create step is recorded as a partial create, and the next update finishes it", async () => {
    harness.requester.failWhen = (call) => (call.method === "PATCH" ? new Error("injected: PATCH failed") : undefined);
    const inputs = await checked(provider, { organizationId: org, title: "Half made", emoji: "🚧", defaultLevel: "edit" });
    const failure = await rejectionOf(provider.create(inputs));
    harness.requester.reset();
    const id = failure.id as string;
    const properties = failure.properties as Record<string, unknown>;
    expect(typeof id).toBe("string");
    expect(failure.message).toMatch(/injected: PATCH failed.*pulumi up/);
    // The state describes the space as it really is: created, without the second step.
    expect(properties).toMatchObject({ organizationId: org, title: "Half made", emoji: "🚧", defaultLevel: null, __provider: PROVIDER });
    expect((await getSpace(id)).status).toBe(200);

    expect(await provider.diff(id, properties, inputs)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(id, properties, inputs);
    expect(finished.outs).toMatchObject({ title: "Half made", defaultLevel: "edit" });
    expect((await getSpace(id)).body.defaultLevel).toBe("edit");
    expect(await spacesTitled("Half made")).toHaveLength(1);
  });

  it("adopts an existing space by id and reconciles it, moving it if needed", async () => {
    const parent = await makeCollection("Adoptive home");
    const existing = await makeSpace({ title: "Orphan" });
    const adopted = await createSpace({ title: "Orphan", emoji: "🏠", defaultLevel: "read", parent, adopt: { id: existing } });
    expect(adopted.id).toBe(existing);
    expect(harness.requester.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`PATCH /spaces/${existing}`, `POST /spaces/${existing}/move`]);
    expect((await getSpace(existing)).body).toMatchObject({ emoji: "🏠", defaultLevel: "read", parent });
    expect(await spacesTitled("Orphan")).toHaveLength(1);
  });

  it("adopts by title within the same parent only; creates when none matches; refuses when several match", async () => {
    const parent = await makeCollection("Natural home");
    const topLevel = await makeSpace({ title: "Shared title" });
    const nested = await makeSpace({ title: "Shared title", parent });
    expect((await createSpace({ title: "Shared title", parent, adopt: true })).id).toBe(nested);
    expect((await createSpace({ title: "Shared title", adopt: true })).id).toBe(topLevel);

    const empty = await makeCollection("Empty home");
    const fresh = await createSpace({ title: "Shared title", parent: empty, adopt: true });
    expect([topLevel, nested]).not.toContain(fresh.id);
    expect((await getSpace(fresh.id)).body).toMatchObject({ title: "Shared title", parent: empty });

    await makeSpace({ title: "Twin", parent });
    await makeSpace({ title: "Twin", parent });
    expect((await rejectionOf(createSpace({ title: "Twin", parent, adopt: true }))).message).toMatch(/2 Space objects match by title within its parent collection/);
  });

  it("delete deletes the space (restorable for 7 days); a deleted space reads as gone and is never adopted until restored", async () => {
    const created = await createSpace({ title: "Short-lived", emoji: "⏳" });
    harness.requester.reset();
    await provider.delete(created.id, { ...created.outs, __provider: PROVIDER });
    expect(harness.requester.writes()).toEqual([{ method: "DELETE", path: `/spaces/${created.id}` }]);
    expect((await getSpace(created.id)).status).toBe(404);
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
    expect(await provider.read(created.id, created.outs)).toEqual({ id: "", props: {} });
    // Neither by id nor by title: adopt: true creates a new space instead of the deleted one.
    expect((await rejectionOf(createSpace({ title: "Short-lived", adopt: { id: created.id } }))).message).toMatch(/does not exist/);
    // Restored (POST /v1/spaces/{id}/restore), it can be adopted back by id.
    expect((await harness.api("POST", `/spaces/${created.id}/restore`)).status).toBe(200);
    const back = await createSpace({ title: "Short-lived", emoji: "⏳", adopt: { id: created.id } });
    expect(back.id).toBe(created.id);
    expect(await spacesTitled("Short-lived")).toHaveLength(1);
  });

  it("read treats a space the API still answers with deletedAt as gone, and adopt: true skips it", async () => {
    const id = await makeSpace({ title: "Tombstone" });
    // Production-shaped answers: the deleted space still served, marked by deletedAt.
    const tombstoned = new TombstoneRequester(harness.client, id);
    const tombstoneProvider = providerOf(definition, tombstoned);
    expect(await tombstoneProvider.read(id, { organizationId: org, title: "Tombstone" })).toEqual({ id: "", props: {} });
    const created = await tombstoneProvider.create(await checked(tombstoneProvider, { organizationId: org, title: "Tombstone", adopt: true }));
    expect(created.id).not.toBe(id);
  });
});

describe("Space transfer (organizationId change)", () => {
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
  const transferOf = (id: string) => ({ method: "POST", path: `/spaces/${id}/transfer`, body: { organization: other } });
  const otherCollection = async (title: string) => (await otherAdmin("POST", `/orgs/${other}/collections`, { title })).body.id as string;

  it("needs create rights in the target organization: a 403 says so, and nothing changes", async () => {
    // The acme admin joins the other organization as a reader only.
    expect((await otherAdmin("POST", `/orgs/${other}/members/${harness.users.admin}/sso`)).status).toBe(200);
    expect((await otherAdmin("PATCH", `/orgs/${other}/members/${harness.users.admin}`, { role: "read" })).status).toBe(200);
    const created = await createSpace({ title: "Not allowed" });
    harness.requester.reset();
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Not allowed", { emoji: "🚫" })));
    expect(failure.message).toMatch(
      new RegExp(
        `^Space ${created.id}: transferring it from organization ${org} to ${other} was refused \\(403: .+\\)\\. Nothing was changed\\. .*\`create\` role in organization ${other}\\.$`,
      ),
    );
    // Refused first: the emoji change that came with it was not sent either.
    expect(harness.requester.writes()).toEqual([transferOf(created.id)]);
    expect((await getSpace(created.id)).body).toMatchObject({ organization: org, emoji: "" });
    // From here on the acme admin administers the other organization too.
    expect((await otherAdmin("PATCH", `/orgs/${other}/members/${harness.users.admin}`, { role: "admin" })).status).toBe(200);
  });

  it("transfers in place: same id and content, at the top level of the new organization, other changes applied after", async () => {
    const home = await makeCollection("Left behind");
    const created = await createSpace({ title: "Emigrant", emoji: "🧳", parent: home, defaultLevel: "read" });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Emigrated", { emoji: "🧳", defaultLevel: "read" }));
    expect(harness.requester.writes()).toEqual([transferOf(created.id), { method: "PATCH", path: `/spaces/${created.id}`, body: { title: "Emigrated" } }]);
    expect(updated.outs).toMatchObject({ organizationId: other, title: "Emigrated", emoji: "🧳", defaultLevel: "read", createdAt: created.outs.createdAt });
    expect(updated.outs).not.toHaveProperty("parent");
    expect((await otherAdmin("GET", `/spaces/${created.id}`)).body).toMatchObject({ id: created.id, organization: other, title: "Emigrated" });
    // Its collection stays where it was.
    expect((await harness.api("GET", `/collections/${home}`)).body.organization).toBe(org);
    // Read agrees with update: a refresh shows nothing.
    expect((await provider.read(created.id, { ...updated.outs, __provider: PROVIDER })).props).toEqual(updated.outs);
  });

  it("with a parent of the new organization: transfers, then moves into it", async () => {
    const landing = await otherCollection("Landing");
    const created = await createSpace({ title: "Relocating", parent: await makeCollection("Old home") });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Relocating", { parent: landing }));
    expect(harness.requester.writes()).toEqual([transferOf(created.id), { method: "POST", path: `/spaces/${created.id}/move`, body: { parent: landing } }]);
    expect(updated.outs).toMatchObject({ organizationId: other, parent: landing });
    expect((await otherAdmin("GET", `/spaces/${created.id}`)).body).toMatchObject({ id: created.id, organization: other, parent: landing });
  });

  it("a parent outside the new organization, or missing, fails before anything is sent", async () => {
    const oldHome = await makeCollection("Stays home");
    const created = await createSpace({ title: "Stuck", parent: oldHome });
    harness.requester.reset();
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Stuck", { parent: oldHome })));
    expect(failure.message).toBe(
      `Space ${created.id}: transferring it from organization ${org} to ${other} into collection ${oldHome} is not possible: ` +
        `that collection belongs to organization ${org}. Nothing was changed. Give a parent collection of organization ${other}, or none (the top level).`,
    );
    const missing = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Stuck", { parent: "col-missing" })));
    expect(missing.message).toContain(`into collection col-missing is not possible: that collection does not exist. Nothing was changed.`);
    expect(harness.requester.writes()).toEqual([]);
    expect((await getSpace(created.id)).body).toMatchObject({ organization: org, parent: oldHome });
  });

  it("already in the target organization (carried by its transferred collection): nothing is sent", async () => {
    const collection = await makeCollection("Carrier");
    const created = await createSpace({ title: "Passenger", parent: collection });
    expect((await harness.api("POST", `/collections/${collection}/transfer`, { organization: other })).status).toBe(200);
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Passenger", { parent: collection }));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).toMatchObject({ organizationId: other, parent: collection });
    expect((await getSpace(created.id)).body).toMatchObject({ id: created.id, organization: other, parent: collection });
  });

  it("already in the target organization but elsewhere in it: only the move into parent is sent", async () => {
    const landing = await otherCollection("Second landing");
    const created = await createSpace({ title: "Ahead" });
    expect((await harness.api("POST", `/spaces/${created.id}/transfer`, { organization: other })).status).toBe(200);
    harness.requester.reset();
    await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Ahead", { parent: landing }));
    expect(harness.requester.writes()).toEqual([{ method: "POST", path: `/spaces/${created.id}/move`, body: { parent: landing } }]);
  });

  it("a refusal (the space published in a site of the old organization) is reported plainly, quoting the API; nothing changes", async () => {
    const created = await createSpace({ title: "Published" });
    const site = await harness.api("POST", `/orgs/${org}/sites`, { title: "Pinning site", spaces: [created.id] });
    harness.requester.reset();
    const failure = await rejectionOf(provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Published")));
    expect(failure.message).toMatch(
      new RegExp(`^Space ${created.id}: transferring it from organization ${org} to ${other} was refused \\(409: .*cannot be moved.*\\)\\. Nothing was changed\\. `),
    );
    expect(failure.message).toContain(`a site of organization ${org} that publishes the space pins it there), or keep organizationId ${org}.`);
    expect(harness.requester.writes()).toEqual([transferOf(created.id)]);
    expect((await getSpace(created.id)).body.organization).toBe(org);
    // Once the site lets go of the space, the same update goes through.
    await harness.api("DELETE", `/orgs/${org}/sites/${site.body.id}`);
    expect((await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Published"))).outs).toMatchObject({ organizationId: other });
  });

  it("a transfer whose outcome is unknown (committed, connection lost) is settled by a read, not sent again", async () => {
    const created = await createSpace({ title: "Lost reply" });
    harness.emulator.setFaults({ match: "POST /v1/spaces/{spaceId}/transfer", dropAfterCommit: { count: 1 } });
    harness.requester.reset();
    try {
      const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await transferInputs("Lost reply"));
      expect(updated.outs).toMatchObject({ organizationId: other });
    } finally {
      harness.emulator.setFaults({});
    }
    expect(harness.requester.writes()).toEqual([transferOf(created.id)]);
  });

  it('"would not result in any update" while the space reads as elsewhere is reported plainly', async () => {
    const created = await createSpace({ title: "Confused" });
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
      `Space ${created.id}: transferring it from organization ${org} to ${other} was refused: the API says it "would not result in any update", ` +
        `yet the space reads as belonging to organization ${org}. Nothing was changed. Run \`pulumi refresh\` and \`pulumi up\` again.`,
    );
  });
});

/** Answers space `deletedId` with `deletedAt` set, in GETs and lists, as a service that keeps serving deleted spaces would. */
class TombstoneRequester implements ApiRequester {
  readonly inner: ApiRequester;
  readonly deletedId: string;
  constructor(inner: ApiRequester, deletedId: string) {
    this.inner = inner;
    this.deletedId = deletedId;
  }
  #mark<T>(value: T): T {
    const space = value as { id?: string };
    return space && space.id === this.deletedId ? ({ ...space, deletedAt: new Date().toISOString() } as T) : value;
  }
  async request<T>(method: HttpMethod, path: PathSegments, options?: { query?: QueryParameters; body?: unknown; idempotent?: boolean }): Promise<T> {
    const result = await this.inner.request<T>(method, path, options);
    return method === "GET" ? this.#mark(result) : result;
  }
  async *paginate<T>(path: PathSegments, query?: QueryParameters): AsyncIterableIterator<T> {
    for await (const item of this.inner.paginate<T>(path, query)) yield this.#mark(item);
  }
}
