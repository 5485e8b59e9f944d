/**
 * The kind contract (issue 27, item 6): every resource kind, through both front doors, in-process,
 * against one in-memory emulator:
 *  (a) an unknown input is refused, with no request sent;
 *  (b) create, then read, answers the outputs create gave;
 *  (c) import by the kind's import id gives back the created inputs (terraform's ImportStateVerify);
 *      the plugin door only: Pulumi cannot import a dynamic resource (pulumi/pulumi#16175);
 *  (d) each replace-on-change input gives a replace, and every other input an update in place;
 *  (e) a change of an output alone gives no diff;
 *  (f) delete twice succeeds and the object is gone (read answers an empty id), or, for the kinds
 *      whose delete cannot remove the object (a singleton every parent has), what their delete is
 *      documented to do.
 * Its values are generated from each kind's declaration (generated-inputs.ts): every declared
 * input the kind's setup does not give (examples.ts: the objects made first, the fixture's people,
 * the values a named rule across fields or resources fixes), a second value of each in-place input
 * and a new value of each replace-on-change input, drawn with a seed named by the kind and the door.
 * The run prints the table of what held (afterAll); docs/testing.md ("Kind contract") holds it too.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../emulator/index.ts";
import { requestCounts, startContractSetup } from "./emulator-setup.ts";
import { DOORS, type Door } from "./doors.ts";
import { FULL_SAMPLES, type Prepared, type RawApi } from "./examples.ts";
import { DIFFERING_LEAVES_ONLY, leavesWithin } from "./generated-inputs.ts";

const require = createRequire(import.meta.url);
type Bag = Record<string, any>;
type Definition = {
  kind: string;
  replaceKeys: readonly string[];
  schema: { shape: Record<string, unknown> };
  outputs?: { shape: Record<string, unknown> };
  importId?: ImportIdForm;
};
type ImportIdForm = { format(id: string, state: Bag): string };
// The compiled package, as both doors load it.
const { KINDS } = require("../../provider/dist/resources/kinds.js") as { KINDS: readonly Definition[] };
const { byId } = require("../../provider/dist/adapter/import-ids.js") as { byId: ImportIdForm };
const { inputKeysOf } = require("../../provider/dist/adapter/resource.js") as { inputKeysOf: (definition: Definition) => readonly string[] };

const ASSERTIONS = ["a", "b", "c", "d", "e", "f"] as const;
type Assertion = (typeof ASSERTIONS)[number];
/** ✓ held, — does not apply to the door, ✗ a known provider bug (an `it.fails` naming it). */
type Cell = "✓" | "—" | "✗";
const table = new Map<string, Partial<Record<Assertion, Cell>>>();
const mark = (kind: string, door: Door, assertion: Assertion, cell: Cell) => {
  const key = `${kind} | ${door.name}`;
  table.set(key, { ...table.get(key), [assertion]: cell });
};

/**
 * Provider bugs the contract finds, by `<kind> <door> <assertion>` (and, for (d)'s two tests,
 * `replaces` or `updates` after it): their tests are `it.fails`, so
 * the suite stays green, the table shows ✗, and a fix turns the test red until this entry goes.
 */
// None now: a themed image requires `light` at check (site-customization.ts), and an override's
// PATCH is a JSON merge patch, so a content reference may change its kind.
const KNOWN_BUGS: Record<string, string> = {};

/** `it`, or `it.fails` naming the bug, for one assertion (`part`: one of its tests) of one kind through one door. */
function contractIt(kind: string, door: Door, assertion: Assertion, name: string, body: () => Promise<void> | void, part?: string): void {
  const bug = KNOWN_BUGS[`${kind} ${door.name} ${assertion}${part ? ` ${part}` : ""}`];
  if (!bug) return void it(name, body);
  it.fails(`${name} — KNOWN BUG: ${bug}`, async () => {
    mark(kind, door, assertion, "✗");
    await body();
  });
}

/** An input no kind has: check must refuse it before any request. */
const UNKNOWN_INPUT = "contractUnknownInput";
/** A value no input holds, for a change diff must see (diff compares values; it sends nothing). */
const CHANGED = { contract: "changed" };
/** A key the state may hold beside the inputs (an output of another provider version), for the kinds with no output of their own in the state. */
const EXTRA_OUTPUT = "contractOutput";

