/**
 * The facts of DESIGN.md 8 "Fields every response carries" and "More answers (added 2026-11-25)":
 * one describe per fact, named after it, so that the README's table of DESIGN.md 8 facts can name
 * the test that proves each (coverage/coverage.test.ts checks that every name it quotes is here).
 */
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../index.ts";
import { client, control, expectError, listAll, useEmulator, type Client } from "./helpers.ts";

const PROCESSING_MS = 1000;
const env = useEmulator({ openapiProcessingMs: PROCESSING_MS });
const emulators: Emulator[] = [];

afterAll(async () => {
  for (const emulator of emulators) await emulator.close();
});

const document = (text?: string) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: text === undefined ? [] : [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }],
});
const EMPTY_DOCUMENT = { object: "document", data: { schemaVersion: 1 }, nodes: [] };

async function newSite(title: string): Promise<{ id: string; base: string }> {
  const created = await env.admin.post(`/orgs/${env.org}/sites`, { title, spaces: [env.spaces[0]] });
  expect(created.status).toBe(201);
  return { id: created.body.id, base: `/orgs/${env.org}/sites/${created.body.id}` };
}

async function newSection(base: string, title: string, spaceIndex = 0): Promise<any> {
  const created = await env.admin.post(`${base}/sections`, { spaceId: env.spaces[spaceIndex], title });
  expect(created.status).toBe(201);
  return created.body;
}

async function newGroup(base: string, title: string, body: Record<string, unknown> = {}): Promise<any> {
  const created = await env.admin.post(`${base}/section-groups`, { title, ...body });
  expect(created.status).toBe(201);
  return created.body;
}

/** Every answer of the site routes that carries a Site, as `[how it was got, the Site]`. */
async function everySiteAnswer(c: Client, site: { id: string; base: string }): Promise<Array<[string, any]>> {
  const list = await c.get(`/orgs/${env.org}/sites`);
  const published = await env.admin.post(`${site.base}/publish`);
  const profile = await c.get(`${site.base}/published`);
  const unpublished = await env.admin.post(`${site.base}/unpublish`);
  return [
    ["list", list.body.items.find((s: any) => s.id === site.id)],
    ["get", (await c.get(site.base)).body],
    ["patch", (await env.admin.patch(site.base, { title: "Portal" })).body],
    ["publish", published.body],
    ["published profile", profile.body.site],
    ["unpublish", unpublished.body],
  ];
}

describe("DESIGN.md 8 fields: Site `appliedType` (the effective type)", () => {
  it("is the site's type in every answer that carries a Site, create included", async () => {
    const created = await env.admin.post(`/orgs/${env.org}/sites`, { title: "Premium", type: "premium" });
    expect(created.body).toMatchObject({ type: "premium", appliedType: "premium" });
    const site = { id: created.body.id, base: `/orgs/${env.org}/sites/${created.body.id}` };
    for (const [how, body] of await everySiteAnswer(env.reader, site)) expect(body.appliedType, how).toBe("premium");
  });
});

describe("DESIGN.md 8 fields: Site `defaultLevel` (a role, null or `inherit`; PATCH accepts each)", () => {
  it("is null on a new site, is set and cleared by PATCH and carried by every answer", async () => {
    const site = await newSite("Levels");
    expect((await env.reader.get(site.base)).body.defaultLevel).toBeNull();
    expect((await env.admin.patch(site.base, { defaultLevel: "read" })).body.defaultLevel).toBe("read");
    for (const [how, body] of await everySiteAnswer(env.reader, site)) expect(body.defaultLevel, how).toBe("read");
    // A PATCH that leaves it out keeps it.
    expect((await env.admin.patch(site.base, { title: "Levels again" })).body.defaultLevel).toBe("read");
    expect((await env.admin.patch(site.base, { defaultLevel: null })).body.defaultLevel).toBeNull();
    expect((await env.reader.get(site.base)).body.defaultLevel).toBeNull();
  });

  it("accepts `inherit` and every role in a PATCH, and carries `inherit` in every answer", async () => {
    const site = await newSite("Inherited level");
    expect((await env.admin.patch(site.base, { defaultLevel: "inherit" })).body.defaultLevel).toBe("inherit");
    for (const [how, body] of await everySiteAnswer(env.reader, site)) expect(body.defaultLevel, how).toBe("inherit");
    for (const role of ["admin", "create", "review", "edit", "comment", "read"]) {
      expect((await env.admin.patch(site.base, { defaultLevel: role })).body.defaultLevel).toBe(role);
    }
    expect((await env.admin.patch(site.base, { defaultLevel: "inherit" })).status).toBe(200);
    expect((await env.reader.get(`/orgs/${env.org}/sites`)).body.items.find((s: any) => s.id === site.id).defaultLevel).toBe("inherit");
  });

  it("refuses a value that is not a role (400 naming defaultLevel)", async () => {
    const site = await newSite("Bad levels");
    expectError(await env.admin.patch(site.base, { defaultLevel: "owner" }), 400, "defaultLevel");
    expectError(await env.admin.patch(site.base, { defaultLevel: 3 }), 400, "defaultLevel");
  });
});

