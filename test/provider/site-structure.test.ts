import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition, longestIncreasingRun, sortsFor } from "../../provider/resources/site-structure.ts";

type Item = Parameters<typeof sortsFor>[0][number];
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { failedProperties, type Harness, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let recording: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  h = await startHarness();
  org = h.organizationId;
  provider = providerOf(definition, h.client);
  recording = providerOf(definition, h.requester);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.requester.reset());

type Node = { object: string; id: string; children?: Node[]; siteSpaces?: { id: string }[] };

/** The site's tree as ids: groups as `{ id: [children] }`. */
async function tree(siteId: string): Promise<unknown[]> {
  const shape = (nodes: Node[]): unknown[] => nodes.map((node) => (node.object === "site-section-group" ? { [node.id]: shape(node.children ?? []) } : node.id));
  return shape((await h.api("GET", `/orgs/${org}/sites/${siteId}/structure`)).body.structure);
}

async function siteSpacesOf(siteId: string, sectionId: string): Promise<string[]> {
  const nodes: Node[] = (await h.api("GET", `/orgs/${org}/sites/${siteId}/structure`)).body.structure;
  return nodes.find((node) => node.id === sectionId)!.siteSpaces!.map((siteSpace) => siteSpace.id);
}

/** A site with three sections (a, b, c), a group g holding two more (d, e), and a second site space in a. */
async function sampleSite() {
  const siteId = await h.createSite(`Ordered ${Math.random()}`);
  const base = `/orgs/${org}/sites/${siteId}`;
  const section = async (index: number) => (await h.api("POST", `${base}/sections`, { spaceId: await h.createSpace(`Space ${index}`), title: `Section ${index}` })).body;
  const [a, b, c, d, e] = [await section(0), await section(1), await section(2), await section(3), await section(4)];
  const g = (await h.api("POST", `${base}/section-groups`, { title: "Group", sections: [d.id, e.id] })).body;
  const extra = (await h.api("POST", `${base}/site-spaces`, { spaceId: h.spaceIds[1], sectionId: a.id })).body;
  return { siteId, base, a: a.id, b: b.id, c: c.id, d: d.id, e: e.id, g: g.id, first: a.siteSpaces[0].id as string, extra: extra.id as string };
}

describe("SiteStructure check", () => {
  const base = { organizationId: "o", siteId: "s" };

  it("requires organizationId and siteId; every list is optional", async () => {
    expect(await failedProperties(provider, {})).toEqual(["organizationId", "siteId"]);
    expect(await failedProperties(provider, base)).toEqual([]);
    expect(
      await failedProperties(provider, { ...base, root: ["a", "b"], groups: [{ groupId: "g", items: ["c"] }], sections: [{ sectionId: "a", siteSpaces: ["x", "y"] }] }),
    ).toEqual([]);
  });

  it("refuses an id listed twice, a container given twice, empty ids, unknown keys and adopt", async () => {
    expect(await failedProperties(provider, { ...base, root: ["a", "b", "a"] })).toEqual(["root.2"]);
    expect(await failedProperties(provider, { ...base, root: ["a", ""] })).toEqual(["root.1"]);
    expect(
      await failedProperties(provider, {
        ...base,
        groups: [
          { groupId: "g", items: [] },
          { groupId: "g", items: ["x"] },
        ],
      }),
    ).toEqual(["groups.1.groupId"]);
    expect(await failedProperties(provider, { ...base, sections: [{ sectionId: "s1", siteSpaces: ["x", "x"] }] })).toEqual(["sections.0.siteSpaces.1"]);
    expect(await failedProperties(provider, { ...base, groups: [{ groupId: "g" }] })).toEqual(["groups.0.items"]);
    expect(await failedProperties(provider, { ...base, groups: [{ id: "g", items: [] }] })).toEqual(["groups.0.groupId", "groups.0.id"]);
    expect(await failedProperties(provider, { ...base, adopt: true })).toEqual(["adopt"]);
  });

  it("lets ids still unknown in a preview through, even several of them", async () => {
    expect(await failedProperties(provider, { ...base, root: [UNKNOWN, UNKNOWN, "a"] })).toEqual([]);
    expect(
      await failedProperties(provider, {
        ...base,
        groups: [
          { groupId: UNKNOWN, items: [] },
          { groupId: UNKNOWN, items: [UNKNOWN] },
        ],
      }),
    ).toEqual([]);
  });
});

