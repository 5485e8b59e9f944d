import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/site.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { failedProperties, type Harness, providerOf, RecordingRequester, rejectionOf, startHarness } from "./support/harness.ts";

let h: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;

beforeAll(async () => {
  h = await startHarness();
  org = h.organizationId;
  provider = providerOf(definition, h.client);
});
afterAll(async () => {
  await h?.close();
});

const getSite = async (id: string) => h.api("GET", `/orgs/${org}/sites/${id}`);
const valid = () => ({ organizationId: org, title: "Docs" });

describe("Site check", () => {
  const failuresOf = async (extra: Record<string, unknown>, base: Record<string, unknown> = valid()) => failedProperties(provider, { ...base, ...extra });

  it("accepts minimal inputs and writes out the default type", async () => {
    const result = await provider.check({}, valid());
    expect(result.failures ?? []).toEqual([]);
    expect(result.inputs).toEqual({ organizationId: org, title: "Docs", type: "basic" });
  });

  it("requires organizationId and title, non-empty", async () => {
    expect(await failedProperties(provider, {})).toEqual(["organizationId", "title"]);
    expect(await failuresOf({ organizationId: "" })).toEqual(["organizationId"]);
  });

  it("limits the title to 2..128 characters (DESIGN.md 8), at and past both edges", async () => {
    expect(await failuresOf({ title: "" })).toEqual(["title"]);
    expect(await failuresOf({ title: "x" })).toEqual(["title"]);
    expect(await failuresOf({ title: "xy" })).toEqual([]);
    expect(await failuresOf({ title: "x".repeat(128) })).toEqual([]);
    expect(await failuresOf({ title: "x".repeat(129) })).toEqual(["title"]);
    expect((await provider.check({}, { organizationId: "o", title: "x" })).failures?.[0]?.reason).toMatch(/title: must be at least 2 characters/);
  });

  it("checks the visibility and agentsContext enums", async () => {
    for (const visibility of ["public", "unlisted", "share-link", "visitor-auth"]) expect(await failuresOf({ visibility })).toEqual([]);
    expect(await failuresOf({ visibility: "private" })).toEqual(["visibility"]);
    expect(await failuresOf({ agentsContext: "included" })).toEqual([]);
    expect(await failuresOf({ agentsContext: "excluded" })).toEqual([]);
    expect(await failuresOf({ agentsContext: "partial" })).toEqual(["agentsContext"]);
  });

  it("checks the proxy pattern of API.md 4.12 and accepts null", async () => {
    for (const proxy of ["example.com/docs", "docs.example.co/a/b-c", "my_host.example.io/x", null]) expect(await failuresOf({ proxy })).toEqual([]);
    for (const proxy of ["example.com", "https://example.com/docs", "example.c/docs", "example.com/docs/", "localhost/docs"]) {
      expect(await failuresOf({ proxy })).toEqual(["proxy"]);
    }
    const reason = (await provider.check({}, { ...valid(), proxy: "example.com" })).failures?.[0]?.reason;
    expect(reason).toMatch(/proxy: must be <domain>\/<path>/);
  });

  it("checks the type and the basename as the API does", async () => {
    for (const type of ["basic", "premium", "ultimate"]) expect(await failuresOf({ type }), type).toEqual([]);
    for (const type of ["", "pro", "Basic"]) expect(await failuresOf({ type }), type).toEqual(["type"]);
    for (const basename of ["", "docs", "Docs_v2-beta", "x".repeat(100)]) expect(await failuresOf({ basename }), basename).toEqual([]);
    for (const basename of ["docs/v2", "/docs", "docs v2", "docs.v2", "x".repeat(101)]) expect(await failuresOf({ basename }), basename).toEqual(["basename"]);
    expect((await provider.check({}, { ...valid(), basename: "docs/v2" })).failures?.[0]?.reason).toMatch(/basename: must be letters, digits, - and _ only \(no \/\)/);
  });

  it("counts the title in characters as the API does, and refuses ids that are not path segments", async () => {
    expect(await failuresOf({ title: "📘".repeat(128) })).toEqual([]);
    expect(await failuresOf({ title: "📘".repeat(129) })).toEqual(["title"]);
    expect(await failuresOf({ organizationId: "..", spaces: ["."], defaultSiteSpace: "." })).toEqual(["defaultSiteSpace", "organizationId", "spaces.0"]);
  });

  it("checks types of the other inputs and names nested paths", async () => {
    expect(await failuresOf({ type: "" })).toEqual(["type"]);
    expect(await failuresOf({ basename: 7 })).toEqual(["basename"]);
    expect(await failuresOf({ adaptiveContent: { enabled: "yes" } })).toEqual(["adaptiveContent.enabled"]);
    expect(await failuresOf({ adaptiveContent: { enabled: true, extra: 1 } })).toEqual(["adaptiveContent.extra"]);
    expect(await failuresOf({ published: "true" })).toEqual(["published"]);
    expect(await failuresOf({ spaces: ["a", ""] })).toEqual(["spaces.1"]);
    expect(await failuresOf({ defaultSiteSpace: "" })).toEqual(["defaultSiteSpace"]);
    expect(await failuresOf({ defaultSiteSection: "" })).toEqual(["defaultSiteSection"]);
    expect(await failuresOf({ adopt: { id: "" } })).toEqual(["adopt.id"]);
    expect(await failuresOf({ adopt: "yes" })).toEqual(["adopt"]);
  });

  it("rejects unknown properties and lets preview unknowns through", async () => {
    expect(await failuresOf({ colour: "red" })).toEqual(["colour"]);
    expect(await failuresOf({ title: UNKNOWN, proxy: UNKNOWN })).toEqual([]);
  });

  it("writes out the default type when other inputs are unknown at preview, so the preview shows no replace", async () => {
    const olds = { __provider: "stub", organizationId: org, title: "Docs", type: "basic", visibility: "public", published: true, createdAt: "then" };
    for (const unknown of [{ published: UNKNOWN }, { visibility: UNKNOWN }, { adaptiveContent: { enabled: UNKNOWN } }, { spaces: [UNKNOWN] }, { title: UNKNOWN }]) {
      const result = await provider.check({}, { __provider: "stub", organizationId: org, title: "Docs", visibility: "public", published: true, ...unknown });
      expect(result.failures ?? [], JSON.stringify(unknown)).toEqual([]);
      expect(result.inputs, JSON.stringify(unknown)).toMatchObject({ type: "basic", ...unknown });
      const diff = await provider.diff("site-1", olds, result.inputs ?? {});
      // `spaces` is never compared; any other unknown is a change, and none is a replace.
      expect({ unknown, ...diff }).toMatchObject({ unknown, changes: !("spaces" in unknown), replaces: [] });
    }
  });

  it("sends no request when check fails", async () => {
    const before = await h.requestCount();
    await provider.check({}, { organizationId: "", title: "" });
    const after = await h.requestCount();
    expect(after).toBe(before);
  });
});