describe("DESIGN.md 8 fields: Site `permissions` (all eight booleans for the caller)", () => {
  const EIGHT = ["view", "access", "edit", "create", "admin", "installIntegration", "viewAdaptiveSchema", "editAdaptiveSchema"];

  it("carries the eight booleans in every answer, following the caller's role", async () => {
    const site = await newSite("Permissions");
    const admin = { view: true, access: true, edit: true, create: true, admin: true, installIntegration: true, viewAdaptiveSchema: true, editAdaptiveSchema: true };
    const viewer = { view: true, access: true, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: false };
    for (const [how, body] of await everySiteAnswer(env.admin, site)) {
      // The writes are the admin's own, so only the reads show another caller's permissions.
      expect(body.permissions, how).toEqual(admin);
      expect(Object.keys(body.permissions).sort(), how).toEqual([...EIGHT].sort());
    }
    for (const [c, expected] of [
      [env.editor, viewer],
      [env.reader, viewer],
    ] as const) {
      expect((await c.get(site.base)).body.permissions).toEqual(expected);
      expect((await c.get(`/orgs/${env.org}/sites`)).body.items.find((s: any) => s.id === site.id).permissions).toEqual(expected);
    }
  });

  it("grants what the routes allow: a `create` member edits the site and its adaptive schema but does not administer it", async () => {
    const site = await newSite("Create permissions");
    const members = (await env.reader.get(`/orgs/${env.org}/members`)).body.items;
    const editor = members.find((m: any) => m.role === "edit");
    expect((await env.admin.patch(`/orgs/${env.org}/members/${editor.id}`, { role: "create" })).status).toBe(200);
    try {
      const permissions = (await env.editor.get(site.base)).body.permissions;
      expect(permissions).toMatchObject({
        view: true,
        access: true,
        edit: true,
        create: true,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: true,
        admin: false,
        installIntegration: false,
      });
      // What the booleans say is what the routes do: editing is allowed, publishing (admin) is not.
      expect((await env.editor.patch(site.base, { title: "Edited by create" })).status).toBe(200);
      expectError(await env.editor.post(`${site.base}/publish`), 403);
    } finally {
      await env.admin.patch(`/orgs/${env.org}/members/${editor.id}`, { role: "edit" });
    }
  });
});

describe("DESIGN.md 8 fields: Site `urls.preview`", () => {
  it("is a URL of the site beside location, app and published, in every answer", async () => {
    const site = await newSite("Preview");
    for (const [how, body] of await everySiteAnswer(env.reader, site)) {
      expect(body.urls.preview, how).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(body.urls.preview, how).toContain(site.id);
    }
  });
});

describe("DESIGN.md 8 fields: site section, section group and site space `draft` (PATCH of a section accepts it)", () => {
  it("is false on a new section, group and site space", async () => {
    const site = await newSite("Drafts");
    const section = await newSection(site.base, "Guides");
    const group = await newGroup(site.base, "Products", { sections: [section.id] });
    expect(section.draft).toBe(false);
    expect(section.siteSpaces[0].draft).toBe(false);
    expect(group.draft).toBe(false);
    expect((await env.reader.get(`${site.base}/site-spaces`)).body.items.every((ss: any) => ss.draft === false)).toBe(true);
  });

  it("is set and cleared by a section PATCH, kept by other PATCHes, and shown everywhere the section is", async () => {
    const site = await newSite("Draft sections");
    const section = await newSection(site.base, "Guides");
    const group = await newGroup(site.base, "Products", { sections: [section.id] });
    expect((await env.admin.patch(`${site.base}/sections/${section.id}`, { draft: true })).body.draft).toBe(true);
    expect((await env.admin.patch(`${site.base}/sections/${section.id}`, { title: "Guides 2" })).body.draft).toBe(true);
    expect((await env.reader.get(`${site.base}/sections`)).body.items.find((s: any) => s.id === section.id).draft).toBe(true);
    const groups = (await env.reader.get(`${site.base}/section-groups`)).body.items;
    expect(groups.find((g: any) => g.id === group.id).children[0].draft).toBe(true);
    const structure = (await env.reader.get(`${site.base}/structure`)).body.structure;
    expect(structure.find((item: any) => item.id === group.id).children[0]).toMatchObject({ id: section.id, draft: true });
    expect((await env.admin.post(`${site.base}/sections/${section.id}/move`, { position: {} })).body.draft).toBe(true);
    await env.admin.post(`${site.base}/publish`);
    const profile = (await env.reader.get(`${site.base}/published`)).body;
    expect(profile.structure.structure.find((s: any) => s.id === section.id).draft).toBe(true);
    expect((await env.admin.patch(`${site.base}/sections/${section.id}`, { draft: false })).body.draft).toBe(false);
    expectError(await env.admin.patch(`${site.base}/sections/${section.id}`, { draft: "yes" }), 400, "draft");
  });
});

