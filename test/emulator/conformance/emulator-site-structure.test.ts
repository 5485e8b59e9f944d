import { describe, expect, it } from "vitest";
import { expectError, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();

async function newSite(spaces: string[] = []) {
  const site = (await env.admin.post(`/orgs/${env.org}/sites`, { title: "Structured", spaces })).body;
  return `/orgs/${env.org}/sites/${site.id}`;
}

type Named = { id: string; title?: string; default?: boolean };
const ids = (items: Named[]) => items.map((i) => i.id);

describe("site sections", () => {
  it("creates sections; the first is the default and adopts the root site spaces", async () => {
    const base = await newSite([env.spaces[0]]);
    expectError(await env.admin.post(`${base}/sections`, { title: "No space" }), 400, "spaceId");
    expectError(await env.admin.post(`${base}/sections`, { spaceId: "missing" }), 400, "spaceId");
    expectError(await env.reader.post(`${base}/sections`, { spaceId: env.spaces[1] }), 403);
    const first = await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Guides", icon: "book" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ object: "site-section", title: "Guides", default: true, path: "guides", icon: "book" });
    expect(first.body.siteSpaces.map((ss: { space: { id: string } }) => ss.space.id)).toEqual([env.spaces[0], env.spaces[1]]);
    const second = await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2] });
    expect(second.body).toMatchObject({ title: "Changelog", default: false });
    expect(second.body.siteSpaces).toHaveLength(1);
    expect(second.body.siteSpaces[0].default).toBe(true);
    const rootSpaces = (await env.reader.get(`${base}/site-spaces`)).body.items.filter((ss: { section: string | null }) => ss.section === null);
    expect(rootSpaces).toEqual([]);
  });

  it("keeps exactly one default section: changing it and deleting it promotes another", async () => {
    const base = await newSite();
    const a = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "Section A" })).body;
    const b = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Section B" })).body;
    const c = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2], title: "Section C" })).body;
    await env.admin.patch(base, { defaultSiteSection: b.id });
    const defaults = async () => (await env.reader.get(`${base}/sections`)).body.items.filter((s: Named) => s.default).map((s: Named) => s.id);
    expect(await defaults()).toEqual([b.id]);
    expect((await env.admin.del(`${base}/sections/${b.id}`)).status).toBe(205);
    expect(await defaults()).toEqual([a.id]);
    expect((await env.admin.del(`${base}/sections/${b.id}`)).status).toBe(204);
    expectError(await env.admin.patch(base, { defaultSiteSection: "missing" }), 400, "defaultSiteSection");
    await env.admin.del(`${base}/sections/${a.id}`);
    expect(await defaults()).toEqual([c.id]);
  });

  it("patches a section: path, condition (null removes it), icon, description, default site space", async () => {
    const base = await newSite();
    const section = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "Start" })).body;
    const extra = (await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[1], sectionId: section.id })).body;
    const path = `${base}/sections/${section.id}`;
    const patched = await env.admin.patch(path, { path: "start", condition: "visitor.claims.isAdmin", description: "Start here", icon: "rocket", defaultSiteSpace: extra.id });
    expect(patched.body).toMatchObject({ path: "start", condition: "visitor.claims.isAdmin", description: "Start here", icon: "rocket" });
    expect(patched.body.siteSpaces.find((ss: Named) => ss.default).id).toBe(extra.id);
    expect((await env.admin.patch(path, { title: "Kept" })).body.condition).toBe("visitor.claims.isAdmin");
    expect((await env.admin.patch(path, { condition: null })).body.condition).toBeUndefined();
    expectError(await env.admin.patch(path, { defaultSiteSpace: "missing" }), 400, "defaultSiteSpace");
    expectError(await env.admin.patch(path, { path: "has space" }), 400, "path");
    expectError(await env.admin.patch(`${base}/sections/missing`, { title: "x" }), 404);
  });

  it("limits titles to 2..128 characters (DESIGN.md 8) on create and patch", async () => {
    const base = await newSite();
    const section = await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "ab" });
    expect(section.status).toBe(201);
    expect((await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: repeat(128) })).status).toBe(201);
    expectError(await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2], title: repeat(129) }), 400, "title: must be at most 128 characters");
    expectError(await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2], title: "a" }), 400, "title");
    const path = `${base}/sections/${section.body.id}`;
    expect((await env.admin.patch(path, { title: "cd" })).body.title).toBe("cd");
    expect((await env.admin.patch(path, { title: repeat(128, "c") })).status).toBe(200);
    expectError(await env.admin.patch(path, { title: repeat(129, "c") }), 400, "title: must be at most 128 characters");
    expectError(await env.admin.patch(path, { title: "c" }), 400, "title");
  });

  it("derives a section's path from its title within the path limit (100), and refuses a title with a lone surrogate", async () => {
    const base = await newSite();
    const long = await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: repeat(64, "Ab") });
    expect(long.status).toBe(201);
    expect(long.body.path.length).toBeLessThanOrEqual(100);
    const again = await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: repeat(64, "Ab") });
    expect(again.body.path.length).toBeLessThanOrEqual(100);
    expect(again.body.path).not.toBe(long.body.path);
    expectError(await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2], title: "Half \uD800 a pair" }), 400, "title: must be well-formed Unicode text");
  });

  it("moves sections before and after others, with invalid-position and no-match outcomes", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    const s3 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2], title: "Three" })).body;
    const order = async () => ids((await env.reader.get(`${base}/sections`)).body.items);
    const ref = (id: string) => ({ type: "site-section", siteSection: id });
    expect((await env.admin.post(`${base}/sections/${s3.id}/move`, { position: { before: ref(s1.id) } })).status).toBe(200);
    expect(await order()).toEqual([s3.id, s1.id, s2.id]);
    await env.admin.post(`${base}/sections/${s3.id}/move`, { position: { after: ref(s2.id) } });
    expect(await order()).toEqual([s1.id, s2.id, s3.id]);
    await env.admin.post(`${base}/sections/${s1.id}/move`, { position: { after: ref(s2.id), before: ref(s3.id) } });
    expect(await order()).toEqual([s2.id, s1.id, s3.id]);
    expectError(await env.admin.post(`${base}/sections/${s1.id}/move`, { position: { after: ref(s3.id), before: ref(s2.id) } }), 400, "invalid position");
    expectError(await env.admin.post(`${base}/sections/${s1.id}/move`, { position: { before: ref("missing") } }), 400, "invalid position");
    expectError(await env.admin.post(`${base}/sections/${s1.id}/move`, {}), 400, "position");
    expectError(await env.admin.post(`${base}/sections/missing/move`, { position: { before: ref(s1.id) } }), 404);
  });
});

