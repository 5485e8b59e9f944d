import * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { ServerError } from "../../provider/client/index.ts";
import type { ApiRequester, HttpMethod, PathSegments, QueryParameters } from "../../provider/api/requester.ts";
import { definition, schema } from "../../provider/resources/translation.ts";
import type { TranslationArgs } from "../../provider/dynamic/resources/translation.ts";
import { inputKeysOf } from "../../provider/adapter/resource.ts";
import { checked, failedProperties, type Harness, type Outs, PROVIDER, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let harness: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;
let space: string;

beforeAll(async () => {
  harness = await startHarness();
  provider = providerOf(definition, harness.requester);
  org = harness.organizationId;
  space = harness.spaceIds[0]!;
});
afterAll(async () => harness?.close());
beforeEach(() => harness.requester.reset());

const paragraph = (words: string) => ({
  object: "block",
  type: "paragraph",
  nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }],
});
const documentOf = (...paragraphs: string[]) => ({ object: "document", data: { schemaVersion: 1 }, nodes: paragraphs.map(paragraph) });

const translationPath = (id: string) => `/orgs/${org}/translations/${id}`;

async function getTranslation(id: string) {
  return harness.api("GET", translationPath(id));
}

async function runsOf(id: string): Promise<number> {
  const response = await getTranslation(id);
  expect(response.status).toBe(200);
  return response.body.stats.runs as number;
}

async function createTranslation(inputs: Record<string, unknown>) {
  // Every translation has a source (DESIGN.md 8); the guides space in English unless a test says otherwise.
  return provider.create(await checked(provider, { organizationId: org, source: { space: harness.spaceIds[0], language: "en" }, ...inputs }));
}

/** The engine's next `up`: diff the state against the new inputs, and update only when diff says so. */
async function up(id: string, state: Outs, inputs: Record<string, unknown>): Promise<Outs> {
  const news = await checked(provider, { organizationId: org, source: { space: harness.spaceIds[0], language: "en" }, ...inputs });
  const diff = await provider.diff(id, { ...state, __provider: PROVIDER }, news);
  expect(diff.replaces).toEqual([]);
  if (!diff.changes) return state;
  return (await provider.update(id, { ...state, __provider: PROVIDER }, news)).outs;
}

const runCalls = () => harness.requester.writes().filter((call) => call.path.endsWith("/run"));

