import { describe, expect, it } from "vitest";
import { control, expectError, repeat, useEmulator } from "./helpers.ts";

// A long processing time so states only change when the test advances the emulator clock.
const env = useEmulator({ openapiProcessingMs: 60_000 });
const base = () => `/orgs/${env.org}/openapi`;
const advance = (ms: number) => control(env.emulator).post("/clock", { advanceMs: ms });

describe("OpenAPI specifications", () => {
  it("creates a spec (201) that processes pending -> progress -> complete", async () => {
    const created = await env.admin.post(base(), { slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "openapi-spec",
      slug: "petstore",
      processingState: "pending",
      visibility: "private",
      sourceURL: "https://specs.example.com/petstore.yaml",
    });
    expect(created.body.lastProcessedAt).toBeUndefined();
    await advance(15_000);
    expect((await env.reader.get(`${base()}/petstore`)).body.processingState).toBe("progress");
    await advance(45_000);
    const done = (await env.reader.get(`${base()}/petstore`)).body;
    expect(done.processingState).toBe("complete");
    expect(done.lastProcessedAt).toBe(new Date(Date.parse(created.body.createdAt) + 60_000).toISOString());
    expect(done.lastProcessErrorCode).toBeUndefined();
  });

  it("fails processing for unreachable or failing sources with lastProcessErrorCode", async () => {
    await env.admin.post(base(), { slug: "slow", source: { url: "https://api.unreachable.invalid/spec.json" } });
    await env.admin.post(base(), { slug: "broken", source: { url: "https://specs.example.com/fail.yaml" } });
    await advance(60_000);
    const slow = (await env.reader.get(`${base()}/slow`)).body;
    expect(slow).toMatchObject({ processingState: "failed", lastProcessErrorCode: "FETCH_TIMEOUT" });
    expect(slow.lastProcessedErrors[0].code).toBe("FETCH_TIMEOUT");
    expect((await env.reader.get(`${base()}/broken`)).body).toMatchObject({ processingState: "failed", lastProcessErrorCode: "INVALID_SPEC" });
  });

  it("also processes on real time with a short delay", async () => {
    await control(env.emulator).put("/settings", { openapiProcessingMs: 40 });
    await env.admin.post(base(), { slug: "quick", source: { url: "https://specs.example.com/quick.yaml" } });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await env.reader.get(`${base()}/quick`)).body.processingState).toBe("complete");
    await control(env.emulator).put("/settings", { openapiProcessingMs: 60_000 });
  });

  it("validates the slug pattern, the source URL and answers 409 for a taken slug", async () => {
    for (const slug of ["-bad", "bad-", "a--b", "has space", "under_score", ""]) {
      expectError(await env.admin.post(base(), { slug, source: { url: "https://x.example/a" } }), 400, "slug");
    }
    expect((await env.admin.post(base(), { slug: "Mixed-Case-9", source: { url: "https://x.example/a" } })).status).toBe(201);
    expectError(await env.admin.post(base(), { slug: "Mixed-Case-9", source: { url: "https://x.example/a" } }), 409, "slug");
    expectError(await env.admin.post(base(), { slug: "nosource" }), 400, "source");
    expectError(await env.admin.post(base(), { slug: "badurl", source: { url: "ftp://x" } }), 400, "source.url");
    expectError(await env.admin.put(`${base()}/bad--slug`, { source: { url: "https://x.example/a" } }), 400, "slug");
    expectError(await env.editor.post(base(), { slug: "denied", source: { url: "https://x.example/a" } }), 403);
    expect((await env.admin.post(base(), { slug: repeat(100, "s"), source: { url: "https://x.example/a" } })).status).toBe(201);
  });

  it("limits slugs to 1..100 characters (DESIGN.md 8) on POST and on a PUT that creates", async () => {
    const source = { url: "https://x.example/a" };
    expect((await env.admin.post(base(), { slug: "1", source })).status).toBe(201);
    expectError(await env.admin.post(base(), { slug: repeat(101, "s"), source }), 400, "slug");
    expect((await env.admin.put(`${base()}/${repeat(100, "p")}`, { source })).status).toBe(201);
    expectError(await env.admin.put(`${base()}/${repeat(101, "p")}`, { source }), 400, "slug");
  });

  it("adds a version per create and per replace; PUT creates (201) when missing and replaces (200) otherwise", async () => {
    const created = await env.admin.put(`${base()}/versioned`, { source: { url: "https://specs.example.com/v1.yaml" } });
    expect(created.status).toBe(201);
    await advance(60_000);
    const replaced = await env.admin.put(`${base()}/versioned`, { source: { url: "https://specs.example.com/v2.yaml" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ processingState: "pending", sourceURL: "https://specs.example.com/v2.yaml", id: created.body.id });
    expect(replaced.body.lastVersion).not.toBe(created.body.lastVersion);
    const versions = (await env.reader.get(`${base()}/versioned/versions`)).body;
    expect(versions.count).toBe(2);
    expect(versions.items.map((v: { url: string }) => v.url)).toEqual(["https://specs.example.com/v2.yaml", "https://specs.example.com/v1.yaml"]);
    expect(versions.items[0].object).toBe("openapi-spec-version");
    const latest = await env.reader.get(`${base()}/versioned/versions/latest`);
    expect(latest.body.id).toBe(replaced.body.lastVersion);
    const first = await env.reader.get(`${base()}/versioned/versions/${created.body.lastVersion}`);
    expect(first.body.url).toBe("https://specs.example.com/v1.yaml");
    const content = await env.reader.get(`${base()}/versioned/versions/latest/content`);
    expect(content.body.url).toBe("https://specs.example.com/v2.yaml");
    expect(typeof content.body.filesystem).toBe("object");
    expectError(await env.reader.get(`${base()}/versioned/versions/missing`), 404);
    expectError(await env.reader.get(`${base()}/missing/versions`), 404);
  });

  it("changes visibility, rejecting other values", async () => {
    await env.admin.post(base(), { slug: "visible", source: { url: "https://x.example/a" } });
    expect((await env.admin.patch(`${base()}/visible`, { visibility: "public" })).body.visibility).toBe("public");
    expectError(await env.admin.patch(`${base()}/visible`, { visibility: "secret" }), 400, "visibility");
    expectError(await env.admin.patch(`${base()}/visible`, {}), 400, "visibility");
    expectError(await env.admin.patch(`${base()}/missing`, { visibility: "public" }), 404);
  });

  it("lists and deletes specs (205, then 204 when missing)", async () => {
    await env.admin.post(base(), { slug: "doomed", source: { url: "https://x.example/a" } });
    expect((await env.reader.get(base())).body.items.map((s: { slug: string }) => s.slug)).toContain("doomed");
    expectError(await env.editor.del(`${base()}/doomed`), 403);
    expect((await env.admin.del(`${base()}/doomed`)).status).toBe(205);
    expectError(await env.reader.get(`${base()}/doomed`), 404);
    expect((await env.admin.del(`${base()}/doomed`)).status).toBe(204);
  });
});
