import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/site-section-group.ts";
import { definition as sectionDefinition } from "../../provider/resources/site-section.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { failedProperties, type Harness, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let sections: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  h = await startHarness();
  org = h.organizationId;
  provider = providerOf(definition, h.client);
  sections = providerOf(sectionDefinition, h.client);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.requester.reset());

async function groupOf(siteId: string, groupId: string): Promise<any> {
  return (await h.api("GET", `/orgs/${org}/sites/${siteId}/section-groups`)).body.items.find((group: { id: string }) => group.id === groupId);
}

async function sectionOf(siteId: string, sectionId: string): Promise<any> {
  return (await h.api("GET", `/orgs/${org}/sites/${siteId}/sections`)).body.items.find((section: { id: string }) => section.id === sectionId);
}

describe("SiteSectionGroup check", () => {
  const base = { organizationId: "o", siteId: "s", title: "APIs" };

  it("requires organizationId, siteId and a non-empty title", async () => {
    expect(await failedProperties(provider, {})).toEqual(["organizationId", "siteId", "title"]);
    expect(await failedProperties(provider, { ...base, title: "" })).toEqual(["title"]);
    expect(await failedProperties(provider, base)).toEqual([]);
    // DESIGN.md 8: group titles are 1..100 characters.
    expect(await failedProperties(provider, { ...base, title: "t".repeat(100) })).toEqual([]);
    expect(await failedProperties(provider, { ...base, title: "t".repeat(101) })).toEqual(["title"]);
  });

  it("checks icon, parentSectionGroupId and adopt", async () => {
    expect(await failedProperties(provider, { ...base, icon: "", parentSectionGroupId: "" })).toEqual(["icon", "parentSectionGroupId"]);
    expect(await failedProperties(provider, { ...base, icon: "i".repeat(101) })).toEqual(["icon"]);
    expect(await failedProperties(provider, { ...base, icon: "i".repeat(100), parentSectionGroupId: null })).toEqual([]);
    expect(await failedProperties(provider, { ...base, parentSectionGroupId: ".." })).toEqual(["parentSectionGroupId"]);
    expect(await failedProperties(provider, { ...base, sections: ["x"] })).toEqual(["sections"]);
    const adoptTrue = await provider.check({}, { ...base, adopt: true });
    expect(adoptTrue.failures).toEqual([{ property: "adopt", reason: expect.stringMatching(/SiteSectionGroup has no natural key/) }]);
    expect(await failedProperties(provider, { ...base, adopt: { id: "g" } })).toEqual([]);
  });
});

describe("SiteSectionGroup diff", () => {
  const olds = { organizationId: "o", siteId: "s", title: "APIs", icon: "code", parentSectionGroupId: null };

  it("replaces on organizationId and siteId, updates title, icon and parent in place", async () => {
    const cases: [string, unknown, string[]][] = [
      ["organizationId", "p", ["organizationId"]],
      ["siteId", "t", ["siteId"]],
      ["title", "More", []],
      ["icon", "box", []],
      ["parentSectionGroupId", "g2", []],
      ["parentSectionGroupId", undefined, []],
      ["parentSectionGroupId", UNKNOWN, []],
    ];
    for (const [key, value, replaces] of cases) {
      expect({ key, ...(await provider.diff("g", olds, { ...olds, [key]: value })) }).toMatchObject({ key, changes: true, replaces });
    }
    expect(await provider.diff("g", olds, { ...olds })).toMatchObject({ changes: false });
  });
});

