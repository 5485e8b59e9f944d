import { describe, expect, it } from "vitest";
import { client, expectError, listAll, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();

describe("members", () => {
  it("lists members with their roles, filtered by role and text", async () => {
    const all = await env.reader.get(`/orgs/${env.org}/members`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.items[0]).toMatchObject({ object: "member", user: { object: "user" } });
    const readers = await env.reader.get(`/orgs/${env.org}/members?role=read`);
    expect(readers.body.items.map((m: { id: string }) => m.id)).toEqual(["usr-acme-reader"]);
    const byText = await env.reader.get(`/orgs/${env.org}/members?search=ELI@`);
    expect(byText.body.items.map((m: { id: string }) => m.id)).toEqual(["usr-acme-editor"]);
    expectError(await env.reader.get(`/orgs/${env.org}/members?role=owner`), 400, "role");
  });

  it("lists only active members when sorting by lastSeenAt", async () => {
    expect((await env.reader.get(`/orgs/${env.org}/members?sort=lastSeenAt`)).body.count).toBe(0);
    expect((await env.editor.post(`/orgs/${env.org}/ping`)).status).toBe(200);
    const active = await env.reader.get(`/orgs/${env.org}/members?sort=lastSeenAt`);
    expect(active.body.items.map((m: { id: string }) => m.id)).toEqual(["usr-acme-editor"]);
  });

  it("changes a role (admin only) and answers 404 for a non-member", async () => {
    expectError(await env.editor.patch(`/orgs/${env.org}/members/usr-acme-reader`, { role: "comment" }), 403);
    expectError(await env.admin.patch(`/orgs/${env.org}/members/usr-acme-reader`, { role: "boss" }), 400, "role");
    const patched = await env.admin.patch(`/orgs/${env.org}/members/usr-acme-reader`, { role: "comment" });
    expect(patched.body.role).toBe("comment");
    await env.admin.patch(`/orgs/${env.org}/members/usr-acme-reader`, { role: "read" });
    expectError(await env.admin.get(`/orgs/${env.org}/members/usr-globex-admin`), 404);
  });

  it("PATCH takes a role of API.md 2.12 or null (a guest), and requires it", async () => {
    const path = `/orgs/${env.org}/members/usr-acme-reader`;
    const guest = await env.admin.patch(path, { role: null });
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ object: "member", id: "usr-acme-reader", role: null });
    expect((await env.admin.get(path)).body.role).toBeNull();
    // A guest holds no role of 2.12, so the reader's token can no longer list members.
    expectError(await env.reader.get(`/orgs/${env.org}/members`), 403);
    for (const role of ["admin", "create", "review", "edit", "comment", "read"]) {
      expect((await env.admin.patch(path, { role })).body.role).toBe(role);
    }
    expectError(await env.admin.patch(path, {}), 400, "role");
    expectError(await env.admin.patch(path, { role: "owner" }), 400, "role");
    expectError(await env.admin.patch(path, { role: "read", title: "x" }), 400, "title");
    expectError(await env.admin.patch(`/orgs/${env.org}/members/usr-nobody`, { role: "read" }), 404);
    expect((await env.reader.get(path)).body.role).toBe("read");
  });

  it("DELETE removes a member from the organization and its teams; deleting again (or a non-member) answers 204", async () => {
    // The outsider's email domain is one of the organization's: they join, then are removed.
    const outsider = env.emulator.fixture.users.find((user) => user.id === "usr-outsider")!;
    expect((await client(env.emulator, outsider.token).post(`/orgs/${env.org}/join`)).status).toBe(204);
    const path = `/orgs/${env.org}/members/usr-outsider`;
    expect((await env.admin.get(path)).status).toBe(200);
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Joiners", members: ["usr-outsider", "usr-acme-editor"] })).body;
    expectError(await env.editor.del(path), 403);
    const removed = await env.admin.del(path);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expectError(await env.admin.get(path), 404);
    expect((await listAll(env.reader, `/orgs/${env.org}/members`, 1000)).map((member) => member.id)).not.toContain("usr-outsider");
    expect((await env.admin.get(`/orgs/${env.org}/teams/${team.id}`)).body.members).toBe(1);
    expect((await env.admin.del(path)).status).toBe(204);
    expect((await env.admin.del(`/orgs/${env.org}/members/usr-never`)).status).toBe(204);
    await env.admin.del(`/orgs/${env.org}/teams/${team.id}`);
  });

  it("paginates the member list to the end", async () => {
    const first = await env.reader.get(`/orgs/${env.org}/members?limit=1`);
    expect(first.body.count).toBe(1);
    expect(typeof first.body.next.page).toBe("string");
    const all = await listAll(env.reader, `/orgs/${env.org}/members`, 1);
    expect(all.map((member) => member.id).sort()).toEqual(["usr-acme-admin", "usr-acme-editor", "usr-acme-reader"]);
    expectError(await env.reader.get(`/orgs/${env.org}/members?limit=1001`), 400, "limit");
  });

  it("lists a member's spaces with their permission", async () => {
    const reply = await env.reader.get(`/orgs/${env.org}/members/usr-acme-editor/spaces`);
    expect(reply.body.count).toBe(3);
    expect(reply.body.items[0]).toMatchObject({ permission: "edit", space: { object: "space" } });
  });
});