describe("DESIGN.md 8 fields: section group `sections` (its section objects, in order), `children` and `sectionGroup`", () => {
  const ids = (items: any[]) => items.map((item: any) => item.id);

  it("holds its sections as site section objects in their order, in every answer that carries the group", async () => {
    const site = await newSite("Group sections");
    const first = await newSection(site.base, "First");
    const second = await newSection(site.base, "Second", 1);
    const created = await newGroup(site.base, "Both", { sections: [first.id, second.id] });
    expect(ids(created.sections)).toEqual([first.id, second.id]);
    expect(created.sections[0]).toMatchObject({ object: "site-section", id: first.id, title: "First", sectionGroup: created.id, draft: false });
    expect(created.sections[0].siteSpaces).toEqual(expect.any(Array));
    const moved = await env.admin.post(`${site.base}/sections/${second.id}/move`, { position: { before: { type: "site-section", siteSection: first.id } } });
    expect(moved.status).toBe(200);
    const groupPath = `${site.base}/section-groups/${created.id}`;
    const listed = (await env.reader.get(`${site.base}/section-groups`)).body.items.find((g: any) => g.id === created.id);
    expect(ids(listed.sections)).toEqual([second.id, first.id]);
    expect(listed.sections.every((section: any) => section.object === "site-section")).toBe(true);
    expect(ids((await env.admin.patch(groupPath, { title: "Both again" })).body.sections)).toEqual([second.id, first.id]);
    const structure = (await env.reader.get(`${site.base}/structure`)).body.structure;
    expect(ids(structure.find((item: any) => item.id === created.id).sections)).toEqual([second.id, first.id]);
    await env.admin.del(`${groupPath}/sections/${first.id}`);
    expect(ids((await env.admin.post(`${groupPath}/move`, { position: {} })).body.sections)).toEqual([second.id]);
    const empty = await newGroup(site.base, "Empty");
    expect(empty.sections).toEqual([]);
    expect(empty.children).toEqual([]);
  });

  it("carries `children` (sections and nested groups as objects, in order) and `sectionGroup` (the parent's id when nested)", async () => {
    const site = await newSite("Group children");
    const inner = await newSection(site.base, "Inner");
    const outer = await newGroup(site.base, "Outer", { sections: [inner.id] });
    const nested = await newGroup(site.base, "Nested", { parent: outer.id });
    expect(nested.sectionGroup).toBe(outer.id);
    expect(outer.sectionGroup).toBeUndefined();
    const deep = await newSection(site.base, "Deep", 1);
    expect((await env.admin.patch(`${site.base}/sections/${deep.id}`, { siteSectionGroupId: nested.id })).status).toBe(200);
    const answers: Array<[string, any]> = [
      ["list", (await env.reader.get(`${site.base}/section-groups`)).body.items.find((g: any) => g.id === outer.id)],
      ["patch", (await env.admin.patch(`${site.base}/section-groups/${outer.id}`, { title: "Outer again" })).body],
      ["structure", (await env.reader.get(`${site.base}/structure`)).body.structure.find((item: any) => item.id === outer.id)],
    ];
    for (const [how, group] of answers) {
      expect(
        group.children.map((child: any) => [child.object, child.id]),
        how,
      ).toEqual([
        ["site-section", inner.id],
        ["site-section-group", nested.id],
      ]);
      // `sections` is the group's own sections only; the nested group's are in its own entry of `children`.
      expect(ids(group.sections), how).toEqual([inner.id]);
      const child = group.children[1];
      expect(child.sectionGroup, how).toBe(outer.id);
      expect(ids(child.sections), how).toEqual([deep.id]);
      expect(ids(child.children), how).toEqual([deep.id]);
    }
    const listedNested = (await env.reader.get(`${site.base}/section-groups`)).body.items.find((g: any) => g.id === nested.id);
    expect(listedNested.sectionGroup).toBe(outer.id);
    expect((await env.admin.patch(`${site.base}/section-groups/${nested.id}`, { parentSectionGroupId: null })).body.sectionGroup).toBeUndefined();
  });
});

describe("DESIGN.md 8 fields: site space `hidden` (a site space PATCH accepts it)", () => {
  it("is false on a new site space, set and cleared by PATCH, kept by other PATCHes and carried everywhere", async () => {
    const site = await newSite("Hidden");
    const siteSpace = (await env.reader.get(`${site.base}/site-spaces`)).body.items[0];
    expect(siteSpace.hidden).toBe(false);
    const path = `${site.base}/site-spaces/${siteSpace.id}`;
    expect((await env.admin.patch(path, { hidden: true })).body.hidden).toBe(true);
    expect((await env.admin.patch(path, { path: "renamed" })).body.hidden).toBe(true);
    expect((await env.reader.get(`${site.base}/site-spaces`)).body.items[0].hidden).toBe(true);
    expect((await env.reader.get(`${site.base}/structure`)).body.structure[0].hidden).toBe(true);
    expect((await env.admin.post(`${path}/move`, { position: {} })).body.hidden).toBe(true);
    // A site switching to sections keeps the site space in its first section, hidden still.
    const section = await newSection(site.base, "Guides", 1);
    const moved = section.siteSpaces.find((ss: any) => ss.id === siteSpace.id);
    expect(moved.hidden).toBe(true);
    expect((await env.admin.patch(path, { hidden: false })).body.hidden).toBe(false);
    expectError(await env.admin.patch(path, { hidden: "no" }), 400, "hidden");
  });
});

