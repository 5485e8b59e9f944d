import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/open-api-spec.ts";
import { failedProperties, type Harness, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

const PROCESSING_MS = 150;

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  h = await startHarness({ openapiProcessingMs: PROCESSING_MS });
  org = h.organizationId;
  provider = providerOf(definition, h.client);
});
afterAll(async () => {
  await h?.close();
});

const url = (name: string) => `https://specs.example.com/${name}.yaml`;
const getSpec = async (slug: string) => h.api("GET", `/orgs/${org}/openapi/${slug}`);

async function setProcessingMs(openapiProcessingMs: number): Promise<void> {
  const response = await fetch(`${h.emulator.controlUrl}/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ openapiProcessingMs }),
  });
  expect(response.status).toBe(200);
}

describe("OpenApiSpec check", () => {
  const base = () => ({ organizationId: "o", slug: "petstore", source: { url: url("petstore") } });
  const failuresOf = async (extra: Record<string, unknown>) => failedProperties(provider, { ...base(), ...extra });

  it("requires organizationId, slug and source", async () => {
    expect(await failedProperties(provider, {})).toEqual(["organizationId", "slug", "source"]);
    expect(await failuresOf({ organizationId: "" })).toEqual(["organizationId"]);
    expect(await failuresOf({})).toEqual([]);
  });

  it("checks the slug pattern of API.md 2.18 at its edges", async () => {
    for (const slug of ["a", "A1", "pet-store", "v2-b-3"]) expect(await failuresOf({ slug })).toEqual([]);
    for (const slug of ["", "-a", "a-", "a--b", "a_b", "a b", "a.b"]) expect(await failuresOf({ slug })).toEqual(["slug"]);
    expect(await failuresOf({ slug: "s".repeat(100) })).toEqual([]);
    expect(await failuresOf({ slug: "s".repeat(101) })).toEqual(["slug"]);
    expect((await provider.check({}, { ...base(), slug: "a--b" })).failures?.[0]?.reason).toMatch(/slug: must be letters and digits/);
  });

  it("checks the slug is 1..100 characters (DESIGN.md 8), at and past the edge", async () => {
    expect(await failuresOf({ slug: "s".repeat(100) })).toEqual([]);
    expect(await failuresOf({ slug: "s".repeat(50) + "-" + "s".repeat(49) })).toEqual([]);
    expect(await failuresOf({ slug: "s".repeat(101) })).toEqual(["slug"]);
    expect((await provider.check({}, { ...base(), slug: "s".repeat(101) })).failures?.[0]?.reason).toMatch(/slug: must be at most 100 characters/);
  });

  it("requires source.url to be a URI, and nothing else in source", async () => {
    expect(await failuresOf({ source: { url: "not a url" } })).toEqual(["source.url"]);
    expect(await failuresOf({ source: {} })).toEqual(["source.url"]);
    expect(await failuresOf({ source: { url: url("x"), ref: "main" } })).toEqual(["source.ref"]);
    expect(await failuresOf({ source: url("x") })).toEqual(["source"]);
    // An absolute http(s) URL of at most 2048 characters, with nothing the URL parser would drop.
    const long = (length: number) => `https://specs.example.com/${"p".repeat(length - "https://specs.example.com/".length)}`;
    expect(await failuresOf({ source: { url: long(2048) } })).toEqual([]);
    expect(await failuresOf({ source: { url: "http://specs.example.com/a.yaml" } })).toEqual([]);
    for (const bad of [
      long(2049),
      ` ${url("x")}`,
      `${url("x")} `,
      `${url("x")}\n`,
      `\t${url("x")}`,
      `${url("x")}\u0000`,
      "ftp://specs.example.com/a.yaml",
      "mailto:api@example.com",
      "file:///etc/passwd",
    ]) {
      expect(await failuresOf({ source: { url: bad } }), JSON.stringify(bad)).toEqual(["source.url"]);
    }
    expect((await provider.check({}, { ...base(), source: { url: `${url("x")}\n` } })).failures?.[0]?.reason).toMatch(
      /source.url: must not contain whitespace, newlines or control characters/,
    );
  });

  it("refuses a credential in source.url (user:pass@, ?token=, ?api_key=, a signed URL), never showing it", async () => {
    for (const bad of [
      "https://u:Zq7Pw@specs.example.com/a.yaml",
      "https://specs.example.com/a.yaml?token=Zq7Pw",
      "https://specs.example.com/a.yaml?v=1&api_key=Zq7Pw",
      "https://specs.example.com/a.yaml?X-Amz-Signature=Zq7Pw",
    ]) {
      const failures = (await provider.check({}, { ...base(), source: { url: bad } })).failures ?? [];
      expect(
        failures.map((failure) => failure.property),
        bad,
      ).toEqual(["source.url"]);
      expect(failures[0].reason).toMatch(/^source\.url: must not contain (credentials|a credential in its query string).*\(value not shown\)/);
      expect(failures[0].reason).not.toContain("Zq7Pw");
    }
    expect(await failuresOf({ source: { url: "https://specs.example.com/a.yaml?version=2&ref=main" } })).toEqual([]);
  });

  it("checks the visibility enum and waitForProcessing", async () => {
    expect(await failuresOf({ visibility: "public" })).toEqual([]);
    expect(await failuresOf({ visibility: "private" })).toEqual([]);
    expect(await failuresOf({ visibility: "unlisted" })).toEqual(["visibility"]);
    for (const waitForProcessing of [true, false, {}, { timeoutSeconds: 1 }, { timeoutSeconds: 3600 }]) expect(await failuresOf({ waitForProcessing })).toEqual([]);
    const cases: [unknown, string][] = [
      ["yes", "waitForProcessing"],
      [{ timeoutSeconds: 0 }, "waitForProcessing.timeoutSeconds"],
      [{ timeoutSeconds: 3601 }, "waitForProcessing.timeoutSeconds"],
      [{ timeoutSeconds: 1.5 }, "waitForProcessing"],
      [{ timeout: 5 }, "waitForProcessing.timeout"],
    ];
    for (const [waitForProcessing, property] of cases) expect(await failuresOf({ waitForProcessing })).toEqual([property]);
    const reason = (await provider.check({}, { ...base(), waitForProcessing: "yes" })).failures?.[0]?.reason;
    expect(reason).toMatch(/waitForProcessing: must be true, false or \{ timeoutSeconds/);
  });

  it("rejects unknown properties without sending a request", async () => {
    const before = await h.requestCount();
    expect(await failuresOf({ sourceURL: url("x") })).toEqual(["sourceURL"]);
    expect(await h.requestCount()).toBe(before);
  });
});

