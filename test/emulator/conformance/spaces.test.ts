import { describe, expect, it } from "vitest";
import { DEMO_FIXTURE, startEmulator } from "../index.ts";
import { readFixture } from "../fixtures.ts";
import { client, control, expectError, listAll, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();
const DAY = 86_400_000;

async function newSpace(title = "Scratch") {
  const reply = await env.admin.post(`/orgs/${env.org}/spaces`, { title });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; title: string; [key: string]: unknown };
}

describe("spaces", () => {
  it("lists the fixture's spaces and creates one (201) with title/emoji limits at and past 50", async () => {
    const list = await env.reader.get(`/orgs/${env.org}/spaces`);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual(env.spaces);
    expectError(await env.editor.post(`/orgs/${env.org}/spaces`, { title: "x" }), 403);
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, {}), 400, "title");
    expect((await env.admin.post(`/orgs/${env.org}/spaces`, { title: repeat(50), emoji: "🦄".repeat(50) })).status).toBe(201);
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, { title: repeat(51) }), 400, "title");
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, { title: "e", emoji: "🦄".repeat(51) }), 400, "emoji");
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, { title: "p", parent: "missing" }), 400, "parent");
  });

  it("lists the organization's spaces, paginated", async () => {
    const first = await env.reader.get(`/orgs/${env.org}/spaces?limit=1`);
    expect(first.body.count).toBe(1);
    expect(typeof first.body.next.page).toBe("string");
    expect((await listAll(env.reader, `/orgs/${env.org}/spaces`, 1)).map((s) => s.id)).toEqual(expect.arrayContaining(env.spaces));
    expectError(await env.reader.get(`/orgs/${env.org}/spaces?limit=1001`), 400, "limit");
    expectError(await env.otherAdmin.get(`/orgs/${env.org}/spaces`), 403);
  });

  it("creates from {title, emoji?, parent?, language?, editMode?} only (DESIGN.md 8)", async () => {
    const parent = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Home" })).body.id;
    const full = await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Full", emoji: "📗", parent, language: "fr", editMode: "locked" });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ object: "space", title: "Full", emoji: "📗", parent, language: "fr", editMode: "locked", visibility: "in-collection" });
    const plain = await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Plain", parent: null });
    expect(plain.body).toMatchObject({ title: "Plain", emoji: "", editMode: "live", visibility: "private" });
    expect(plain.body).not.toHaveProperty("parent");
    expect(plain.body).not.toHaveProperty("language");
    // The title has a maximum (50) and no minimum.
    expect((await env.admin.post(`/orgs/${env.org}/spaces`, { title: "" })).status).toBe(201);
    expect((await env.admin.post(`/orgs/${env.org}/spaces`, { title: "t" })).status).toBe(201);
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, { title: "v", visibility: "public" }), 400, "visibility");
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, { title: "e", editMode: "frozen" }), 400, "editMode");
    expectError(await env.admin.post(`/orgs/${env.org}/spaces`, { title: "l", language: "x" }), 400, "language");
  });

  it("returns a space with its fields, absolute urls and role-based permissions", async () => {
    const space = (await env.reader.get(`/spaces/${env.spaces[0]}`)).body;
    expect(space).toMatchObject({
      object: "space",
      id: env.spaces[0],
      organization: env.org,
      visibility: "private",
      editMode: "live",
      mergeRules: { type: "inherit" },
      comments: 0,
      changeRequests: 0,
      defaultLevel: null,
    });
    expect(space.urls.location).toBe(`${env.emulator.url}/spaces/${env.spaces[0]}`);
    expect(space.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect((await env.editor.get(`/spaces/${env.spaces[0]}`)).body.permissions).toMatchObject({ edit: true, admin: false, review: false });
    expectError(await env.otherAdmin.get(`/spaces/${env.spaces[0]}`), 403);
    expectError(await env.admin.get("/spaces/missing"), 404);
  });

  it("opens a share-link space to a non-member holding its shareKey", async () => {
    // No operation sets a space's visibility (API.md 3), so the share-link space comes from a fixture.
    const fixture = readFixture(DEMO_FIXTURE);
    fixture.organizations[0].spaces!.push({ id: "spc-shared", title: "Shared", visibility: "share-link" });
    const emulator = await startEmulator({ db: ":memory:", fixture });
    try {
      const admin = client(emulator, emulator.fixture.organizations[0].admin.token);
      const outsider = client(emulator, emulator.fixture.organizations[1].admin.token);
      const space = (await admin.get("/spaces/spc-shared")).body;
      const shareKey = new URL(space.urls.published).searchParams.get("shareKey");
      expect(shareKey).toBeTruthy();
      expectError(await outsider.get("/spaces/spc-shared"), 403);
      expectError(await outsider.get("/spaces/spc-shared?shareKey=wrong"), 403);
      const shared = await outsider.get(`/spaces/spc-shared?shareKey=${shareKey}`);
      expect(shared.status).toBe(200);
      expect(shared.body.permissions).toMatchObject({ view: true, edit: false });
    } finally {
      await emulator.close();
    }
  });

  it("patches a space; edit may change title but not access levels", async () => {
    const space = await newSpace();
    const patched = await env.editor.patch(`/spaces/${space.id}`, { title: "Renamed", editMode: "locked", emoji: "📗" });
    expect(patched.body).toMatchObject({ title: "Renamed", editMode: "locked", emoji: "📗" });
    expectError(await env.editor.patch(`/spaces/${space.id}`, { defaultLevel: "read" }), 403);
    expect(
      (
        await env.admin.patch(`/spaces/${space.id}`, {
          defaultLevel: "read",
          mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] },
        })
      ).status,
    ).toBe(200);
    expectError(await env.editor.patch(`/spaces/${space.id}`, { title: repeat(51) }), 400, "title");
    expectError(await env.editor.patch(`/spaces/${space.id}`, { editMode: "frozen" }), 400, "editMode");
    expectError(await env.reader.patch(`/spaces/${space.id}`, { title: "no" }), 403);
    expect((await env.editor.patch(`/spaces/${space.id}`, { title: "" })).body.title).toBe("");
  });

  it("deletes (205 when it existed, 204 when missing: DESIGN.md 8) and restores within 7 days on the emulator clock", async () => {
    const space = await newSpace("Doomed");
    expectError(await env.editor.del(`/spaces/${space.id}`), 403);
    expect((await env.admin.del(`/spaces/${space.id}`)).status).toBe(205);
    expect((await env.admin.del(`/spaces/${space.id}`)).status).toBe(204);
    expect((await env.admin.del("/spaces/never-existed")).status).toBe(204);
    expectError(await env.admin.get(`/spaces/${space.id}`), 404);
    expect((await env.reader.get(`/orgs/${env.org}/spaces`)).body.items.map((s: { id: string }) => s.id)).not.toContain(space.id);
    await control(env.emulator).post("/clock", { advanceMs: 7 * DAY - 60_000 });
    const restored = await env.admin.post(`/spaces/${space.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.deletedAt).toBeUndefined();
    expect((await env.admin.get(`/spaces/${space.id}`)).status).toBe(200);
  });

  it("refuses to restore a space deleted more than 7 days ago", async () => {
    const space = await newSpace("Gone");
    await env.admin.del(`/spaces/${space.id}`);
    await control(env.emulator).post("/clock", { advanceDays: 7 });
    expectError(await env.admin.post(`/spaces/${space.id}/restore`), 404, "7 days");
    expectError(await env.admin.post(`/spaces/${space.id}/restore`), 404);
  });

  it("duplicates a space (201)", async () => {
    const copy = await env.admin.post(`/spaces/${env.spaces[0]}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(env.spaces[0]);
    expect(copy.body.title).toBe("Copy of Guides");
  });

  it("moves a space into a collection and between siblings", async () => {
    const collection = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Box" })).body;
    const a = await newSpace("A");
    const b = await newSpace("B");
    const c = await newSpace("C");
    for (const s of [a, b, c]) expect((await env.admin.post(`/spaces/${s.id}/move`, { parent: collection.id })).body.parent).toBe(collection.id);
    const order = async () => (await env.admin.get(`/collections/${collection.id}/spaces`)).body.items.map((s: { title: string }) => s.title);
    expect(await order()).toEqual(["A", "B", "C"]);
    await env.admin.post(`/spaces/${c.id}/move`, { position: { before: { type: "space", space: a.id } } });
    expect(await order()).toEqual(["C", "A", "B"]);
    await env.admin.post(`/spaces/${c.id}/move`, { position: { after: { type: "space", space: a.id }, before: { type: "space", space: b.id } } });
    expect(await order()).toEqual(["A", "C", "B"]);
    expectError(
      await env.admin.post(`/spaces/${c.id}/move`, { position: { after: { type: "space", space: b.id }, before: { type: "space", space: a.id } } }),
      400,
      "invalid position",
    );
    expectError(await env.admin.post(`/spaces/${c.id}/move`, { position: { before: { type: "space", space: env.spaces[0] } } }), 400, "invalid position");
    const root = await env.admin.post(`/spaces/${c.id}/move`, { parent: null });
    expect(root.body.parent).toBeUndefined();
    expect(root.body.visibility).toBe("private");
  });

  it("clears language and defaultLevel with null, and sets mergeRules (what the Space resource sends)", async () => {
    const space = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Clearable", language: "en" })).body;
    const set = await env.admin.patch(`/spaces/${space.id}`, {
      defaultLevel: "comment",
      mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] },
    });
    expect(set.body).toMatchObject({
      language: "en",
      defaultLevel: "comment",
      mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] },
    });
    const cleared = await env.admin.patch(`/spaces/${space.id}`, { language: null, defaultLevel: null, mergeRules: { type: "inherit" } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty("language");
    expect(cleared.body).toMatchObject({ defaultLevel: null, mergeRules: { type: "inherit" } });
    expectError(await env.admin.patch(`/spaces/${space.id}`, { defaultLevel: "owner" }), 400, "defaultLevel");
    expectError(await env.admin.patch(`/spaces/${space.id}`, { mergeRules: { type: "always" } }), 400, "mergeRules");
    expectError(await env.admin.patch(`/spaces/${space.id}`, { visibility: "public" }), 400, "visibility");
  });

  it("serves a deleted space nowhere until restored: GET, PATCH and move answer 404, the list leaves it out", async () => {
    const box = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Bin" })).body;
    const space = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Binned", parent: box.id, emoji: "🗑" })).body;
    expect((await env.admin.del(`/spaces/${space.id}`)).status).toBe(205);
    expectError(await env.admin.get(`/spaces/${space.id}`), 404);
    expectError(await env.admin.patch(`/spaces/${space.id}`, { title: "Edited" }), 404);
    expectError(await env.admin.post(`/spaces/${space.id}/move`, { parent: null }), 404);
    expect((await listAll(env.admin, `/orgs/${env.org}/spaces`)).map((s) => s.id)).not.toContain(space.id);
    expect((await env.admin.get(`/collections/${box.id}/spaces`)).body.items).toEqual([]);
    // Restored, it is back where it was, as it was.
    const restored = await env.admin.post(`/spaces/${space.id}/restore`);
    expect(restored.body).toMatchObject({ id: space.id, title: "Binned", emoji: "🗑", parent: box.id, visibility: "in-collection" });
    expect((await listAll(env.admin, `/orgs/${env.org}/spaces`)).map((s) => s.id)).toContain(space.id);
  });

  it("moves a space out of a collection with parent null and into a collection of its organization only", async () => {
    const box = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Shelf" })).body;
    const space = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Mover", parent: box.id })).body;
    expect(space.visibility).toBe("in-collection");
    const out = await env.admin.post(`/spaces/${space.id}/move`, { parent: null });
    expect(out.body.parent).toBeUndefined();
    expect(out.body.visibility).toBe("private");
    const foreign = (await env.otherAdmin.post(`/orgs/${env.otherOrg}/collections`, { title: "Theirs" })).body;
    expectError(await env.admin.post(`/spaces/${space.id}/move`, { parent: foreign.id }), 400, "parent");
    expect((await env.admin.post(`/spaces/${space.id}/move`, { parent: box.id })).body.parent).toBe(box.id);
  });

  it("transfers a space to another organization where the caller may create", async () => {
    const space = await newSpace("Travelling");
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, {}), 400, "organization");
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, { organization: env.otherOrg }), 403);
    // Give the acme admin a role in globex through the globex admin.
    const outsider = client(env.emulator, "tok-acme-admin");
    expect((await env.otherAdmin.post(`/orgs/${env.otherOrg}/members/usr-acme-admin/sso`)).status).toBe(200);
    await env.otherAdmin.patch(`/orgs/${env.otherOrg}/members/usr-acme-admin`, { role: "create" });
    const moved = await outsider.post(`/spaces/${space.id}/transfer`, { organization: env.otherOrg });
    expect(moved.status).toBe(200);
    expect(moved.body.organization).toBe(env.otherOrg);
    expect((await env.otherAdmin.get(`/orgs/${env.otherOrg}/spaces`)).body.items.map((s: { id: string }) => s.id)).toContain(space.id);
  });

  it("transfer takes the target organization only (API.md 4.3), lands the space at the top level there, and answers no-update, cannot-move and no-match", async () => {
    // The acme admin may create in globex (as the test above arranged; set again so this test stands alone).
    await env.otherAdmin.post(`/orgs/${env.otherOrg}/members/usr-acme-admin/sso`);
    expect((await env.otherAdmin.patch(`/orgs/${env.otherOrg}/members/usr-acme-admin`, { role: "create" })).status).toBe(200);
    const home = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Transfer home" })).body.id as string;
    const space = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Emigrant", parent: home })).body as { id: string };
    const landing = (await env.otherAdmin.post(`/orgs/${env.otherOrg}/collections`, { title: "Landing" })).body.id as string;

    // A target collection is not part of the body: it is a move afterwards.
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, { organization: env.otherOrg, parent: landing }), 400, "parent");
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, { organization: "" }), 400, "organization");
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, { organization: env.org }), 409, "would not result in any update");
    expectError(await env.admin.post(`/spaces/missing/transfer`, { organization: env.otherOrg }), 404);
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, { organization: "org-nowhere" }), 404);
    expectError(await env.editor.post(`/spaces/${space.id}/transfer`, { organization: env.otherOrg }), 403);

    // Published in a site of its organization, the space is pinned there, as a collection is.
    const site = (await env.admin.post(`/orgs/${env.org}/sites`, { title: "Pins", spaces: [space.id] })).body as { id: string };
    expectError(await env.admin.post(`/spaces/${space.id}/transfer`, { organization: env.otherOrg }), 409, "cannot be moved");
    expect((await env.admin.get(`/spaces/${space.id}`)).body).toMatchObject({ organization: env.org, parent: home });
    await env.admin.del(`/orgs/${env.org}/sites/${site.id}`);

    const moved = await env.admin.post(`/spaces/${space.id}/transfer`, { organization: env.otherOrg });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: space.id, organization: env.otherOrg, visibility: "private" });
    // Its collection stays behind; the space is at the top level of the new organization.
    expect(moved.body).not.toHaveProperty("parent");
    expect((await env.admin.get(`/collections/${home}`)).body.organization).toBe(env.org);
    expect((await listAll(env.admin, `/orgs/${env.org}/spaces`)).map((s) => s.id)).not.toContain(space.id);
    expect((await listAll(env.otherAdmin, `/orgs/${env.otherOrg}/spaces`)).map((s) => s.id)).toContain(space.id);
    // Then into a collection of the new organization, with a move; one of the old is refused.
    expectError(await env.otherAdmin.post(`/spaces/${space.id}/move`, { parent: home }), 400, "parent");
    expect((await env.otherAdmin.post(`/spaces/${space.id}/move`, { parent: landing })).body).toMatchObject({ organization: env.otherOrg, parent: landing });
  });

  it("a collection's transfer carries its spaces, nested ones included, keeping their parents", async () => {
    await env.otherAdmin.post(`/orgs/${env.otherOrg}/members/usr-acme-admin/sso`);
    expect((await env.otherAdmin.patch(`/orgs/${env.otherOrg}/members/usr-acme-admin`, { role: "create" })).status).toBe(200);
    const outer = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Carrier" })).body.id as string;
    const inner = (await env.admin.post(`/orgs/${env.org}/collections`, { title: "Carrier inner", parent: outer })).body.id as string;
    const direct = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Direct", parent: outer })).body.id as string;
    const nested = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Nested", parent: inner })).body.id as string;
    const outside = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Outside" })).body.id as string;
    expect((await env.admin.post(`/collections/${outer}/transfer`, { organization: env.otherOrg })).status).toBe(200);
    expect((await env.otherAdmin.get(`/spaces/${direct}`)).body).toMatchObject({ organization: env.otherOrg, parent: outer });
    expect((await env.otherAdmin.get(`/spaces/${nested}`)).body).toMatchObject({ organization: env.otherOrg, parent: inner });
    expect((await env.admin.get(`/spaces/${outside}`)).body.organization).toBe(env.org);
    const otherIds = (await listAll(env.otherAdmin, `/orgs/${env.otherOrg}/spaces`)).map((s) => s.id);
    expect(otherIds).toEqual(expect.arrayContaining([direct, nested]));
    expect((await listAll(env.admin, `/orgs/${env.org}/spaces`)).map((s) => s.id)).not.toContain(direct);
    // A carried space is where it is: transferring it there again changes nothing.
    expectError(await env.otherAdmin.post(`/spaces/${nested}/transfer`, { organization: env.otherOrg }), 409, "would not result in any update");
  });

  it("lists links (none) with stats and validates the status filter", async () => {
    const links = await env.reader.get(`/spaces/${env.spaces[0]}/links?status=broken`);
    expect(links.body).toEqual({ items: [], count: 0, stats: { total: 0, broken: { total: 0, changeRequest: 0 } } });
    expectError(await env.reader.get(`/spaces/${env.spaces[0]}/links?status=weird`), 400, "status");
  });
});