describe("DESIGN.md 8 fields: Member `spaces`, `teams` and `sites` (numbers)", () => {
  it("counts the sites a member can edit: every site of the organization for `create` and above, 0 for the others", async () => {
    await newSite("Member sites");
    const siteCount = (await listAll(env.reader, `/orgs/${env.org}/sites`, 100)).length;
    expect(siteCount).toBeGreaterThan(0);
    const members = (await env.reader.get(`/orgs/${env.org}/members`)).body.items;
    for (const member of members) {
      for (const field of ["spaces", "teams", "sites"]) expect(typeof member[field], `${member.id}.${field}`).toBe("number");
    }
    const admin = members.find((m: any) => m.role === "admin");
    const reader = members.find((m: any) => m.role === "read");
    expect(admin.sites).toBe(siteCount);
    expect(reader.sites).toBe(0);
    expect((await env.reader.get(`/orgs/${env.org}/members/${admin.id}`)).body.sites).toBe(siteCount);
    const promoted = await env.admin.patch(`/orgs/${env.org}/members/${reader.id}`, { role: "create" });
    expect(promoted.body.sites).toBe(siteCount);
    expect((await env.admin.patch(`/orgs/${env.org}/members/${reader.id}`, { role: "read" })).body.sites).toBe(0);
    await newSite("One more");
    expect((await env.reader.get(`/orgs/${env.org}/members/${admin.id}`)).body.sites).toBe(siteCount + 1);
  });

  it("counts the member's teams and the organization's spaces", async () => {
    const members = (await env.reader.get(`/orgs/${env.org}/members`)).body.items;
    const admin = members.find((m: any) => m.role === "admin");
    const before = (await env.reader.get(`/orgs/${env.org}/members/${admin.id}`)).body;
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Counted", members: [admin.id] })).body;
    expect((await env.reader.get(`/orgs/${env.org}/members/${admin.id}`)).body.teams).toBe(before.teams + 1);
    await env.admin.del(`/orgs/${env.org}/teams/${team.id}`);
    expect((await env.reader.get(`/orgs/${env.org}/members/${admin.id}`)).body.teams).toBe(before.teams);
    expect(before.spaces).toBe((await listAll(env.reader, `/orgs/${env.org}/spaces`, 100)).length);
  });
});

describe("DESIGN.md 8 fields: OpenAPI spec `lastProcessedErrorCount` (number)", () => {
  it("is 0 while processing and after success, and the number of errors after a failure", async () => {
    const base = `/orgs/${env.org}/openapi`;
    const good = await env.admin.post(base, { slug: "counted", source: { url: "https://specs.example.com/counted.yaml" } });
    expect(good.body.lastProcessedErrorCount).toBe(0);
    await env.admin.post(base, { slug: "counted-broken", source: { url: "https://specs.example.com/fail.yaml" } });
    await control(env.emulator).post("/clock", { advanceMs: PROCESSING_MS });
    expect((await env.reader.get(`${base}/counted`)).body).toMatchObject({ processingState: "complete", lastProcessedErrorCount: 0 });
    const failed = (await env.reader.get(`${base}/counted-broken`)).body;
    expect(failed.processingState).toBe("failed");
    expect(failed.lastProcessedErrorCount).toBe(failed.lastProcessedErrors.length);
    expect(failed.lastProcessedErrorCount).toBeGreaterThan(0);
    const listed = (await env.reader.get(base)).body.items;
    expect(listed.every((spec: any) => typeof spec.lastProcessedErrorCount === "number")).toBe(true);
    expect((await env.admin.patch(`${base}/counted`, { visibility: "public" })).body.lastProcessedErrorCount).toBe(0);
  });
});

describe("DESIGN.md 8 fields: an OpenAPI version's content `urls.source` and `urls.public` (null for a private spec)", () => {
  it("carries urls.source (the version's source) and urls.public, null while the spec is private, for a version by id and for latest", async () => {
    const base = `/orgs/${env.org}/openapi/content-urls`;
    const source = "https://specs.example.com/content.yaml";
    expect((await env.admin.put(base, { source: { url: source } })).status).toBe(201);
    const latest = (await env.reader.get(`${base}/versions/latest`)).body;
    const byId = (await env.reader.get(`${base}/versions/${latest.id}/content`)).body;
    expect(byId.urls).toEqual({ source, public: null });
    expect((await env.reader.get(`${base}/versions/latest/content`)).body.urls).toEqual(byId.urls);
    expect((await env.admin.patch(base, { visibility: "public" })).status).toBe(200);
    const published = (await env.reader.get(`${base}/versions/${latest.id}/content`)).body.urls;
    expect(published.source).toBe(source);
    expect(published.public).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*content-urls/);
    // A new version's content names its own source.
    const second = "https://specs.example.com/content-2.yaml";
    expect((await env.admin.put(base, { source: { url: second } })).status).toBe(200);
    expect((await env.reader.get(`${base}/versions/latest/content`)).body.urls.source).toBe(second);
    expect((await env.reader.get(`${base}/versions/${latest.id}/content`)).body.urls.source).toBe(source);
  });
});

describe("DESIGN.md 8 fields: Translation `instructions` (the empty document when none was set)", () => {
  it("is the empty document in every answer about a translation created without instructions, and what was written after", async () => {
    const base = `/orgs/${env.org}/translations`;
    const created = await env.admin.post(base, { language: "nl", source: { space: env.spaces[0], language: "en" } });
    expect(created.status).toBe(201);
    expect(created.body.instructions).toEqual(EMPTY_DOCUMENT);
    expect((await env.reader.get(`${base}/${created.body.id}`)).body.instructions).toEqual(EMPTY_DOCUMENT);
    expect((await env.reader.get(base)).body.items.find((t: any) => t.id === created.body.id).instructions).toEqual(EMPTY_DOCUMENT);
    const written = document("Keep product names");
    expect((await env.admin.put(`${base}/${created.body.id}`, { instructions: written })).body.instructions).toEqual(written);
    await env.admin.del(`${base}/${created.body.id}`);
  });
});