describe("Site diff", () => {
  const olds = {
    __provider: "stub",
    organizationId: "o",
    title: "Docs",
    type: "basic",
    visibility: "public",
    basename: "docs",
    proxy: "example.com/docs",
    adaptiveContent: { enabled: false },
    agentsContext: "included",
    published: true,
    spaces: ["s1"],
    defaultSiteSpace: "ss1",
    defaultSiteSection: "sec1",
    siteSpaces: 1,
    createdAt: "then",
  };
  const news = (): Record<string, unknown> => {
    const { __provider, siteSpaces, createdAt, ...inputs } = olds;
    return { ...inputs };
  };

  it("sees no change when only server outputs, spaces or adopt differ", async () => {
    expect(await provider.diff("id", olds, news())).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("id", olds, { ...news(), spaces: ["s1", "s2"], adopt: true })).toMatchObject({ changes: false });
  });

  it("replaces on organizationId and type, updates every other input in place", async () => {
    const cases: [string, unknown, string[]][] = [
      ["organizationId", "p", ["organizationId"]],
      ["type", "premium", ["type"]],
      ["title", "Guides", []],
      ["visibility", "unlisted", []],
      ["basename", "help", []],
      ["proxy", "example.com/help", []],
      ["proxy", null, []],
      ["proxy", undefined, []],
      ["adaptiveContent", { enabled: true }, []],
      ["agentsContext", "excluded", []],
      ["published", false, []],
      ["defaultSiteSpace", "ss2", []],
      ["defaultSiteSection", "sec2", []],
    ];
    for (const [key, value, replaces] of cases) {
      const result = await provider.diff("id", olds, { ...news(), [key]: value });
      expect({ key, ...result }).toMatchObject({ key, changes: true, replaces, deleteBeforeReplace: false });
    }
  });
});