describe("teams", () => {
  it("creates (201), reads, renames and deletes a team (205); deleting again answers 204", async () => {
    expectError(await env.editor.put(`/orgs/${env.org}/teams`, { title: "Docs" }), 403);
    expectError(await env.admin.put(`/orgs/${env.org}/teams`, {}), 400, "title");
    expectError(await env.admin.put(`/orgs/${env.org}/teams`, { title: "X", members: ["usr-globex-admin"] }), 400, "members[0]");
    const created = await env.admin.put(`/orgs/${env.org}/teams`, { title: "Docs", members: ["usr-acme-editor"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "team", title: "Docs", members: 1, permissions: { admin: true, view: true } });
    const id = created.body.id;
    expect((await env.reader.get(`/orgs/${env.org}/teams/${id}`)).body.permissions).toEqual({ admin: false, view: true });
    expect((await env.admin.patch(`/orgs/${env.org}/teams/${id}`, { title: "Writers" })).body.title).toBe("Writers");
    expect((await env.admin.del(`/orgs/${env.org}/teams/${id}`)).status).toBe(205);
    expectError(await env.admin.get(`/orgs/${env.org}/teams/${id}`), 404);
    expect((await env.admin.del(`/orgs/${env.org}/teams/${id}`)).status).toBe(204);
  });

  it("filters teams by title (case-insensitive contains) and by member", async () => {
    await env.admin.put(`/orgs/${env.org}/teams`, { title: "Platform Writers", members: ["usr-acme-reader"] });
    await env.admin.put(`/orgs/${env.org}/teams`, { title: "Support" });
    const byTitle = await env.reader.get(`/orgs/${env.org}/teams?title=platform`);
    expect(byTitle.body.items.map((t: { title: string }) => t.title)).toEqual(["Platform Writers"]);
    const byMember = await env.reader.get(`/orgs/${env.org}/teams?member=usr-acme-reader`);
    expect(byMember.body.items.map((t: { title: string }) => t.title)).toEqual(["Platform Writers"]);
    const memberTeams = await env.reader.get(`/orgs/${env.org}/members/usr-acme-reader/teams?title=WRITERS`);
    expect(memberTeams.body.items).toHaveLength(1);
    expect(memberTeams.body.items[0].member.role).toBe("member");
  });

  it("adds and removes team members; the team's member count follows", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Crew" })).body;
    const base = `/orgs/${env.org}/teams/${team.id}/members`;
    const userIds = (reply: { body: { items: Array<{ organization: { id: string } }> } }) => reply.body.items.map((m) => m.organization.id).sort();
    expect((await env.admin.put(base, { add: ["usr-acme-editor", "usr-acme-reader"] })).status).toBe(204);
    expect((await env.admin.get(`/orgs/${env.org}/teams/${team.id}`)).body.members).toBe(2);
    const listed = await env.reader.get(base);
    expect(userIds(listed)).toEqual(["usr-acme-editor", "usr-acme-reader"]);
    expect((await env.admin.put(base, { remove: ["usr-acme-reader"], add: ["usr-acme-admin"] })).status).toBe(204);
    expect((await env.admin.get(`/orgs/${env.org}/teams/${team.id}`)).body.members).toBe(2);
    expect((await env.admin.del(`${base}/usr-acme-editor`)).status).toBe(205);
    expect((await env.admin.del(`${base}/usr-acme-editor`)).status).toBe(204);
    expect((await env.admin.put(`${base}/usr-acme-reader`)).status).toBe(204);
    expect((await env.admin.put(`${base}/usr-acme-reader`, { role: "owner" })).status).toBe(204);
    const final = await env.reader.get(base);
    expect(userIds(final)).toEqual(["usr-acme-admin", "usr-acme-reader"]);
    expect((await env.admin.get(`/orgs/${env.org}/teams/${team.id}`)).body.members).toBe(2);
    expectError(await env.admin.put(`${base}/usr-globex-admin`), 404);
    expectError(await env.admin.put(base, { add: ["usr-globex-admin"] }), 400, "add[0]");
    expectError(await env.editor.put(base, { add: ["usr-acme-editor"] }), 403);
    expectError(await env.admin.put(`/orgs/${env.org}/teams/missing/members`, { add: [] }), 404);
  });

  it("lists team members as {organization: Member, team: {role}, permissions: {view}}, paginated", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Shape", members: ["usr-acme-editor", "usr-acme-reader"] })).body;
    const base = `/orgs/${env.org}/teams/${team.id}/members`;
    expect((await env.admin.put(`${base}/usr-acme-reader`, { role: "owner" })).status).toBe(204);
    const reply = await env.reader.get(base);
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(2);
    const byUser = Object.fromEntries(reply.body.items.map((item: { organization: { id: string } }) => [item.organization.id, item]));
    expect(Object.keys(byUser[`usr-acme-editor`])).toEqual(["organization", "team", "permissions"]);
    expect(byUser["usr-acme-editor"]).toEqual({
      organization: (await env.reader.get(`/orgs/${env.org}/members/usr-acme-editor`)).body,
      team: { role: "member" },
      permissions: { view: true },
    });
    expect(byUser["usr-acme-editor"].organization).toMatchObject({ object: "member", id: "usr-acme-editor", role: "edit", user: { object: "user", id: "usr-acme-editor" } });
    expect(byUser["usr-acme-reader"].team).toEqual({ role: "owner" });
    const first = await env.reader.get(`${base}?limit=1`);
    expect(first.body.count).toBe(1);
    expect(typeof first.body.next.page).toBe("string");
    expect((await listAll(env.reader, base, 1)).length).toBe(2);
    expectError(await env.reader.get(`${base}?limit=1001`), 400, "limit");
  });

  it("PUT members takes user ids or emails in add and remove; a user in both is removed", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "By email" })).body;
    const base = `/orgs/${env.org}/teams/${team.id}/members`;
    const ids = async () => (await listAll(env.reader, base, 1000)).map((m) => (m as { id: string; organization?: { id: string } }).organization!.id).sort();
    const editorEmail = env.emulator.fixture.users.find((u) => u.id === "usr-acme-editor")!.email;
    const readerEmail = env.emulator.fixture.users.find((u) => u.id === "usr-acme-reader")!.email;
    expect((await env.admin.put(base, { add: [editorEmail.toUpperCase(), "usr-acme-reader"] })).status).toBe(204);
    expect(await ids()).toEqual(["usr-acme-editor", "usr-acme-reader"]);
    expect((await env.admin.put(base, { remove: [readerEmail] })).status).toBe(204);
    expect(await ids()).toEqual(["usr-acme-editor"]);
    // In both lists: removed, whether named by id or by email, and whether or not a member before.
    expect((await env.admin.put(base, { add: ["usr-acme-admin", readerEmail], remove: ["usr-acme-admin", "usr-acme-reader", editorEmail] })).status).toBe(204);
    expect(await ids()).toEqual([]);
    // Removing someone who is not there is harmless; adding an unknown email is a 400 naming the entry.
    expect((await env.admin.put(base, { remove: ["nobody@nowhere.test", "usr-acme-editor"] })).status).toBe(204);
    expectError(await env.admin.put(base, { add: ["usr-acme-admin", "nobody@nowhere.test"] }), 400, "add[1]");
    // The outsider's email is a user's, but not an organization member's.
    expectError(await env.admin.put(base, { add: ["oz@acme.test"] }), 400, "add[0]");
    expect(await ids()).toEqual([]);
  });

  it("PUT members sets team roles through memberships", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Roles", members: ["usr-acme-editor"] })).body;
    const base = `/orgs/${env.org}/teams/${team.id}/members`;
    const roles = async () =>
      Object.fromEntries((await env.reader.get(base)).body.items.map((m: { organization: { id: string }; team: { role: string } }) => [m.organization.id, m.team.role]));
    // Memberships apply after the adds: a user added in the same request can be given a role.
    expect((await env.admin.put(base, { add: ["usr-acme-reader"], memberships: { "usr-acme-reader": { role: "owner" } } })).status).toBe(204);
    expect(await roles()).toEqual({ "usr-acme-editor": "member", "usr-acme-reader": "owner" });
    expect((await env.admin.put(base, { memberships: { "usr-acme-editor": { role: "owner" }, "usr-acme-reader": { role: "member" } } })).status).toBe(204);
    expect(await roles()).toEqual({ "usr-acme-editor": "owner", "usr-acme-reader": "member" });
    expectError(await env.admin.put(base, { memberships: { "usr-acme-admin": { role: "owner" } } }), 400, "memberships.usr-acme-admin");
    expectError(await env.admin.put(base, { memberships: { "usr-acme-editor": { role: "boss" } } }), 400, "memberships.usr-acme-editor.role");
    expectError(await env.admin.put(base, { memberships: { "usr-acme-editor": {} } }), 400, "memberships.usr-acme-editor.role");
    expectError(await env.admin.put(base, { memberships: { "usr-acme-editor": "owner" } }), 400, "memberships.usr-acme-editor");
    expectError(await env.admin.put(base, { memberships: { "usr-acme-editor": { role: "owner", colour: "red" } } }), 400, "memberships.usr-acme-editor.colour");
    expectError(await env.admin.put(base, { memberships: ["usr-acme-editor"] }), 400, "memberships");
    expect(await roles()).toEqual({ "usr-acme-editor": "owner", "usr-acme-reader": "member" });
  });

  it("PUT members/{userId} adds or updates one member; a role left out keeps the member's role", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "One by one" })).body;
    const base = `/orgs/${env.org}/teams/${team.id}/members`;
    const roles = async () =>
      Object.fromEntries((await env.reader.get(base)).body.items.map((m: { organization: { id: string }; team: { role: string } }) => [m.organization.id, m.team.role]));
    expect((await env.admin.put(`${base}/usr-acme-editor`)).status).toBe(204);
    expect((await env.admin.put(`${base}/usr-acme-reader`, { role: "owner" })).status).toBe(204);
    expect(await roles()).toEqual({ "usr-acme-editor": "member", "usr-acme-reader": "owner" });
    expect((await env.admin.put(`${base}/usr-acme-reader`, {})).status).toBe(204);
    expect((await env.admin.put(`${base}/usr-acme-editor`, { role: "owner" })).status).toBe(204);
    expect(await roles()).toEqual({ "usr-acme-editor": "owner", "usr-acme-reader": "owner" });
    expectError(await env.admin.put(`${base}/usr-acme-editor`, { role: "admin" }), 400, "role");
  });

  it("DELETE members/{userId} answers 205 with no content when it removed the member, 204 when not a member", async () => {
    const team = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Leavers", members: ["usr-acme-editor"] })).body;
    const url = `${env.emulator.url}/orgs/${env.org}/teams/${team.id}/members/usr-acme-editor`;
    const removed = await fetch(url, { method: "DELETE", headers: { authorization: `Bearer ${env.emulator.fixture.token}` } });
    expect(removed.status).toBe(205);
    expect(removed.headers.get("content-length")).toBe("0");
    expect(await removed.text()).toBe("");
    expect((await env.admin.get(`/orgs/${env.org}/teams/${team.id}`)).body.members).toBe(0);
    expect((await env.admin.del(`/orgs/${env.org}/teams/${team.id}/members/usr-acme-editor`)).status).toBe(204);
    expect((await env.admin.del(`/orgs/${env.org}/teams/${team.id}/members/usr-never`)).status).toBe(204);
    expectError(await env.editor.del(`/orgs/${env.org}/teams/${team.id}/members/usr-acme-editor`), 403);
  });

  it("paginates teams without skipping or repeating while teams are added and deleted between pages", async () => {
    const before = await listAll(env.admin, `/orgs/${env.org}/teams`, 1000);
    for (let i = 0; i < 5; i++) await env.admin.put(`/orgs/${env.org}/teams`, { title: `Page team ${i}` });
    const first = await env.admin.get(`/orgs/${env.org}/teams?limit=3`);
    expect(first.body.count).toBe(3);
    expect(typeof first.body.next.page).toBe("string");
    const seen = first.body.items.map((t: { id: string }) => t.id);
    // Insert one, delete an already-seen one and an unseen one between pages.
    const added = (await env.admin.put(`/orgs/${env.org}/teams`, { title: "Added between pages" })).body.id;
    await env.admin.del(`/orgs/${env.org}/teams/${seen[0]}`);
    const all = await listAll(env.admin, `/orgs/${env.org}/teams`, 1000);
    const unseen = all.map((t) => t.id).filter((id) => !seen.includes(id));
    const removed = unseen[0];
    await env.admin.del(`/orgs/${env.org}/teams/${removed}`);
    let page: string | undefined = first.body.next.page;
    const rest: string[] = [];
    while (page) {
      const reply = await env.admin.get(`/orgs/${env.org}/teams?limit=3&page=${page}`);
      rest.push(...reply.body.items.map((t: { id: string }) => t.id));
      page = reply.body.next?.page;
    }
    const expected = unseen.filter((id) => id !== removed);
    expect(rest).toEqual(expected);
    expect(rest).toContain(added);
    expect(new Set([...seen, ...rest]).size).toBe(seen.length + rest.length);
    // Six created, one unseen deleted; the deleted seen team was still served on page one.
    expect(seen.length + rest.length).toBe(before.length + 6 - 1);
  });

  it("uses a default page size of 50 and a maximum of 1000", async () => {
    for (let i = 0; i < 55; i++) await env.admin.put(`/orgs/${env.org}/teams`, { title: `Bulk ${i}` });
    const reply = await env.admin.get(`/orgs/${env.org}/teams`);
    expect(reply.body.count).toBe(50);
    expect(reply.body.next).toBeDefined();
    expect((await env.admin.get(`/orgs/${env.org}/teams?limit=1000`)).body.next).toBeUndefined();
    expectError(await env.admin.get(`/orgs/${env.org}/teams?limit=1001`), 400, "limit");
  });

  it("validates team title length: 1..64 on create and rename", async () => {
    const created = await env.admin.put(`/orgs/${env.org}/teams`, { title: repeat(64) });
    expect(created.status).toBe(201);
    expect((await env.admin.put(`/orgs/${env.org}/teams`, { title: "a" })).status).toBe(201);
    expectError(await env.admin.put(`/orgs/${env.org}/teams`, { title: repeat(65) }), 400, "title");
    expectError(await env.admin.put(`/orgs/${env.org}/teams`, { title: "" }), 400, "title");
    const path = `/orgs/${env.org}/teams/${created.body.id}`;
    expect((await env.admin.patch(path, { title: repeat(64, "b") })).status).toBe(200);
    expect((await env.admin.patch(path, { title: "b" })).status).toBe(200);
    expectError(await env.admin.patch(path, { title: repeat(65) }), 400, "title");
    expectError(await env.admin.patch(path, { title: "" }), 400, "title");
  });
});
