import { describe, expect, it } from "vitest";
import { expectError, useEmulator } from "./helpers.ts";

const env = useEmulator();
const base = () => `/orgs/${env.org}/translations`;
const doc = { object: "document", data: { schemaVersion: 1 }, nodes: [] };

describe("translations", () => {
  it("creates (201), reads, replaces instructions, runs, lists and deletes (205, then 204 when missing)", async () => {
    expectError(await env.admin.post(base(), {}), 400, "language");
    expectError(await env.admin.post(base(), { language: "klingon" }), 400, "language");
    expectError(await env.admin.post(base(), { language: "fr", source: { space: "missing", language: "en" } }), 400, "source.space");
    expectError(await env.editor.post(base(), { language: "fr", source: { space: env.spaces[0], language: "en" } }), 403);
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

describe("translations: documents, runs and isolation", () => {
  const paragraph = { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Keep names", marks: [] }] }] };

  it("takes a document's blocks (API.md 2.3) and refuses a top-level node that is not a block", async () => {
    const created = await env.admin.post(base(), { language: "de", source: { space: env.spaces[0], language: "en" }, instructions: { ...doc, nodes: [paragraph] } });
    expect(created.status).toBe(201);
    // Stored as sent: the nodes inside a block (text, leaves) come back unchanged.
    expect((await env.reader.get(`${base()}/${created.body.id}`)).body.instructions).toEqual({ ...doc, nodes: [paragraph] });
    expectError(await env.admin.put(`${base()}/${created.body.id}`, { instructions: { ...doc, nodes: [{ object: "text" }] } }), 400, "instructions.nodes[0].object");
    expectError(await env.admin.put(`${base()}/${created.body.id}`, { instructions: { ...doc, nodes: [{ object: "block" }] } }), 400, "instructions.nodes[0].type");
    expectError(await env.admin.put(`${base()}/${created.body.id}`, { instructions: { ...doc, nodes: [{ ...paragraph, isVoid: "no" }] } }), 400, "isVoid");
    expectError(await env.admin.post(base(), { language: "de", source: { space: env.spaces[0], language: "xx" } }), 400, "source.language");
    expectError(await env.admin.post(base(), { language: "de", source: { space: env.spaces[0], language: "en", other: 1 } }), 400, "source.other");
    expect((await env.admin.del(`${base()}/${created.body.id}`)).status).toBe(205);
  });

  it("counts every run in stats.runs, one per POST .../run, and leaves the rest of the translation alone", async () => {
    const created = await env.admin.post(base(), { language: "es", source: { space: env.spaces[0], language: "en" } });
    const id = created.body.id;
    expect(created.body.stats.runs).toBe(0);
    for (const expected of [1, 2, 3]) {
      expect((await env.admin.post(`${base()}/${id}/run`)).status).toBe(204);
      const after = await env.reader.get(`${base()}/${id}`);
      expect(after.body.stats.runs).toBe(expected);
      expect(after.body).toMatchObject({ language: "es", source: { space: env.spaces[0] }, createdAt: created.body.createdAt });
    }
    // A PUT of instructions is not a run.
    await env.admin.put(`${base()}/${id}`, { instructions: doc });
    expect((await env.reader.get(`${base()}/${id}`)).body.stats.runs).toBe(3);
    expectError(await env.editor.post(`${base()}/${id}/run`), 403);
    await env.admin.del(`${base()}/${id}`);
    expectError(await env.admin.post(`${base()}/${id}/run`), 404);
    expectError(await env.admin.put(`${base()}/${id}`, { instructions: doc }), 404);
  });

  it("keeps each organization's translations to itself", async () => {
    const created = await env.admin.post(base(), { language: "it", source: { space: env.spaces[0], language: "en" } });
    const id = created.body.id;
    const foreign = `/orgs/${env.otherOrg}/translations/${id}`;
    expectError(await env.otherAdmin.get(foreign), 404);
    expectError(await env.otherAdmin.post(`${foreign}/run`), 404);
    // Deleting it from the other organization finds nothing there: 204, and it stays.
    expect((await env.otherAdmin.del(foreign)).status).toBe(204);
    expect((await env.reader.get(`${base()}/${id}`)).status).toBe(200);
    expect((await env.otherAdmin.get(`/orgs/${env.otherOrg}/translations`)).body.items).toEqual([]);
    expectError(await env.otherAdmin.post(`/orgs/${env.otherOrg}/translations`, { language: "it", source: { space: env.spaces[0], language: "en" } }), 400, "source.space");
    await env.admin.del(`${base()}/${id}`);
  });
});