describe("Site lifecycle", () => {
  it("creates a site with its spaces, reads back the same outputs, and deletes it idempotently", async () => {
    const created = await provider.create({ __provider: "stub", organizationId: org, title: "Lifecycle", type: "basic", visibility: "unlisted", spaces: [h.spaceIds[0]] });
    expect(created.id).toMatch(/\w+/);
    expect(created.outs).toMatchObject({ organizationId: org, title: "Lifecycle", type: "basic", visibility: "unlisted", spaces: [h.spaceIds[0]], siteSpaces: 1 });
    expect(created.outs.publishedUrl).toBe(created.outs.urls.published);
    expect(created.outs.createdAt).toEqual(expect.any(String));
    // Untracked inputs are not outputs: a refresh never reports server defaults as drift.
    expect(created.outs).not.toHaveProperty("published");
    expect(created.outs).not.toHaveProperty("proxy");

    const server = await getSite(created.id);
    expect(server.body).toMatchObject({ title: "Lifecycle", visibility: "unlisted", published: false, siteSpaces: 1 });

    const read = await provider.read(created.id, { ...created.outs, __provider: "stub" });
    expect(read.id).toBe(created.id);
    expect(read.props).toEqual(created.outs);
    // `spaces` is never compared, but it stays among the inputs after a refresh (else the CLI shows it as added).
    expect(read.inputs).toEqual({ organizationId: org, title: "Lifecycle", type: "basic", visibility: "unlisted", spaces: [h.spaceIds[0]] });

    await provider.delete(created.id, created.outs);
    expect((await getSite(created.id)).status).toBe(404);
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
  });

  it("creates with every patchable input and publishes last", async () => {
    const inputs = {
      organizationId: org,
      title: "Full",
      type: "basic",
      visibility: "public",
      basename: "full-docs",
      proxy: "example.com/full",
      adaptiveContent: { enabled: true },
      agentsContext: "excluded",
      published: true,
    };
    const created = await provider.create(inputs);
    expect(created.outs).toMatchObject(inputs);
    const server = (await getSite(created.id)).body;
    expect(server).toMatchObject({ basename: "full-docs", adaptiveContent: { enabled: true }, agentsContext: "excluded", published: true });
    expect(server.proxy.origin).toBe("https://example.com/full");
    expect((await provider.read(created.id, created.outs)).props).toEqual(created.outs);
  });

  it("updates only what changed: title, visibility, proxy removal, adaptive content and unpublishing", async () => {
    const created = await provider.create({ organizationId: org, title: "Before", type: "basic", proxy: "example.com/before", published: true });
    const news = { organizationId: org, title: "After", type: "basic", visibility: "share-link", adaptiveContent: { enabled: true }, published: false };
    const diff = await provider.diff(created.id, created.outs, news);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject(news);
    expect(updated.outs).not.toHaveProperty("proxy");
    const server = (await getSite(created.id)).body;
    expect(server).toMatchObject({ title: "After", visibility: "share-link", adaptiveContent: { enabled: true }, published: false });
    expect(server).not.toHaveProperty("proxy");
    expect((await provider.read(created.id, updated.outs)).props).toEqual(updated.outs);
  });

  it("publishes and unpublishes through published true and false", async () => {
    const created = await provider.create({ organizationId: org, title: "Toggle", type: "basic", published: false });
    expect((await getSite(created.id)).body.published).toBe(false);
    const published = await provider.update(created.id, created.outs, { organizationId: org, title: "Toggle", type: "basic", published: true });
    expect(published.outs.published).toBe(true);
    expect((await getSite(created.id)).body.published).toBe(true);
    const unpublished = await provider.update(created.id, published.outs, { organizationId: org, title: "Toggle", type: "basic", published: false });
    expect(unpublished.outs.published).toBe(false);
    expect((await getSite(created.id)).body.published).toBe(false);
  });

  it("sets proxy: null on a site with a proxy and keeps tracking it as null", async () => {
    const created = await provider.create({ organizationId: org, title: "Proxy", type: "basic", proxy: "example.com/p" });
    const updated = await provider.update(created.id, created.outs, { organizationId: org, title: "Proxy", type: "basic", proxy: null });
    expect(updated.outs.proxy).toBeNull();
    expect((await getSite(created.id)).body).not.toHaveProperty("proxy");
    expect(await provider.diff(created.id, updated.outs, { organizationId: org, title: "Proxy", type: "basic", proxy: null })).toMatchObject({ changes: false });
  });

  it("sees drift made through the API", async () => {
    const created = await provider.create({ organizationId: org, title: "Drift", type: "basic", visibility: "public", agentsContext: "included", published: true });
    await h.api("PATCH", `/orgs/${org}/sites/${created.id}`, { title: "Drifted", agentsContext: "excluded", proxy: "example.com/drift" });
    await h.api("POST", `/orgs/${org}/sites/${created.id}/unpublish`);
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toMatchObject({ title: "Drifted", agentsContext: "excluded", published: false });
    // The proxy is not tracked (never declared), so it is no drift.
    expect(read.props).not.toHaveProperty("proxy");
    const diff = await provider.diff(created.id, read.props, {
      organizationId: org,
      title: "Drift",
      type: "basic",
      visibility: "public",
      agentsContext: "included",
      published: true,
    });
    expect(diff).toMatchObject({ changes: true, replaces: [] });
  });

  it("manages the default site space and the default section", async () => {
    const [first, second] = [h.spaceIds[0], h.spaceIds[1]];
    const created = await provider.create({ organizationId: org, title: "Defaults", type: "basic", spaces: [first, second] });
    const rootSpaces = (await h.api("GET", `/orgs/${org}/sites/${created.id}/site-spaces`)).body.items;
    const other = rootSpaces.find((siteSpace: { default: boolean }) => !siteSpace.default).id;
    const withSpace = await provider.update(created.id, created.outs, { organizationId: org, title: "Defaults", type: "basic", defaultSiteSpace: other });
    expect(withSpace.outs.defaultSiteSpace).toBe(other);
    const defaults = (await h.api("GET", `/orgs/${org}/sites/${created.id}/site-spaces?default=true`)).body.items;
    expect(defaults.map((siteSpace: { id: string }) => siteSpace.id)).toEqual([other]);

    const a = (await h.api("POST", `/orgs/${org}/sites/${created.id}/sections`, { spaceId: first, title: "Section A" })).body;
    const b = (await h.api("POST", `/orgs/${org}/sites/${created.id}/sections`, { spaceId: second, title: "Section B" })).body;
    const read = await provider.read(created.id, withSpace.outs);
    // The root site spaces moved into the first section, which became the default one.
    expect(read.props.defaultSiteSpace).toBe(other);
    const news = { organizationId: org, title: "Defaults", type: "basic", defaultSiteSection: b.id };
    const withSection = await provider.update(created.id, read.props, news);
    expect(withSection.outs.defaultSiteSection).toBe(b.id);
    const sections = (await h.api("GET", `/orgs/${org}/sites/${created.id}/sections`)).body.items;
    expect(sections.find((section: { default: boolean }) => section.default).id).toBe(b.id);
    expect(a.id).not.toBe(b.id);
    expect((await provider.read(created.id, withSection.outs)).props).toEqual(withSection.outs);
  });

  it("records a publish failure after the site exists as a partial create, then finishes it through update", async () => {
    const publishFails = new RecordingRequester(h.client, (call) =>
      call.method === "POST" && call.path.split("/").at(-1) === "publish" ? new Error("publish is down") : undefined,
    );
    const flaky = providerOf(definition, publishFails);
    const inputs = { __provider: "stub", organizationId: org, title: "Partial", type: "basic", basename: "partial", published: true };
    const failure = await rejectionOf(flaky.create(inputs));
    expect(failure.id).toMatch(/\w+/);
    expect(failure.reasons).toEqual(["publish is down"]);
    expect(failure.message).toMatch(/Run `pulumi up` again/);
    expect(failure.properties).toMatchObject({ __provider: "stub", title: "Partial", basename: "partial", published: false });
    const server = (await getSite(failure.id)).body;
    expect(server).toMatchObject({ basename: "partial", published: false });

    // The next `up`: the engine diffs the partial state against the inputs and updates.
    const diff = await provider.diff(failure.id, failure.properties, inputs);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(failure.id, failure.properties, inputs);
    expect(finished.outs.published).toBe(true);
    expect((await getSite(failure.id)).body.published).toBe(true);
  });

  it("names the field the API rejected at the second step and does not promise that another up finishes", async () => {
    // Called without check, as if check had let the input through (what the audit found).
    const failure = await rejectionOf(
      provider.create({ __provider: "stub", organizationId: org, title: "Rejected basename", type: "basic", basename: "docs/v2", published: true }),
    );
    expect(failure.message).toMatch(/failed with 400 Bad Request: basename: .*The API rejected the input `basename`: fix it in the program/);
    expect(failure.message).not.toMatch(/Run `pulumi up` again/);
    expect(failure.properties).toMatchObject({ published: false });
    // check rejects it first, so this partial create does not happen through the engine.
    expect(await failedProperties(provider, { organizationId: org, title: "Rejected basename", basename: "docs/v2", published: true })).toEqual(["basename"]);
  });

  it("records a failing PATCH through the emulator's fault injection as a partial create too", async () => {
    h.emulator.setFaults({ match: "PATCH /v1/orgs/{organizationId}/sites/{siteId}", errorRate: 1, errorStatus: 503 });
    let failure: any;
    try {
      failure = await rejectionOf(provider.create({ organizationId: org, title: "Faulty", type: "basic", agentsContext: "excluded", published: true }));
    } finally {
      h.emulator.setFaults({});
    }
    expect(failure.properties).toMatchObject({ title: "Faulty", agentsContext: "included", published: false });
    expect(failure.message).toMatch(/503/);
    const finished = await provider.update(failure.id, failure.properties, { organizationId: org, title: "Faulty", type: "basic", agentsContext: "excluded", published: true });
    expect(finished.outs).toMatchObject({ agentsContext: "excluded", published: true });
    expect((await getSite(failure.id)).body).toMatchObject({ agentsContext: "excluded", published: true });
  });
});