describe("section groups", () => {
  it("creates, lists, patches, fills, moves and deletes groups", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    expectError(await env.admin.post(`${base}/section-groups`, { title: "G", sections: ["missing"] }), 400, "sections[0]");
    const g1 = await env.admin.post(`${base}/section-groups`, { title: "Products", icon: "box", sections: [s1.id] });
    expect(g1.status).toBe(201);
    expect(g1.body).toMatchObject({ object: "site-section-group", title: "Products", icon: "box" });
    expect(ids(g1.body.children)).toEqual([s1.id]);
    const g2 = (await env.admin.post(`${base}/section-groups`, { title: "Resources" })).body;
    expect((await env.admin.patch(`${base}/section-groups/${g2.id}`, { title: "More" })).body.title).toBe("More");
    const added = await env.admin.post(`${base}/section-groups/${g2.id}/sections`, { sectionId: s2.id });
    expect(ids(added.body.children)).toEqual([s2.id]);
    expect((await env.reader.get(`${base}/sections`)).body.items.find((s: Named) => s.id === s2.id).sectionGroup).toBe(g2.id);
    expect((await env.admin.del(`${base}/section-groups/${g2.id}/sections/${s2.id}`)).status).toBe(204);
    expect((await env.admin.del(`${base}/section-groups/${g2.id}/sections/${s2.id}`)).status).toBe(204);
    // DESIGN.md 8: a group's position names a section or a group, each with its own type.
    const ref = (id: string) => ({ type: "site-section-group", id });
    expect((await env.admin.post(`${base}/section-groups/${g2.id}/move`, { position: { before: ref(g1.body.id) } })).status).toBe(200);
    expect(ids((await env.reader.get(`${base}/section-groups`)).body.items)).toEqual([g2.id, g1.body.id]);
    expectError(await env.admin.post(`${base}/section-groups/${g2.id}/move`, { position: { before: ref("missing") } }), 400, "invalid position");
    expectError(await env.admin.post(`${base}/section-groups/missing/move`, { position: { before: ref(g2.id) } }), 404);
    expect((await env.admin.del(`${base}/section-groups/${g1.body.id}`)).status).toBe(205);
    expect((await env.admin.del(`${base}/section-groups/${g1.body.id}`)).status).toBe(204);
    expect((await env.reader.get(`${base}/sections`)).body.items.find((s: Named) => s.id === s1.id).sectionGroup).toBeUndefined();
  });
});

