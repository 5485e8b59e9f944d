import { describe, expect, it } from "vitest";
import { expectError, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();

async function newCollection(title: string, parent?: string) {
  const reply = await env.admin.post(`/orgs/${env.org}/collections`, { title, ...(parent ? { parent } : {}) });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; parent?: string };
}

describe("collections", () => {
  it("creates, reads, patches and deletes a collection (205, then 204 when missing)", async () => {
    expectError(await env.editor.post(`/orgs/${env.org}/collections`, { title: "x" }), 403);
    const c = await newCollection("Handbook");
    const got = await env.reader.get(`/collections/${c.id}`);
    expect(got.body).toMatchObject({ object: "collection", title: "Handbook", organization: env.org, permissions: { view: true, admin: false, create: false } });
    expect(got.body.urls.location).toBe(`${env.emulator.url}/collections/${c.id}`);
    const patched = await env.admin.patch(`/collections/${c.id}`, { title: "Team handbook", description: "All of it", defaultLevel: "read" });
    expect(patched.body).toMatchObject({ title: "Team handbook", description: "All of it", defaultLevel: "read" });
    expectError(await env.admin.patch(`/collections/${c.id}`, { defaultLevel: "boss" }), 400, "defaultLevel");
    expect((await env.admin.del(`/collections/${c.id}`)).status).toBe(205);
    expectError(await env.admin.get(`/collections/${c.id}`), 404);
    expect((await env.admin.del(`/collections/${c.id}`)).status).toBe(204);
  });

  it("limits titles to 1..50 and descriptions to 100 characters (DESIGN.md 8) on create and patch", async () => {
    const collections = `/orgs/${env.org}/collections`;
    const c = await newCollection(repeat(50));
    expect((await env.admin.post(collections, { title: "t" })).status).toBe(201);
    expectError(await env.admin.post(collections, { title: repeat(51) }), 400, "title");
    expectError(await env.admin.post(collections, { title: "" }), 400, "title");
    expect((await env.admin.patch(`/collections/${c.id}`, { title: "t", description: repeat(100, "d") })).body).toMatchObject({ title: "t", description: repeat(100, "d") });
    expect((await env.admin.patch(`/collections/${c.id}`, { title: repeat(50, "u"), description: "" })).status).toBe(200);
    expectError(await env.admin.patch(`/collections/${c.id}`, { title: repeat(51) }), 400, "title");
    expectError(await env.admin.patch(`/collections/${c.id}`, { title: "" }), 400, "title");
    expectError(await env.admin.patch(`/collections/${c.id}`, { description: repeat(101, "d") }), 400, "description");
    expect((await env.reader.get(`/collections/${c.id}`)).body).toMatchObject({ title: repeat(50, "u"), description: "" });
  });

  it("lists nested collections by default and only root ones with nested=false", async () => {
    const root = await newCollection("Root");
    const child = await newCollection("Child", root.id);
    expect(child.parent).toBe(root.id);
    const nested = (await env.reader.get(`/orgs/${env.org}/collections`)).body.items.map((c: { id: string }) => c.id);
    expect(nested).toEqual(expect.arrayContaining([root.id, child.id]));
    const flat = (await env.reader.get(`/orgs/${env.org}/collections?nested=false`)).body.items.map((c: { id: string }) => c.id);
    expect(flat).toContain(root.id);
    expect(flat).not.toContain(child.id);
    expectError(await env.reader.get(`/orgs/${env.org}/collections?nested=maybe`), 400, "nested");
  });

  it("keeps contents when deleting a collection: they move up to its parent", async () => {
    const root = await newCollection("Outer");
    const inner = await newCollection("Inner", root.id);
    const space = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Inside", parent: inner.id })).body;
    expect(space.visibility).toBe("in-collection");
    await env.admin.del(`/collections/${inner.id}`);
    expect((await env.admin.get(`/spaces/${space.id}`)).body.parent).toBe(root.id);
  });

  it("moves with a parent and positions, with each outcome of API.md section 7", async () => {
    const parent = await newCollection("Parent");
    const a = await newCollection("A", parent.id);
    const b = await newCollection("B", parent.id);
    const moved = await env.admin.post(`/collections/${b.id}/move`, { position: { before: { type: "collection", collection: a.id } } });
    expect(moved.status).toBe(200);
    // DESIGN.md 8: an empty body is a 400; a body naming the parent the collection has is the 409.
    expectError(await env.admin.post(`/collections/${a.id}/move`, {}), 400, "body");
    expectError(await env.admin.post(`/collections/${a.id}/move`, { parent: parent.id }), 409, "would not result in any update");
    // Invalid positions: a reference outside the container, itself, or into its own subtree.
    expectError(await env.admin.post(`/collections/${a.id}/move`, { position: { after: { type: "space", space: "spc-acme-guides" } } }), 400, "invalid position");
    expectError(await env.admin.post(`/collections/${a.id}/move`, { position: { after: { type: "collection", collection: a.id } } }), 400, "itself");
    expectError(await env.admin.post(`/collections/${parent.id}/move`, { parent: a.id }), 400, "descendants");
    // No match.
    expectError(await env.admin.post(`/collections/missing/move`, { parent: null }), 404);
    const toRoot = await env.admin.post(`/collections/${a.id}/move`, { parent: null });
    expect(toRoot.body.parent).toBeUndefined();
    expectError(await env.editor.post(`/collections/${a.id}/move`, { parent: parent.id }), 403);
  });

  it("transfers to another organization, with the no-update, cannot-move and no-match outcomes", async () => {
    // The acme admin needs a role in the target organization.
    await env.otherAdmin.post(`/orgs/${env.otherOrg}/members/usr-acme-admin/sso`);
    await env.otherAdmin.patch(`/orgs/${env.otherOrg}/members/usr-acme-admin`, { role: "admin" });
    const c = await newCollection("Portable");
    const child = await newCollection("Portable child", c.id);
    const space = (await env.admin.post(`/orgs/${env.org}/spaces`, { title: "Carried", parent: child.id })).body;
    expectError(await env.admin.post(`/collections/${c.id}/transfer`, {}), 400, "organization");
    expectError(await env.admin.post(`/collections/${c.id}/transfer`, { organization: env.org }), 409, "would not result in any update");
    expectError(await env.admin.post(`/collections/missing/transfer`, { organization: env.otherOrg }), 404);
    // A space published in a site of the source organization pins the collection.
    const site = (await env.admin.post(`/orgs/${env.org}/sites`, { title: "Pin", spaces: [space.id] })).body;
    expectError(await env.admin.post(`/collections/${c.id}/transfer`, { organization: env.otherOrg }), 409, "cannot be moved");
    await env.admin.del(`/orgs/${env.org}/sites/${site.id}`);
    const moved = await env.admin.post(`/collections/${c.id}/transfer`, { organization: env.otherOrg });
    expect(moved.status).toBe(200);
    expect(moved.body.organization).toBe(env.otherOrg);
    expect((await env.otherAdmin.get(`/collections/${child.id}`)).body.organization).toBe(env.otherOrg);
    expect((await env.otherAdmin.get(`/spaces/${space.id}`)).body.organization).toBe(env.otherOrg);
    expectError(await env.reader.post(`/collections/${child.id}/transfer`, { organization: env.org }), 403);
  });
});