describe("Site adopt", () => {
  it("adopts by id and reconciles to the inputs without creating a site", async () => {
    const existing = (await h.api("POST", `/orgs/${org}/sites`, { title: "Existing", visibility: "public" })).body;
    const count = async () => (await h.api("GET", `/orgs/${org}/sites?limit=1000`)).body.items.length;
    const before = await count();
    const adopted = await provider.create({ organizationId: org, title: "Existing", type: "basic", visibility: "unlisted", adopt: { id: existing.id } });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ title: "Existing", visibility: "unlisted" });
    // Echoed so that a refresh keeps it among the inputs (see the runtime tests); never compared.
    expect(adopted.outs?.adopt).toEqual({ id: existing.id });
    expect(await count()).toBe(before);
    expect((await getSite(existing.id)).body.visibility).toBe("unlisted");
  });

  it("adopts by exact title within the organization", async () => {
    const existing = (await h.api("POST", `/orgs/${org}/sites`, { title: "Natural key" })).body;
    await h.api("POST", `/orgs/${org}/sites`, { title: "Natural key 2" }); // a substring match must not count
    const adopted = await provider.create({ organizationId: org, title: "Natural key", type: "basic", published: true, adopt: true });
    expect(adopted.id).toBe(existing.id);
    expect((await getSite(existing.id)).body.published).toBe(true);
  });

  it("creates when adopt: true finds nothing, and refuses ambiguous titles", async () => {
    const created = await provider.create({ organizationId: org, title: "Nobody has this", type: "basic", adopt: true });
    expect((await getSite(created.id)).status).toBe(200);
    await h.api("POST", `/orgs/${org}/sites`, { title: "Twice" });
    await h.api("POST", `/orgs/${org}/sites`, { title: "Twice" });
    await expect(provider.create({ organizationId: org, title: "Twice", type: "basic", adopt: true })).rejects.toThrow(/2 Site objects match by title within the organization/);
  });

  it("refuses to adopt a site of another type, and a missing id", async () => {
    const premium = (await h.api("POST", `/orgs/${org}/sites`, { title: "Premium", type: "premium" })).body;
    await expect(provider.create({ organizationId: org, title: "Premium", type: "basic", adopt: { id: premium.id } })).rejects.toThrow(
      /type "premium".*cannot be changed in place/,
    );
    await expect(provider.create({ organizationId: org, title: "X", type: "basic", adopt: { id: "missing" } })).rejects.toThrow(/adopt: Site missing does not exist/);
  });
});
