import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/site-section.ts";
import { failedProperties, type Harness, providerOf, RecordingRequester, rejectionOf, startHarness } from "./support/harness.ts";

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;
let guides: string;
let api: string;
let changelog: string;

beforeAll(async () => {
  h = await startHarness();
  org = h.organizationId;
  [guides, api, changelog] = [h.spaceIds[0], h.spaceIds[1], h.spaceIds[2]];
  provider = providerOf(definition, h.client);
});
afterAll(async () => {
  await h?.close();
});

async function sectionsOf(siteId: string): Promise<any[]> {
  return (await h.api("GET", `/orgs/${org}/sites/${siteId}/sections`)).body.items;
}

async function sectionOf(siteId: string, sectionId: string): Promise<any> {
  return (await sectionsOf(siteId)).find((section) => section.id === sectionId);
}

describe("SiteSection check", () => {
  const base = () => ({ organizationId: "o", siteId: "s", spaceId: "sp" });
  const failuresOf = async (extra: Record<string, unknown>) => failedProperties(provider, { ...base(), ...extra });

  it("requires non-empty organizationId, siteId and spaceId", async () => {
    expect(await failedProperties(provider, {})).toEqual(["organizationId", "siteId", "spaceId"]);
    expect(await failuresOf({ organizationId: "", siteId: "", spaceId: "" })).toEqual(["organizationId", "siteId", "spaceId"]);
    expect(await failuresOf({})).toEqual([]);
  });

  it("checks the optional inputs", async () => {
    expect(await failuresOf({ title: "", icon: "", path: "" })).toEqual(["icon", "path", "title"]);
    expect(await failuresOf({ title: "Tt", icon: "book", path: "p", description: "" })).toEqual([]);
    expect(await failuresOf({ condition: "" })).toEqual(["condition"]);
    expect(await failuresOf({ condition: null })).toEqual([]);
    expect(await failuresOf({ condition: "visitor.claims.beta === true" })).toEqual([]);
    expect(await failuresOf({ description: 3 })).toEqual(["description"]);
    // The API's limits, at and just past their edges.
    expect(await failuresOf({ title: "t".repeat(100), icon: "i".repeat(100), path: "p".repeat(100), condition: "c".repeat(1000), description: "d".repeat(1000) })).toEqual([]);
    // A title has a minimum only (DESIGN.md 8): 101 characters pass.
    expect(await failuresOf({ title: "t".repeat(101), icon: "i".repeat(101), path: "p".repeat(101), condition: "c".repeat(1001), description: "d".repeat(1001) })).toEqual([
      "condition",
      "description",
      "icon",
      "path",
    ]);
    for (const path of ["v2/beta", "a/b", "/a", "-a", "a b"]) expect(await failuresOf({ path }), path).toEqual(["path"]);
    expect(await failuresOf({ defaultSiteSpace: "" })).toEqual(["defaultSiteSpace"]);
    expect(await failuresOf({ adopt: { id: "" } })).toEqual(["adopt.id"]);
    // No natural key: adopt: true fails in check, before anything is created or previewed as a create.
    const adoptTrue = await provider.check({}, { ...base(), adopt: true });
    expect(adoptTrue.failures).toEqual([{ property: "adopt", reason: expect.stringMatching(/SiteSection has no natural key.*adopt: \{ id: "<id>" \}/) }]);
    expect(await failuresOf({ adopt: { id: "existing" } })).toEqual([]);
  });

  it("checks the title is 2..128 characters (DESIGN.md 8)", async () => {
    expect(await failuresOf({ title: "T" })).toEqual(["title"]);
    expect(await failuresOf({ title: "Tt" })).toEqual([]);
    expect(await failuresOf({ title: "T".repeat(128) })).toEqual([]);
    expect(await failuresOf({ title: "T".repeat(129) })).toEqual(["title"]);
  });

  it("rejects unknown properties without sending a request", async () => {
    const before = await h.requestCount();
    expect(await failuresOf({ colour: "red", sectionGroup: "g" })).toEqual(["colour", "sectionGroup"]);
    expect(await h.requestCount()).toBe(before);
  });
});

