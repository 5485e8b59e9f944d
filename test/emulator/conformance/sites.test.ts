import { describe, expect, it } from "vitest";
import { expectError, repeat, useEmulator } from "./helpers.ts";

const env = useEmulator();
const sites = () => `/orgs/${env.org}/sites`;

async function newSite(body: Record<string, unknown> = {}) {
  const reply = await env.admin.post(sites(), { title: "Docs", ...body });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; [key: string]: unknown };
}

const schema = {
  type: "object",
  properties: {
    unsigned: { type: "object", properties: { betaUser: { type: "boolean" } }, additionalProperties: false },
    isAdmin: { type: "boolean", description: "admin" },
  },
  additionalProperties: false,
};

describe("sites", () => {
  it("creates an unpublished basic site whose spaces become root site spaces, the first one default", async () => {
    expectError(await env.editor.post(sites(), { title: "x" }), 403);
    const site = await newSite({ spaces: [env.spaces[0], env.spaces[1]], visibility: "unlisted" });
    expect(site).toMatchObject({ object: "site", type: "basic", published: false, visibility: "unlisted", siteSpaces: 2, adaptiveContent: { enabled: false } });
    expect((site.urls as { location: string }).location).toBe(`${env.emulator.url}/orgs/${env.org}/sites/${site.id}`);
    const siteSpaces = (await env.reader.get(`${sites()}/${site.id}/site-spaces`)).body.items;
    expect(siteSpaces.map((ss: { space: { id: string }; default: boolean; section: null }) => [ss.space.id, ss.default, ss.section])).toEqual([
      [env.spaces[0], true, null],
      [env.spaces[1], false, null],
    ]);
    expectError(await env.admin.post(sites(), { spaces: ["missing"] }), 400, "spaces[0]");
    expectError(await env.admin.post(sites(), { type: "giant" }), 400, "type");
    expectError(await env.admin.post(sites(), { visibility: "private" }), 400, "visibility");
  });

  it("limits titles to 2..128 characters (DESIGN.md 8) on create and patch", async () => {
    const site = await newSite({ title: "ab" });
    expect((await env.admin.post(sites(), { title: repeat(128) })).status).toBe(201);
    expectError(await env.admin.post(sites(), { title: "a" }), 400, "title");
    expectError(await env.admin.post(sites(), { title: repeat(129) }), 400, "title");
    expect((await env.admin.patch(`${sites()}/${site.id}`, { title: repeat(128, "b") })).body.title).toBe(repeat(128, "b"));
    expect((await env.admin.patch(`${sites()}/${site.id}`, { title: "bc" })).body.title).toBe("bc");
    expectError(await env.admin.patch(`${sites()}/${site.id}`, { title: "b" }), 400, "title");
    expectError(await env.admin.patch(`${sites()}/${site.id}`, { title: repeat(129) }), 400, "title");
  });

  it("gets a site and answers 404 (no match) for a missing one", async () => {
    const site = await newSite();
    expect((await env.reader.get(`${sites()}/${site.id}`)).body.id).toBe(site.id);
    expectError(await env.reader.get(`${sites()}/missing`), 404);
    expectError(await env.otherAdmin.get(`/orgs/${env.otherOrg}/sites/${site.id}`), 404);
  });

  it("patches fields; proxy follows its pattern and null removes it", async () => {
    const site = await newSite();
    const path = `${sites()}/${site.id}`;
    const patched = await env.admin.patch(path, { title: "Renamed", basename: "docs", agentsContext: "excluded", adaptiveContent: { enabled: true }, proxy: "example.com/docs" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Renamed", basename: "docs", agentsContext: "excluded", adaptiveContent: { enabled: true } });
    expect(patched.body.proxy.origin).toBe("https://example.com/docs");
    expectError(await env.admin.patch(path, { proxy: "example.com" }), 400, "proxy");
    expectError(await env.admin.patch(path, { proxy: "not a proxy/x" }), 400, "proxy");
    const removed = await env.admin.patch(path, { proxy: null });
    expect(removed.body.proxy).toBeUndefined();
    expect((await env.admin.get(path)).body.proxy).toBeUndefined();
    expectError(await env.admin.patch(path, { agentsContext: "maybe" }), 400, "agentsContext");
    expectError(await env.reader.patch(path, { title: "no" }), 403);
  });

  it("checks the hostname pattern and answers 409 for a hostname another site uses", async () => {
    const a = await newSite();
    const b = await newSite();
    expectError(await env.admin.patch(`${sites()}/${a.id}`, { hostname: "docs.example" }), 400, "hostname");
    expectError(await env.admin.patch(`${sites()}/${a.id}`, { hostname: "Docs.Example.com" }), 400, "hostname");
    expect((await env.admin.patch(`${sites()}/${a.id}`, { hostname: "docs.example.com" })).body.hostname).toBe("docs.example.com");
    expectError(await env.admin.patch(`${sites()}/${b.id}`, { hostname: "docs.example.com" }), 409, "hostname");
  });

  it("publishes and unpublishes (admin only) and filters the list by title, published and space", async () => {
    const site = await newSite({ title: "Filterable Portal", spaces: [env.spaces[2]] });
    expectError(await env.editor.post(`${sites()}/${site.id}/publish`), 403);
    expect((await env.admin.post(`${sites()}/${site.id}/publish`)).body.published).toBe(true);
    const ids = async (query: string) => (await env.reader.get(`${sites()}?${query}`)).body.items.map((s: { id: string }) => s.id);
    expect(await ids("title=filterable")).toEqual([site.id]);
    expect(await ids("published=true")).toEqual([site.id]);
    expect(await ids(`space=${env.spaces[2]}`)).toEqual([site.id]);
    expect((await env.admin.post(`${sites()}/${site.id}/unpublish`)).body.published).toBe(false);
    expect(await ids("published=true")).toEqual([]);
    expectError(await env.reader.get(`${sites()}?published=yes`), 400, "published");
  });

  it("deletes a site (205, then 204 when missing)", async () => {
    const site = await newSite({ spaces: [env.spaces[0]] });
    expect((await env.admin.del(`${sites()}/${site.id}`)).status).toBe(205);
    expectError(await env.admin.get(`${sites()}/${site.id}`), 404);
    expect((await env.admin.del(`${sites()}/${site.id}`)).status).toBe(204);
  });

  it("stores an adaptive schema that follows the draft-07 shape rules and derives template conditions", async () => {
    const site = await newSite();
    const path = `${sites()}/${site.id}/adaptive-schema`;
    expectError(await env.reader.get(path), 404);
    expect((await env.reader.get(`${path}/template-conditions`)).body).toEqual({ items: [] });
    const saved = await env.admin.put(path, { jsonSchema: schema });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ object: "site-adaptive-schema", jsonSchema: schema });
    expect((await env.reader.get(path)).body.jsonSchema).toEqual(schema);
    const conditions = (await env.reader.get(`${path}/template-conditions`)).body.items.map((i: { condition: string }) => i.condition);
    expect(conditions).toEqual(["visitor.claims.unsigned.betaUser === true", "visitor.claims.isAdmin === true"]);
    const bad = (change: Record<string, unknown>) => env.admin.put(path, { jsonSchema: { ...schema, ...change } });
    expectError(await env.admin.put(path, {}), 400, "jsonSchema");
    expectError(await bad({ type: "array" }), 400, "jsonSchema.type");
    expectError(await bad({ additionalProperties: true }), 400, "jsonSchema.additionalProperties");
    expectError(await bad({ properties: { ...schema.properties, age: { type: "number" } } }), 400, "jsonSchema.properties.age");
    expectError(await bad({ properties: { isAdmin: { type: "boolean" } } }), 400, "unsigned");
    expectError(
      await bad({ properties: { unsigned: { type: "object", properties: { x: { type: "string" } }, additionalProperties: false } } }),
      400,
      "jsonSchema.properties.unsigned.properties.x",
    );
    expectError(await bad({ properties: { unsigned: { type: "object", properties: {} } } }), 400, "unsigned.additionalProperties");
  });

  it("serves the published profile only when published, with the shareKey for share-link sites", async () => {
    const site = await newSite({ visibility: "share-link", spaces: [env.spaces[0]] });
    const path = `${sites()}/${site.id}/published`;
    expectError(await env.reader.get(path), 404, "not published");
    await env.admin.post(`${sites()}/${site.id}/publish`);
    expectError(await env.reader.get(path), 404, "shareKey");
    const shareKey = new URL((site.urls as { published: string }).published).searchParams.get("shareKey");
    const profile = await env.reader.get(`${path}?shareKey=${shareKey}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ object: "published-content-site", site: { id: site.id }, structure: { type: "siteSpaces" }, scripts: [] });
    expect(profile.body.structure.structure).toHaveLength(1);
    await env.admin.post(`${sites()}/${site.id}/sections`, { spaceId: env.spaces[1], title: "Two" });
    const withSections = await env.reader.get(`${path}?shareKey=${shareKey}`);
    expect(withSections.body.structure.type).toBe("sections");
  });
});