describe("SiteSectionGroup lifecycle", () => {
  it("creates a group under a parent in one request, reads back the same, and deletes idempotently", async () => {
    const siteId = await h.createSite("Grouped");
    const recording = providerOf(definition, h.requester);
    const parent = await recording.create({ organizationId: org, siteId, title: "Products" });
    expect(parent.outs).toEqual({ organizationId: org, siteId, title: "Products" });
    const inputs = { organizationId: org, siteId, title: "APIs", icon: "code", parentSectionGroupId: parent.id };
    h.requester.reset();
    const created = await recording.create(inputs);
    expect(h.requester.writes()).toEqual([{ method: "POST", path: `/orgs/${org}/sites/${siteId}/section-groups`, body: { title: "APIs", icon: "code", parent: parent.id } }]);
    expect(created.outs).toEqual(inputs);
    expect(await groupOf(siteId, created.id)).toMatchObject({ title: "APIs", icon: "code", sectionGroup: parent.id });

    const read = await provider.read(created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs, inputs });

    await provider.delete(created.id, created.outs);
    expect(await groupOf(siteId, created.id)).toBeUndefined();
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
  });

  it("tracks parentSectionGroupId: null, so a move under another group shows as drift and update moves it back", async () => {
    const siteId = await h.createSite("Drift");
    const other = (await h.api("POST", `/orgs/${org}/sites/${siteId}/section-groups`, { title: "Other" })).body;
    const created = await provider.create({ organizationId: org, siteId, title: "Top", parentSectionGroupId: null });
    expect(created.outs.parentSectionGroupId).toBeNull();
    await h.api("PATCH", `/orgs/${org}/sites/${siteId}/section-groups/${created.id}`, { parentSectionGroupId: other.id, title: "Renamed" });
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toMatchObject({ parentSectionGroupId: other.id, title: "Renamed" });
    const news = { organizationId: org, siteId, title: "Top", parentSectionGroupId: null };
    h.requester.reset();
    const updated = await providerOf(definition, h.requester).update(created.id, read.props, news);
    expect(h.requester.writes()).toEqual([
      { method: "PATCH", path: `/orgs/${org}/sites/${siteId}/section-groups/${created.id}`, body: { title: "Top", parentSectionGroupId: null } },
    ]);
    expect(updated.outs).toEqual(news);
    expect(await groupOf(siteId, created.id)).not.toHaveProperty("sectionGroup");
  });

  it("moves a group under another in place, and back to the top when the input is removed", async () => {
    const siteId = await h.createSite("Moves");
    const outer = await provider.create({ organizationId: org, siteId, title: "Outer" });
    const created = await provider.create({ organizationId: org, siteId, title: "Inner", icon: "box" });
    const under = { organizationId: org, siteId, title: "Inner", icon: "box", parentSectionGroupId: outer.id };
    const moved = await provider.update(created.id, created.outs, under);
    expect(moved.outs).toEqual(under);
    expect(await groupOf(siteId, created.id)).toMatchObject({ sectionGroup: outer.id });
    // Removing the icon stops managing it; removing the parent moves the group back to the top.
    const back = await provider.update(created.id, moved.outs, { organizationId: org, siteId, title: "Inner" });
    expect(back.outs).toEqual({ organizationId: org, siteId, title: "Inner" });
    const server = await groupOf(siteId, created.id);
    expect(server).toMatchObject({ icon: "box" });
    expect(server).not.toHaveProperty("sectionGroup");
  });

  it("refuses a cycle with the API's message and changes nothing", async () => {
    const siteId = await h.createSite("Cycle");
    const outer = await provider.create({ organizationId: org, siteId, title: "Outer" });
    const inner = await provider.create({ organizationId: org, siteId, title: "Inner", parentSectionGroupId: outer.id });
    const error = await rejectionOf(provider.update(outer.id, outer.outs, { organizationId: org, siteId, title: "Outer", parentSectionGroupId: inner.id }));
    expect(error.message).toMatch(/parentSectionGroupId/);
    expect(await groupOf(siteId, outer.id)).not.toHaveProperty("sectionGroup");
  });

  it("adopts a group by id and reconciles it", async () => {
    const siteId = await h.createSite("Adopt");
    const made = (await h.api("POST", `/orgs/${org}/sites/${siteId}/section-groups`, { title: "Made in the app" })).body;
    const adopted = await provider.create({ organizationId: org, siteId, title: "Managed", icon: "star", adopt: { id: made.id } });
    expect(adopted.id).toBe(made.id);
    expect(await groupOf(siteId, made.id)).toMatchObject({ title: "Managed", icon: "star" });
    expect((await h.api("GET", `/orgs/${org}/sites/${siteId}/section-groups`)).body.items).toHaveLength(1);
    const missing = await rejectionOf(provider.create({ organizationId: org, siteId, title: "X", adopt: { id: "missing" } }));
    expect(missing.message).toMatch(/SiteSectionGroup missing does not exist/);
  });
});