describe("OpenApiSpec diff", () => {
  const olds = {
    organizationId: "o",
    slug: "petstore",
    source: { url: url("a") },
    visibility: "private",
    waitForProcessing: true,
    specId: "x",
    processingState: "complete",
    lastVersion: "v1",
  };
  const news = (): Record<string, unknown> => ({ organizationId: "o", slug: "petstore", source: { url: url("a") }, visibility: "private", waitForProcessing: true });

  it("ignores outputs, waitForProcessing and adopt", async () => {
    expect(await provider.diff("petstore", olds, news())).toMatchObject({ changes: false });
    expect(await provider.diff("petstore", olds, { ...news(), waitForProcessing: { timeoutSeconds: 10 } })).toMatchObject({ changes: false });
    expect(await provider.diff("petstore", olds, { ...news(), waitForProcessing: undefined, adopt: true })).toMatchObject({ changes: false });
  });

  it("replaces on slug and organizationId, deleting first; updates source and visibility in place", async () => {
    expect(await provider.diff("petstore", olds, { ...news(), slug: "petstore-2" })).toEqual({ changes: true, replaces: ["slug"], deleteBeforeReplace: true });
    expect(await provider.diff("petstore", olds, { ...news(), organizationId: "p" })).toEqual({ changes: true, replaces: ["organizationId"], deleteBeforeReplace: true });
    expect(await provider.diff("petstore", olds, { ...news(), source: { url: url("b") } })).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(await provider.diff("petstore", olds, { ...news(), visibility: "public" })).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  });
});