describe("SiteSection diff", () => {
  const olds = {
    organizationId: "o",
    siteId: "s",
    spaceId: "sp",
    title: "T",
    icon: "book",
    path: "p",
    condition: "c",
    description: "d",
    defaultSiteSpace: "ss",
    siteSpaceId: "ss",
    siteSpaceIds: ["ss"],
    default: true,
  };
  const news = (): Record<string, unknown> => {
    const { siteSpaceId, siteSpaceIds, default: _default, ...inputs } = olds;
    return inputs;
  };

  it("sees no change when only outputs or adopt differ", async () => {
    expect(await provider.diff("id", olds, { ...news(), adopt: { id: "x" } })).toMatchObject({ changes: false });
  });

  it("replaces on organizationId and siteId, updates the rest in place", async () => {
    const cases: [string, unknown, string[]][] = [
      ["organizationId", "p", ["organizationId"]],
      ["siteId", "t", ["siteId"]],
      ["spaceId", "sp2", []],
      ["title", "U", []],
      ["icon", "star", []],
      ["path", "q", []],
      ["condition", null, []],
      ["condition", undefined, []],
      ["condition", "e", []],
      ["description", "e", []],
      ["defaultSiteSpace", "ss2", []],
    ];
    for (const [key, value, replaces] of cases) {
      expect({ key, ...(await provider.diff("id", olds, { ...news(), [key]: value })) }).toMatchObject({ key, changes: true, replaces });
    }
  });
});

describe("SiteSection lifecycle", () => {
  it("creates a section with its first site space, reads back the same, and deletes idempotently", async () => {
    const siteId = await h.createSite("Sections");
    const inputs = { organizationId: org, siteId, spaceId: guides, title: "Guides", icon: "book" };
    const created = await provider.create({ __provider: "stub", ...inputs });
    expect(created.outs).toMatchObject({ ...inputs, default: true });
    expect(created.outs.siteSpaceIds).toEqual([created.outs.siteSpaceId]);
    expect(created.outs.publishedUrl).toEqual(expect.stringContaining("/guides"));
    const server = await sectionOf(siteId, created.id);
    expect(server).toMatchObject({ title: "Guides", icon: "book" });
    expect(server.siteSpaces[0].space.id).toBe(guides);

    const read = await provider.read(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual(inputs);

    await provider.delete(created.id, created.outs);
    expect(await sectionOf(siteId, created.id)).toBeUndefined();
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
  });

  it("patches path, condition and description at creation", async () => {
    const siteId = await h.createSite("Patched");
    const inputs = { organizationId: org, siteId, spaceId: api, title: "API", path: "reference", condition: "visitor.claims.beta === true", description: "Endpoints" };
    const created = await provider.create(inputs);
    expect(created.outs).toMatchObject(inputs);
    expect(await sectionOf(siteId, created.id)).toMatchObject({ path: "reference", condition: inputs.condition, description: "Endpoints" });
    expect((await provider.read(created.id, created.outs)).props).toEqual(created.outs);
  });

  it("updates title, path, description, removes the condition, and points the section at another space in place", async () => {
    const siteId = await h.createSite("Updates");
    const created = await provider.create({ organizationId: org, siteId, spaceId: guides, title: "Before", condition: "visitor.claims.a === true", description: "old" });
    const news = { organizationId: org, siteId, spaceId: changelog, title: "After", path: "after", description: "new" };
    expect(await provider.diff(created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ ...news, siteSpaceId: created.outs.siteSpaceId });
    expect(updated.outs).not.toHaveProperty("condition");
    const server = await sectionOf(siteId, created.id);
    expect(server).toMatchObject({ title: "After", path: "after", description: "new" });
    expect(server).not.toHaveProperty("condition");
    expect(server.siteSpaces.map((siteSpace: any) => [siteSpace.id, siteSpace.space.id])).toEqual([[created.outs.siteSpaceId, changelog]]);
    expect((await provider.read(created.id, updated.outs)).props).toEqual(updated.outs);
  });

  it("keeps condition: null tracked and sets the section's default site space", async () => {
    const siteId = await h.createSite("Default space");
    const created = await provider.create({ organizationId: org, siteId, spaceId: guides, condition: null });
    expect(created.outs.condition).toBeNull();
    const second = (await h.api("POST", `/orgs/${org}/sites/${siteId}/site-spaces`, { spaceId: api, sectionId: created.id })).body;
    const news = { organizationId: org, siteId, spaceId: guides, condition: null, defaultSiteSpace: second.id };
    const updated = await provider.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ defaultSiteSpace: second.id, siteSpaceIds: [created.outs.siteSpaceId, second.id], spaceId: guides });
    const server = await sectionOf(siteId, created.id);
    expect(server.siteSpaces.find((siteSpace: any) => siteSpace.default).id).toBe(second.id);
  });

  it("sees drift made through the API, including a removed primary site space, and repairs it", async () => {
    const siteId = await h.createSite("Drift");
    const inputs = { organizationId: org, siteId, spaceId: guides, title: "Drift", path: "drift" };
    const created = await provider.create(inputs);
    await h.api("PATCH", `/orgs/${org}/sites/${siteId}/sections/${created.id}`, { title: "Drifted", condition: "visitor.claims.x === true" });
    const drifted = await provider.read(created.id, created.outs);
    expect(drifted.props).toMatchObject({ title: "Drifted", path: "drift" });
    expect(drifted.props).not.toHaveProperty("condition"); // untracked
    expect(await provider.diff(created.id, drifted.props, inputs)).toMatchObject({ changes: true, replaces: [] });

    await h.api("DELETE", `/orgs/${org}/sites/${siteId}/site-spaces/${created.outs.siteSpaceId}`);
    const emptied = await provider.read(created.id, created.outs);
    expect(emptied.props).not.toHaveProperty("spaceId");
    const repaired = await provider.update(created.id, emptied.props, inputs);
    expect(repaired.outs).toMatchObject({ title: "Drift", spaceId: guides });
    expect(repaired.outs.siteSpaceId).not.toBe(created.outs.siteSpaceId);
    expect((await sectionOf(siteId, created.id)).siteSpaces.map((siteSpace: any) => siteSpace.space.id)).toEqual([guides]);
  });

  it("records a failing PATCH after the POST as a partial create, finished by update", async () => {
    const siteId = await h.createSite("Partial");
    const patchFails = new RecordingRequester(h.client, (call) => (call.method === "PATCH" && call.path.split("/").includes("sections") ? new Error("patch is down") : undefined));
    const inputs = { __provider: "stub", organizationId: org, siteId, spaceId: guides, title: "Partial", path: "partial-path", description: "d" };
    const failure = await rejectionOf(providerOf(definition, patchFails).create(inputs));
    expect(failure.reasons).toEqual(["patch is down"]);
    expect(failure.properties).toMatchObject({ __provider: "stub", title: "Partial", path: "partial" });
    expect(failure.properties).not.toHaveProperty("description");
    expect(await sectionOf(siteId, failure.id)).toMatchObject({ title: "Partial", path: "partial" });
    expect(await provider.diff(failure.id, failure.properties, inputs)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(failure.id, failure.properties, inputs);
    expect(finished.outs).toMatchObject({ path: "partial-path", description: "d" });
    expect(await sectionOf(siteId, failure.id)).toMatchObject({ path: "partial-path", description: "d" });
  });
});