describe("Translation check", () => {
  const valid = () => ({ organizationId: "org", language: "fr", source: { space: "spc", language: "en" }, instructions: documentOf("Hi"), runTrigger: "v1" });

  it.each([
    ["a two-letter language", { language: "de" }],
    ["a language with a region", { language: "pt-br" }],
    ["another language with a region", { language: "zh-tw" }],
    ["no instructions or trigger", { instructions: undefined, runTrigger: undefined }],
    ["an empty document", { instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [] } }],
    ["document data beyond schemaVersion", { instructions: { object: "document", data: { schemaVersion: 2, theme: "x" }, nodes: [] } }],
    [
      "a block with every field API.md gives, nested blocks and open text nodes",
      {
        instructions: {
          object: "document",
          data: { schemaVersion: 1 },
          nodes: [
            {
              object: "block",
              type: "list",
              key: "k1",
              isVoid: false,
              data: { align: "left" },
              nodes: [
                { object: "block", type: "list-item", nodes: [{ object: "text", leaves: [] }] },
                { object: "inline", type: "link" },
              ],
            },
          ],
        },
      },
    ],
    ["adopt by id", { adopt: { id: "tr_1" } }],
    ["adopt by natural key", { adopt: true }],
  ])("accepts %s", async (_case, change) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual([]);
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["organizationId is a path segment", { organizationId: ".." }, ["organizationId"]],
    ["language is required", { language: undefined }, ["language"]],
    ["language is a code, not a name", { language: "French" }, ["language"]],
    ["language is lower case", { language: "FR" }, ["language"]],
    ["language is not one letter", { language: "f" }, ["language"]],
    ["language has no surrounding space", { language: " fr" }, ["language"]],
    ["language region is 2..8 characters", { language: "pt-b" }, ["language"]],
    ["language is a string", { language: 3 }, ["language"]],
    ["language is one the platform translates into (a well-formed code outside its list)", { language: "ga" }, ["language"]],
    ["a three-letter code outside the list", { language: "haw" }, ["language"]],
    ["a region in upper case is not the list's spelling", { language: "zh-TW" }, ["language"]],
    ["source is required (DESIGN.md 8)", { source: undefined }, ["source"]],
    ["source.language is required (DESIGN.md 8)", { source: { space: "spc" } }, ["source.language"]],
    ["source.space is required (DESIGN.md 8)", { source: { language: "en" } }, ["source.space"]],
    ["source.language is one of the list too", { source: { space: "spc", language: "pt-pt" } }, ["source.language"]],
    ["source is an object", { source: "spc" }, ["source"]],
    ["source.space is not empty", { source: { space: "", language: "en" } }, ["source.space"]],
    ["source.language is a code", { source: { space: "spc", language: "english" } }, ["source.language"]],
    ["source has no other fields", { source: { space: "spc", language: "en", revision: "r" } }, ["source.revision"]],
    ["instructions is a document", { instructions: { object: "note", data: { schemaVersion: 1 }, nodes: [] } }, ["instructions.object"]],
    ["instructions.data is required", { instructions: { object: "document", nodes: [] } }, ["instructions.data"]],
    ["instructions.data.schemaVersion is a number", { instructions: { object: "document", data: { schemaVersion: "1" }, nodes: [] } }, ["instructions.data.schemaVersion"]],
    ["instructions.nodes is required", { instructions: { object: "document", data: { schemaVersion: 1 } } }, ["instructions.nodes"]],
    ["instructions has no other fields", { instructions: { ...documentOf(), title: "x" } }, ["instructions.title"]],
    ["a top-level node is a block", { instructions: { ...documentOf(), nodes: [{ object: "text", leaves: [] }] } }, ["instructions.nodes.0.object"]],
    ["a block has a type", { instructions: { ...documentOf(), nodes: [{ object: "block" }] } }, ["instructions.nodes.0.type"]],
    ["a block's type is not empty", { instructions: { ...documentOf(), nodes: [{ object: "block", type: "" }] } }, ["instructions.nodes.0.type"]],
    ["a block's isVoid is a boolean", { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", isVoid: "no" }] } }, ["instructions.nodes.0.isVoid"]],
    ["a block's key is a string", { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", key: 1 }] } }, ["instructions.nodes.0.key"]],
    ["a block's data is an object", { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", data: [] }] } }, ["instructions.nodes.0.data"]],
    ["a block has no other fields", { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", text: "x" }] } }, ["instructions.nodes.0.text"]],
    [
      "a nested block is checked as a block",
      { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", nodes: [{ object: "block", type: "" }] }] } },
      ["instructions.nodes.0.nodes.0.type"],
    ],
    [
      "a nested node names its kind",
      { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", nodes: [{ leaves: [] }] }] } },
      ["instructions.nodes.0.nodes.0.object"],
    ],
    ["a nested node is an object", { instructions: { ...documentOf(), nodes: [{ object: "block", type: "p", nodes: ["text"] }] } }, ["instructions.nodes.0.nodes.0"]],
    ["runTrigger is not empty", { runTrigger: "" }, ["runTrigger"]],
    ["runTrigger is a string", { runTrigger: 2 }, ["runTrigger"]],
    ["adopt is true or an id", { adopt: "yes" }, ["adopt"]],
    ["an unknown property", { target: "x" }, ["target"]],
  ])("rejects: %s", async (_case, change, properties) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(properties);
  });

  it("names the property and the rule in the reason", async () => {
    const result = await provider.check({}, { __provider: PROVIDER, ...valid(), language: "French", runTrigger: "" });
    expect(result.failures).toEqual([
      { property: "language", reason: expect.stringMatching(/^language: must be one of the languages the platform translates into: ar, cs, /) },
      { property: "runTrigger", reason: "runTrigger: must not be empty" },
    ]);
  });
});

describe("Translation provider", () => {
  it("creates with one POST when no trigger is set: not run, outputs as the API gives them", async () => {
    const created = await createTranslation({ language: "fr", source: { space, language: "en" }, instructions: documentOf("Keep names") });
    expect(harness.requester.writes()).toEqual([
      { method: "POST", path: `/orgs/${org}/translations`, body: { language: "fr", source: { space, language: "en" }, instructions: documentOf("Keep names") } },
    ]);
    expect(created.outs).toMatchObject({
      organizationId: org,
      language: "fr",
      source: { space, language: "en" },
      instructions: documentOf("Keep names"),
      status: "pending",
      stats: { runs: 0 },
      urls: { location: expect.any(String) },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.outs).not.toHaveProperty("runTrigger");
    expect(await runsOf(created.id)).toBe(0);

    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read).toEqual({
      id: created.id,
      props: created.outs,
      inputs: { organizationId: org, language: "fr", source: { space, language: "en" }, instructions: documentOf("Keep names") },
    });
  });

  it("runs once at creation when runTrigger is set, and records the trigger", async () => {
    const created = await createTranslation({ language: "de", source: { space, language: "en" }, runTrigger: "v1.0.0" });
    expect(harness.requester.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`POST /orgs/${org}/translations`, `POST ${translationPath(created.id)}/run`]);
    expect(await runsOf(created.id)).toBe(1);
    // The state is read after the run: its counters are the server's now, so a refresh finds nothing.
    expect(created.outs).toMatchObject({ runTrigger: "v1.0.0", stats: { runs: 1 } });
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toMatchObject({ runTrigger: "v1.0.0" });
  });

  it("run trigger: once per new value, never on the same value, never on other changes, nothing when removed", async () => {
    const created = await createTranslation({ language: "es", source: { space, language: "en" }, instructions: documentOf("one"), runTrigger: "r1" });
    let state = created.outs;
    expect(await runsOf(created.id)).toBe(1);
    const declared = { language: "es", source: { space, language: "en" } };

    // An up with nothing changed: diff finds nothing, nothing is sent.
    harness.requester.reset();
    state = await up(created.id, state, { ...declared, instructions: documentOf("one"), runTrigger: "r1" });
    expect(harness.requester.writes()).toEqual([]);

    // Instructions change alone: a PUT, no run.
    harness.requester.reset();
    state = await up(created.id, state, { ...declared, instructions: documentOf("two"), runTrigger: "r1" });
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: translationPath(created.id), body: { instructions: documentOf("two") } }]);
    expect(await runsOf(created.id)).toBe(1);

    // A new trigger value: exactly one run.
    harness.requester.reset();
    state = await up(created.id, state, { ...declared, instructions: documentOf("two"), runTrigger: "r2" });
    expect(runCalls()).toHaveLength(1);
    expect(harness.requester.writes()).toHaveLength(1);
    expect(await runsOf(created.id)).toBe(2);
    expect(state).toMatchObject({ runTrigger: "r2", stats: { runs: 2 } });

    // The same value again: nothing.
    harness.requester.reset();
    state = await up(created.id, state, { ...declared, instructions: documentOf("two"), runTrigger: "r2" });
    expect(harness.requester.writes()).toEqual([]);

    // Both at once: the instructions are written first, then one run translates with them.
    harness.requester.reset();
    state = await up(created.id, state, { ...declared, instructions: documentOf("three"), runTrigger: "r3" });
    expect(harness.requester.writes().map((call) => `${call.method} ${call.path}`)).toEqual([`PUT ${translationPath(created.id)}`, `POST ${translationPath(created.id)}/run`]);
    expect(await runsOf(created.id)).toBe(3);

    // Removed: nothing runs, and the trigger is no longer in the state.
    harness.requester.reset();
    state = await up(created.id, state, { ...declared, instructions: documentOf("three") });
    expect(runCalls()).toEqual([]);
    expect(state).not.toHaveProperty("runTrigger");
    expect(await runsOf(created.id)).toBe(3);

    // Set again (even to an earlier value): it is new to the state, so it runs once.
    harness.requester.reset();
    await up(created.id, state, { ...declared, instructions: documentOf("three"), runTrigger: "r1" });
    expect(runCalls()).toHaveLength(1);
    expect(await runsOf(created.id)).toBe(4);
  });

  it("diff: organizationId, language and source replace; instructions and runTrigger update in place", async () => {
    const olds = {
      __provider: PROVIDER,
      organizationId: org,
      language: "fr",
      source: { space: "s1", language: "en" },
      instructions: documentOf("a"),
      runTrigger: "t1",
      stats: { runs: 1 },
      status: "pending",
    };
    const news = { __provider: "new", organizationId: org, language: "fr", source: { space: "s1", language: "en" }, instructions: documentOf("a"), runTrigger: "t1" };
    expect(await provider.diff("t", olds, news)).toMatchObject({ changes: false, replaces: [] });
    for (const [key, value] of Object.entries({ organizationId: "other", language: "de", source: { space: "s2", language: "en" } })) {
      expect(await provider.diff("t", olds, { ...news, [key]: value }), key).toMatchObject({ changes: true, replaces: [key], deleteBeforeReplace: false });
    }
    expect(await provider.diff("t", olds, { ...news, source: { space: "s1", language: "de" } })).toMatchObject({ changes: true, replaces: ["source"] });
    for (const [key, value] of Object.entries({ instructions: documentOf("b"), runTrigger: "t2" })) {
      expect(await provider.diff("t", olds, { ...news, [key]: value }), key).toMatchObject({ changes: true, replaces: [] });
    }
    // Server-owned outputs (status, stats) never make a diff.
    expect(await provider.diff("t", { ...olds, stats: { runs: 9 }, status: "done" }, news)).toMatchObject({ changes: false });
  });

  it("removing instructions stops managing them: nothing is sent and the translation keeps its own", async () => {
    const created = await createTranslation({ language: "it", instructions: documentOf("kept") });
    harness.requester.reset();
    const state = await up(created.id, created.outs, { language: "it" });
    expect(harness.requester.writes()).toEqual([]);
    expect(state).not.toHaveProperty("instructions");
    expect((await getTranslation(created.id)).body.instructions).toEqual(documentOf("kept"));
  });

  it("read shows a changed document as drift, and fields the API adds as nothing", async () => {
    const created = await createTranslation({ language: "nl", source: { space, language: "en" }, instructions: documentOf("mine") });
    // The API holding more than the program declared (a block key, isVoid, data): not drift.
    const filled = { ...documentOf("mine"), nodes: [{ ...paragraph("mine"), key: "b1", isVoid: false, data: {} }] };
    expect((await harness.api("PUT", translationPath(created.id), { instructions: filled })).status).toBe(200);
    const same = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(same.props.instructions).toEqual(documentOf("mine"));
    expect(same.inputs).toMatchObject({ instructions: documentOf("mine") });

    // A real change: the document as the API holds it.
    const changed = { ...documentOf("theirs"), nodes: [{ ...paragraph("theirs"), key: "b1" }] };
    expect((await harness.api("PUT", translationPath(created.id), { instructions: changed })).status).toBe(200);
    const drifted = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(drifted.props.instructions).toEqual(changed);
    expect(drifted.inputs).toMatchObject({ instructions: changed, language: "nl", source: { space, language: "en" } });

    // The next up puts the declared document back, without running.
    harness.requester.reset();
    const repaired = await up(created.id, drifted.props, { language: "nl", source: { space, language: "en" }, instructions: documentOf("mine") });
    expect(harness.requester.writes().map((call) => call.method)).toEqual(["PUT"]);
    expect(repaired.instructions).toEqual(documentOf("mine"));
    expect((await getTranslation(created.id)).body.instructions).toEqual(documentOf("mine"));
    expect(await runsOf(created.id)).toBe(0);
  });

  it("a run made outside Pulumi changes outputs only: refresh keeps the inputs as they were", async () => {
    const created = await createTranslation({ language: "pl", runTrigger: "x" });
    expect((await harness.api("POST", `${translationPath(created.id)}/run`)).status).toBe(204);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props.stats.runs).toBe(2);
    const source = { space: harness.spaceIds[0], language: "en" };
    expect(read.inputs).toEqual({ organizationId: org, language: "pl", source, runTrigger: "x" });
    expect(await provider.diff(created.id, read.props, await checked(provider, { organizationId: org, language: "pl", source, runTrigger: "x" }))).toMatchObject({
      changes: false,
    });
  });

  it("a failed run at creation is a partial create without the trigger: the next up runs it, once", async () => {
    harness.requester.failWhen = (call) => (call.path.endsWith("/run") ? new Error("injected: run refused") : undefined);
    const inputs = await checked(provider, { organizationId: org, language: "sv", source: { space: harness.spaceIds[0], language: "en" }, runTrigger: "first" });
    const failure = await rejectionOf(provider.create(inputs));
    harness.requester.reset();
    const id = failure.id as string;
    const properties = failure.properties as Outs;
    expect(failure.message).toMatch(/injected: run refused/);
    expect(properties).toMatchObject({ organizationId: org, language: "sv", __provider: PROVIDER });
    expect(properties).not.toHaveProperty("runTrigger");
    expect(await runsOf(id)).toBe(0);

    expect(await provider.diff(id, properties, inputs)).toMatchObject({ changes: true, replaces: [] });
    const finished = await provider.update(id, properties, inputs);
    expect(runCalls()).toHaveLength(1);
    expect(finished.outs).toMatchObject({ runTrigger: "first", stats: { runs: 1 } });
    expect(await runsOf(id)).toBe(1);
  });

  it("a run whose answer is lost is settled by the run counter, never sent twice", async () => {
    /** Sends the run, then answers as if the connection dropped (503 after the server acted). */
    class LostAnswer implements ApiRequester {
      runs = 0;
      readonly inner: ApiRequester;
      readonly commit: boolean;
      constructor(inner: ApiRequester, commit: boolean) {
        this.inner = inner;
        this.commit = commit;
      }
      async request<T>(method: HttpMethod, segments: PathSegments, options?: { query?: QueryParameters; body?: unknown; idempotent?: boolean }): Promise<T> {
        const path = `/${segments.join("/")}`;
        if (method === "POST" && path.endsWith("/run")) {
          this.runs++;
          if (this.commit) await this.inner.request<T>(method, segments, options);
          throw new ServerError({ status: 503, code: "server_error", message: `${method} ${path} failed with 503`, method, path });
        }
        return this.inner.request<T>(method, segments, options);
      }
      paginate<T>(segments: PathSegments, query?: QueryParameters): AsyncIterableIterator<T> {
        return this.inner.paginate<T>(segments, query);
      }
    }
    const committed = new LostAnswer(harness.client, true);
    const ran = await providerOf(definition, committed).create(
      await checked(provider, { organizationId: org, language: "fi", source: { space: harness.spaceIds[0], language: "en" }, runTrigger: "t" }),
    );
    expect(committed.runs).toBe(1);
    expect(await runsOf(ran.id)).toBe(1);
    expect(ran.outs).toMatchObject({ runTrigger: "t", stats: { runs: 1 } });

    const lost = new LostAnswer(harness.client, false);
    const failure = await rejectionOf(
      providerOf(definition, lost).create(
        await checked(provider, { organizationId: org, language: "da", source: { space: harness.spaceIds[0], language: "en" }, runTrigger: "t" }),
      ),
    );
    expect(lost.runs).toBe(1);
    expect(failure.message).toMatch(/503/);
    expect(failure.properties).not.toHaveProperty("runTrigger");
    expect(await runsOf(failure.id as string)).toBe(0);
  });

  it("adopts by id without running, reconciling the instructions", async () => {
    const existing = await harness.api("POST", `/orgs/${org}/translations`, { language: "ja", source: { space, language: "en" }, instructions: documentOf("old") });
    const adopted = await createTranslation({
      language: "ja",
      source: { space, language: "en" },
      instructions: documentOf("new"),
      runTrigger: "v9",
      adopt: { id: existing.body.id },
    });
    expect(adopted.id).toBe(existing.body.id);
    expect(harness.requester.writes()).toEqual([{ method: "PUT", path: translationPath(existing.body.id), body: { instructions: documentOf("new") } }]);
    expect(await runsOf(existing.body.id)).toBe(0);
    expect(adopted.outs).toMatchObject({ runTrigger: "v9", instructions: documentOf("new"), adopt: { id: existing.body.id } });
    // The trigger counts as applied: the next up with the same value runs nothing.
    harness.requester.reset();
    await up(adopted.id, adopted.outs, { language: "ja", source: { space, language: "en" }, instructions: documentOf("new"), runTrigger: "v9", adopt: { id: existing.body.id } });
    expect(harness.requester.writes()).toEqual([]);
  });

  it("refuses to adopt a translation of another language or source, naming both", async () => {
    const existing = await harness.api("POST", `/orgs/${org}/translations`, { language: "ko", source: { space, language: "en" } });
    const failure = await rejectionOf(createTranslation({ language: "ru", source: { space, language: "en" }, adopt: { id: existing.body.id } }));
    expect(failure.message).toMatch(/has language "ko" \(declared "ru"\).*cannot change a translation's language or source/);
    expect(harness.requester.writes()).toEqual([]);
    expect((await rejectionOf(createTranslation({ language: "ko", adopt: { id: "missing" } }))).message).toMatch(/Translation missing does not exist/);
  });

  it("adopts by language and source; creates when none matches; refuses when several match", async () => {
    const other = await harness.createSpace("Translation natural key");
    const existing = await harness.api("POST", `/orgs/${org}/translations`, { language: "tr", source: { space: other, language: "en" } });
    const adopted = await createTranslation({ language: "tr", source: { space: other, language: "en" }, adopt: true });
    expect(adopted.id).toBe(existing.body.id);
    expect(harness.requester.writes()).toEqual([]);

    const fresh = await createTranslation({ language: "uk", source: { space: other, language: "en" }, adopt: true });
    expect(fresh.id).not.toBe(existing.body.id);
    expect((await getTranslation(fresh.id)).body).toMatchObject({ language: "uk", source: { space: other, language: "en" } });

    await harness.api("POST", `/orgs/${org}/translations`, { language: "tr", source: { space: other, language: "en" } });
    expect((await rejectionOf(createTranslation({ language: "tr", source: { space: other, language: "en" }, adopt: true }))).message).toMatch(
      /2 Translation objects match by language and source/,
    );
  });

  it("a source space the API does not know fails with the API's message naming source.space", async () => {
    const failure = await rejectionOf(createTranslation({ language: "cs", source: { space: "no-such-space", language: "en" } }));
    expect(failure.message).toMatch(/400.*source\.space/);
  });

  it("deletes (205), deleting again is harmless (204), and a deleted translation reads as gone", async () => {
    const created = await createTranslation({ language: "el" });
    harness.requester.reset();
    await provider.delete(created.id, { ...created.outs, __provider: PROVIDER });
    expect((await getTranslation(created.id)).status).toBe(404);
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
    expect(harness.requester.writes()).toEqual([
      { method: "DELETE", path: translationPath(created.id) },
      { method: "DELETE", path: translationPath(created.id) },
    ]);
    expect(await provider.read(created.id, created.outs)).toEqual({ id: "", props: {} });
  });
});

describe("Translation file shape", () => {
  it("the compiled file at the kebab-case path exports its definition, and the pr summary knows the kind", async () => {
    const require = createRequire(import.meta.url);
    const compiled = require("../../provider/dist/resources/translation.js") as { definition: { kind: string } };
    expect(compiled.definition.kind).toBe("Translation");
    const { KNOWN_KINDS } = await import("../../provider/cli/pr-summary/kinds.ts");
    expect(KNOWN_KINDS).toContain("Translation");
    const exported = require("../../provider/dist/index.js") as Record<string, unknown>;
    expect(typeof exported.Translation).toBe("function");
  });

  it("input keys are the schema's keys but adopt; replace keys are input keys", () => {
    const schemaKeys = Object.keys(schema.shape).filter((key) => key !== "adopt");
    expect([...inputKeysOf(definition)].sort()).toEqual(schemaKeys.sort());
    for (const key of definition.replaceKeys) expect(inputKeysOf(definition)).toContain(key);
  });

  it("Args take Outputs where a program passes them, and organizationId may be left to the stack default", () => {
    const id = pulumi.output("id");
    expectTypeOf({
      organizationId: id,
      language: id,
      source: { space: id, language: "en" },
      instructions: pulumi.output({ object: "document" as const, data: { schemaVersion: 1 }, nodes: [] }),
      runTrigger: id,
      adopt: { id },
    }).toExtend<TranslationArgs>();
    expectTypeOf({ language: "fr", source: { space: "spc", language: "en" } }).toExtend<TranslationArgs>();
    // The API needs a source, its space and its language (DESIGN.md 8).
    expectTypeOf({ language: "fr" }).not.toExtend<TranslationArgs>();
    expectTypeOf({ language: "fr", source: { space: "spc" } }).not.toExtend<TranslationArgs>();
  });
});