let emulator: Emulator;
let api: RawApi;

async function requestCount(): Promise<number> {
  return (await requestCounts(emulator)).total;
}

beforeAll(async () => {
  // An OpenAPI spec's processing moves with the clock (pending for a quarter of it, then
  // progress): at the default 200 ms a loaded machine saw `progress` between create and read.
  // A minute keeps it `pending` for every step of a kind (the generator never draws `waitForProcessing: true`).
  ({ emulator, api } = await startContractSetup(DOORS, { openapiProcessingMs: 60_000 }));
});

afterAll(async () => {
  await emulator?.close();
  console.log(contractTable());
});

/** The markdown table of the run: kind | door | a..f. */
function contractTable(): string {
  const lines = ["| kind | door | a | b | c | d | e | f |", "|---|---|---|---|---|---|---|---|"];
  for (const [key, cells] of table) lines.push(`| ${key} | ${ASSERTIONS.map((assertion) => cells[assertion] ?? " ").join(" | ")} |`);
  return lines.join("\n");
}

describe.each(KINDS.map((definition) => definition.kind))("%s", (kind) => {
  const definition = KINDS.find((candidate) => candidate.kind === kind)!;
  const sample = FULL_SAMPLES[kind];
  // A kind added to the registry without a setup fails the file at once, naming it.
  if (!sample) throw new Error(`test/contract/examples.ts has no setup of ${kind}: add one to SETUPS`);
  const replaceKeys = definition.replaceKeys;
  const inPlaceKeys = inputKeysOf(definition).filter((key) => !replaceKeys.includes(key));
  /** The server's own fields the kind declares (its outputs that are no input): (e) changes each the state holds. */
  const serverKeys = Object.keys(definition.outputs?.shape ?? {}).filter((key) => !Object.hasOwn(definition.schema.shape, key));

  describe.each(DOORS)("$name door", (door) => {
    let prepared: Prepared;
    /** The inputs as check normalized them: what the engine sends create and update. */
    let inputs: Bag;
    let id: string;
    let outs: Bag;
    /** (d) is two tests: the table's ✓ needs both. */
    let replacesHeld = false;

    beforeAll(async () => {
      prepared = await sample.prepare(api, door.name);
      const checked = await door.check(kind, prepared.inputs);
      expect(checked.failures).toEqual([]);
      inputs = checked.inputs;
    });

    it(`(a) ${kind} through the ${door.name} door: an unknown input is refused, with 0 requests`, async () => {
      const before = await requestCount();
      const checked = await door.check(kind, { ...inputs, [UNKNOWN_INPUT]: "x" });
      expect(checked.failures.map((failure) => failure.reason).join("\n")).toContain(UNKNOWN_INPUT);
      expect(await requestCount()).toBe(before);
      mark(kind, door, "a", "✓");
    });

    contractIt(kind, door, "b", `(b) ${kind} through the ${door.name} door: create, then read, answers the outputs`, async () => {
      ({ id, outs } = await door.create(kind, inputs));
      expect(id).not.toBe("");
      const read = await door.read(kind, id, outs);
      expect(read.id).toBe(id);
      expect(read.props).toEqual(outs);
      mark(kind, door, "b", "✓");
    });

    if (door.importRead) {
      const importRead = door.importRead;
      contractIt(
        kind,
        door,
        "c",
        `(c) ${kind} through the ${door.name} door: import by ${definition.importId ? "its import id form" : "its id"} gives back the created inputs`,
        async () => {
          const importId = (definition.importId ?? byId).format(id, outs);
          const imported = await importRead(kind, importId);
          expect(imported.id).toBe(id);
          const ignored = new Set(Object.keys(sample.importIgnores ?? {}));
          const expected = Object.fromEntries(Object.entries(inputs).filter(([key]) => !ignored.has(key) && !key.startsWith("__")));
          const given = Object.fromEntries(Object.keys(expected).map((key) => [key, imported.inputs?.[key]]));
          if (DIFFERING_LEAVES_ONLY.has(kind)) {
            // Its import declares only the leaves that differ from the object without a program
            // (ResourceDefinition.declarationOf): a generated leaf equal to the default is left out,
            // but every leaf given back is the one created, and every other input is given back.
            for (const [key, value] of Object.entries(expected)) {
              if (typeof value === "object" && value !== null && !Array.isArray(value)) expect(leavesWithin(given[key], value), `${key}: ${JSON.stringify(given[key])}`).toBe(true);
              else expect(given[key], key).toEqual(value);
            }
          } else {
            expect(given).toEqual(expected);
          }
          mark(kind, door, "c", "✓");
        },
      );
    } else {
      it(`(c) ${kind} through the ${door.name} door: — no import (Pulumi cannot import dynamic resources, pulumi/pulumi#16175)`, () => {
        expect(door.importRead).toBeUndefined();
        mark(kind, door, "c", "—");
      });
    }

    contractIt(
      kind,
      door,
      "d",
      `(d) ${kind} through the ${door.name} door: each replace key (${replaceKeys.join(", ") || "none"}) gives a replace`,
      async () => {
        for (const key of replaceKeys) {
          expect(prepared.replacements, `no new ${key} was generated for ${kind}`).toHaveProperty(key);
          const decided = await door.diff(kind, id, outs, { ...inputs, [key]: prepared.replacements[key] });
          expect(decided, key).toEqual({ changes: true, replaces: [key] });
        }
        replacesHeld = true;
      },
      "replaces",
    );

    contractIt(
      kind,
      door,
      "d",
      `(d) ${kind} through the ${door.name} door: every other input (${inPlaceKeys.join(", ") || "none"}) gives an update, no replace`,
      async () => {
        for (const key of inPlaceKeys) {
          const decided = await door.diff(kind, id, outs, { ...inputs, [key]: prepared.updates[key] ?? CHANGED });
          expect(decided, key).toEqual({ changes: true, replaces: [] });
        }
        // The second values, applied one at a time: each is an update in place the outputs then hold.
        for (const [key, value] of Object.entries(prepared.updates)) {
          const checked = await door.check(kind, { ...inputs, [key]: value }, inputs);
          expect(checked.failures, key).toEqual([]);
          expect(await door.diff(kind, id, outs, checked.inputs), key).toEqual({ changes: true, replaces: [] });
          const updated = await door.update(kind, id, outs, checked.inputs);
          expect(updated.outs[key], key).toEqual(checked.inputs[key]);
          ({ inputs, outs } = { inputs: checked.inputs, outs: updated.outs });
        }
        expect((await door.read(kind, id, outs)).props).toEqual(outs);
        if (replacesHeld) mark(kind, door, "d", "✓");
      },
      "updates",
    );

    contractIt(
      kind,
      door,
      "e",
      `(e) ${kind} through the ${door.name} door: a change of ${serverKeys.length ? `each server-owned output the state holds (of ${serverKeys.join(", ")})` : `an output (it has none of its own: a key ${EXTRA_OUTPUT} added to the state)`} alone gives no diff`,
      async () => {
        const held = serverKeys.filter((key) => outs[key] !== undefined);
        if (serverKeys.length) expect(held, `none of ${serverKeys.join(", ")} in the state`).not.toEqual([]);
        else expect(Object.keys(outs).filter((key) => !Object.hasOwn(definition.schema.shape, key))).toEqual([]);
        for (const key of held.length ? held : [EXTRA_OUTPUT]) {
          expect(await door.diff(kind, id, { ...outs, [key]: CHANGED }, inputs), key).toEqual({ changes: false, replaces: [] });
        }
        mark(kind, door, "e", "✓");
      },
    );

    const kept = sample.kept;
    contractIt(
      kind,
      door,
      "f",
      `(f) ${kind} through the ${door.name} door: delete twice succeeds, ${kept ? `and, as documented, ${kept.documented}` : "and the object is gone (read answers an empty id)"}`,
      async () => {
        await door.delete(kind, id, outs);
        await door.delete(kind, id, outs);
        const read = await door.read(kind, id, outs);
        if (kept) kept.expectRead(read, outs, id);
        else expect(read.id).toBe("");
        mark(kind, door, "f", "✓");
      },
    );
  });
});
