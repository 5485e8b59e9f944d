import { describe, expect, it } from "vitest";
import { z } from "zod";
import { adoptInput } from "../../provider/adapter/adopt.ts";
import type { ResourceContext } from "../../provider/recovery/context.ts";
import { ConnectionError, errorFromResponse, TimeoutError } from "../../provider/client/index.ts";
import { PartialCreateError } from "../../provider/recovery/partial-create.ts";
import { type ResourceDefinition, type State, toProvider } from "../../provider/adapter/resource.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";

const schema = z.strictObject({
  organizationId: z.string().min(1),
  title: z.string().min(2).max(10),
  members: z
    .array(z.string())
    .transform((members) => [...new Set(members)].sort())
    .optional(),
  note: z.string().optional(),
  kind: z.string().default("basic"),
  enabled: z.boolean().optional(),
  adopt: adoptInput.optional(),
});
type Inputs = z.infer<typeof schema>;

/** An in-memory definition: enough to exercise the adapter without an API. */
function fakeDefinition(objects: Map<string, State>, options: { failAfterCreate?: boolean } = {}) {
  const calls: string[] = [];
  let next = 1;
  const definition: ResourceDefinition<Inputs> = {
    kind: "Thing",
    schema,
    replaceKeys: ["organizationId"],
    naturalKey: "title",
    create(_ctx, inputs) {
      const id = `thing-${next++}`;
      const state = { organizationId: inputs.organizationId, title: inputs.title, members: [], note: "", createdAt: "now" };
      objects.set(id, state);
      calls.push(`create ${id}`);
      if (options.failAfterCreate) return Promise.reject(new PartialCreateError(id, state, new Error("adding members failed")));
      return Promise.resolve({ id, state });
    },
    read(_ctx, id) {
      calls.push(`read ${id}`);
      return Promise.resolve(objects.get(id));
    },
    update(_ctx, id, olds, news, changed) {
      calls.push(`update ${id} ${[...changed].join(",")}`);
      const state = { ...olds, ...objects.get(id), ...news };
      delete (state as Record<string, unknown>).adopt;
      objects.set(id, state);
      return Promise.resolve(state);
    },
    delete(_ctx, id) {
      calls.push(`delete ${id}`);
      objects.delete(id);
      return Promise.resolve();
    },
    findByNaturalKey(_ctx, inputs) {
      return Promise.resolve([...objects.entries()].filter(([, state]) => state.title === inputs.title).map(([id, state]) => ({ id, state })));
    },
  };
  return { definition, calls };
}

const context = (): ResourceContext => ({ api: undefined as never });
const provider = "serialized-stub";

