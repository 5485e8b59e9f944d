/**
 * The wire mapping of a kind, derived from its declaration (issue 38, item 2): where each input
 * and output lives in the API object (`readFrom`, by default the field's own name) and which body
 * field sends it (`sendAs`, `updatedApart`), declared once beside the field's zod schema
 * (fields.ts). From it, one {@link WireMapping} per kind gives the state read from an API object
 * (used by create, read, partial-create recovery, adoption and the lookups), the create body and
 * the PATCH body. A kind writes by hand only what the declaration cannot say, each with its reason.
 */
import type { z } from "zod";
import { factsOf } from "./fields";
import type { State } from "./resource";

type Shape = Readonly<Record<string, unknown>>;

/** What a kind's code reads and sends, derived once from its input schema and outputs. */
export interface WireMapping {
  /**
   * The state an API object stands for: every declared input and output read at its path. A null
   * where the input does not accept null (an unset optional field) reads as absent. `known` (what
   * the request's path names, e.g. the organization) is laid over the result.
   */
  fromApi(apiObject: object, known?: State): State;
  /** The body sending `keys` of `inputs` (every input a body carries when `keys` is left out); undefined values are left out. */
  bodyOf(inputs: object, keys?: Iterable<string>): Record<string, unknown>;
  /**
   * The PATCH body for the `changed` inputs: those a body carries and that change in place by a
   * PATCH. A removed input is left out (the server keeps its value), or sent as null where it is
   * `clearedWithNull`.
   */
  patchOf(inputs: object, changed: Iterable<string>): Record<string, unknown>;
  /** The input keys a body carries, in the schema's order. */
  readonly sentKeys: readonly string[];
}

/** The input only the provider reads (how to take an object over): never in a body, never in the API object. */
const PROVIDER_ONLY = new Set(["adopt"]);

/** The value at a dotted `path` of `source`; undefined where a step is missing. */
export function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const step of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** Sets `value` at a dotted `path` of `target`, making the objects on the way. */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split(".");
  const last = steps.pop()!;
  let current = target;
  for (const step of steps) {
    const next = current[step];
    current = (typeof next === "object" && next !== null ? next : (current[step] = {})) as Record<string, unknown>;
  }
  current[last] = value;
}

interface ReadField {
  readonly key: string;
  readonly path: string;
  /** null reads as absent: the input does not accept null. */
  readonly nullIsAbsent: boolean;
  /** absent reads as null (`nullWhenAbsent`). */
  readonly absentIsNull: boolean;
}

/**
 * The wire mapping of a kind declared by `schema` (its inputs) and `outputs` (the server's own
 * fields, and inputs described anew). Built once per kind, at load.
 */
export function wireMapping(schema: { readonly shape: Shape }, outputs?: { readonly shape: Shape }): WireMapping {
  const inputShape = schema.shape;
  const outputShape = outputs?.shape ?? {};
  const reads: ReadField[] = [];
  for (const key of new Set([...Object.keys(inputShape), ...Object.keys(outputShape)])) {
    if (PROVIDER_ONLY.has(key)) continue;
    const inputField = inputShape[key] as z.ZodType | undefined;
    const facts = { ...factsOf(inputField), ...(key in outputShape ? factsOf(outputShape[key]) : {}) };
    const nullIsAbsent = inputField !== undefined && !inputField.safeParse(null).success;
    reads.push({ key, path: facts.readFrom ?? key, nullIsAbsent, absentIsNull: facts.nullWhenAbsent === true && !nullIsAbsent });
  }
  const sends = new Map<string, string>();
  const patchable = new Set<string>();
  const clearedWithNull = new Set<string>();
  for (const [key, field] of Object.entries(inputShape)) {
    const facts = factsOf(field);
    if (PROVIDER_ONLY.has(key) || facts.sendAs === false) continue;
    sends.set(key, facts.sendAs ?? key);
    if (facts.replaces !== true && facts.updatedApart !== true) patchable.add(key);
    if (facts.clearedWithNull === true) clearedWithNull.add(key);
  }
  const sentKeys = [...sends.keys()];

  function bodyOf(inputs: object, keys: Iterable<string> = sentKeys, clearing: ReadonlySet<string> = new Set()): Record<string, unknown> {
    const wanted = new Set(keys);
    const body: Record<string, unknown> = {};
    // The schema's order, whatever the order of `keys`: the same body for the same inputs.
    for (const key of sentKeys) {
      if (!wanted.has(key)) continue;
      const given = (inputs as Record<string, unknown>)[key];
      // null is a value (a guest's role, no condition): sent as given.
      const value = given === undefined && clearing.has(key) ? null : given;
      if (value !== undefined) setAt(body, sends.get(key)!, value);
    }
    return body;
  }

  return {
    sentKeys,
    fromApi(apiObject, known = {}) {
      const state: State = {};
      for (const { key, path, nullIsAbsent, absentIsNull } of reads) {
        const value = valueAt(apiObject, path);
        state[key] = value === null && nullIsAbsent ? undefined : value === undefined && absentIsNull ? null : value;
      }
      return { ...state, ...known };
    },
    bodyOf,
    patchOf(inputs, changed) {
      return bodyOf(
        inputs,
        [...changed].filter((key) => patchable.has(key)),
        clearedWithNull,
      );
    },
  };
}