describe("SiteSection membership (siteSectionGroupId)", () => {
  it("joins a group at creation, leaves it with null, and shows a move made in the app as drift", async () => {
    const siteId = await h.createSite("Members");
    const group = await provider.create({ organizationId: org, siteId, title: "Guides" });
    const inputs = { organizationId: org, siteId, spaceId: h.spaceIds[0], title: "Start", siteSectionGroupId: group.id };
    const created = await sections.create(inputs);
    expect(created.outs).toMatchObject({ siteSectionGroupId: group.id, sectionGroup: group.id });
    expect(await sectionOf(siteId, created.id)).toMatchObject({ sectionGroup: group.id });
    expect((await sections.read(created.id, created.outs)).inputs).toEqual(inputs);

    const out = { ...inputs, siteSectionGroupId: null };
    expect(await sections.diff(created.id, created.outs, out)).toMatchObject({ changes: true, replaces: [] });
    const left = await sections.update(created.id, created.outs, out);
    expect(left.outs.siteSectionGroupId).toBeNull();
    expect(await sectionOf(siteId, created.id)).not.toHaveProperty("sectionGroup");

    // Moved into the group in the app: refresh shows it, update takes it out again.
    await h.api("PATCH", `/orgs/${org}/sites/${siteId}/sections/${created.id}`, { siteSectionGroupId: group.id });
    const drifted = await sections.read(created.id, left.outs);
    expect(drifted.inputs).toMatchObject({ siteSectionGroupId: group.id });
    await sections.update(created.id, drifted.props, out);
    expect(await sectionOf(siteId, created.id)).not.toHaveProperty("sectionGroup");
  });

  it("leaves an undeclared membership alone, and removing a declared one takes the section out", async () => {
    const siteId = await h.createSite("Unmanaged");
    const group = await provider.create({ organizationId: org, siteId, title: "Group" });
    const plain = { organizationId: org, siteId, spaceId: h.spaceIds[1], title: "Plain" };
    const created = await sections.create(plain);
    expect(created.outs).not.toHaveProperty("siteSectionGroupId");
    await h.api("PATCH", `/orgs/${org}/sites/${siteId}/sections/${created.id}`, { siteSectionGroupId: group.id });
    const read = await sections.read(created.id, created.outs);
    expect(read.inputs).toEqual(plain);

    const declared = await sections.update(created.id, read.props, { ...plain, siteSectionGroupId: group.id });
    expect(declared.outs.siteSectionGroupId).toBe(group.id);
    const removed = await sections.update(created.id, declared.outs, plain);
    expect(removed.outs).not.toHaveProperty("siteSectionGroupId");
    expect(await sectionOf(siteId, created.id)).not.toHaveProperty("sectionGroup");
  });

  it("checks siteSectionGroupId", async () => {
    const base = { organizationId: "o", siteId: "s", spaceId: "sp" };
    expect(await failedProperties(sections, { ...base, siteSectionGroupId: "" })).toEqual(["siteSectionGroupId"]);
    expect(await failedProperties(sections, { ...base, siteSectionGroupId: null })).toEqual([]);
    expect(await failedProperties(sections, { ...base, siteSectionGroupId: "g" })).toEqual([]);
  });
});