describe("resource adapter", () => {
  it("check names the property path and the rule, one failure per problem", async () => {
    const { definition } = fakeDefinition(new Map());
    const result = await toProvider(definition, context).check({}, { __provider: provider, organizationId: "", title: "x", colour: "red" });
    const properties = result.failures?.map((failure) => failure.property).sort();
    expect(properties).toEqual(["colour", "organizationId", "title"]);
    expect(result.failures?.find((failure) => failure.property === "title")?.reason).toMatch(/title: .*2/);
  });

  it("check lets unknown preview values through and normalizes known ones", async () => {
    const { definition } = fakeDefinition(new Map());
    const withUnknown = await toProvider(definition, context).check({}, { organizationId: UNKNOWN, title: "Docs" });
    expect(withUnknown.failures ?? []).toEqual([]);
    const normalized = await toProvider(definition, context).check({}, { organizationId: "o", title: "Docs", members: ["b", "a", "b"] });
    expect(normalized.inputs).toEqual({ organizationId: "o", title: "Docs", members: ["a", "b"], kind: "basic" });
  });

  it("check applies defaults and normalizations to the known inputs when others are unknown at preview", async () => {
    const { definition } = fakeDefinition(new Map());
    const adapter = toProvider(definition, context);
    for (const unknown of [{ enabled: UNKNOWN }, { organizationId: UNKNOWN }, { members: ["b", UNKNOWN] }, { adopt: UNKNOWN }]) {
      const result = await adapter.check({}, { __provider: provider, organizationId: "o", title: "Docs", members: ["b", "a", "b"], ...unknown });
      expect(result.failures ?? [], JSON.stringify(unknown)).toEqual([]);
      // The default is written out and the known members are normalized, as at `up`...
      expect(result.inputs).toMatchObject({ kind: "basic" });
      if ("members" in unknown) expect(result.inputs?.members).toContain(UNKNOWN);
      else expect(result.inputs).toMatchObject({ members: ["a", "b"], ...unknown });
      // ...so diff sees no change of the defaulted key, and no replace.
      const olds = { __provider: provider, organizationId: "o", title: "Docs", kind: "basic", members: ["a", "b"], enabled: true };
      const diff = await adapter.diff("id", olds, result.inputs ?? {});
      expect(diff.replaces, JSON.stringify(unknown)).toEqual("organizationId" in unknown ? ["organizationId"] : []);
    }
  });

  it("check still reports the known inputs' failures beside unknown ones", async () => {
    const { definition } = fakeDefinition(new Map());
    const result = await toProvider(definition, context).check({}, { organizationId: "o", title: "x", enabled: UNKNOWN, note: 7 });
    expect(result.failures?.map((failure) => failure.property).sort()).toEqual(["note", "title"]);
  });

  it("check never throws: inputs nested thousands of levels deep fail with their property", async () => {
    const { definition } = fakeDefinition(new Map());
    const adapter = toProvider(definition, context);
    const deep = (levels: number, leaf: unknown) => {
      let value: unknown = leaf;
      for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { a: value } : [value];
      return value;
    };
    for (const leaf of [UNKNOWN, "x"]) {
      const unknownKey = await adapter.check({}, { organizationId: "o", title: "Docs", colour: deep(20_000, leaf) });
      expect(unknownKey.failures?.map((failure) => failure.property)).toEqual(["colour"]);
      const knownKey = await adapter.check({}, { organizationId: "o", title: "Docs", note: deep(20_000, leaf) });
      expect(knownKey.failures?.map((failure) => failure.property)).toEqual(["note"]);
    }
    // Too deep for a schema that would take any value: the depth itself is the failure.
    // The definition's functions take its own inputs, not this schema's: `never` lets the check run
    // with a schema no kind has. typescript-eslint calls the assertion unnecessary; tsc needs it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const anyValue = toProvider({ ...definition, schema: z.strictObject({ organizationId: z.string(), blob: z.unknown(), adopt: adoptInput.optional() }) } as never, context);
    const tooDeep = await anyValue.check({}, { organizationId: "o", blob: deep(5_000, UNKNOWN) });
    expect(tooDeep.failures).toEqual([{ property: "blob", reason: expect.stringMatching(/blob: nested more than \d+ levels deep/) }]);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect((await adapter.check({}, { organizationId: "o", title: "Docs", note: cyclic })).failures?.map((failure) => failure.property)).toEqual(["note"]);
  });

  it("check rejects strings with a lone surrogate, naming the property and the rule", async () => {
    const { definition } = fakeDefinition(new Map());
    const adapter = toProvider(definition, context);
    const cases: [Record<string, unknown>, string][] = [
      [{ organizationId: "\uD800" }, "organizationId"],
      [{ title: "ok\uDC00ok" }, "title"],
      [{ members: ["a", "b\uDBFF"] }, "members.1"],
      [{ adopt: { id: "\uDFFF" } }, "adopt.id"],
    ];
    for (const [change, property] of cases) {
      const result = await adapter.check({}, { organizationId: "o", title: "Docs", ...change });
      expect(result.failures, property).toEqual([{ property, reason: `${property}: must be well-formed Unicode text, but holds a lone UTF-16 surrogate` }]);
    }
    // A well-formed pair is one character and fine.
    expect((await adapter.check({}, { organizationId: "o", title: "\uD83D\uDE00\uD83D\uDE00" })).failures ?? []).toEqual([]);
  });

  it("check rejects adopt: true for a kind without a natural key, before any request", async () => {
    const { definition } = fakeDefinition(new Map());
    const withoutKey = { ...definition };
    delete withoutKey.findByNaturalKey;
    const adapter = toProvider(withoutKey as ResourceDefinition<Inputs>, context);
    const result = await adapter.check({}, { organizationId: "o", title: "Docs", adopt: true });
    expect(result.failures).toEqual([{ property: "adopt", reason: expect.stringMatching(/Thing has no natural key.*adopt: \{ id: "<id>" \}/) }]);
    expect((await adapter.check({}, { organizationId: "o", title: "Docs", adopt: { id: "t1" } })).failures ?? []).toEqual([]);
    expect((await adapter.check({}, { organizationId: "o", title: "Docs", adopt: false })).failures ?? []).toEqual([]);
    expect((await toProvider(definition, context).check({}, { organizationId: "o", title: "Docs", adopt: true })).failures ?? []).toEqual([]);
  });

  it("diff compares input keys only, replaces what cannot change in place, and treats unknowns as changes", async () => {
    const { definition } = fakeDefinition(new Map());
    const adapter = toProvider(definition, context);
    const olds = { __provider: provider, organizationId: "o", title: "Docs", createdAt: "then" };
    expect(await adapter.diff("id", olds, { __provider: "other", organizationId: "o", title: "Docs" })).toMatchObject({ changes: false, replaces: [] });
    expect(await adapter.diff("id", olds, { organizationId: "o", title: "Guides" })).toMatchObject({ changes: true, replaces: [] });
    expect(await adapter.diff("id", olds, { organizationId: "p", title: "Docs" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
    expect(await adapter.diff("id", olds, { organizationId: "o", title: UNKNOWN })).toMatchObject({ changes: true });
    expect(await adapter.diff("id", olds, { organizationId: "o", title: "Docs", adopt: true })).toMatchObject({ changes: false });
  });

  it("create returns the user's input keys with server values plus server outputs; read returns the same and inputs", async () => {
    const objects = new Map<string, State>();
    const { definition } = fakeDefinition(objects);
    const adapter = toProvider(definition, context);
    const created = await adapter.create({ __provider: provider, organizationId: "o", title: "Docs" });
    expect(created.outs).toEqual({ organizationId: "o", title: "Docs", createdAt: "now" });
    const read = await adapter.read(created.id, { ...created.outs, __provider: provider });
    expect(read).toEqual({ id: created.id, props: created.outs, inputs: { organizationId: "o", title: "Docs" } });
    objects.set(created.id, { ...objects.get(created.id), title: "Drifted" });
    expect((await adapter.read(created.id, created.outs)).props).toMatchObject({ title: "Drifted" });
    objects.delete(created.id);
    expect((await adapter.read(created.id, created.outs)).id).toBe("");
  });

  it("adopt by natural key takes over the match and reconciles only what differs", async () => {
    const objects = new Map<string, State>([["existing", { organizationId: "o", title: "Docs", note: "old", createdAt: "then" }]]);
    const { definition, calls } = fakeDefinition(objects);
    const created = await toProvider(definition, context).create({ organizationId: "o", title: "Docs", note: "new", adopt: true });
    expect(created.id).toBe("existing");
    expect(calls).toEqual(["update existing note"]);
    expect(created.outs).toMatchObject({ note: "new", createdAt: "then" });
    // Echoed (never compared), so that a refresh keeps it among the state's inputs: otherwise the
    // CLI shows `adopt` as added in the next diff (found through the real CLI).
    expect(created.outs?.adopt).toBe(true);
    const read = await toProvider(definition, context).read(created.id, { ...created.outs, __provider: provider });
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual({ organizationId: "o", title: "Docs", note: "new", adopt: true });
    const updated = await toProvider(definition, context).update(created.id, created.outs!, { organizationId: "o", title: "Docs", note: "newer", adopt: true });
    expect(updated.outs).toMatchObject({ note: "newer", adopt: true });
  });

  it("adopt by id fails clearly when the object does not exist", async () => {
    const { definition } = fakeDefinition(new Map());
    await expect(toProvider(definition, context).create({ organizationId: "o", title: "Docs", adopt: { id: "missing" } })).rejects.toThrow(/adopt: Thing missing does not exist/);
  });

  it("a create that fails half way reports the object so the engine keeps it in state", async () => {
    const { definition } = fakeDefinition(new Map(), { failAfterCreate: true });
    type InitFailure = { id: string; properties: Record<string, unknown>; reasons: string[]; message: string };
    const failure = (await toProvider(definition, context)
      .create({ __provider: provider, organizationId: "o", title: "Docs", members: ["u1"] })
      .then(
        () => expect.unreachable("create should fail"),
        (error: unknown) => error,
      )) as InitFailure;
    expect(failure.id).toBe("thing-1");
    expect(failure.properties).toEqual({ organizationId: "o", title: "Docs", members: [], createdAt: "now", __provider: provider });
    expect(failure.reasons).toEqual(["adding members failed"]);
    expect(failure.message).toMatch(/Run `pulumi up` again/);
  });

  it("a partial create asks for another run only when the cause is transient, and names the rejected field otherwise", () => {
    const apiError = (status: number, message: string) =>
      errorFromResponse({ status, headers: {}, body: JSON.stringify({ error: { code: status, message } }), method: "PATCH", path: "/v1/orgs/o/sites/s/site-spaces/ss" });
    const again = /Run `pulumi up` again to finish\.$/;
    const messageOf = (cause: unknown) => new PartialCreateError("ss-1", {}, cause).message;

    const rejected = messageOf(apiError(400, "path: must match the pattern ^[a-zA-Z0-9][\\w-]*$"));
    expect(rejected).toMatch(/^created ss-1 but could not finish: PATCH .* failed with 400 Bad Request: path: must match the pattern/);
    expect(rejected).toMatch(/The API rejected the input `path`: fix it in the program, then run `pulumi up` to finish; running it again unchanged fails the same way\.$/);
    expect(rejected).not.toMatch(again);
    expect(messageOf(apiError(400, "something is wrong"))).toMatch(/The API rejected the inputs: fix them in the program/);
    expect(messageOf(apiError(409, "path: 'v2' is already used in the same section"))).toMatch(/The input `path` conflicts with another object/);
    expect(messageOf(apiError(403, "role too low"))).toMatch(/The token is not allowed to do this/);
    expect(messageOf(apiError(404, "defaultSiteSpace: site space x not found"))).toMatch(/\(`defaultSiteSpace`\) refer to does not exist/);
    for (const status of [400, 401, 403, 404, 409, 422]) expect(messageOf(apiError(status, "x: no")), String(status)).not.toMatch(again);

    for (const status of [408, 429, 500, 502, 503]) expect(messageOf(apiError(status, "busy")), String(status)).toMatch(again);
    expect(messageOf(new ConnectionError({ code: "connection_error", message: "socket hang up", method: "PATCH", path: "/x" }))).toMatch(again);
    expect(messageOf(new TimeoutError({ code: "timeout", message: "timed out", method: "PATCH", path: "/x", timeoutMs: 10 }))).toMatch(again);
    expect(messageOf(new Error("publish is down"))).toMatch(again);
    // A cause that already says what to do is not followed by a contradicting "run it again".
    expect(messageOf(new Error("processing failed; fix the source and run `pulumi up` again"))).toBe(
      "created ss-1 but could not finish: processing failed; fix the source and run `pulumi up` again.",
    );
    // The reasons the engine records stay the cause's own message.
    expect(new PartialCreateError("ss-1", {}, apiError(400, "path: bad")).reasons).toEqual(["PATCH /v1/orgs/o/sites/s/site-spaces/ss failed with 400 Bad Request: path: bad"]);
  });

  it("update sends only changed keys and keeps outputs shaped like create's", async () => {
    const objects = new Map<string, State>();
    const { definition, calls } = fakeDefinition(objects);
    const adapter = toProvider(definition, context);
    const created = await adapter.create({ organizationId: "o", title: "Docs" });
    const updated = await adapter.update(created.id, { ...created.outs, __provider: provider }, { __provider: provider, organizationId: "o", title: "Guides", note: "n" });
    expect(calls.at(-1)).toBe(`update ${created.id} title,note`);
    expect(updated.outs).toEqual({ organizationId: "o", title: "Guides", note: "n", createdAt: "now" });
  });
});