describe("SiteStructure diff", () => {
  const olds = { organizationId: "o", siteId: "s", root: ["a", "b"], groups: [{ groupId: "g", items: ["d", "e"] }] };

  it("replaces on organizationId and siteId, updates on any change of order", async () => {
    const cases: [string, unknown, string[]][] = [
      ["organizationId", "p", ["organizationId"]],
      ["siteId", "t", ["siteId"]],
      ["root", ["b", "a"], []],
      ["root", undefined, []],
      ["groups", [{ groupId: "g", items: ["e", "d"] }], []],
      ["sections", [{ sectionId: "a", siteSpaces: ["x"] }], []],
      ["root", ["a", UNKNOWN], []],
    ];
    for (const [key, value, replaces] of cases) {
      expect({ key, ...(await provider.diff("s", olds, { ...olds, [key]: value })) }).toMatchObject({ key, changes: true, replaces });
    }
    expect(await provider.diff("s", olds, { ...olds })).toMatchObject({ changes: false });
  });
});

describe("the fewest sorts", () => {
  const items = (ids: string): Item[] => [...ids].map((id) => ({ type: "site-section", id }));
  /** Applies sorts to a list as the API does, to check the outcome. */
  const applied = (ids: string, declared: string) => {
    const list = items(ids);
    for (const sort of sortsFor(items(ids), [...declared])) {
      list.splice(
        list.findIndex((item) => item.id === sort.item.id),
        1,
      );
      const position = sort.position as { before?: { id: string }; after?: { id: string } };
      const at = list.findIndex((item) => item.id === (position.before ?? position.after)!.id);
      list.splice(position.before ? at : at + 1, 0, sort.item);
    }
    return list.map((item) => item.id).join("");
  };

  it("moves nothing when the declared items are already in order, whatever lies between them", () => {
    expect(sortsFor(items("abcde"), [..."abcde"])).toEqual([]);
    expect(sortsFor(items("axbyc"), [..."abc"])).toEqual([]);
  });

  it("moves each item outside the longest run in order once, and reaches the declared order", () => {
    expect(sortsFor(items("abcde"), [..."eabcd"])).toEqual([{ item: { type: "site-section", id: "e" }, position: { before: { type: "site-section", id: "a" } } }]);
    expect(sortsFor(items("abcde"), [..."edcba"])).toHaveLength(4);
    for (const [from, declared, expected] of [
      ["abcde", "edcba", "edcba"],
      ["abcde", "bdace", "bdace"],
      ["axbyc", "cba", "cbaxy"],
      ["abcdef", "fabcde", "fabcde"],
      ["abcdef", "acebdf", "acebdf"],
    ] as const) {
      expect(applied(from, declared), `${from} -> ${declared}`).toBe(expected);
    }
  });

  it("finds one longest increasing run", () => {
    expect([...longestIncreasingRun([3, 0, 1, 4, 2])].sort()).toEqual([1, 2, 4]);
    expect(longestIncreasingRun([]).size).toBe(0);
    expect(longestIncreasingRun([4, 3, 2, 1]).size).toBe(1);
  });
});

