import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/site-space.ts";
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

async function newSection(siteId: string, spaceId: string, title: string): Promise<any> {
  return (await h.api("POST", `/orgs/${org}/sites/${siteId}/sections`, { spaceId, title })).body;
}

async function siteSpaceOf(siteId: string, siteSpaceId: string): Promise<any> {
  const items = (await h.api("GET", `/orgs/${org}/sites/${siteId}/site-spaces`)).body.items as any[];
  return items.find((siteSpace) => siteSpace.id === siteSpaceId);
}

describe("SiteSpace check", () => {
  const base = () => ({ organizationId: "o", siteId: "s", spaceId: "sp" });
  const failuresOf = async (extra: Record<string, unknown>) => failedProperties(provider, { ...base(), ...extra });

  it("requires non-empty organizationId, siteId and spaceId", async () => {
    expect(await failedProperties(provider, {})).toEqual(["organizationId", "siteId", "spaceId"]);
    expect(await failuresOf({ organizationId: "", siteId: "", spaceId: "" })).toEqual(["organizationId", "siteId", "spaceId"]);
    expect(await failuresOf({})).toEqual([]);
  });

  it("checks hidden is a boolean", async () => {
    expect((await provider.check({}, { organizationId: org, siteId: "s", spaceId: "p", hidden: "yes" })).failures?.map((failure) => failure.reason)).toEqual([
      expect.stringMatching(/^hidden: /),
    ]);
  });

  it("checks sectionId, path and condition", async () => {
    expect(await failuresOf({ sectionId: "" })).toEqual(["sectionId"]);
    expect(await failuresOf({ sectionId: "sec", path: "v2", condition: "visitor.claims.beta === true" })).toEqual([]);
    expect(await failuresOf({ path: "" })).toEqual(["path"]);
    expect(await failuresOf({ path: 2 })).toEqual(["path"]);
    expect(await failuresOf({ condition: "" })).toEqual(["condition"]);
    expect(await failuresOf({ condition: null })).toEqual([]);
    // The API's rules: one URL segment of letters, digits, _ and -, 1..100; conditions 1..1000.
    for (const path of ["v2/beta", "-v2", "_v2", "v2.1", "v 2", "v2\n", "x".repeat(101)]) expect(await failuresOf({ path }), path).toEqual(["path"]);
    for (const path of ["v", "V2_beta-1", "0", "x".repeat(100)]) expect(await failuresOf({ path }), path).toEqual([]);
    expect(await failuresOf({ condition: "c".repeat(1000) })).toEqual([]);
    expect(await failuresOf({ condition: "c".repeat(1001) })).toEqual(["condition"]);
    // Counted in characters as the API counts them: 1000 emoji are 1000 characters.
    expect(await failuresOf({ condition: "😀".repeat(1000) })).toEqual([]);
    expect(await failuresOf({ organizationId: ".", siteId: "..", sectionId: "." })).toEqual(["organizationId", "sectionId", "siteId"]);
    expect(await failuresOf({ adopt: { id: "" } })).toEqual(["adopt.id"]);
    // No natural key: adopt: true fails in check, before anything is created or previewed as a create.
    const adoptTrue = await provider.check({}, { ...base(), adopt: true });
    expect(adoptTrue.failures).toEqual([{ property: "adopt", reason: expect.stringMatching(/SiteSpace has no natural key.*adopt: \{ id: "<id>" \}/) }]);
    expect(await failuresOf({ adopt: { id: "existing" } })).toEqual([]);
  });

  it("rejects unknown properties without sending a request", async () => {
    const before = await h.requestCount();
    expect(await failuresOf({ default: true })).toEqual(["default"]);
    expect(await h.requestCount()).toBe(before);
  });
});