describe("DESIGN.md 8 fields: agent instructions `updatedBy` (a string, the id of the member who wrote them last)", () => {
  it("is the id of the member whose token wrote the instructions last (null before anyone has)", async () => {
    const emulator = await startEmulator({ db: ":memory:" });
    emulators.push(emulator);
    const [acme] = emulator.fixture.organizations;
    const admin = client(emulator, acme.admin.token);
    const path = `/orgs/${acme.id}/agent-instructions`;
    expect((await admin.get(path)).body.updatedBy).toBeNull();
    const written = await admin.put(path, { instructions: document("One") });
    expect(written.body.updatedBy).toBe(acme.admin.userId);
    // Another admin writes them: they are the one named, to every reader.
    expect((await admin.patch(`/orgs/${acme.id}/members/${acme.editor!.userId}`, { role: "admin" })).status).toBe(200);
    const second = client(emulator, acme.editor!.token);
    expect((await second.put(path, { instructions: document("Two") })).body.updatedBy).toBe(acme.editor!.userId);
    expect((await client(emulator, acme.reader!.token).get(path)).body.updatedBy).toBe(acme.editor!.userId);
  });
});

describe("DESIGN.md 8 fields: organization merge rules (`none` or `rules`, never `inherit`; the five rule names)", () => {
  const RULES = ["require_specific_reviewers", "require_one_of_specific_reviewers", "allow_bypass", "require_at_least_one_review", "custom"];

  it("is {type: none} on an organization nobody has set, and a PATCH takes none and rules with each of the five rule names", async () => {
    const emulator = await startEmulator({ db: ":memory:" });
    emulators.push(emulator);
    const [acme] = emulator.fixture.organizations;
    const admin = client(emulator, acme.admin.token);
    const path = `/orgs/${acme.id}`;
    expect((await admin.get(path)).body.mergeRules).toEqual({ type: "none" });
    const rules = RULES.map((rule) => ({ rule, users: [acme.admin.userId] }));
    const patched = await admin.patch(path, { mergeRules: { type: "rules", rules } });
    expect(patched.status).toBe(200);
    expect(patched.body.mergeRules).toEqual({ type: "rules", rules });
    expect((await admin.get("/orgs")).body.items.find((o: any) => o.id === acme.id).mergeRules).toEqual({ type: "rules", rules });
    expect((await admin.patch(path, { mergeRules: { type: "none" } })).body.mergeRules).toEqual({ type: "none" });
  });

  it("answers 400 for `inherit` (spaces only) and for an unknown rule name, naming the field, and leaves the rules as they were", async () => {
    const path = `/orgs/${env.org}`;
    const before = (await env.reader.get(path)).body.mergeRules;
    const refused = await env.admin.patch(path, { mergeRules: { type: "inherit" } });
    expectError(refused, 400, "mergeRules.type");
    expect(refused.body.error.message).toContain("none, rules");
    expectError(await env.admin.patch(path, { mergeRules: { type: "rules", rules: [{ rule: "two_reviews" }] } }), 400, "mergeRules.rules[0].rule");
    expect((await env.reader.get(path)).body.mergeRules).toEqual(before);
  });

  it("keeps `inherit` for spaces: a space inherits its organization's, and takes none and the five rule names too", async () => {
    const space = `/spaces/${env.spaces[0]}`;
    expect((await env.admin.patch(space, { mergeRules: { type: "inherit" } })).body.mergeRules).toEqual({ type: "inherit" });
    expect((await env.admin.patch(space, { mergeRules: { type: "none" } })).body.mergeRules).toEqual({ type: "none" });
    const rules = RULES.map((rule) => ({ rule, users: [] }));
    expect((await env.admin.patch(space, { mergeRules: { type: "rules", rules } })).body.mergeRules).toEqual({ type: "rules", rules });
    expect((await env.admin.patch(space, { mergeRules: { type: "inherit" } })).status).toBe(200);
  });
});

describe("DESIGN.md 8 fields: Organization `trial.count` and `permissions.access`", () => {
  it("carries trial.count (a number) and permissions.access (true for a member) in get, list, patch and by email domain", async () => {
    const got = (await env.reader.get(`/orgs/${env.org}`)).body;
    expect(typeof got.trial.count).toBe("number");
    expect(got.permissions.access).toBe(true);
    const listed = (await env.reader.get("/orgs")).body.items.find((o: any) => o.id === env.org);
    expect(listed.trial.count).toBe(got.trial.count);
    expect(listed.permissions.access).toBe(true);
    const patched = (await env.admin.patch(`/orgs/${env.org}`, { ai: got.ai })).body;
    expect(patched).toMatchObject({ trial: { count: got.trial.count }, permissions: { access: true } });
    const domain = got.emailDomains[0];
    expect(domain).toEqual(expect.any(String));
    const byDomain = (await env.otherAdmin.get(`/email-domains/${domain}/orgs`)).body.organizations.find((o: any) => o.id === env.org);
    // Seen from another organization's admin: the caller has no access to this one.
    expect(byDomain.permissions.access).toBe(false);
    expect(typeof byDomain.trial.count).toBe("number");
  });
});