describe("SiteSection create rejected at its second step", () => {
  it("names the field the API rejected and does not promise that another up finishes", async () => {
    const siteId = await h.createSite("Rejected section");
    for (const [change, field] of [
      [{ path: "v2/beta" }, "path"],
      [{ condition: "c".repeat(1001) }, "condition"],
      [{ description: "d".repeat(1001) }, "description"],
    ] as const) {
      // Called without check, as if check had let the input through (what the audit found).
      const failure = await rejectionOf(provider.create({ __provider: "stub", organizationId: org, siteId, spaceId: guides, ...change }));
      expect(failure.message).toMatch(new RegExp(`failed with 400 Bad Request: ${field}: .*The API rejected the input \`${field}\``));
      expect(failure.message).not.toMatch(/Run `pulumi up` again/);
      // check rejects it first, so this partial create does not happen through the engine.
      expect(await failedProperties(provider, { organizationId: org, siteId, spaceId: guides, ...change })).toEqual([field]);
    }
  });
});

describe("SiteSection adopt", () => {
  it("adopts by id and reconciles to the inputs", async () => {
    const siteId = await h.createSite("Adopt");
    const existing = (await h.api("POST", `/orgs/${org}/sites/${siteId}/sections`, { spaceId: api, title: "Old title" })).body;
    const adopted = await provider.create({ organizationId: org, siteId, spaceId: api, title: "New title", adopt: { id: existing.id } });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ title: "New title", spaceId: api, siteSpaceId: existing.siteSpaces[0].id });
    expect(await sectionsOf(siteId)).toHaveLength(1);
    expect((await sectionOf(siteId, existing.id)).title).toBe("New title");
  });

  it("refuses adopt: true (no natural key) and a missing id", async () => {
    const siteId = await h.createSite("No natural key");
    await expect(provider.create({ organizationId: org, siteId, spaceId: api, adopt: true })).rejects.toThrow(/SiteSection has no natural key/);
    await expect(provider.create({ organizationId: org, siteId, spaceId: api, adopt: { id: "missing" } })).rejects.toThrow(/SiteSection missing does not exist/);
    expect(await sectionsOf(siteId)).toHaveLength(0);
  });
});