describe("OpenApiSpec lifecycle", () => {
  it("creates without waiting: the slug is the id and processing is still pending", async () => {
    const created = await provider.create({ __provider: "stub", organizationId: org, slug: "no-wait", source: { url: url("no-wait") } });
    expect(created.id).toBe("no-wait");
    expect(created.outs).toMatchObject({ organizationId: org, slug: "no-wait", source: { url: url("no-wait") }, processingState: "pending" });
    expect(created.outs.specId).toEqual(expect.any(String));
    expect(created.outs.lastVersion).toEqual(expect.any(String));
    expect(created.outs).not.toHaveProperty("waitForProcessing");
    expect((await getSpec("no-wait")).body.id).toBe(created.outs.specId);
  });

  it("waits until processing completes, then read returns the same outputs", async () => {
    const inputs = { organizationId: org, slug: "petstore", source: { url: url("petstore") }, visibility: "public", waitForProcessing: true };
    const started = Date.now();
    const created = await provider.create({ __provider: "stub", ...inputs });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROCESSING_MS - 20);
    expect(created.outs).toMatchObject({ ...inputs, processingState: "complete" });
    expect(created.outs.lastProcessedAt).toEqual(expect.any(String));
    expect(created.outs).not.toHaveProperty("lastProcessErrorCode");
    expect((await getSpec("petstore")).body).toMatchObject({ processingState: "complete", visibility: "public" });

    const read = await provider.read("petstore", { ...created.outs, __provider: "stub" });
    expect(read.props).toEqual(created.outs);
    // waitForProcessing is never compared, but it stays among the inputs after a refresh: otherwise
    // the CLI shows it as added in the next diff (found through the real CLI).
    expect(read.inputs).toEqual({ organizationId: org, slug: "petstore", source: { url: url("petstore") }, visibility: "public", waitForProcessing: true });
  });

  it("a source change uploads a new version (PUT) and waits for it; visibility is patched", async () => {
    const created = await provider.create({ organizationId: org, slug: "versions", source: { url: url("v1") }, waitForProcessing: true });
    const news = { organizationId: org, slug: "versions", source: { url: url("v2") }, visibility: "public", waitForProcessing: { timeoutSeconds: 30 } };
    const updated = await provider.update("versions", created.outs, news);
    expect(updated.outs).toMatchObject({ source: { url: url("v2") }, visibility: "public", processingState: "complete", specId: created.outs.specId });
    expect(updated.outs.lastVersion).not.toBe(created.outs.lastVersion);
    const versions = (await h.api("GET", `/orgs/${org}/openapi/versions/versions`)).body.items;
    expect(versions.map((version: any) => version.url)).toEqual([url("v2"), url("v1")]);
    expect((await getSpec("versions")).body).toMatchObject({ sourceURL: url("v2"), visibility: "public", lastVersion: updated.outs.lastVersion });
  });

  it("a failing source at creation gives a clear error and a partial create that the next up retries", async () => {
    const inputs = { __provider: "stub", organizationId: org, slug: "broken", source: { url: url("fail-me") }, waitForProcessing: true };
    const failure = await rejectionOf(provider.create(inputs));
    expect(failure.message).toMatch(/OpenAPI spec "broken" failed processing \(state failed with INVALID_SPEC: .*not a valid OpenAPI specification\)/);
    expect(failure.id).toBe("broken");
    expect(failure.properties).toMatchObject({ __provider: "stub", slug: "broken", processingState: "failed", lastProcessErrorCode: "INVALID_SPEC" });
    expect(failure.properties).not.toHaveProperty("source");
    expect((await getSpec("broken")).body.processingState).toBe("failed");

    // The next `up`: the source differs from the partial state, so it is uploaded again.
    const fixed = { ...inputs, source: { url: url("fixed") } };
    expect(await provider.diff("broken", failure.properties, fixed)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update("broken", failure.properties, fixed);
    expect(finished.outs).toMatchObject({ source: { url: url("fixed") }, processingState: "complete" });
  });

  it("a failing source on update names the slug, the state and the error code", async () => {
    const created = await provider.create({ organizationId: org, slug: "update-fails", source: { url: url("ok") } });
    const news = { organizationId: org, slug: "update-fails", source: { url: "https://specs.invalid/openapi.yaml" }, waitForProcessing: true };
    await expect(provider.update("update-fails", created.outs, news)).rejects.toThrow(/OpenAPI spec "update-fails" failed processing \(state failed with FETCH_TIMEOUT/);
  });

  it("times out with the slug and the state when processing takes too long", async () => {
    await setProcessingMs(5_000);
    try {
      const failure = await rejectionOf(provider.create({ organizationId: org, slug: "slow", source: { url: url("slow") }, waitForProcessing: { timeoutSeconds: 1 } }));
      expect(failure.message).toMatch(/OpenAPI spec "slow" is still (pending|progress) after 1s/);
      expect(failure.id).toBe("slow");
      expect(failure.properties.processingState).toMatch(/pending|progress/);
    } finally {
      await setProcessingMs(PROCESSING_MS);
    }
  });

  it("sees drift made through the API", async () => {
    const created = await provider.create({ organizationId: org, slug: "drift", source: { url: url("drift") }, visibility: "private", waitForProcessing: true });
    await h.api("PATCH", `/orgs/${org}/openapi/drift`, { visibility: "public" });
    await h.api("PUT", `/orgs/${org}/openapi/drift`, { source: { url: url("elsewhere") } });
    const read = await provider.read("drift", created.outs);
    expect(read.props).toMatchObject({ visibility: "public", source: { url: url("elsewhere") } });
    expect(read.props.lastVersion).not.toBe(created.outs.lastVersion);
    const diff = await provider.diff("drift", read.props, { organizationId: org, slug: "drift", source: { url: url("drift") }, visibility: "private" });
    expect(diff).toMatchObject({ changes: true, replaces: [] });
  });

  it("deletes idempotently and reads a deleted spec as gone", async () => {
    const created = await provider.create({ organizationId: org, slug: "short-lived", source: { url: url("x") } });
    await provider.delete("short-lived", created.outs);
    expect((await getSpec("short-lived")).status).toBe(404);
    await provider.delete("short-lived", created.outs);
    expect((await provider.read("short-lived", created.outs)).id).toBe("");
  });
});

describe("OpenApiSpec adopt", () => {
  it("adopts by slug (the natural key) and reconciles", async () => {
    const existing = (await h.api("POST", `/orgs/${org}/openapi`, { slug: "existing", source: { url: url("existing") } })).body;
    const adopted = await provider.create({ organizationId: org, slug: "existing", source: { url: url("existing") }, visibility: "public", adopt: true });
    expect(adopted.id).toBe("existing");
    expect(adopted.outs).toMatchObject({ specId: existing.id, visibility: "public", lastVersion: existing.lastVersion });
    expect((await getSpec("existing")).body.visibility).toBe("public");
  });

  it("adopts by id (the slug) and uploads a differing source as a new version", async () => {
    const existing = (await h.api("POST", `/orgs/${org}/openapi`, { slug: "by-id", source: { url: url("old") } })).body;
    const adopted = await provider.create({ organizationId: org, slug: "by-id", source: { url: url("new") }, adopt: { id: "by-id" } });
    expect(adopted.outs.specId).toBe(existing.id);
    expect(adopted.outs.lastVersion).not.toBe(existing.lastVersion);
    expect((await getSpec("by-id")).body.sourceURL).toBe(url("new"));
  });

  it("points at adopt when the slug is already taken, unless another resource of the program manages it", async () => {
    await h.api("POST", `/orgs/${org}/openapi`, { slug: "taken", source: { url: url("taken") } });
    await expect(provider.create({ organizationId: org, slug: "taken", source: { url: url("taken") } })).rejects.toThrow(
      /409.*already exists: if no other resource of this program manages it, take it over with adopt: true; if one does, give this one another slug/,
    );
  });

  it("creates when adopt: true finds nothing, and fails on a missing id", async () => {
    const created = await provider.create({ organizationId: org, slug: "fresh", source: { url: url("fresh") }, adopt: true });
    expect(created.id).toBe("fresh");
    expect((await getSpec("fresh")).status).toBe(200);
    await expect(provider.create({ organizationId: org, slug: "ghost", source: { url: url("g") }, adopt: { id: "ghost" } })).rejects.toThrow(/OpenApiSpec ghost does not exist/);
  });
});