describe("DESIGN.md 8 answers: a team PATCH without `title` is refused", () => {
  it("answers 400 naming title for a PATCH without it, and 200 with it", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Titled" })).body;
    const path = `/orgs/${env.org}/teams/${team.id}`;
    expectError(await env.admin.patch(path, {}), 400, "title");
    expectError(await env.admin.patch(path), 400, "title");
    expect((await env.admin.patch(path, { title: "Retitled" })).body.title).toBe("Retitled");
    await env.admin.del(path);
  });
});

describe("DESIGN.md 8 answers: a section group's `/move` may go before or after a section or a group at the same level", () => {
  it("orders a level's sections and groups together: a group goes before or after a section, or another group", async () => {
    const site = await newSite("Mixed level");
    const s1 = await newSection(site.base, "One");
    const g1 = await newGroup(site.base, "Group one");
    const s2 = await newSection(site.base, "Two", 1);
    const g2 = await newGroup(site.base, "Group two");
    const order = async () => (await env.reader.get(`${site.base}/structure`)).body.structure.map((item: any) => item.id);
    expect(await order()).toEqual([s1.id, g1.id, s2.id, g2.id]);
    const move = (group: string, position: unknown) => env.admin.post(`${site.base}/section-groups/${group}/move`, { position });
    const moved = await move(g2.id, { before: { type: "site-section", id: s1.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.id).toBe(g2.id);
    expect(await order()).toEqual([g2.id, s1.id, g1.id, s2.id]);
    expect((await move(g2.id, { after: { type: "site-section", id: s2.id } })).status).toBe(200);
    expect(await order()).toEqual([s1.id, g1.id, s2.id, g2.id]);
    expect((await move(g2.id, { before: { type: "site-section-group", id: g1.id } })).status).toBe(200);
    expect(await order()).toEqual([s1.id, g2.id, g1.id, s2.id]);
    expect((await move(g1.id, { after: { type: "site-section-group", id: g2.id }, before: { type: "site-section", id: s2.id } })).status).toBe(200);
    expect(await order()).toEqual([s1.id, g2.id, g1.id, s2.id]);
  });

  it("refuses a position naming an item of another level, of the other type, or the group itself (400, invalid position)", async () => {
    const site = await newSite("Mixed refusals");
    const top = await newSection(site.base, "Top");
    const inner = await newSection(site.base, "Inner", 1);
    const outer = await newGroup(site.base, "Outer", { sections: [inner.id] });
    const nested = await newGroup(site.base, "Nested", { parent: outer.id });
    const move = (group: string, position: unknown) => env.admin.post(`${site.base}/section-groups/${group}/move`, { position });
    // Inside `outer`: `inner` (a section) and `nested` (a group) share the level.
    expect((await move(nested.id, { before: { type: "site-section", id: inner.id } })).status).toBe(200);
    const outerItem = (await env.reader.get(`${site.base}/structure`)).body.structure.find((item: any) => item.id === outer.id);
    expect(outerItem.children.map((child: any) => child.id)).toEqual([nested.id, inner.id]);
    expectError(await move(nested.id, { before: { type: "site-section", id: top.id } }), 400, "invalid position");
    expectError(await move(nested.id, { before: { type: "site-section-group", id: inner.id } }), 400, "position.before");
    expectError(await move(outer.id, { after: { type: "site-section", id: outer.id } }), 400, "invalid position");
    expectError(await move(outer.id, { after: { type: "site-section-group", id: outer.id } }), 400, "itself");
    expectError(await move(outer.id, { after: { type: "site-space", id: top.id } }), 400, "position.after.type");
  });
});

describe("DESIGN.md 8 answers: a collection `/move` with an empty body `{}` is a 400", () => {
  it("answers 400 for {} (and for no body), and keeps the 409 for a body naming the place it has", async () => {
    const parent = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Move parent" })).body;
    const child = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Move child", parent: parent.id })).body;
    expectError(await env.admin.post(`/collections/${child.id}/move`, {}), 400, "body");
    expectError(await env.admin.post(`/collections/${child.id}/move`), 400, "body");
    expectError(await env.admin.post(`/collections/${child.id}/move`, { parent: parent.id }), 409, "would not result in any update");
    expect((await env.admin.post(`/collections/${child.id}/move`, { parent: null })).status).toBe(200);
  });
});

describe("DESIGN.md 8 answers: a Document without `data.schemaVersion` is accepted everywhere a Document is taken", () => {
  const withoutVersion = { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph" }] };
  const stored = { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "block", type: "paragraph" }] };

  it("agent instructions: PUT accepts it and the current schema version is stored", async () => {
    const put = await env.admin.put(`/orgs/${env.org}/agent-instructions`, { instructions: withoutVersion });
    expect(put.status).toBe(200);
    expect(put.body.instructions).toEqual(stored);
    expect((await env.reader.get(`/orgs/${env.org}/agent-instructions`)).body.instructions).toEqual(stored);
    // Other data is kept beside the version production fills in.
    expect((await env.admin.put(`/orgs/${env.org}/agent-instructions`, { instructions: { ...withoutVersion, data: { theme: "x" } } })).body.instructions.data).toEqual({
      theme: "x",
      schemaVersion: 1,
    });
  });

  it("translation instructions: POST and PUT accept it and the current schema version is stored", async () => {
    const base = `/orgs/${env.org}/translations`;
    const created = await env.admin.post(base, { language: "pl", source: { space: env.spaces[0], language: "en" }, instructions: withoutVersion });
    expect(created.status).toBe(201);
    expect(created.body.instructions).toEqual(stored);
    const replaced = await env.admin.put(`${base}/${created.body.id}`, { instructions: { ...withoutVersion, nodes: [] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.instructions).toEqual(EMPTY_DOCUMENT);
    // A version that is given must still be a number.
    expectError(await env.admin.put(`${base}/${created.body.id}`, { instructions: { ...withoutVersion, data: { schemaVersion: "2" } } }), 400, "instructions.data.schemaVersion");
    await env.admin.del(`${base}/${created.body.id}`);
  });
});

describe("DESIGN.md 8 answers: `POST .../translations` needs `source`", () => {
  it("answers 400 naming source without it, or without its space or language", async () => {
    const base = `/orgs/${env.org}/translations`;
    expectError(await env.admin.post(base, { language: "fr" }), 400, "source");
    expectError(await env.admin.post(base, { language: "fr", source: { language: "en" } }), 400, "source.space");
    expectError(await env.admin.post(base, { language: "fr", source: { space: env.spaces[0] } }), 400, "source.language");
    const created = await env.admin.post(base, { language: "fr", source: { space: env.spaces[0], language: "en" } });
    expect(created.status).toBe(201);
    expect(created.body.source).toEqual({ space: env.spaces[0], language: "en" });
    await env.admin.del(`${base}/${created.body.id}`);
  });
});

describe("DESIGN.md 8 answers: a translation's `PUT` needs `instructions`", () => {
  it("answers 400 naming instructions without them, and leaves the translation as it was", async () => {
    const base = `/orgs/${env.org}/translations`;
    const created = await env.admin.post(base, { language: "sv", source: { space: env.spaces[0], language: "en" }, instructions: document("Kept") });
    const path = `${base}/${created.body.id}`;
    expectError(await env.admin.put(path, {}), 400, "instructions");
    expectError(await env.admin.put(path), 400, "instructions");
    expect((await env.reader.get(path)).body.instructions).toEqual(document("Kept"));
    await env.admin.del(path);
  });
});

describe("DESIGN.md 8 answers: `POST .../collections` accepts a body without `title`", () => {
  it("creates (201) from {} or from no body at all, and a given title keeps its 1..50 limit", async () => {
    const base = `/orgs/${env.org}/collections`;
    const empty = await env.admin.post(base, {});
    expect(empty.status).toBe(201);
    expect(typeof empty.body.title).toBe("string");
    expect(empty.body.title.length).toBeGreaterThan(0);
    expect((await env.reader.get(`/collections/${empty.body.id}`)).body.title).toBe(empty.body.title);
    expect((await env.admin.post(base)).status).toBe(201);
    const described = await env.admin.post(base, { description: "No title" });
    expect(described.status).toBe(201);
    expect(described.body.description).toBe("No title");
    expectError(await env.admin.post(base, { title: "" }), 400, "title");
    expectError(await env.admin.post(base, { title: "x".repeat(51) }), 400, "title");
  });
});

describe("DESIGN.md 8 fields persist: defaultLevel, draft, hidden and updatedBy in the store and the snapshot", () => {
  async function twinWithFields() {
    const emulator = await startEmulator({ db: ":memory:" });
    emulators.push(emulator);
    const [acme] = emulator.fixture.organizations;
    const admin = client(emulator, acme.admin.token);
    const org = acme.id;
    const site = (await admin.post(`/orgs/${org}/sites`, { title: "Persisted", spaces: [acme.spaceIds[0]] })).body;
    const base = `/orgs/${org}/sites/${site.id}`;
    await admin.patch(base, { defaultLevel: "comment" });
    const section = (await admin.post(`${base}/sections`, { spaceId: acme.spaceIds[1], title: "Drafted" })).body;
    await admin.patch(`${base}/sections/${section.id}`, { draft: true });
    const siteSpace = section.siteSpaces[0].id;
    await admin.patch(`${base}/site-spaces/${siteSpace}`, { hidden: true });
    // The instructions are written by a second admin, so the snapshot must name them, not fall back to the first.
    await admin.patch(`/orgs/${org}/members/${acme.editor!.userId}`, { role: "admin" });
    await client(emulator, acme.editor!.token).put(`/orgs/${org}/agent-instructions`, { instructions: document("Be brief") });
    return { emulator, org, base, section: section.id, siteSpace, writer: acme.editor!.userId };
  }

  it("writes them into the snapshot, and a twin seeded from it answers them", async () => {
    const { emulator, org, base, section, siteSpace, writer } = await twinWithFields();
    const snapshot = (await control(emulator).get("/snapshot")).body;
    const site = snapshot.sites[0];
    expect(site.defaultLevel).toBe("comment");
    expect(site.sections.find((s: any) => s.id === section).draft).toBe(true);
    expect(site.siteSpaces.find((ss: any) => ss.id === siteSpace).hidden).toBe(true);
    expect(snapshot.agentInstructionsUpdatedBy).toBe(writer);

    const twin = await startEmulator({ seed: snapshot, token: "twin-token" });
    emulators.push(twin);
    const api = client(twin, "twin-token");
    expect((await api.get(base)).body.defaultLevel).toBe("comment");
    expect((await api.get(`${base}/sections`)).body.items.find((s: any) => s.id === section).draft).toBe(true);
    expect((await api.get(`${base}/site-spaces`)).body.items.find((ss: any) => ss.id === siteSpace).hidden).toBe(true);
    expect((await api.get(`/orgs/${org}/agent-instructions`)).body.updatedBy).toBe(writer);
    const again = (await control(twin).get("/snapshot")).body;
    expect({ ...again, createdAt: "" }).toEqual({ ...snapshot, createdAt: "" });
  });

  it("loads an older snapshot without them: defaultLevel null, draft and hidden false, updatedBy the admin", async () => {
    const { emulator, org, base, section, siteSpace } = await twinWithFields();
    const snapshot = (await control(emulator).get("/snapshot")).body;
    const { agentInstructionsUpdatedBy: _writer, ...older } = snapshot;
    older.sites = snapshot.sites.map(({ defaultLevel: _level, ...site }: any) => ({
      ...site,
      sections: site.sections.map(({ draft: _draft, ...rest }: any) => rest),
      siteSpaces: site.siteSpaces.map(({ hidden: _hidden, ...rest }: any) => rest),
    }));
    const twin = await startEmulator({ seed: older, token: "older-token" });
    emulators.push(twin);
    const api = client(twin, "older-token");
    expect((await api.get(base)).body.defaultLevel).toBeNull();
    expect((await api.get(`${base}/sections`)).body.items.find((s: any) => s.id === section).draft).toBe(false);
    expect((await api.get(`${base}/site-spaces`)).body.items.find((ss: any) => ss.id === siteSpace).hidden).toBe(false);
    // The snapshot's first admin (members are sorted by id), not the second admin who wrote them.
    const firstAdmin = older.members.find((m: any) => m.role === "admin").id;
    expect(firstAdmin).not.toBe(snapshot.agentInstructionsUpdatedBy);
    expect((await api.get(`/orgs/${org}/agent-instructions`)).body.updatedBy).toBe(firstAdmin);
  });

  it("loads a snapshot of an earlier version with the old shapes: group sections as ids, member sites a list, updatedBy a User, organization merge rules inherit", async () => {
    const { emulator, org, base, writer } = await twinWithFields();
    const admin = client(emulator, emulator.fixture.organizations[0].admin.token);
    const section = (await admin.post(`${base}/sections`, { spaceId: emulator.fixture.organizations[0].spaceIds[0], title: "Grouped" })).body;
    const group = (await admin.post(`${base}/section-groups`, { title: "Old group", sections: [section.id] })).body;
    const snapshot = (await control(emulator).get("/snapshot")).body;
    // What an earlier version wrote: the shapes DESIGN.md 8 corrected on 2026-11-27.
    const older = structuredClone(snapshot);
    older.organization.mergeRules = { type: "inherit" };
    older.members = older.members.map((member: any) => ({ ...member, sites: [older.sites[0].id], spaces: [], teams: [] }));
    older.sites[0].sectionGroups = older.sites[0].sectionGroups.map((g: any) => ({ ...g, sections: g.id === group.id ? [section.id] : [] }));
    older.agentInstructionsUpdatedBy = { object: "user", id: writer, displayName: "Writer", email: "writer@example.com" };
    const twin = await startEmulator({ seed: older, token: "old-shapes-token" });
    emulators.push(twin);
    const api = client(twin, "old-shapes-token");
    expect((await api.get(`/orgs/${org}`)).body.mergeRules).toEqual({ type: "none" });
    expect((await api.get(`/orgs/${org}/agent-instructions`)).body.updatedBy).toBe(writer);
    const groups = (await api.get(`${base}/section-groups`)).body.items;
    expect(groups.find((g: any) => g.id === group.id).sections.map((s: any) => s.id)).toEqual([section.id]);
    const members = (await api.get(`/orgs/${org}/members`)).body.items;
    expect(members.every((m: any) => typeof m.sites === "number")).toBe(true);
    // The twin writes the corrected shapes back.
    const again = (await control(twin).get("/snapshot")).body;
    expect(again.organization.mergeRules).toEqual({ type: "none" });
    expect(again.agentInstructionsUpdatedBy).toBe(writer);
  });

  it("refuses a snapshot whose fields are of the wrong type, or whose updatedBy is not a member, naming the place", async () => {
    const { emulator } = await twinWithFields();
    const snapshot = (await control(emulator).get("/snapshot")).body;
    const broken = (change: (copy: any) => void) => {
      const copy = structuredClone(snapshot);
      change(copy);
      return control(emulator).put("/snapshot", copy);
    };
    expectError(await broken((s) => (s.sites[0].defaultLevel = "owner")), 400, "sites[0].defaultLevel");
    expectError(await broken((s) => (s.sites[0].sections[0].draft = "yes")), 400, "sites[0].sections[0].draft");
    expectError(await broken((s) => (s.sites[0].siteSpaces[0].hidden = 1)), 400, "sites[0].siteSpaces[0].hidden");
    expectError(await broken((s) => (s.agentInstructionsUpdatedBy = "usr-nobody")), 400, "agentInstructionsUpdatedBy");
    expectError(await broken((s) => (s.agentInstructionsUpdatedBy = { id: "usr-nobody" })), 400, "agentInstructionsUpdatedBy");
    expectError(await broken((s) => (s.agentInstructionsUpdatedBy = { name: "x" })), 400, "agentInstructionsUpdatedBy.id");
    expectError(await broken((s) => (s.sites[0].defaultLevel = "inherits")), 400, "sites[0].defaultLevel");
  });
});
