import { describe, expect, it } from "vitest";
import { expectError, useEmulator } from "./helpers.ts";

const env = useEmulator();
const base = () => `/orgs/${env.org}/translations`;
const doc = { object: "document", data: { schemaVersion: 1 }, nodes: [] };

describe("translations", () => {
  it("creates (201), reads, replaces instructions, runs, lists and deletes (205, then 204 when missing)", async () => {
    expectError(await env.admin.post(base(), {}), 400, "language");
    expectError(await env.admin.post(base(), { language: "klingon" }), 400, "language");
    expectError(await env.admin.post(base(), { language: "fr", source: { space: "missing" } }), 400, "source.space");
    expectError(await env.editor.post(base(), { language: "fr" }), 403);
    const created = await env.admin.post(base(), { language: "fr", source: { space: env.spaces[0], language: "en" }, instructions: doc });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "translation", language: "fr", status: "pending", source: { space: env.spaces[0] }, stats: { runs: 0 } });
    const id = created.body.id;
    const replaced = await env.admin.put(`${base()}/${id}`, { instructions: { ...doc, nodes: [{ object: "block", type: "paragraph" }] } });
    expect(replaced.body.instructions.nodes).toHaveLength(1);
    expectError(await env.admin.put(`${base()}/${id}`, { instructions: { object: "note" } }), 400, "instructions");
    expect((await env.admin.post(`${base()}/${id}/run`)).status).toBe(204);
    expect((await env.reader.get(`${base()}/${id}`)).body.stats.runs).toBe(1);
    expect((await env.reader.get(base())).body.items.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await env.admin.del(`${base()}/${id}`)).status).toBe(205);
    expectError(await env.reader.get(`${base()}/${id}`), 404);
    expect((await env.admin.del(`${base()}/${id}`)).status).toBe(204);
  });
});