describe("site spaces", () => {
  it("adds site spaces to the root, keeps one default, filters by default and deletes (205, then 204)", async () => {
    const base = await newSite();
    expectError(await env.admin.post(`${base}/site-spaces`, {}), 400, "spaceId");
    const a = await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[0] });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ object: "site-space", section: null, default: true, path: "guides", title: "Guides" });
    const b = (await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[1] })).body;
    expect(b.default).toBe(false);
    expectError(await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[1] }), 409, "spaceId");
    expect(ids((await env.reader.get(`${base}/site-spaces?default=true`)).body.items)).toEqual([a.body.id]);
    expect(ids((await env.reader.get(`${base}/site-spaces?default=false`)).body.items)).toEqual([b.id]);
    await env.admin.patch(base, { defaultSiteSpace: b.id });
    expect(ids((await env.reader.get(`${base}/site-spaces?default=true`)).body.items)).toEqual([b.id]);
    expect((await env.admin.del(`${base}/site-spaces/${b.id}`)).status).toBe(205);
    expect(ids((await env.reader.get(`${base}/site-spaces?default=true`)).body.items)).toEqual([a.body.id]);
    expect((await env.admin.del(`${base}/site-spaces/${b.id}`)).status).toBe(204);
    expectError(await env.reader.get(`${base}/site-spaces?default=1`), 400, "default");
  });

  it("puts new site spaces in the default section when the site has sections, or in the given one", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    expect((await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[2] })).body.section).toBe(s1.id);
    expect((await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[2], sectionId: s2.id })).body.section).toBe(s2.id);
    expectError(await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[2], sectionId: "missing" }), 400, "sectionId");
    expectError(
      await env.admin.patch(base, {
        defaultSiteSpace: (await env.reader.get(`${base}/site-spaces?default=true`)).body.items.find((ss: { section: string }) => ss.section === s2.id).id,
      }),
      400,
      "defaultSiteSpace",
    );
  });

  it("patches path, condition and content, and moves with positions", async () => {
    const base = await newSite([env.spaces[0], env.spaces[1], env.spaces[2]]);
    const [a, b, c] = (await env.reader.get(`${base}/site-spaces`)).body.items as Named[];
    const patched = await env.admin.patch(`${base}/site-spaces/${a.id}`, { path: "intro", condition: "visitor.claims.beta", spaceId: env.spaces[2] });
    expect(patched.body).toMatchObject({ path: "intro", condition: "visitor.claims.beta", space: { id: env.spaces[2] } });
    expect((await env.admin.patch(`${base}/site-spaces/${a.id}`, { condition: null })).body.condition).toBeUndefined();
    expectError(await env.admin.patch(`${base}/site-spaces/${b.id}`, { path: "intro" }), 409, "path");
    expectError(await env.admin.patch(`${base}/site-spaces/${b.id}`, { spaceId: "missing" }), 400, "spaceId");
    const ref = (id: string) => ({ type: "site-space", siteSpace: id });
    const moved = await env.admin.post(`${base}/site-spaces/${c.id}/move`, { position: { before: ref(a.id) } });
    expect(moved.status).toBe(200);
    const published = await env.admin.post(`${base}/publish`);
    expect(published.status).toBe(200);
    const profile = await env.reader.get(`${base}/published`);
    expect(ids(profile.body.structure.structure)).toEqual([c.id, a.id, b.id]);
    expectError(await env.admin.post(`${base}/site-spaces/${c.id}/move`, { position: { after: ref(c.id) } }), 400, "itself");
    expectError(await env.admin.post(`${base}/site-spaces/missing/move`, { position: { after: ref(c.id) } }), 404);
  });
});