describe("SiteSpace diff", () => {
  const olds = { organizationId: "o", siteId: "s", spaceId: "sp", sectionId: "sec", path: "p", condition: "c", title: "T", default: true };
  const news = (): Record<string, unknown> => {
    const { title, default: _default, ...inputs } = olds;
    return inputs;
  };

  it("sees no change when only outputs or adopt differ", async () => {
    expect(await provider.diff("id", olds, { ...news(), adopt: true })).toMatchObject({ changes: false });
  });

  it("replaces on organizationId, siteId and sectionId; updates spaceId, path and condition in place", async () => {
    const cases: [string, unknown, string[]][] = [
      ["organizationId", "p", ["organizationId"]],
      ["siteId", "t", ["siteId"]],
      ["sectionId", "sec2", ["sectionId"]],
      ["sectionId", undefined, ["sectionId"]],
      ["spaceId", "sp2", []],
      ["path", "q", []],
      ["condition", null, []],
      ["condition", undefined, []],
    ];
    for (const [key, value, replaces] of cases) {
      expect({ key, ...(await provider.diff("id", olds, { ...news(), [key]: value })) }).toMatchObject({ key, changes: true, replaces, deleteBeforeReplace: false });
    }
  });
});

describe("SiteSpace lifecycle", () => {
  it("creates a site space at the root of a site without sections, reads it back, deletes it idempotently", async () => {
    const siteId = await h.createSite("Root");
    const inputs = { organizationId: org, siteId, spaceId: guides };
    const created = await provider.create({ __provider: "stub", ...inputs });
    expect(created.outs).toMatchObject({ ...inputs, title: "Guides", default: true });
    expect(created.outs).not.toHaveProperty("path"); // server-derived and not declared: untracked
    expect(created.outs).not.toHaveProperty("sectionId");
    expect(created.outs.publishedUrl).toEqual(expect.stringContaining(siteId));
    expect(await siteSpaceOf(siteId, created.id)).toMatchObject({ section: null, space: { id: guides } });

    const read = await provider.read(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual(inputs);

    await provider.delete(created.id, created.outs);
    expect(await siteSpaceOf(siteId, created.id)).toBeUndefined();
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
  });

  it("creates in a given section with path and condition", async () => {
    const siteId = await h.createSite("In section");
    const section = await newSection(siteId, guides, "Guides");
    const inputs = { organizationId: org, siteId, spaceId: api, sectionId: section.id, path: "api-v2", condition: "visitor.claims.beta === true" };
    const created = await provider.create(inputs);
    expect(created.outs).toMatchObject({ ...inputs, default: false });
    expect(await siteSpaceOf(siteId, created.id)).toMatchObject({ section: section.id, path: "api-v2", condition: inputs.condition });
    expect((await provider.read(created.id, created.outs)).props).toEqual(created.outs);
  });

  it("updates spaceId and path in place, and removes a removed condition", async () => {
    const siteId = await h.createSite("Update");
    const created = await provider.create({ organizationId: org, siteId, spaceId: guides, path: "one", condition: "visitor.claims.a === true" });
    const news = { organizationId: org, siteId, spaceId: changelog, path: "two" };
    expect(await provider.diff(created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ ...news, title: "Changelog" });
    expect(updated.outs).not.toHaveProperty("condition");
    const server = await siteSpaceOf(siteId, created.id);
    expect(server).toMatchObject({ path: "two", space: { id: changelog } });
    expect(server).not.toHaveProperty("condition");
    expect((await provider.read(created.id, updated.outs)).props).toEqual(updated.outs);
  });

  it("hidden (the production service's site space PATCH): set at create, changed in place, drift seen and repaired, removal stops managing it", async () => {
    const siteId = await h.createSite("Hidden");
    const inputs = { organizationId: org, siteId, spaceId: guides, hidden: true };
    const created = await provider.create(inputs);
    expect(created.outs).toMatchObject({ hidden: true });
    expect(await siteSpaceOf(siteId, created.id)).toMatchObject({ hidden: true });
    const shown = { ...inputs, hidden: false };
    expect(await provider.diff(created.id, created.outs, shown)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(created.id, created.outs, shown);
    expect(await siteSpaceOf(siteId, created.id)).toMatchObject({ hidden: false });
    await h.api("PATCH", `/orgs/${org}/sites/${siteId}/site-spaces/${created.id}`, { hidden: true });
    const drifted = await provider.read(created.id, updated.outs);
    expect(drifted.props).toMatchObject({ hidden: true });
    expect(await provider.diff(created.id, drifted.props, shown)).toMatchObject({ changes: true, replaces: [] });
    await provider.update(created.id, drifted.props, shown);
    expect(await siteSpaceOf(siteId, created.id)).toMatchObject({ hidden: false });
    // Left out: not managed, and nothing is sent.
    const { hidden: _hidden, ...unmanaged } = shown;
    const after = await provider.update(created.id, updated.outs, unmanaged);
    expect(after.outs).not.toHaveProperty("hidden");
    expect(await siteSpaceOf(siteId, created.id)).toMatchObject({ hidden: false });
  });

  it("sees drift made through the API", async () => {
    const siteId = await h.createSite("Drift");
    const inputs = { organizationId: org, siteId, spaceId: guides, path: "guides", condition: null };
    const created = await provider.create(inputs);
    expect(created.outs.condition).toBeNull();
    await h.api("PATCH", `/orgs/${org}/sites/${siteId}/site-spaces/${created.id}`, { path: "moved", condition: "visitor.claims.x === true", spaceId: api });
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toMatchObject({ path: "moved", condition: "visitor.claims.x === true", spaceId: api });
    expect(await provider.diff(created.id, read.props, inputs)).toMatchObject({ changes: true, replaces: [] });
    const repaired = await provider.update(created.id, read.props, inputs);
    expect(repaired.outs).toMatchObject({ path: "guides", condition: null, spaceId: guides });
  });

  it("records a failing PATCH after the POST as a partial create, finished by update", async () => {
    const siteId = await h.createSite("Partial");
    const patchFails = new RecordingRequester(h.client, (call) => (call.method === "PATCH" ? new Error("patch is down") : undefined));
    const inputs = { __provider: "stub", organizationId: org, siteId, spaceId: guides, path: "wanted" };
    const failure = await rejectionOf(providerOf(definition, patchFails).create(inputs));
    expect(failure.reasons).toEqual(["patch is down"]);
    expect(failure.properties).toMatchObject({ __provider: "stub", spaceId: guides, path: "guides" });
    expect(await siteSpaceOf(siteId, failure.id)).toMatchObject({ path: "guides" });
    expect(await provider.diff(failure.id, failure.properties, inputs)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(failure.id, failure.properties, inputs);
    expect(finished.outs.path).toBe("wanted");
    expect(await siteSpaceOf(siteId, failure.id)).toMatchObject({ path: "wanted" });
  });
});

describe("SiteSpace create rejected at its second step", () => {
  it("names the field the API rejected and does not promise that another up finishes", async () => {
    const siteId = await h.createSite("Rejected path");
    // Called without check, as if check had let the input through (what the audit found).
    const failure = await rejectionOf(provider.create({ __provider: "stub", organizationId: org, siteId, spaceId: guides, path: "v2/beta" }));
    expect(failure.id).toMatch(/\w+/);
    expect(failure.message).toMatch(/failed with 400 Bad Request: path: .*The API rejected the input `path`: fix it in the program/);
    expect(failure.message).not.toMatch(/Run `pulumi up` again/);
    // check rejects it first, so this partial create does not happen through the engine.
    expect(await failedProperties(provider, { organizationId: org, siteId, spaceId: guides, path: "v2/beta" })).toEqual(["path"]);
  });
});

describe("SiteSpace adopt", () => {
  it("adopts by id and reconciles to the inputs", async () => {
    const siteId = await h.createSite("Adopt");
    const existing = (await h.api("POST", `/orgs/${org}/sites/${siteId}/site-spaces`, { spaceId: guides })).body;
    const adopted = await provider.create({ organizationId: org, siteId, spaceId: api, path: "adopted", adopt: { id: existing.id } });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ spaceId: api, path: "adopted" });
    const items = (await h.api("GET", `/orgs/${org}/sites/${siteId}/site-spaces`)).body.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: existing.id, path: "adopted", space: { id: api } });
  });

  it("refuses adopt: true (no natural key), a missing id, and a site space in another section", async () => {
    const siteId = await h.createSite("Refusals");
    await expect(provider.create({ organizationId: org, siteId, spaceId: api, adopt: true })).rejects.toThrow(/SiteSpace has no natural key/);
    await expect(provider.create({ organizationId: org, siteId, spaceId: api, adopt: { id: "missing" } })).rejects.toThrow(/SiteSpace missing does not exist/);
    const first = await newSection(siteId, guides, "First");
    const second = await newSection(siteId, api, "Second");
    const inFirst = first.siteSpaces[0].id;
    await expect(provider.create({ organizationId: org, siteId, spaceId: guides, sectionId: second.id, adopt: { id: inFirst } })).rejects.toThrow(
      /cannot move a site space between sections/,
    );
  });
});
