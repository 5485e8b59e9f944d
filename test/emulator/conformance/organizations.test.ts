import { describe, expect, it } from "vitest";
import { call, client, expectError, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();

describe("authentication and roles", () => {
  it("answers 401 without a token and with an unknown token", async () => {
    expectError(await env.anonymous.get(`/orgs/${env.org}`), 401);
    expectError(await client(env.emulator, "no-such-token").get(`/orgs/${env.org}`), 401, "unknown token");
    expectError(await call(`${env.emulator.url}/orgs/${env.org}`, "GET", undefined), 401, "Authorization");
  });

  it("answers 403 to a non-member and to a role that is too low", async () => {
    expectError(await env.otherAdmin.get(`/orgs/${env.org}`), 403, "not a member");
    expectError(await env.editor.patch(`/orgs/${env.org}`, { title: "Nope" }), 403, "admin");
    expectError(await env.reader.patch(`/orgs/${env.org}`, { title: "Nope" }), 403);
  });

  it("answers 404 for an unknown organization and an unknown route", async () => {
    expectError(await env.admin.get("/orgs/org-missing"), 404, "org-missing");
    expectError(await env.admin.get("/no-such-thing"), 404);
    expectError(await env.admin.post(`/orgs/${env.org}`), 405);
  });
});

describe("organizations", () => {
  it("lists only the caller's organizations in the envelope", async () => {
    const reply = await env.admin.get("/orgs");
    expect(reply.status).toBe(200);
    expect(reply.body.count).toBe(1);
    expect(reply.body.items.map((o: { id: string }) => o.id)).toEqual([env.org]);
    expect(reply.body.next).toBeUndefined();
  });

  it("returns the organization with object, ISO timestamps, absolute urls and role-based permissions", async () => {
    const admin = (await env.admin.get(`/orgs/${env.org}`)).body;
    expect(admin.object).toBe("organization");
    expect(new Date(admin.createdAt).toISOString()).toBe(admin.createdAt);
    expect(admin.urls.location).toBe(`${env.emulator.url}/orgs/${env.org}`);
    expect(admin.urls.app.startsWith(env.emulator.origin)).toBe(true);
    expect(admin.permissions.admin).toBe(true);
    const reader = (await env.reader.get(`/orgs/${env.org}`)).body;
    expect(reader.permissions).toMatchObject({ view: true, admin: false, createContent: false, listMembers: true });
    const editor = (await env.editor.get(`/orgs/${env.org}`)).body;
    expect(editor.permissions).toMatchObject({ admin: false, createContent: false });
  });

  it("patches fields and enforces the title (2..255) and hostname (3..32) limits at and past their edges", async () => {
    expectError(await env.admin.patch(`/orgs/${env.org}`, { title: "a" }), 400, "title");
    expect((await env.admin.patch(`/orgs/${env.org}`, { title: "ab" })).status).toBe(200);
    expect((await env.admin.patch(`/orgs/${env.org}`, { title: repeat(255) })).body.title).toBe(repeat(255));
    expectError(await env.admin.patch(`/orgs/${env.org}`, { title: repeat(256) }), 400, "title");
    expectError(await env.admin.patch(`/orgs/${env.org}`, { hostname: "ab" }), 400, "hostname");
    expect((await env.admin.patch(`/orgs/${env.org}`, { hostname: "abc" })).body.hostname).toBe("abc");
    expect((await env.admin.patch(`/orgs/${env.org}`, { hostname: repeat(32, "h") })).status).toBe(200);
    expectError(await env.admin.patch(`/orgs/${env.org}`, { hostname: repeat(33, "h") }), 400, "hostname");
    const patched = await env.admin.patch(`/orgs/${env.org}`, { title: "Acme", sso: true, ai: true, defaultRole: "read", emailDomains: ["acme.test"] });
    expect(patched.body).toMatchObject({ title: "Acme", sso: true, ai: true, defaultRole: "read" });
    expect((await env.admin.get(`/orgs/${env.org}`)).body.title).toBe("Acme");
  });

  it("answers 409 for a hostname another organization uses", async () => {
    expect((await env.otherAdmin.patch(`/orgs/${env.otherOrg}`, { hostname: "globex" })).status).toBe(200);
    expectError(await env.admin.patch(`/orgs/${env.org}`, { hostname: "globex" }), 409, "hostname");
  });

  it("rejects bad enums, bad types, unknown fields and a logo that is not a URI or is too long", async () => {
    expectError(await env.admin.patch(`/orgs/${env.org}`, { defaultRole: "owner" }), 400, "defaultRole");
    expectError(await env.admin.patch(`/orgs/${env.org}`, { sso: "yes" }), 400, "sso");
    expectError(await env.admin.patch(`/orgs/${env.org}`, { colour: "red" }), 400, "colour");
    expectError(await env.admin.patch(`/orgs/${env.org}`, { logo: "not a uri" }), 400, "logo");
    const base = "https://cdn.example.com/";
    expect((await env.admin.patch(`/orgs/${env.org}`, { logo: base + repeat(2048 - base.length) })).status).toBe(200);
    expectError(await env.admin.patch(`/orgs/${env.org}`, { logo: base + repeat(2049 - base.length) }), 400, "logo");
    expectError(await env.admin.patch(`/orgs/${env.org}`, { defaultContent: { type: "site", site: "missing" } }), 400, "defaultContent.site");
  });

  it("rejects invalid JSON bodies", async () => {
    const res = await fetch(`${env.emulator.url}/orgs/${env.org}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${env.emulator.fixture.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("JSON");
  });

  it("deletes invites with 204, also when they do not exist", async () => {
    expect((await env.admin.del(`/orgs/${env.org}/link-invites/inv-acme-1`)).status).toBe(204);
    expect((await env.admin.del(`/orgs/${env.org}/link-invites/inv-acme-1`)).status).toBe(204);
    expectError(await env.editor.del(`/orgs/${env.org}/link-invites/inv-acme-1`), 403);
  });

  it("lets a user join when their email domain is allowed, and refuses otherwise", async () => {
    const outsider = client(env.emulator, "tok-outsider");
    expectError(await outsider.get(`/orgs/${env.org}/members`), 403);
    expectError(await outsider.post(`/orgs/${env.otherOrg}/join`), 403, "email domain");
    expect((await outsider.post(`/orgs/${env.org}/join`)).status).toBe(204);
    const member = await env.admin.get(`/orgs/${env.org}/members/usr-outsider`);
    expect(member.status).toBe(200);
    expect((await outsider.post(`/orgs/${env.org}/join`)).status).toBe(204);
  });

  it("reads and replaces agent instructions, validating the document", async () => {
    const empty = await env.reader.get(`/orgs/${env.org}/agent-instructions`);
    expect(empty.body).toMatchObject({ object: "agent-instructions", instructions: { object: "document", nodes: [] } });
    const instructions = { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "block", type: "paragraph", nodes: [] }] };
    expectError(await env.editor.put(`/orgs/${env.org}/agent-instructions`, { instructions }), 403);
    expectError(await env.admin.put(`/orgs/${env.org}/agent-instructions`, {}), 400, "instructions");
    expectError(
      await env.admin.put(`/orgs/${env.org}/agent-instructions`, { instructions: { object: "document", data: { schemaVersion: "1" }, nodes: [] } }),
      400,
      "schemaVersion",
    );
    const put = await env.admin.put(`/orgs/${env.org}/agent-instructions`, { instructions });
    expect(put.status).toBe(200);
    expect(put.body.updatedBy).toBe("usr-acme-admin");
    expect((await env.reader.get(`/orgs/${env.org}/agent-instructions`)).body.instructions).toEqual(instructions);
  });

  it("agent instructions: a document of blocks, one per organization, each PUT replacing it whole", async () => {
    const path = `/orgs/${env.org}/agent-instructions`;
    const block = (text: string) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] });
    const two = { object: "document", data: { schemaVersion: 1, extra: "kept" }, nodes: [block("One"), block("Two")] };
    expectError(await env.admin.put(path, { instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "text" }] } }), 400, "instructions.nodes[0].object");
    expectError(
      await env.admin.put(path, { instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "block", type: "" }] } }),
      400,
      "instructions.nodes[0].type",
    );
    expectError(await env.admin.put(path, { instructions: two, other: true }), 400, "other");
    expect((await env.admin.put(path, { instructions: two })).body.instructions).toEqual(two);
    const one = { object: "document", data: { schemaVersion: 1 }, nodes: [block("One")] };
    const replaced = await env.admin.put(path, { instructions: one });
    expect(replaced.body).toMatchObject({ object: "agent-instructions", instructions: one, updatedBy: "usr-acme-admin" });
    expect(Date.parse(replaced.body.updatedAt)).not.toBeNaN();
    expect((await env.reader.get(path)).body.instructions).toEqual(one);
    // The other organization's document is its own, still empty.
    expect((await env.otherAdmin.get(`/orgs/${env.otherOrg}/agent-instructions`)).body.instructions).toEqual({ object: "document", data: { schemaVersion: 1 }, nodes: [] });
    expectError(await env.otherAdmin.get(path), 403);
    expectError(await env.admin.get("/orgs/no-such-org/agent-instructions"), 404);
  });

  it("finds organizations by email domain", async () => {
    const reply = await env.admin.get("/email-domains/globex.test/orgs");
    expect(reply.status).toBe(200);
    expect(reply.body.organizations.map((o: { id: string }) => o.id)).toEqual([env.otherOrg]);
    expect((await env.admin.get("/email-domains/nowhere.test/orgs")).body.organizations).toEqual([]);
  });

  it("searches with a required query of at most 512 characters and finds nothing", async () => {
    expectError(await env.reader.get(`/orgs/${env.org}/search`), 400, "query");
    expect((await env.reader.get(`/orgs/${env.org}/search?query=${repeat(512)}`)).body).toEqual({ items: [], count: 0 });
    expectError(await env.reader.get(`/orgs/${env.org}/search?query=${repeat(513)}`), 400, "query");
  });

  it("rejects a list limit above 1000, accepts 1000, and answers limit=0 with an empty page whose next starts where it did (DESIGN.md 8)", async () => {
    expect((await env.admin.get("/orgs?limit=1000")).status).toBe(200);
    expectError(await env.admin.get("/orgs?limit=1001"), 400, "limit");
    const empty = await env.admin.get(`/orgs/${env.org}/spaces?limit=0`);
    expect(empty.status).toBe(200);
    expect(empty.body.items).toEqual([]);
    const all = (await env.admin.get(`/orgs/${env.org}/spaces?limit=1000`)).body.items.map((s: { id: string }) => s.id);
    const after = await env.admin.get(`/orgs/${env.org}/spaces?limit=1000&page=${empty.body.next.page}`);
    expect(after.body.items.map((s: { id: string }) => s.id)).toEqual(all);
    expectError(await env.admin.get("/orgs?page=garbage"), 400, "page");
  });
});