describe("membership and the ordered tree (DESIGN.md 8)", () => {
  type Node = { object: string; id: string; children?: Node[]; siteSpaces?: Named[] };
  const tree = async (base: string): Promise<{ type: string; structure: Node[] }> => {
    const response = await env.reader.get(`${base}/structure`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const shape = (nodes: Node[]): unknown[] => nodes.map((node) => (node.children ? { [node.id]: shape(node.children) } : node.id));
  const sort = (base: string, body: unknown) => env.admin.patch(`${base}/structure/sort`, body);
  const section = (id: string) => ({ type: "site-section", id });
  const groupRef = (id: string) => ({ type: "site-section-group", id });

  it("a site without sections has its root site spaces as its structure, in order", async () => {
    const base = await newSite([env.spaces[0], env.spaces[1]]);
    const structure = await tree(base);
    expect(structure.type).toBe("siteSpaces");
    const [first, second] = ids(structure.structure);
    expect(structure.structure.map((node) => node.object)).toEqual(["site-space", "site-space"]);
    expect((await sort(base, { item: { type: "site-space", id: second }, position: { before: { type: "site-space", id: first } } })).status).toBe(200);
    expect(ids((await tree(base)).structure)).toEqual([second, first]);
  });

  it("a section joins a group with siteSectionGroupId and leaves it with null; the tree shows it", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    const g = (await env.admin.post(`${base}/section-groups`, { title: "Group" })).body;
    expect(shape((await tree(base)).structure)).toEqual([s1.id, s2.id, { [g.id]: [] }]);
    const joined = await env.admin.patch(`${base}/sections/${s1.id}`, { siteSectionGroupId: g.id });
    expect(joined.status).toBe(200);
    expect(joined.body.sectionGroup).toBe(g.id);
    expect(shape((await tree(base)).structure)).toEqual([s2.id, { [g.id]: [s1.id] }]);
    // Naming the group it is already in changes nothing (the PATCH is absolute, safe to repeat).
    await env.admin.patch(`${base}/sections/${s2.id}`, { siteSectionGroupId: g.id });
    await env.admin.patch(`${base}/sections/${s1.id}`, { siteSectionGroupId: g.id });
    expect(shape((await tree(base)).structure)).toEqual([{ [g.id]: [s1.id, s2.id] }]);
    const left = await env.admin.patch(`${base}/sections/${s1.id}`, { siteSectionGroupId: null });
    expect(left.body.sectionGroup).toBeUndefined();
    expect(shape((await tree(base)).structure)).toEqual([{ [g.id]: [s2.id] }, s1.id]);
    expectError(await env.admin.patch(`${base}/sections/${s1.id}`, { siteSectionGroupId: "missing" }), 400, "siteSectionGroupId");
    expectError(await env.admin.patch(`${base}/sections/${s1.id}`, { siteSectionGroupId: "" }), 400, "siteSectionGroupId");
    // The sections' tree nodes carry their site spaces, in order.
    const node = (await tree(base)).structure.find((n) => n.id === s1.id)!;
    expect(node.siteSpaces!.map((ss) => ss.id)).toEqual(s1.siteSpaces.map((ss: Named) => ss.id));
  });

  it("a group moves under another with parentSectionGroupId and back with null; cycles are refused", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const outer = (await env.admin.post(`${base}/section-groups`, { title: "Outer" })).body;
    const inner = (await env.admin.post(`${base}/section-groups`, { title: "Inner", sections: [s1.id] })).body;
    const moved = await env.admin.patch(`${base}/section-groups/${inner.id}`, { parentSectionGroupId: outer.id });
    expect(moved.status).toBe(200);
    expect(moved.body.sectionGroup).toBe(outer.id);
    expect(shape((await tree(base)).structure)).toEqual([{ [outer.id]: [{ [inner.id]: [s1.id] }] }]);
    expectError(await env.admin.patch(`${base}/section-groups/${outer.id}`, { parentSectionGroupId: inner.id }), 400, "parentSectionGroupId");
    expectError(await env.admin.patch(`${base}/section-groups/${outer.id}`, { parentSectionGroupId: outer.id }), 400, "parentSectionGroupId");
    expectError(await env.admin.patch(`${base}/section-groups/${outer.id}`, { parentSectionGroupId: "missing" }), 400, "parentSectionGroupId");
    // Group titles: 1..100 characters (DESIGN.md 8).
    expect((await env.admin.patch(`${base}/section-groups/${outer.id}`, { title: repeat(100) })).status).toBe(200);
    expectError(await env.admin.patch(`${base}/section-groups/${outer.id}`, { title: repeat(101) }), 400, "title: must be at most 100 characters");
    expectError(await env.admin.patch(`${base}/section-groups/${outer.id}`, { title: "" }), 400, "title");
    expectError(await env.admin.post(`${base}/section-groups`, { title: "" }), 400, "title");
    const back = await env.admin.patch(`${base}/section-groups/${inner.id}`, { parentSectionGroupId: null });
    expect(back.body.sectionGroup).toBeUndefined();
    expect(shape((await tree(base)).structure)).toEqual([{ [outer.id]: [] }, { [inner.id]: [s1.id] }]);
  });

  it("sorts sections and groups among their siblings: before, after, or to the end", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    const s3 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[2], title: "Three" })).body;
    const g = (await env.admin.post(`${base}/section-groups`, { title: "Group" })).body;
    const sorted = await sort(base, { item: groupRef(g.id), position: { before: section(s1.id) } });
    expect(sorted.status).toBe(200);
    expect(shape(sorted.body.structure)).toEqual([{ [g.id]: [] }, s1.id, s2.id, s3.id]);
    await sort(base, { item: section(s1.id), position: { after: section(s3.id) } });
    expect(shape((await tree(base)).structure)).toEqual([{ [g.id]: [] }, s2.id, s3.id, s1.id]);
    await sort(base, { item: section(s3.id), position: { after: groupRef(g.id) } });
    expect(shape((await tree(base)).structure)).toEqual([{ [g.id]: [] }, s3.id, s2.id, s1.id]);
    await sort(base, { item: groupRef(g.id) });
    expect(shape((await tree(base)).structure)).toEqual([s3.id, s2.id, s1.id, { [g.id]: [] }]);
    // Inside a group, only its members are siblings.
    await env.admin.patch(`${base}/sections/${s1.id}`, { siteSectionGroupId: g.id });
    await env.admin.patch(`${base}/sections/${s2.id}`, { siteSectionGroupId: g.id });
    await sort(base, { item: section(s2.id), position: { before: section(s1.id) } });
    expect(shape((await tree(base)).structure)).toEqual([s3.id, { [g.id]: [s2.id, s1.id] }]);
    expectError(await sort(base, { item: section(s2.id), position: { before: section(s3.id) } }), 400, "invalid position");
  });

  it("sorts site spaces within their section only", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    const extra = (await env.admin.post(`${base}/site-spaces`, { spaceId: env.spaces[2], sectionId: s1.id })).body;
    const first = s1.siteSpaces[0].id;
    const ref = (id: string) => ({ type: "site-space", id });
    await sort(base, { item: ref(extra.id), position: { before: ref(first) } });
    const node = (await tree(base)).structure.find((n) => n.id === s1.id)!;
    expect(node.siteSpaces!.map((ss) => ss.id)).toEqual([extra.id, first]);
    expectError(await sort(base, { item: ref(extra.id), position: { after: ref(s2.siteSpaces[0].id) } }), 400, "invalid position");
  });

  it("rejects bad sort bodies (400), unknown items (404) and readers (403)", async () => {
    const base = await newSite();
    const s1 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[0], title: "One" })).body;
    const s2 = (await env.admin.post(`${base}/sections`, { spaceId: env.spaces[1], title: "Two" })).body;
    expectError(await sort(base, {}), 400, "item");
    expectError(await sort(base, { item: { type: "page", id: s1.id } }), 400, "item.type");
    expectError(await sort(base, { item: { type: "site-section" } }), 400, "item.id");
    expectError(await sort(base, { item: section(s1.id), position: { before: section(s2.id), after: section(s2.id) } }), 400, "position");
    expectError(await sort(base, { item: section(s1.id), position: { before: section(s1.id) } }), 400, "itself");
    // A pointer of the wrong type does not name the sibling.
    expectError(await sort(base, { item: section(s1.id), position: { before: groupRef(s2.id) } }), 400, "invalid position");
    expectError(await sort(base, { item: section("missing") }), 404);
    expectError(await sort(base, { item: groupRef(s1.id) }), 404);
    expectError(await env.reader.patch(`${base}/structure/sort`, { item: section(s1.id) }), 403);
    expectError(await env.reader.get(`/orgs/${env.org}/sites/missing/structure`), 404);
  });
});