describe("SiteStructure lifecycle", () => {
  it("create sorts the declared containers with the fewest sorts, and reads back the same", async () => {
    const s = await sampleSite();
    expect(await tree(s.siteId)).toEqual([s.a, s.b, s.c, { [s.g]: [s.d, s.e] }]);
    const inputs = {
      organizationId: org,
      siteId: s.siteId,
      root: [s.g, s.c, s.a, s.b],
      groups: [{ groupId: s.g, items: [s.e, s.d] }],
      sections: [{ sectionId: s.a, siteSpaces: [s.extra, s.first] }],
    };
    const created = await recording.create(inputs);
    expect(created).toEqual({ id: s.siteId, outs: inputs });
    expect(await tree(s.siteId)).toEqual([{ [s.g]: [s.e, s.d] }, s.c, s.a, s.b]);
    expect(await siteSpacesOf(s.siteId, s.a)).toEqual([s.extra, s.first]);
    const sorts = h.requester.writes();
    // a, b stay; g and c move at the root; one move in the group; one in the section.
    expect(sorts).toHaveLength(4);
    expect(sorts.every((call) => call.method === "PATCH" && call.path === `/orgs/${org}/sites/${s.siteId}/structure/sort`)).toBe(true);
    expect(sorts[0].body).toEqual({ item: { type: "site-section-group", id: s.g }, position: { before: { type: "site-section", id: s.a } } });

    const read = await provider.read(created.id, created.outs);
    expect(read).toEqual({ id: s.siteId, props: inputs, inputs });
    // Applying the same order again sends nothing.
    h.requester.reset();
    await recording.update(created.id, created.outs, inputs);
    expect(h.requester.writes()).toEqual([]);
  });

  it("shows a reorder made in the app as drift of exactly that list, and update repairs it", async () => {
    const s = await sampleSite();
    const inputs = { organizationId: org, siteId: s.siteId, root: [s.a, s.b, s.c, s.g], groups: [{ groupId: s.g, items: [s.d, s.e] }] };
    const created = await provider.create(inputs);
    await h.api("PATCH", `${s.base}/structure/sort`, { item: { type: "site-section", id: s.c }, position: { before: { type: "site-section", id: s.a } } });
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toEqual({ ...inputs, root: [s.c, s.a, s.b, s.g] });
    expect(await provider.diff(created.id, read.props, inputs)).toMatchObject({ changes: true, replaces: [] });
    h.requester.reset();
    const updated = await recording.update(created.id, read.props, inputs);
    expect(h.requester.writes()).toHaveLength(1);
    expect(updated.outs).toEqual(inputs);
    expect(await tree(s.siteId)).toEqual([s.a, s.b, s.c, { [s.g]: [s.d, s.e] }]);
  });

  it("ignores items it does not name: new sections made in the app are no drift and are not moved", async () => {
    const s = await sampleSite();
    const inputs = { organizationId: org, siteId: s.siteId, root: [s.c, s.b] };
    const created = await provider.create(inputs);
    // Only c needed to move: a and g stay where they were.
    expect(await tree(s.siteId)).toEqual([s.a, s.c, s.b, { [s.g]: [s.d, s.e] }]);
    const made = (await h.api("POST", `${s.base}/sections`, { spaceId: await h.createSpace("Made in the app"), title: "Made in the app" })).body;
    await h.api("PATCH", `${s.base}/structure/sort`, { item: { type: "site-section", id: made.id }, position: { before: { type: "site-section", id: s.c } } });
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toEqual(inputs);
    expect(read.inputs).toEqual(inputs);
  });

  it("orders the root site spaces of a site without sections", async () => {
    const siteId = await h.createSite("Flat");
    const base = `/orgs/${org}/sites/${siteId}`;
    const first = (await h.api("POST", `${base}/site-spaces`, { spaceId: h.spaceIds[0] })).body.id;
    const second = (await h.api("POST", `${base}/site-spaces`, { spaceId: h.spaceIds[1] })).body.id;
    const created = await provider.create({ organizationId: org, siteId, root: [second, first] });
    expect(created.outs.root).toEqual([second, first]);
    expect(await tree(siteId)).toEqual([second, first]);
  });

  it("refuses, before any sort, an item that lives in another container, and names where it is", async () => {
    const s = await sampleSite();
    const error = await rejectionOf(recording.create({ organizationId: org, siteId: s.siteId, root: [s.b, s.a, s.d], groups: [{ groupId: "missing", items: [] }] }));
    expect(error.message).toContain(`${s.d} is listed in the site's top level but is in section group ${s.g}`);
    expect(error.message).toContain("section group missing is not in the site");
    expect(error.message).toContain("SiteSection.siteSectionGroupId");
    expect(h.requester.writes()).toEqual([]);
    expect(await tree(s.siteId)).toEqual([s.a, s.b, s.c, { [s.g]: [s.d, s.e] }]);
  });

  it("shows a named item that left its container as drift", async () => {
    const s = await sampleSite();
    const inputs = { organizationId: org, siteId: s.siteId, groups: [{ groupId: s.g, items: [s.d, s.e] }] };
    const created = await provider.create(inputs);
    await h.api("PATCH", `${s.base}/sections/${s.d}`, { siteSectionGroupId: null });
    expect((await provider.read(created.id, created.outs)).props).toEqual({ ...inputs, groups: [{ groupId: s.g, items: [s.e] }] });
  });

  it("destroy leaves the order as it is; a deleted site drops the resource on read", async () => {
    const s = await sampleSite();
    const created = await provider.create({ organizationId: org, siteId: s.siteId, root: [s.c, s.b, s.a] });
    const before = await tree(s.siteId);
    h.requester.reset();
    await recording.delete(created.id, created.outs);
    expect(h.requester.calls).toEqual([]);
    expect(await tree(s.siteId)).toEqual(before);
    await h.api("DELETE", `/orgs/${org}/sites/${s.siteId}`);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
    const error = await rejectionOf(provider.create({ organizationId: org, siteId: s.siteId, root: [] }));
    expect(error.message).toMatch(/site .* does not exist/);
  });
});
